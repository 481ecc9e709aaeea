/// An image: decoded from PNG or JPEG files or data, made from a `CGImage`, or drawn by a
/// handler. Its `size` is in points; `cgImage(forProposedRect:context:hints:)` gives the
/// bitmap, and any layer takes an `NSImage` as `contents` (the seeds' macOS way), shown at the
/// layer's `contentsScale`.
///
/// - Note: Differs from Apple: an image has one representation (a bitmap, or a drawing
///   handler drawn at the scale asked for).
open class NSImage: NSObject, @unchecked Sendable {
    /// The size in points.
    open var size: NSSize
    private var bitmap: CGImage?
    private let drawingHandler: ((NSRect) -> Bool)?
    private var drawnScale: CGFloat = 0

    /// An empty image of `size` (draw into it with `lockFocus()` … `unlockFocus()`).
    public init(size: NSSize) {
        self.size = size
        drawingHandler = nil
        super.init()
    }

    /// An image of `cgImage` shown at `size` (`.zero`: its pixel size in points).
    public init(cgImage: CGImage, size: NSSize) {
        bitmap = cgImage
        self.size = size == .zero ? NSSize(width: cgImage.width, height: cgImage.height) : size
        drawingHandler = nil
        super.init()
    }

    /// An image drawn on demand by `drawingHandler` into a y-up (or, `flipped`, y-down) space
    /// of `size`, at the scale it is needed at.
    public init(size: NSSize, flipped drawingHandlerShouldBeCalledWithFlippedContext: Bool,
                drawingHandler: @escaping (NSRect) -> Bool) {
        self.size = size
        let flipped = drawingHandlerShouldBeCalledWithFlippedContext
        self.drawingHandler = { rect in
            guard flipped, let ctx = NSGraphicsContext.current?.cgContext else { return drawingHandler(rect) }
            ctx.translateBy(x: 0, y: size.height)
            ctx.scaleBy(x: 1, y: -1)
            return drawingHandler(rect)
        }
        super.init()
    }

    /// Decodes PNG or JPEG `data`; nil for anything else.
    public convenience init?(data: Data) {
        guard let image = CGImage.decodeImage(data) else { return nil }
        self.init(cgImage: image, size: .zero)
    }

    /// Reads and decodes the file at `fileName`; nil when it cannot.
    public convenience init?(contentsOfFile fileName: String) {
        guard let data = FileManager.default.contents(atPath: fileName) else { return nil }
        self.init(data: data)
    }

    /// Reads and decodes the file at `url`; nil when it cannot.
    public convenience init?(contentsOf url: URL) {
        guard let data = try? Data(contentsOf: url) else { return nil }
        self.init(data: data)
    }

    /// Whether the image has something to show.
    open var isValid: Bool { bitmap != nil || drawingHandler != nil }

    /// The bitmap for a rectangle of `proposedDestRect` points (nil: the image's size) at the
    /// context's scale (a drawing handler is run at that scale; 1 without a context).
    open func cgImage(forProposedRect proposedDestRect: UnsafeMutablePointer<NSRect>?, context referenceContext: NSGraphicsContext?,
                      hints: [NSImageRep.HintKey: Any]?) -> CGImage? {
        var scale: CGFloat = 1
        if let ctm = referenceContext?.cgContext.ctm {
            scale = Swift.max(1, (abs(ctm.a * ctm.d - ctm.b * ctm.c)).squareRoot())
        }
        if let proposedDestRect, proposedDestRect.pointee.width > 0, size.width > 0 {
            scale *= proposedDestRect.pointee.width / size.width
        }
        return bitmap(atScale: scale)
    }

    /// The image as a bitmap of `scale` pixels per point.
    func bitmap(atScale scale: CGFloat) -> CGImage? {
        guard let drawingHandler else { return bitmap }
        if let bitmap, drawnScale >= scale { return bitmap }
        let s = Swift.min(Swift.max(scale, 1), 8)
        let width = Int((size.width * s).rounded(.up)), height = Int((size.height * s).rounded(.up))
        guard width > 0, height > 0, width <= 16_384, height <= 16_384,
              let ctx = CGContext.appKitBitmap(width: width, height: height) else { return nil }
        ctx.scaleBy(x: s, y: s)
        var drawn = false
        NSGraphicsContext.drawing(in: NSGraphicsContext(cgContext: ctx, flipped: false)) {
            drawn = drawingHandler(NSRect(origin: .zero, size: size))
        }
        guard drawn else { return nil }
        bitmap = ctx.makeImage()
        drawnScale = s
        return bitmap
    }

    /// What a layer of `layerContentsScale` shows for this image: its bitmap at that scale.
    open func layerContents(forContentsScale layerContentsScale: CGFloat) -> Any {
        bitmap(atScale: layerContentsScale) as Any
    }

    /// The contents scale a layer showing this image should have for `preferredContentsScale`:
    /// the image's own pixels per point when it has a bitmap, else the preferred one.
    open func recommendedLayerContentsScale(_ preferredContentsScale: CGFloat) -> CGFloat {
        guard drawingHandler == nil, let bitmap, size.width > 0 else { return Swift.max(preferredContentsScale, 1) }
        return CGFloat(bitmap.width) / size.width
    }

    /// Draws the image into `rect` of the current context (y-up, its bottom row at the
    /// bottom of `rect`; flipped contexts draw it upright too).
    open func draw(in rect: NSRect) {
        draw(in: rect, from: .zero, operation: .sourceOver, fraction: 1)
    }

    open func draw(in dstRect: NSRect, from srcRect: NSRect, operation op: NSCompositingOperation, fraction delta: CGFloat) {
        guard let context = NSGraphicsContext.current else { return }
        let ctx = context.cgContext
        var proposed = dstRect
        guard var image = cgImage(forProposedRect: &proposed, context: context, hints: nil) else { return }
        if srcRect != .zero, size.width > 0, size.height > 0 {
            // The source rectangle is in points, y-up from the image's bottom.
            let sx = CGFloat(image.width) / size.width, sy = CGFloat(image.height) / size.height
            let crop = CGRect(x: srcRect.minX * sx, y: (size.height - srcRect.maxY) * sy,
                              width: srcRect.width * sx, height: srcRect.height * sy)
            guard let part = image.cropping(to: crop) else { return }
            image = part
        }
        ctx.saveGState()
        ctx.setAlpha(delta)
        ctx.setBlendMode(op == .copy ? .copy : .normal)
        if context.isFlipped {
            ctx.translateBy(x: 0, y: dstRect.minY + dstRect.maxY)
            ctx.scaleBy(x: 1, y: -1)
        }
        ctx.draw(image, in: dstRect)
        ctx.restoreGState()
    }

    private var focus: (CGContext, NSGraphicsContext?)?

    /// Makes the image the current drawing destination (y-up, in points).
    open func lockFocus() {
        let width = Swift.max(1, Int(size.width.rounded(.up))), height = Swift.max(1, Int(size.height.rounded(.up)))
        guard let ctx = CGContext.appKitBitmap(width: width, height: height) else { return }
        if let bitmap { ctx.draw(bitmap, in: CGRect(origin: .zero, size: size)) }
        focus = (ctx, NSGraphicsContext.current)
        NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: false)
    }

    /// Ends drawing into the image and keeps what was drawn.
    open func unlockFocus() {
        guard let (ctx, previous) = focus else { return }
        bitmap = ctx.makeImage()
        focus = nil
        NSGraphicsContext.current = previous
    }
}

/// An image representation.
open class NSImageRep: NSObject {
    public struct HintKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let interpolation = HintKey(rawValue: "NSImageHintInterpolation")
        public static let ctm = HintKey(rawValue: "NSImageHintCTM")
    }
}

/// A bitmap: made from a `CGImage` and written out as PNG or JPEG data.
open class NSBitmapImageRep: NSImageRep {
    public enum FileType: UInt, Sendable { case tiff = 0, bmp = 1, gif = 2, jpeg = 3, png = 4, jpeg2000 = 5 }

    public struct PropertyKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let compressionFactor = PropertyKey(rawValue: "NSImageCompressionFactor")
    }

    /// The bitmap.
    open internal(set) var cgImage: CGImage?
    private let pixelSize: (width: Int, height: Int)
    /// The size in points.
    open var size: NSSize

    public init(cgImage: CGImage) {
        self.cgImage = cgImage
        pixelSize = (cgImage.width, cgImage.height)
        size = NSSize(width: cgImage.width, height: cgImage.height)
        super.init()
    }

    /// A blank bitmap of the given pixels covering `size` points.
    init(pixelsWide: Int, pixelsHigh: Int, size: NSSize) {
        cgImage = nil
        pixelSize = (pixelsWide, pixelsHigh)
        self.size = size
        super.init()
    }

    open var pixelsWide: Int { pixelSize.width }
    open var pixelsHigh: Int { pixelSize.height }

    /// The bitmap encoded as `storageType` (PNG or JPEG; nil for the other types).
    open func representation(using storageType: FileType, properties: [PropertyKey: Any]) -> Data? {
        guard let cgImage else { return nil }
        switch storageType {
        case .png: return cgImage.pngData()
        case .jpeg:
            let quality = (properties[.compressionFactor] as? Double).map { CGFloat($0) }
                ?? (properties[.compressionFactor] as? CGFloat) ?? 0.9
            return cgImage.jpegData(compressionQuality: quality)
        default: return nil
        }
    }
}

/// How drawn images combine with what is under them.
public enum NSCompositingOperation: UInt, Sendable {
    case clear = 0, copy = 1, sourceOver = 2, sourceIn = 3, sourceOut = 4, sourceAtop = 5
    case destinationOver = 6, destinationIn = 7, destinationOut = 8, destinationAtop = 9, xor = 10
}

extension NSImage: LayerContentsImageProviding {
    /// What a layer whose `contents` is this image shows at `scale`.
    package func layerContentsImage(scale: CGFloat) -> CGImage? {
        bitmap(atScale: scale)
    }
}

extension CGContext {
    /// A transparent premultiplied RGBA bitmap with Quartz's y-up user space: what images and
    /// cached views are drawn into.
    static func appKitBitmap(width: Int, height: Int) -> CGContext? {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    }
}
