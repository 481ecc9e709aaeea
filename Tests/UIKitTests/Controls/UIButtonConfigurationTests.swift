import LaminaTestSupport
import Testing
import UIKit

/// UIButton.Configuration: image placement and padding, title padding and alignment, the
/// tint, and the four basic styles drawn in both appearances.
@MainActor
@Suite struct UIButtonConfigurationTests {
    private func square(_ side: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { context in
            UIColor.black.setFill()
            context.fill(CGRect(x: 0, y: 0, width: side, height: side))
        }.withRenderingMode(.alwaysTemplate)
    }

    /// The button's image view and title label frames after layout.
    private func parts(_ button: UIButton) -> (image: CGRect, title: CGRect) {
        button.layoutIfNeeded()
        let image = button.subviews.first { $0 is UIImageView }!.frame
        return (image, button.titleLabel!.frame)
    }

    @Test func theImageSitsAgainstItsEdgeAtItsPadding() throws {
        var configuration = UIButton.Configuration.plain()
        configuration.title = "Share"
        configuration.image = square(20)
        configuration.imagePadding = 6
        #expect(UIButton.Configuration.plain().imagePlacement == .leading)
        #expect(UIButton.Configuration.plain().imagePadding == 0 && UIButton.Configuration.plain().titlePadding == 0)
        let button = UIButton(configuration: configuration)
        let title = try #require(button.titleLabel).intrinsicContentSize
        // Side by side: image, 6 points, title, inside 12-point side insets and 7 above and below.
        #expect(button.intrinsicContentSize == CGSize(width: 12 + 20 + 6 + title.width + 12, height: 7 + Swift.max(20, title.height) + 7))
        button.frame = CGRect(origin: .zero, size: button.intrinsicContentSize)
        var (image, label) = parts(button)
        #expect(image.minX == 12 && label.minX == image.maxX + 6)
        // Trailing: the title first.
        configuration.imagePlacement = .trailing
        button.configuration = configuration
        (image, label) = parts(button)
        #expect(label.minX == 12 && image.minX == label.maxX + 6)
        // Top: stacked and centred, the padding between.
        configuration.imagePlacement = .top
        button.configuration = configuration
        #expect(button.intrinsicContentSize.height == 7 + 20 + 6 + title.height + 7)
        button.frame = CGRect(origin: .zero, size: button.intrinsicContentSize)
        (image, label) = parts(button)
        #expect(image.minY == 7 && label.minY == image.maxY + 6)
        #expect(image.midX == button.bounds.midX && abs(label.midX - button.bounds.midX) < 1e-9)
        // Bottom: the title above.
        configuration.imagePlacement = .bottom
        button.configuration = configuration
        (image, label) = parts(button)
        #expect(label.minY == 7 && image.minY == label.maxY + 6)
    }

    @Test func titleAndSubtitleKeepTheirPadding() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Download"
        configuration.subtitle = "12 MB"
        configuration.titlePadding = 4
        configuration.titleAlignment = .leading
        let button = UIButton(configuration: configuration)
        button.frame = CGRect(origin: .zero, size: button.intrinsicContentSize)
        button.layoutIfNeeded()
        let title = try #require(button.titleLabel).frame
        let subtitle = try #require(button.subviews.compactMap { $0 as? UILabel }.first { $0.text == "12 MB" }).frame
        #expect(subtitle.minY == title.maxY + 4)
        #expect(abs(subtitle.minX - title.minX) < 1e-9)
    }

    @Test func stylesFollowTheButtonsTint() {
        let button = UIButton(configuration: .filled())
        button.tintColor = .systemGreen
        button.layoutIfNeeded()
        #expect(button.layer.backgroundColor == UIColor.systemGreen.resolvedColor(with: button.traitCollection).cgColor)
        var tinted = UIButton.Configuration.tinted()
        tinted.title = "Tinted"
        let other = UIButton(configuration: tinted)
        other.tintColor = .systemRed
        #expect(other.currentTitleColor == .systemRed)
        tinted.baseForegroundColor = .systemPurple
        other.configuration = tinted
        #expect(other.currentTitleColor == .systemPurple)
    }

    private func styles(_ style: UIUserInterfaceStyle) throws -> CGImage {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 180, height: 4 * 46 + 10))
        root.overrideUserInterfaceStyle = style
        root.backgroundColor = .systemBackground
        let configurations: [UIButton.Configuration] = [.plain(), .gray(), .tinted(), .filled()]
        for (index, base) in configurations.enumerated() {
            var configuration = base
            configuration.title = ["Plain", "Gray", "Tinted", "Filled"][index]
            configuration.image = square(14)
            configuration.imagePadding = 6
            let button = UIButton(configuration: configuration)
            button.frame = CGRect(x: 10, y: 10 + CGFloat(index) * 46, width: 160, height: 36)
            root.addSubview(button)
        }
        return try controlSnapshot(root)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func theBasicStylesLookRight(_ style: UIUserInterfaceStyle) throws {
        let message = ReferenceImage.mismatch(try styles(style), suite: "UIButtonConfigurationTests", name: style == .dark ? "styles-dark" : "styles-light")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
