/// How images are resampled when drawn at another size or under a transform.
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0
    case none = 1
    case low = 2
    case medium = 4
    case high = 3
}

/// Everything `saveGState()` saves: transform, paint, line style, clip.
///
/// Invariant: `clipBounds` (pixel space, y down) contains every pixel `clipMask` lets through,
/// and `clipRect` is `clipBounds` rounded outwards and limited to the surface.
struct GraphicsState {
    /// User space to device space (y up, origin bottom-left), as Quartz reports it.
    var ctm = CGAffineTransform.identity
    /// Straight RGBA, 0…1.
    var fill: (r: Float, g: Float, b: Float, a: Float) = (0, 0, 0, 1)
    var stroke: (r: Float, g: Float, b: Float, a: Float) = (0, 0, 0, 1)
    var lineWidth: CGFloat = 1
    var lineCap = CGLineCap.butt
    var lineJoin = CGLineJoin.miter
    var miterLimit: CGFloat = 10
    /// The dash pattern, or nil for solid strokes.
    var dash: Dasher?
    var alpha: Float = 1
    var blendMode = CGBlendMode.normal
    var shadow: Shadow?
    var shouldAntialias = true
    var interpolationQuality = CGInterpolationQuality.default
    /// Image reductions blend the two nearest levels of the reduction pyramid (Core
    /// Animation's trilinear filter).
    var trilinearFiltering = false
    /// Text: the face and size `showGlyphs` draws with, extra space after each glyph (text
    /// space), and whether glyphs fill, stroke, clip.
    var font: CGFont?
    var fontSize: CGFloat = 12
    var characterSpacing: CGFloat = 0
    var textDrawingMode = CGTextDrawingMode.fill
    var clipBounds: CGRect
    var clipRect: DeviceRect
    var clipMask: ClipMask?

    init(width: Int, height: Int) {
        clipBounds = CGRect(x: 0, y: 0, width: width, height: height)
        clipRect = DeviceRect(x0: 0, y0: 0, x1: width, y1: height)
    }
}
