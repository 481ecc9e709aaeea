/// Settings for an image renderer: scale (pixels per point) and opacity.
open class UIGraphicsImageRendererFormat: NSObject, @unchecked Sendable {
    /// Pixels per point; the main screen's by default.
    open var scale: CGFloat
    /// Whether the image has no alpha channel.
    open var opaque: Bool

    public override init() {
        scale = UIScreen.mainScale
        opaque = false
        super.init()
    }

    /// A format for the main screen.
    open class func `default`() -> UIGraphicsImageRendererFormat {
        UIGraphicsImageRendererFormat()
    }

    /// The format best suited to the main screen (the same as `default()`).
    open class func preferred() -> UIGraphicsImageRendererFormat {
        UIGraphicsImageRendererFormat()
    }
}

/// The drawing environment handed to an image renderer's actions.
open class UIGraphicsImageRendererContext: NSObject {
    /// The Core Graphics context to draw into (UIKit coordinates: origin top-left, points).
    public let cgContext: CGContext
    /// The renderer's format.
    public let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
        super.init()
    }

    /// An image of what has been drawn so far.
    open var currentImage: UIImage {
        let image = cgContext.makeImage()!
        return UIImage(cgImage: image, scale: format.scale, orientation: .up)
    }

    /// Fills `rect` with the current fill colour.
    open func fill(_ rect: CGRect) {
        cgContext.fill(rect)
    }

    /// Fills `rect` with the current fill colour using `blendMode`.
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }

    /// Strokes `rect` with the current stroke colour and line settings.
    open func stroke(_ rect: CGRect) {
        cgContext.stroke(rect)
    }

    /// Intersects the clip with `rect`.
    open func clip(to rect: CGRect) {
        cgContext.clip(to: rect)
    }
}

/// Draws images with UIKit coordinates (origin top-left, in points) at a chosen scale.
open class UIGraphicsImageRenderer: NSObject {
    /// The area drawn, in points.
    public let bounds: CGRect
    /// The renderer's format.
    public let format: UIGraphicsImageRendererFormat

    public convenience init(size: CGSize) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: .default())
    }

    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: .default())
    }

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
        super.init()
    }

    /// Runs `actions` with a fresh context made current and returns the drawn image.
    /// A zero or invalid size yields an empty 1 × 1 image.
    ///
    /// - Note: Differs from Apple: Apple asserts on a zero size.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = CGContext.topLeftOrigin(bounds: bounds, scale: format.scale, opaque: format.opaque)
        guard let context else {
            let empty = CGContext.topLeftOrigin(bounds: CGRect(x: 0, y: 0, width: 1, height: 1), scale: 1, opaque: false)!
            return UIImage(cgImage: empty.makeImage()!, scale: format.scale, orientation: .up)
        }
        let rendererContext = UIGraphicsImageRendererContext(cgContext: context, format: format)
        UIGraphicsPushContext(context)
        actions(rendererContext)
        UIGraphicsPopContext()
        // The context ends with the block (as on iOS), so the image keeps its memory.
        return UIImage(cgImage: context.makeImageTakingPixels()!, scale: format.scale, orientation: .up)
    }

    /// Like `image(actions:)`, encoded as PNG.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }
}
