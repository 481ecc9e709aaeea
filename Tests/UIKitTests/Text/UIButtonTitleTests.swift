import LaminaTestSupport
import Testing
import UIKit

/// Button titles: per-state titles and colours, the label that draws them, sizing around
/// the title, and the drawn result.
@MainActor
@Suite struct UIButtonTitleTests {
    @Test func titlesAndColoursFollowTheState() {
        let button = UIButton(type: .system)
        button.setTitle("Save", for: .normal)
        button.setTitle("Saving", for: .disabled)
        #expect(button.titleLabel?.text == "Save")
        #expect(button.titleLabel?.font.pointSize == 15)
        #expect(button.currentTitleColor == button.tintColor)
        button.isEnabled = false
        #expect(button.currentTitle == "Saving")
        #expect(button.titleLabel?.text == "Saving")
        button.isEnabled = true
        button.setTitleColor(.red, for: .normal)
        #expect(button.currentTitleColor == .red)
        #expect(UIButton(type: .custom).currentTitleColor == .white)
        let attributed = NSAttributedString(string: "Styled", attributes: [.foregroundColor: UIColor.green])
        button.setAttributedTitle(attributed, for: .normal)
        #expect(button.titleLabel?.text == "Styled")
        #expect(button.titleLabel?.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor == .green)
    }

    @Test func legacyButtonsSizeToTheirTitlePlusSixPointsAboveAndBelow() throws {
        let button = UIButton(type: .system)
        button.setTitle("Continue", for: .normal)
        let title = try #require(button.titleLabel).intrinsicContentSize
        #expect(button.intrinsicContentSize == CGSize(width: title.width, height: title.height + 12))
        button.sizeToFit()
        #expect(button.bounds.size == button.intrinsicContentSize)
    }

    @Test func configurationsShowTitleAndSubtitle() {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Download"
        configuration.subtitle = "12 MB"
        let button = UIButton(configuration: configuration)
        #expect(button.titleLabel?.text == "Download")
        #expect(button.titleLabel?.font == UIFont.preferredFont(forTextStyle: .headline))
        let size = button.intrinsicContentSize
        // Title over subtitle, inside the configuration's insets (7 above and below).
        #expect(size.height > 14 + UIFont.preferredFont(forTextStyle: .headline).lineHeight)
    }

    @Test func buttonsDrawTheirTitles() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 220, height: 100))
        root.backgroundColor = .white
        let system = UIButton(type: .system)
        system.setTitle("System button", for: .normal)
        system.frame = CGRect(x: 10, y: 8, width: 200, height: 30)
        root.addSubview(system)
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Filled"
        let filled = UIButton(configuration: configuration)
        filled.frame = CGRect(x: 10, y: 50, width: 200, height: 40)
        root.addSubview(filled)
        root.layoutIfNeeded()
        system.layoutIfNeeded()
        filled.layoutIfNeeded()
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: root.bounds.size, format: format).image { context in
            root.layer.render(in: context.cgContext)
        }
        let problem = ReferenceImage.mismatch(try #require(image.cgImage), suite: "UIButtonTitleTests", name: "buttons")
        #expect(problem == nil, "\(problem ?? "")")
    }
}
