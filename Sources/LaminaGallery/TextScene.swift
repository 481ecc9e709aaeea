import QuartzCore
import UIKit

/// The text page: the system font's weights and text styles, paragraph alignment, the three
/// truncation modes, right-to-left scripts and a rotated `CATextLayer`.
@MainActor
enum TextScene {
    static func makeView() -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 460, height: 400))
        root.backgroundColor = UIColor(white: 0.96, alpha: 1)
        var y: CGFloat = 10
        func label(_ text: String, _ font: UIFont, x: CGFloat = 12, width: CGFloat = 436, height: CGFloat? = nil,
                   configure: (UILabel) -> Void = { _ in }) {
            let label = UILabel(frame: CGRect(x: x, y: y, width: width, height: height ?? ceil(font.lineHeight)))
            label.text = text
            label.font = font
            configure(label)
            root.addSubview(label)
        }
        label("Large Title", .preferredFont(forTextStyle: .largeTitle))
        y += 42
        let weights: [(String, UIFont.Weight)] = [("Light", .light), ("Regular", .regular), ("Medium", .medium), ("Bold", .bold)]
        for (i, weight) in weights.enumerated() {
            label(weight.0, .systemFont(ofSize: 17, weight: weight.1), x: 12 + CGFloat(i) * 100, width: 96)
        }
        y += 24
        label("Italic body", .italicSystemFont(ofSize: 17), width: 140)
        label("monospaced 0123", .monospacedSystemFont(ofSize: 15, weight: .regular), x: 160, width: 200)
        y += 28
        // Paragraph styles: alignment, line spacing and a first-line indent.
        let paragraph = NSMutableParagraphStyle()
        paragraph.firstLineHeadIndent = 24
        paragraph.lineSpacing = 3
        let body = NSMutableAttributedString(string: "A paragraph with a first-line indent and extra line spacing wraps at word boundaries. ",
                                             attributes: [.font: UIFont.systemFont(ofSize: 14), .paragraphStyle: paragraph])
        body.append(NSAttributedString(string: "Underlined, ", attributes: [.font: UIFont.systemFont(ofSize: 14),
                                                                            .underlineStyle: NSUnderlineStyle.single.rawValue]))
        body.append(NSAttributedString(string: "struck through, ", attributes: [.font: UIFont.systemFont(ofSize: 14),
                                                                                .strikethroughStyle: NSUnderlineStyle.single.rawValue]))
        body.append(NSAttributedString(string: "coloured and kerned.", attributes: [.font: UIFont.boldSystemFont(ofSize: 14),
                                                                                   .foregroundColor: UIColor.systemOrange, .kern: 1.5]))
        let paragraphLabel = UILabel(frame: CGRect(x: 12, y: y, width: 300, height: 80))
        paragraphLabel.numberOfLines = 0
        paragraphLabel.attributedText = body
        root.addSubview(paragraphLabel)
        y += 88
        for (i, alignment) in [NSTextAlignment.left, .center, .right].enumerated() {
            label(["Left", "Centred", "Right"][i], .systemFont(ofSize: 14), width: 300) {
                $0.textAlignment = alignment
                $0.backgroundColor = UIColor(white: 1, alpha: 1)
            }
            y += 20
        }
        y += 6
        let modes: [(String, NSLineBreakMode)] = [("Head", .byTruncatingHead), ("Middle", .byTruncatingMiddle), ("Tail", .byTruncatingTail)]
        for mode in modes {
            label("\(mode.0) truncation of a line that is far too long", .systemFont(ofSize: 14), width: 220) {
                $0.lineBreakMode = mode.1
            }
            y += 20
        }
        y += 6
        label("مرحبا بالعالم", .systemFont(ofSize: 20), width: 220) { $0.textAlignment = .natural }
        y += 28
        label("שלום עולם, hello", .systemFont(ofSize: 20), width: 220) { $0.textAlignment = .natural }
        // A rotated text layer beside the paragraphs.
        let text = CATextLayer()
        text.string = "CATextLayer"
        text.fontSize = 24
        text.foregroundColor = UIColor.systemIndigo.cgColor
        text.alignmentMode = .center
        text.frame = CGRect(x: 300, y: 250, width: 160, height: 32)
        text.setAffineTransform(CGAffineTransform(rotationAngle: -.pi / 8))
        root.layer.addSublayer(text)
        return root
    }
}
