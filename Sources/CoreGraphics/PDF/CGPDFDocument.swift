import Foundation

/// The boxes a PDF page defines.
public enum CGPDFBox: Int32, Sendable {
    case mediaBox = 0
    case cropBox = 1
    case bleedBox = 2
    case trimBox = 3
    case artBox = 4
}

/// A PDF document read from bytes: its pages, drawn with `CGContext.drawPDFPage(_:)`.
///
/// - Note: Differs from Apple: pages draw their paths (fills, strokes, clips, colours in gray,
///   RGB and CMYK, transparency, form XObjects); text, images, shadings and patterns are not
///   drawn yet, and encrypted documents are not read.
public final class CGPDFDocument: @unchecked Sendable {
    let file: PDFFile

    /// A document from a provider's bytes; nil when they are not a PDF Lamina reads.
    public init?(_ provider: CGDataProvider) {
        guard let data = provider.data, let file = try? PDFFile(data: data) else { return nil }
        self.file = file
    }

    /// The document at `url`; nil when it cannot be read.
    public convenience init?(_ url: CFURL) {
        guard let data = try? Data(contentsOf: url), let provider = CGDataProvider(data: data) else { return nil }
        self.init(provider)
    }

    /// How many pages the document has.
    public var numberOfPages: Int { file.pages.count }

    /// The page numbered `pageNumber` (the first is 1); nil outside the document.
    public func page(at pageNumber: Int) -> CGPDFPage? {
        guard pageNumber >= 1, pageNumber <= file.pages.count else { return nil }
        return CGPDFPage(document: self, number: pageNumber, dictionary: file.pages[pageNumber - 1])
    }

    /// Whether the document is encrypted.
    public var isEncrypted: Bool { file.isEncrypted }
    /// Whether the document can be read (an encrypted one cannot, here).
    public var isUnlocked: Bool { !file.isEncrypted }
    public var allowsPrinting: Bool { isUnlocked }
    public var allowsCopying: Bool { isUnlocked }

    /// The PDF version the file declares.
    public func getVersion(majorVersion: UnsafeMutablePointer<Int32>, minorVersion: UnsafeMutablePointer<Int32>) {
        majorVersion.pointee = Int32(file.version.major)
        minorVersion.pointee = Int32(file.version.minor)
    }

    /// Lamina cannot decrypt: false.
    public func unlockWithPassword(_ password: UnsafePointer<CChar>) -> Bool { !file.isEncrypted }
}

/// A page of a PDF document.
public final class CGPDFPage: @unchecked Sendable {
    /// The document the page belongs to.
    public let document: CGPDFDocument?
    /// The page's number (the first is 1).
    public let pageNumber: Int
    let dictionary: [String: PDFObject]

    init(document: CGPDFDocument, number: Int, dictionary: [String: PDFObject]) {
        self.document = document
        pageNumber = number
        self.dictionary = dictionary
    }

    private var file: PDFFile? { document?.file }

    private func rect(_ key: String) -> CGRect? {
        guard let values = file?.resolve(dictionary[key])?.arrayValue, values.count == 4 else { return nil }
        let numbers = values.compactMap { file?.number($0) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else { return nil }
        return CGRect(x: min(numbers[0], numbers[2]), y: min(numbers[1], numbers[3]),
                      width: abs(numbers[2] - numbers[0]), height: abs(numbers[3] - numbers[1]))
    }

    /// A box of the page: the media box (US Letter when the file gives none); the crop box
    /// defaults to it and the other boxes to the crop box, each within the media box.
    public func getBoxRect(_ box: CGPDFBox) -> CGRect {
        let media = rect("MediaBox") ?? CGRect(x: 0, y: 0, width: 612, height: 792)
        let crop = rect("CropBox")?.intersection(media) ?? media
        switch box {
        case .mediaBox: return media
        case .cropBox: return crop.isNull ? media : crop
        case .bleedBox: return rect("BleedBox")?.intersection(crop) ?? crop
        case .trimBox: return rect("TrimBox")?.intersection(crop) ?? crop
        case .artBox: return rect("ArtBox")?.intersection(crop) ?? crop
        }
    }

    /// The page's rotation in degrees (a multiple of 90).
    public var rotationAngle: Int32 {
        let angle = (file?.resolve(dictionary["Rotate"])?.integer ?? 0) % 360
        return Int32(angle < 0 ? angle + 360 : angle) / 90 * 90
    }

    /// The transform that maps `box` into `rect`, rotated by the page's rotation plus `rotate`,
    /// centred, scaled down (never up) to fit when `preserveAspectRatio`.
    public func getDrawingTransform(_ box: CGPDFBox, rect: CGRect, rotate: Int32, preserveAspectRatio: Bool) -> CGAffineTransform {
        let source = getBoxRect(box)
        guard source.width > 0, source.height > 0 else { return .identity }
        var angle = (Int(rotationAngle) + Int(rotate)) % 360
        if angle < 0 { angle += 360 }
        angle = angle / 90 * 90
        let turned = angle % 180 == 0 ? source.size : CGSize(width: source.height, height: source.width)
        var sx: CGFloat = 1, sy: CGFloat = 1
        if preserveAspectRatio {
            let scale = min(1, min(rect.width / turned.width, rect.height / turned.height))
            sx = scale
            sy = scale
        }
        var transform = CGAffineTransform(translationX: rect.midX, y: rect.midY)
        transform = transform.scaledBy(x: sx, y: sy)
        transform = transform.rotated(by: -CGFloat(angle) * .pi / 180)
        transform = transform.translatedBy(x: -source.midX, y: -source.midY)
        return transform
    }
}

extension CGContext {
    /// Draws `page` in the current user space (the page's own coordinates: origin at its
    /// media box's corner, y up), clipped to its crop box.
    public func drawPDFPage(_ page: CGPDFPage) {
        guard let file = page.document?.file else { return }
        saveGState()
        defer { restoreGState() }
        clip(to: page.getBoxRect(.cropBox))
        var interpreter = PDFContentInterpreter(file: file, context: self)
        interpreter.run(contentsOf: page.dictionary["Contents"], resources: file.dictionary(page.dictionary["Resources"]) ?? [:])
    }
}
