import LaminaTestSupport
import Testing
import UIKit

/// Every attribute, paragraph setting, truncation mode, alignment and right-to-left layout,
/// drawn as an app draws them (string drawing and labels) and compared with reference images
/// (2/255 per channel). DejaVu Sans is named so the images do not depend on which sans the
/// machine prefers for the system font.
@MainActor
@Suite struct TextReferenceTests {
    func font(_ size: CGFloat, bold: Bool = false, italic: Bool = false) -> UIFont {
        let name = "DejaVuSans" + (bold && italic ? "-BoldOblique" : bold ? "-Bold" : italic ? "-Oblique" : "")
        return UIFont(name: name, size: size)!
    }

    func render(_ size: CGSize, _ draw: () -> Void) -> CGImage? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: size, format: format).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(origin: .zero, size: size))
            draw()
        }.cgImage
    }

    func render(_ root: UIView) -> CGImage? {
        render(root.bounds.size) { root.layer.render(in: UIGraphicsGetCurrentContext()!) }
    }

    func expectMatch(_ image: CGImage?, _ name: String) throws {
        let image = try #require(image)
        let problem = ReferenceImage.mismatch(image, suite: "TextReferenceTests", name: name)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test func characterAttributes() throws {
        let base: [NSAttributedString.Key: Any] = [.font: font(16)]
        func text(_ string: String, _ attributes: [NSAttributedString.Key: Any]) -> NSAttributedString {
            NSAttributedString(string: string, attributes: base.merging(attributes) { $1 })
        }
        let lines: [NSAttributedString] = {
            let mixed = NSMutableAttributedString(string: "Bold, ", attributes: [.font: font(16, bold: true)])
            mixed.append(text("italic, ", [.font: font(16, italic: true)]))
            mixed.append(text("plain", [:]))
            let shifted = NSMutableAttributedString(string: "E = mc", attributes: base)
            shifted.append(text("2", [.font: font(10), .baselineOffset: 6]))
            shifted.append(text(" and H", [:]))
            shifted.append(text("2", [.font: font(10), .baselineOffset: -3]))
            shifted.append(text("O", [:]))
            let link = NSMutableAttributedString(string: "Read ", attributes: base)
            link.append(text("the docs", [.link: URL(string: "https://example.com")!, .foregroundColor: UIColor.red]))
            link.append(text(" today", [:]))
            return [
                mixed,
                text("Red on yellow", [.foregroundColor: UIColor.red, .backgroundColor: UIColor.yellow]),
                text("AVATAR Tokyo kern 0", [.kern: 0]),
                text("AVATAR Tokyo default", [:]),
                text("S p a c e d by 3", [.kern: 3]),
                text("Single underline", [.underlineStyle: NSUnderlineStyle.single.rawValue]),
                text("Thick, coloured", [.underlineStyle: NSUnderlineStyle.thick.rawValue, .underlineColor: UIColor.blue]),
                text("Double underline", [.underlineStyle: NSUnderlineStyle.double.rawValue]),
                text("Struck through", [.strikethroughStyle: NSUnderlineStyle.single.rawValue, .strikethroughColor: UIColor.red]),
                shifted,
                text("Shadowed", [.shadow: { let s = NSShadow(); s.shadowOffset = CGSize(width: 2, height: 2)
                    s.shadowBlurRadius = 2; s.shadowColor = UIColor.gray; return s }()]),
                text("Outlined", [.strokeWidth: 3, .strokeColor: UIColor.blue, .font: font(22, bold: true)]),
                text("Filled and stroked", [.strokeWidth: -3, .strokeColor: UIColor.blue, .foregroundColor: UIColor.yellow,
                                            .font: font(22, bold: true)]),
                link,
            ]
        }()
        let image = render(CGSize(width: 260, height: 400)) {
            var y: CGFloat = 4
            for line in lines {
                line.draw(at: CGPoint(x: 8, y: y))
                y += ceil(line.size().height) + 4
            }
        }
        try expectMatch(image, "characterAttributes")
    }

    @Test func paragraphStyles() throws {
        let sample = "Paragraph styles set the spacing of lines and the indents of a paragraph's edges."
        func style(_ configure: (NSMutableParagraphStyle) -> Void) -> NSParagraphStyle {
            let style = NSMutableParagraphStyle()
            configure(style)
            return style
        }
        let styles: [NSParagraphStyle] = [
            style { $0.lineSpacing = 6 },
            style { $0.lineHeightMultiple = 1.5 },
            style { $0.minimumLineHeight = 26 },
            style { $0.maximumLineHeight = 12 },
            style { $0.firstLineHeadIndent = 24; $0.headIndent = 8 },
            style { $0.tailIndent = -40 },
            style { $0.paragraphSpacing = 10; $0.paragraphSpacingBefore = 6 },
        ]
        let image = render(CGSize(width: 560, height: 400)) {
            for (i, paragraphStyle) in styles.enumerated() {
                let column = CGFloat(i % 2) * 280, row = CGFloat(i / 2) * 98
                let rect = CGRect(x: column + 6, y: row + 4, width: 266, height: 92)
                UIColor(white: 0.93, alpha: 1).setFill()
                UIRectFill(rect)
                let text = paragraphStyle.paragraphSpacing > 0 ? sample + "\nA second paragraph." : sample
                NSAttributedString(string: text, attributes: [.font: font(13), .paragraphStyle: paragraphStyle])
                    .draw(with: rect, options: .usesLineFragmentOrigin, context: nil)
            }
        }
        try expectMatch(image, "paragraphStyles")
    }

    @Test func truncationModes() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 220, height: 270))
        root.backgroundColor = .white
        let modes: [NSLineBreakMode] = [.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail, .byClipping,
                                        .byWordWrapping, .byCharWrapping]
        var y: CGFloat = 4
        for mode in modes {
            let wraps = mode == .byWordWrapping || mode == .byCharWrapping
            let label = UILabel(frame: CGRect(x: 6, y: y, width: 208, height: wraps ? 60 : 28))
            label.font = font(16)
            label.backgroundColor = UIColor(white: 0.93, alpha: 1)
            label.numberOfLines = wraps ? 3 : 1
            label.lineBreakMode = mode
            label.text = "The quick brown fox jumps over the lazy dog again"
            root.addSubview(label)
            y += label.frame.height + 4
        }
        try expectMatch(render(root), "truncationModes")
    }

    @Test func alignments() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 220, height: 300))
        root.backgroundColor = .white
        let alignments: [NSTextAlignment] = [.left, .center, .right, .natural, .justified]
        var y: CGFloat = 4
        for alignment in alignments {
            let label = UILabel(frame: CGRect(x: 6, y: y, width: 208, height: 54))
            label.font = font(13)
            label.backgroundColor = UIColor(white: 0.93, alpha: 1)
            label.numberOfLines = 0
            label.textAlignment = alignment
            label.text = "Aligned text wraps over lines, and justified lines reach both edges but the last."
            root.addSubview(label)
            y += 58
        }
        try expectMatch(render(root), "alignments")
    }

    @Test func rightToLeft() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 214))
        root.backgroundColor = .white
        func add(_ y: CGFloat, _ height: CGFloat, _ configure: (UILabel) -> Void) {
            let label = UILabel(frame: CGRect(x: 6, y: y, width: 228, height: height))
            label.font = font(16)
            label.backgroundColor = UIColor(white: 0.93, alpha: 1)
            configure(label)
            root.addSubview(label)
        }
        // Hebrew with natural alignment sits at the right edge.
        add(4, 28) { $0.text = "שלום עולם" }
        // Arabic joins; Latin and digits inside keep their own order.
        add(36, 28) { $0.text = "مرحبا Lamina 2026 بالعالم" }
        // A right-to-left paragraph truncated: the ellipsis is at its end, on the left.
        add(68, 28) { $0.text = "هذا نص عربي طويل جدا لا يتسع في سطر واحد أبدا" }
        // Latin in a right-to-left base direction: the paragraph is right-aligned, the full stop
        // goes to the left end.
        add(100, 28) {
            let style = NSMutableParagraphStyle()
            style.baseWritingDirection = .rightToLeft
            $0.attributedText = NSAttributedString(string: "Hello, world.", attributes: [.paragraphStyle: style, .font: self.font(16)])
        }
        // A wrapped Hebrew paragraph with an English word.
        add(132, 78) {
            $0.numberOfLines = 0
            $0.text = "הטקסט הזה עובר לשורה הבאה ומכיל את המילה Swift באמצע המשפט"
        }
        try expectMatch(render(root), "rightToLeft")
    }
}
