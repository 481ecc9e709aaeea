import LaminaTestSupport
import Testing
import UIKit

/// Inline images: an attachment takes its box's width on the line, raises the line to its
/// height, and is drawn in place.
@MainActor
@Suite struct NSTextAttachmentTests {
    func square(_ color: UIColor, side: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { context in
            color.setFill()
            context.fill(CGRect(x: 0, y: 0, width: side, height: side))
        }
    }

    @Test func attachmentsTakeTheirBoxOnTheLine() {
        let font = UIFont(name: "DejaVuSans", size: 20.48)!
        let text = NSMutableAttributedString(string: "Hello", attributes: [.font: font])
        let attachment = NSTextAttachment(image: square(.red, side: 40))
        text.append(NSAttributedString(attachment: attachment))
        #expect(text.length == 6)
        let size = text.size()
        // "Hello" is 51.91 points; the image adds its 40. The line is as tall as the image's
        // 40 points above the baseline plus the font's descent (4.83).
        #expect(abs(size.width - (51.91 + 40)) < 1e-9)
        #expect(abs(size.height - (40 + 483 * 0.01)) < 1e-9)
        // Explicit bounds lower the image below the baseline.
        attachment.bounds = CGRect(x: 0, y: -10, width: 20, height: 20)
        let lowered = text.size()
        #expect(abs(lowered.width - (51.91 + 20)) < 1e-9)
        #expect(abs(lowered.height - (19.01 + 10)) < 1e-9)
    }

    @Test func attachmentsDrawInPlace() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 140, height: 40))
        let text = NSMutableAttributedString(string: "Icon ", attributes: [.font: UIFont.systemFont(ofSize: 17)])
        let attachment = NSTextAttachment(image: square(.blue, side: 16))
        attachment.bounds = CGRect(x: 0, y: -2, width: 16, height: 16)
        text.append(NSAttributedString(attachment: attachment))
        text.append(NSAttributedString(string: " inline", attributes: [.font: UIFont.systemFont(ofSize: 17)]))
        label.attributedText = text
        label.backgroundColor = .white
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: label.bounds.size, format: format).image { context in
            label.layer.render(in: context.cgContext)
        }
        let problem = ReferenceImage.mismatch(try #require(image.cgImage), suite: "NSTextAttachmentTests", name: "inline")
        #expect(problem == nil, "\(problem ?? "")")
    }
}
