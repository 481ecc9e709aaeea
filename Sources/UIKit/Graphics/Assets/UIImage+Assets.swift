import Foundation

extension UIImage {
    /// A named image from `bundle` (the app's when nil), in the version for `traitCollection`
    /// (the current traits when nil): from the bundle's asset catalogues first, else a file
    /// (`name`, `name.png`, `name@3x.png`, `name@2x.png`, `name.jpg`) at the bundle's top, in its
    /// resources or, for the app's bundle, in the current directory. Nil when there is none.
    ///
    /// - Note: Differs from Apple: a custom symbol's regular, medium glyph is drawn for every
    ///   weight and scale; SVG gradients, masks and text are not drawn.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let found = UIImage.lookUp(named: name, in: bundle, traits: traitCollection ?? UITraitCollection.current) else {
            return nil
        }
        self.init(cgImage: found.cgImage, scale: found.scale, orientation: found.imageOrientation, renderingMode: found.renderingMode)
        _ = found.carryingTraits(to: self)
    }

    /// A named image from `bundle` for the traits of `configuration`.
    public convenience init?(named name: String, in bundle: Bundle?, with configuration: UIImage.Configuration?) {
        // A custom symbol takes a symbol configuration's size.
        if let symbolConfiguration = configuration as? SymbolConfiguration,
           let found = UIImage.lookUp(named: name, in: bundle, traits: configuration?.traitCollection ?? UITraitCollection.current),
           found.customSymbol != nil {
            let sized = found.withConfiguration(symbolConfiguration)
            self.init(cgImage: sized.cgImage, scale: sized.scale, orientation: sized.imageOrientation, renderingMode: sized.renderingMode)
            _ = sized.carryingTraits(to: self)
            return
        }
        self.init(named: name, in: bundle, compatibleWith: configuration?.traitCollection)
    }

    /// The image an asset catalogue's image resource names (Xcode generates these).
    public convenience init(resource: ImageResource) {
        if let found = UIImage.lookUp(named: resource.name, in: resource.bundle, traits: UITraitCollection.current) {
            self.init(cgImage: found.cgImage, scale: found.scale, orientation: found.imageOrientation, renderingMode: found.renderingMode)
            _ = found.carryingTraits(to: self)
        } else {
            ConsoleLog.report("No image named \"\(resource.name)\" found in asset catalog for \(resource.bundle.bundlePath)")
            self.init()
        }
    }

    /// Finds a named image: asset catalogues first, then loose files. What was found is kept
    /// per bundle, name, appearance and scale, as iOS keeps named images.
    static func lookUp(named name: String, in bundle: Bundle?, traits: UITraitCollection) -> UIImage? {
        guard !name.isEmpty else { return nil }
        let key = NamedImageCache.Key(bundle: bundle.map(ObjectIdentifier.init), name: name,
                                      dark: traits.userInterfaceStyle == .dark, highContrast: traits.accessibilityContrast == .high,
                                      scale: traits.displayScale)
        if let cached = NamedImageCache.image(for: key, bundle: bundle) { return cached.image }
        let found = findImage(named: name, in: bundle, traits: traits)
        // A name that finds nothing is remembered too (a storyboard asks again for each scene).
        NamedImageCache.store(found, for: key, bundle: bundle)
        return found
    }

    private static func findImage(named name: String, in bundle: Bundle?, traits: UITraitCollection) -> UIImage? {
        let searched = AssetCatalog.bundle(bundle)
        for catalog in AssetCatalog.catalogs(in: searched) {
            if let image = catalog.image(named: name, traits: traits) { return image }
            if let symbol = catalog.symbol(named: name, configuration: nil) { return symbol }
        }
        var directories = [searched.bundlePath]
        if let resources = searched.resourcePath, resources != searched.bundlePath { directories.append(resources) }
        if bundle == nil {
            if Bundle.main.bundlePath != searched.bundlePath { directories.append(Bundle.main.bundlePath) }
            directories.append(FileManager.default.currentDirectoryPath)
        }
        guard let path = UIImage.path(ofNamed: name, in: directories), let image = LooseImageCache.image(at: path) else { return nil }
        return UIImage(cgImage: image, scale: UIImage.scaleSuffix(of: path), orientation: .up)
    }

    /// A resizable copy: the caps (in points) keep their size and the middle is tiled.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    /// A resizable copy: the caps (in points) keep their size and the middle fills the rest as
    /// `resizingMode` says.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: UIImage.ResizingMode) -> UIImage {
        let image = carryingTraits(to: UIImage(cgImage: cgImage, scale: scale, orientation: imageOrientation, renderingMode: renderingMode))
        image.capInsets = UIEdgeInsets(top: Swift.max(0, capInsets.top.isFinite ? capInsets.top : 0),
                                       left: Swift.max(0, capInsets.left.isFinite ? capInsets.left : 0),
                                       bottom: Swift.max(0, capInsets.bottom.isFinite ? capInsets.bottom : 0),
                                       right: Swift.max(0, capInsets.right.isFinite ? capInsets.right : 0))
        image.resizingMode = resizingMode
        return image
    }

    /// Draws the nine parts of a resizable image into `rect` (UIKit coordinates): corners at
    /// their size, edges and middle stretched; caps wider than `rect` shrink in proportion.
    func drawSliced(_ cgImage: CGImage, in rect: CGRect, context: CGContext) {
        let rect = rect.standardized
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return }
        func cuts(_ low: CGFloat, _ high: CGFloat, pixels: Int, start: CGFloat, length: CGFloat) -> (source: [CGFloat], target: [CGFloat]) {
            let natural = CGFloat(pixels) / scale
            let low = Swift.min(low, natural), high = Swift.min(high, natural - low)
            let shrink = low + high > length ? length / (low + high) : 1
            return ([0, low * scale, CGFloat(pixels) - high * scale, CGFloat(pixels)],
                    [start, start + low * shrink, start + length - high * shrink, start + length])
        }
        let x = cuts(capInsets.left, capInsets.right, pixels: cgImage.width, start: rect.minX, length: rect.width)
        let y = cuts(capInsets.top, capInsets.bottom, pixels: cgImage.height, start: rect.minY, length: rect.height)
        for row in 0..<3 {
            for column in 0..<3 {
                let source = CGRect(x: x.source[column], y: y.source[row],
                                    width: x.source[column + 1] - x.source[column], height: y.source[row + 1] - y.source[row])
                let target = CGRect(x: x.target[column], y: y.target[row],
                                    width: x.target[column + 1] - x.target[column], height: y.target[row + 1] - y.target[row])
                guard source.width > 0, source.height > 0, target.width > 0, target.height > 0,
                      let piece = cgImage.cropping(to: source.integral) else { continue }
                context.saveGState()
                context.translateBy(x: 0, y: target.minY + target.maxY)
                context.scaleBy(x: 1, y: -1)
                context.draw(piece, in: target)
                context.restoreGState()
            }
        }
    }

    /// The region of the image between its caps, as a layer's `contentsCenter` (unit
    /// coordinates of the image); the whole image when it is not resizable.
    var contentsCenter: CGRect {
        let size = self.size
        guard capInsets != .zero, size.width > 0, size.height > 0 else { return CGRect(x: 0, y: 0, width: 1, height: 1) }
        let left = Swift.min(capInsets.left, size.width), right = Swift.min(capInsets.right, size.width - left)
        let top = Swift.min(capInsets.top, size.height), bottom = Swift.min(capInsets.bottom, size.height - top)
        return CGRect(x: left / size.width, y: top / size.height,
                      width: (size.width - left - right) / size.width, height: (size.height - top - bottom) / size.height)
    }
}

extension UITraitCollection {
    /// A configuration that asks for images suited to these traits.
    public var imageConfiguration: UIImage.Configuration { UIImage.Configuration(traitCollection: self) }
}

/// The versions of one image for different traits: an asset catalogue's image set, or images
/// registered by the app.
open class UIImageAsset: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private var registered: [(traits: UITraitCollection, image: UIImage)] = []
    private let catalog: AssetCatalog?
    private let name: String?

    public override init() {
        catalog = nil
        name = nil
        super.init()
    }

    init(catalog: AssetCatalog, name: String) {
        self.catalog = catalog
        self.name = name
        super.init()
    }

    /// The version for `traitCollection`: a registered image whose traits it has (the most
    /// specific), else the catalogue's version for it, else the first registered one.
    open func image(with traitCollection: UITraitCollection) -> UIImage {
        let candidates = lock.withLock { registered }
        let matching = candidates.filter { traitCollection.containsTraits(in: $0.traits) }
        if let best = matching.last { return best.image }
        if let catalog, let name, let image = catalog.image(named: name, traits: traitCollection) { return image }
        return candidates.first?.image ?? UIImage()
    }

    /// Adds `image` as the version for `traitCollection` (replacing one registered for the same
    /// traits).
    open func register(_ image: UIImage, with traitCollection: UITraitCollection) {
        image.imageAsset = self
        lock.withLock {
            registered.removeAll { $0.traits == traitCollection }
            registered.append((traitCollection, image))
        }
    }

    /// Removes the version registered for `traitCollection`.
    open func unregisterImage(with traitCollection: UITraitCollection) {
        lock.withLock { registered.removeAll { $0.traits == traitCollection } }
    }
}

extension AssetCatalog {
    /// The image set `name`'s version for `traits`, with its rendering, slicing and asset.
    func image(named name: String, traits: UITraitCollection) -> UIImage? {
        guard let set: AssetImageSet = parsedSet(named: name, kind: .image, parse: { AssetImageSet($0) }),
              let variant = set.variant(for: traits)
        else { return nil }
        let fileExtension = variant.file.pathExtension.lowercased()
        let image: UIImage
        var scale = variant.scale ?? 1
        if fileExtension == "pdf" || fileExtension == "svg" {
            // A vector image: drawn at the screen's scale at its own size, and again at the size
            // an image view shows it when the set preserves the vector.
            guard let art = VectorImageCache.art(at: variant.file.path) else {
                ConsoleLog.report("[Assets] \(variant.file.path) is not a \(fileExtension.uppercased()) Lamina reads.")
                return nil
            }
            scale = UIScreen.mainScale
            guard let raster = UIImage.rasterize(art, size: art.size, scale: scale) else { return nil }
            image = UIImage(cgImage: raster, scale: scale, orientation: .up, renderingMode: set.renderingMode)
            if set.preservesVector { image.vectorArt = art }
        } else {
            guard let cgImage = self.image(at: variant.file) else { return nil }
            image = UIImage(cgImage: cgImage, scale: scale, orientation: .up, renderingMode: set.renderingMode)
        }
        if let caps = variant.capInsets {
            image.capInsets = UIEdgeInsets(top: caps.top / scale, left: caps.left / scale, bottom: caps.bottom / scale, right: caps.right / scale)
            image.resizingMode = variant.resizingMode
        }
        image.imageAsset = UIImageAsset(catalog: self, name: name)
        return image
    }
}

/// Named images found, by bundle, name, appearance and scale.
enum NamedImageCache {
    struct Key: Hashable {
        /// The bundle asked (nil: the app's).
        var bundle: ObjectIdentifier?
        var name: String
        var dark: Bool
        var highContrast: Bool
        var scale: CGFloat
    }

    struct Entry {
        weak var bundle: Bundle?
        /// What the name found (nil: nothing).
        var image: UIImage?
    }

    private static let entries = Locked<[Key: Entry]>([:])

    /// What was found for `key` before (an entry whose image is nil: nothing), or nil when the
    /// name was not looked up yet.
    static func image(for key: Key, bundle: Bundle?) -> Entry? {
        entries.withLock { entries in
            guard let entry = entries[key] else { return nil }
            // An identifier a released bundle's memory now reuses is not that bundle.
            if let bundle, entry.bundle !== bundle { return nil }
            return entry
        }
    }

    static func store(_ image: UIImage?, for key: Key, bundle: Bundle?) {
        entries.withLock { entries in
            if entries.count > 4096 { entries.removeAll() }
            entries[key] = Entry(bundle: bundle, image: image)
        }
    }

    /// Forgets every image (the app bundle moved, or tests changed files).
    static func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}

/// The vector art of PDF and SVG images, read once each.
enum VectorImageCache {
    private static let arts = Locked<[String: any VectorArt]>([:])

    static func art(at path: String) -> (any VectorArt)? {
        if let cached = arts.withLock({ $0[path] }) { return cached }
        let art: (any VectorArt)?
        if path.lowercased().hasSuffix(".svg") {
            art = FileManager.default.contents(atPath: path).flatMap { SVGDrawing(data: $0) }
        } else {
            art = CGPDFDocument(URL(fileURLWithPath: path) as CFURL)?.page(at: 1).map { PDFVectorArt(page: $0) }
        }
        guard let art else { return nil }
        arts.withLock { $0[path] = art }
        return art
    }
}

extension UIImage {
    /// `art` drawn to fill `size` points at `scale` pixels per point.
    static func rasterize(_ art: any VectorArt, size: CGSize, scale: CGFloat) -> CGImage? {
        let width = Int((size.width * scale).rounded()), height = Int((size.height * scale).rounded())
        guard width > 0, height > 0, width <= 8192, height <= 8192,
              let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        art.draw(in: context, rect: CGRect(x: 0, y: 0, width: width, height: height))
        return context.makeImage()
    }

    /// The image drawn again from its vector at `size` points (for an image view showing it
    /// at that size); nil for a bitmap image.
    func vectorRaster(size: CGSize, scale: CGFloat) -> CGImage? {
        guard let art = vectorArt, size.width > 0, size.height > 0 else { return nil }
        let key = "\(size.width)x\(size.height)@\(scale)"
        if let cached = vectorRasters.withLock({ $0[key] }) { return cached }
        guard let raster = UIImage.rasterize(art, size: size, scale: scale) else { return nil }
        vectorRasters.withLock {
            if $0.count > 8 { $0.removeAll() }
            $0[key] = raster
        }
        return raster
    }
}

/// Loose image files, decoded once each.
enum LooseImageCache {
    private static let images = Locked<[String: CGImage]>([:])

    static func image(at path: String) -> CGImage? {
        if let cached = images.withLock({ $0[path] }) { return cached }
        guard let data = FileManager.default.contents(atPath: path), let image = CGImage.decodeImage(data) else { return nil }
        images.withLock { $0[path] = image }
        return image
    }
}

/// An image in an asset catalogue, by name (Xcode generates a static one for each image set).
public struct ImageResource: Hashable, @unchecked Sendable {
    /// The image set's name.
    public let name: String
    /// The bundle whose catalogue holds it.
    public let bundle: Bundle

    public init(name: String, bundle: Bundle) {
        self.name = name
        self.bundle = bundle
    }
}

/// A colour in an asset catalogue, by name (Xcode generates a static one for each colour set).
public struct ColorResource: Hashable, @unchecked Sendable {
    /// The colour set's name.
    public let name: String
    /// The bundle whose catalogue holds it.
    public let bundle: Bundle

    public init(name: String, bundle: Bundle) {
        self.name = name
        self.bundle = bundle
    }
}
