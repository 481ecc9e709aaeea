import CoreGraphics
import Foundation

/// An immutable image: a `CGImage` with a scale (pixels per point) and an orientation.
open class UIImage: NSObject, _ExpressibleByImageLiteral, @unchecked Sendable {
    /// How the image's pixels are to be turned for display.
    public enum Orientation: Int, Sendable {
        case up = 0
        case down = 1
        case left = 2
        case right = 3
        case upMirrored = 4
        case downMirrored = 5
        case leftMirrored = 6
        case rightMirrored = 7
    }

    /// The underlying bitmap.
    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat
    /// The orientation the image was created with.
    public let imageOrientation: Orientation

    /// Whether the image is drawn as it is or as a mask filled with the tint colour.
    public enum RenderingMode: Int, Sendable {
        /// As the context decides: image views draw it as it is.
        case automatic = 0
        case alwaysOriginal = 1
        /// Only the alpha counts; image views fill it with their tint colour.
        case alwaysTemplate = 2
    }

    /// How the image is drawn (`.automatic` unless made with `withRenderingMode(_:)`).
    public let renderingMode: RenderingMode

    /// An empty image: no bitmap, size zero.
    public override init() {
        cgImage = nil
        scale = 1
        imageOrientation = .up
        renderingMode = .automatic
        super.init()
    }

    /// For a symbol image, its name (kept by `withRenderingMode(_:)`).
    var symbolName: String?
    /// The catalogue and name of a custom symbol (from a symbol set).
    var customSymbol: (catalog: AssetCatalog, name: String)?

    /// A symbol image's configuration (nil for other images).
    public internal(set) var symbolConfiguration: SymbolConfiguration?

    /// Whether this is a system symbol.
    public var isSymbolImage: Bool { symbolName != nil }

    /// How the part between the caps fills the space when a resizable image is stretched.
    public enum ResizingMode: Int, Sendable {
        /// The middle is repeated.
        case tile = 0
        /// The middle is stretched.
        case stretch = 1
    }

    /// The parts of the image, in points, that keep their size when it is resized; zero for an
    /// image that is not resizable.
    public internal(set) var capInsets = UIEdgeInsets.zero
    /// How the middle of a resizable image fills the space.
    public internal(set) var resizingMode = ResizingMode.tile
    /// The asset the image came from, which has its versions for other traits (an asset
    /// catalogue's light and dark images, say).
    public internal(set) var imageAsset: UIImageAsset?

    /// The vector art (a PDF page, an SVG drawing) a vector image from an asset catalogue
    /// draws again at the size it is shown.
    var vectorArt: (any VectorArt)?
    /// Rasters of the vector by size.
    let vectorRasters = Locked<[String: CGImage]>([:])

    /// Gives `image` (made from this one) this one's symbol, slicing and asset.
    func carryingTraits(to image: UIImage) -> UIImage {
        image.vectorArt = vectorArt
        image.symbolName = symbolName
        image.customSymbol = customSymbol
        image.symbolConfiguration = symbolConfiguration
        image.capInsets = capInsets
        image.resizingMode = resizingMode
        image.imageAsset = imageAsset
        return image
    }

    init(cgImage: CGImage?, scale: CGFloat, orientation: Orientation, renderingMode: RenderingMode) {
        self.cgImage = cgImage
        self.scale = scale
        self.imageOrientation = orientation
        self.renderingMode = renderingMode
        super.init()
    }

    /// The image named by `#imageLiteral(resourceName:)`, looked up as `init(named:)` does.
    ///
    /// - Note: Differs from Apple: a missing image gives an empty image instead of a crash.
    public required convenience init(imageLiteralResourceName name: String) {
        if let image = UIImage(named: name) {
            self.init(cgImage: image.cgImage, scale: image.scale, orientation: image.imageOrientation, renderingMode: .automatic)
        } else {
            self.init()
        }
    }

    /// The same image with another rendering mode.
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        carryingTraits(to: UIImage(cgImage: cgImage, scale: scale, orientation: imageOrientation, renderingMode: renderingMode))
    }

    /// The image encoded as JPEG at `compressionQuality` (0 smallest, 1 best); JPEG keeps no
    /// alpha, so transparent parts come out black. Nil for an empty image.
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        cgImage?.jpegData(compressionQuality: compressionQuality)
    }

    /// An image of `cgImage` at scale 1.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// An image of `cgImage` at `scale` pixels per point.
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        self.imageOrientation = orientation
        self.renderingMode = .automatic
        super.init()
    }

    /// Decodes image data (PNG or JPEG); nil when it cannot be decoded.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// Decodes image data (PNG or JPEG) with a scale; nil when it cannot be decoded.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let image = CGImage.decodeImage(data) else { return nil }
        self.init(cgImage: image, scale: scale, orientation: .up)
    }

    /// Loads and decodes the file at `path`; nil when it is missing or not an image. A name
    /// ending in `@2x` or `@3x` (before the extension) sets the scale.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: UIImage.scaleSuffix(of: path))
    }

    /// A named image: from the app's asset catalogues (the version for the current traits),
    /// else a file `name`, `name.png`, `name@3x.png`, `name@2x.png` or `name.jpg` in the app's
    /// bundle, its resources or the current directory. Images are cached as iOS caches them:
    /// files are decoded once.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    static func scaleSuffix(of path: String) -> CGFloat {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if base.hasSuffix("@3x") { return 3 }
        if base.hasSuffix("@2x") { return 2 }
        return 1
    }

    /// The size in points: pixels divided by the scale.
    open var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    /// The image encoded as PNG.
    open func pngData() -> Data? {
        cgImage?.pngData()
    }

    /// Draws the image into `rect` of the current (UIKit, y-down) context, upright.
    /// A resizable image keeps its caps at their size and stretches the rest.
    open func draw(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
        if capInsets != .zero {
            drawSliced(cgImage, in: rect, context: context)
            return
        }
        context.saveGState()
        context.translateBy(x: 0, y: rect.minY + rect.maxY)
        context.scaleBy(x: 1, y: -1)
        context.draw(cgImage, in: rect)
        context.restoreGState()
    }

    /// Draws the image at its size with its top-left corner at `point`.
    open func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }
}

/// The type `#imageLiteral(resourceName:)` makes where the context does not say.
public typealias _ImageLiteralType = UIImage
