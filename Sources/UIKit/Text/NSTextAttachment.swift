import CoreText
import Foundation

/// An image shown inline in attributed text, in place of the attachment character U+FFFC.
///
/// The image stands on the baseline at `bounds` (origin on the baseline, y up; a negative y
/// lowers it below the baseline); with zero bounds it takes the image's size.
/// - Note: Differs from Apple: only images are shown (no file contents or view providers);
///   `contents` and `fileType` are kept.
open class NSTextAttachment: NSObject, @unchecked Sendable {
    /// The character that stands for an attachment in a string.
    public static let character: Int = 0xFFFC

    /// The image shown.
    open var image: UIImage?
    /// Where the image sits relative to the baseline; zero takes the image's size.
    open var bounds: CGRect = .zero
    /// File contents, kept.
    open var contents: Data?
    /// The contents' type, kept.
    open var fileType: String?

    public override init() {
        super.init()
    }

    /// An attachment of file contents.
    public init(data contentData: Data?, ofType uti: String?) {
        contents = contentData
        fileType = uti
        super.init()
        if let contentData { image = UIImage(data: contentData) }
    }

    /// An attachment showing `image`.
    public convenience init(image: UIImage) {
        self.init()
        self.image = image
    }
}

extension NSTextAttachment: TextAttachmentBridging {
    package var bridgedAttachment: (image: CGImage?, bounds: CGRect) {
        let size = image?.size ?? .zero
        let box = bounds.width == 0 && bounds.height == 0 ? CGRect(origin: bounds.origin, size: size) : bounds
        return (image?.cgImage, box)
    }
}

extension NSAttributedString {
    /// A one-character string holding an attachment.
    public convenience init(attachment: NSTextAttachment) {
        self.init(string: String(Character(Unicode.Scalar(UInt32(NSTextAttachment.character))!)),
                  attributes: [.attachment: attachment])
    }
}
