import Foundation
import Testing
@testable import UIKit

/// The system colours resolve to iOS's published light and dark values, and views re-resolve
/// them when their appearance changes.
@MainActor
@Suite struct SystemColorTests {
    private static let light = UITraitCollection(userInterfaceStyle: .light)
    private static let dark = UITraitCollection(userInterfaceStyle: .dark)

    /// 8-bit RGBA of `color` in `traits` (alpha in hundredths).
    private func components(_ color: UIColor, _ traits: UITraitCollection) -> [Int] {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        _ = color.resolvedColor(with: traits).getRed(&r, green: &g, blue: &b, alpha: &a)
        return [Int((r * 255).rounded()), Int((g * 255).rounded()), Int((b * 255).rounded()), Int((a * 100).rounded())]
    }

    static let table: [(String, UIColor, [Int], [Int])] = [
        ("systemBackground", .systemBackground, [255, 255, 255, 100], [0, 0, 0, 100]),
        ("secondarySystemBackground", .secondarySystemBackground, [242, 242, 247, 100], [28, 28, 30, 100]),
        ("tertiarySystemBackground", .tertiarySystemBackground, [255, 255, 255, 100], [44, 44, 46, 100]),
        ("systemGroupedBackground", .systemGroupedBackground, [242, 242, 247, 100], [0, 0, 0, 100]),
        ("secondarySystemGroupedBackground", .secondarySystemGroupedBackground, [255, 255, 255, 100], [28, 28, 30, 100]),
        ("tertiarySystemGroupedBackground", .tertiarySystemGroupedBackground, [242, 242, 247, 100], [44, 44, 46, 100]),
        ("label", .label, [0, 0, 0, 100], [255, 255, 255, 100]),
        ("secondaryLabel", .secondaryLabel, [60, 60, 67, 60], [235, 235, 245, 60]),
        ("tertiaryLabel", .tertiaryLabel, [60, 60, 67, 30], [235, 235, 245, 30]),
        ("quaternaryLabel", .quaternaryLabel, [60, 60, 67, 18], [235, 235, 245, 16]),
        ("placeholderText", .placeholderText, [60, 60, 67, 30], [235, 235, 245, 30]),
        ("link", .link, [0, 122, 255, 100], [9, 132, 255, 100]),
        ("separator", .separator, [60, 60, 67, 29], [84, 84, 88, 60]),
        ("opaqueSeparator", .opaqueSeparator, [198, 198, 200, 100], [56, 56, 58, 100]),
        ("systemFill", .systemFill, [120, 120, 128, 20], [120, 120, 128, 36]),
        ("secondarySystemFill", .secondarySystemFill, [120, 120, 128, 16], [120, 120, 128, 32]),
        ("tertiarySystemFill", .tertiarySystemFill, [118, 118, 128, 12], [118, 118, 128, 24]),
        ("quaternarySystemFill", .quaternarySystemFill, [116, 116, 128, 8], [118, 118, 128, 18]),
        ("systemGray", .systemGray, [142, 142, 147, 100], [142, 142, 147, 100]),
        ("systemGray2", .systemGray2, [174, 174, 178, 100], [99, 99, 102, 100]),
        ("systemGray3", .systemGray3, [199, 199, 204, 100], [72, 72, 74, 100]),
        ("systemGray4", .systemGray4, [209, 209, 214, 100], [58, 58, 60, 100]),
        ("systemGray5", .systemGray5, [229, 229, 234, 100], [44, 44, 46, 100]),
        ("systemGray6", .systemGray6, [242, 242, 247, 100], [28, 28, 30, 100]),
        ("systemRed", .systemRed, [255, 59, 48, 100], [255, 69, 58, 100]),
        ("systemOrange", .systemOrange, [255, 149, 0, 100], [255, 159, 10, 100]),
        ("systemYellow", .systemYellow, [255, 204, 0, 100], [255, 214, 10, 100]),
        ("systemGreen", .systemGreen, [52, 199, 89, 100], [48, 209, 88, 100]),
        ("systemMint", .systemMint, [0, 199, 190, 100], [99, 230, 226, 100]),
        ("systemTeal", .systemTeal, [48, 176, 199, 100], [64, 200, 224, 100]),
        ("systemCyan", .systemCyan, [50, 173, 230, 100], [100, 210, 255, 100]),
        ("systemBlue", .systemBlue, [0, 122, 255, 100], [10, 132, 255, 100]),
        ("systemIndigo", .systemIndigo, [88, 86, 214, 100], [94, 92, 230, 100]),
        ("systemPurple", .systemPurple, [175, 82, 222, 100], [191, 90, 242, 100]),
        ("systemPink", .systemPink, [255, 45, 85, 100], [255, 55, 95, 100]),
        ("systemBrown", .systemBrown, [162, 132, 94, 100], [172, 142, 104, 100]),
    ]

    @Test func everySystemColourHasIOSsLightAndDarkValues() {
        for (name, color, light, dark) in SystemColorTests.table {
            #expect(components(color, SystemColorTests.light) == light, "\(name) light")
            #expect(components(color, SystemColorTests.dark) == dark, "\(name) dark")
            // An unspecified appearance is the light one.
            #expect(components(color, UITraitCollection(userInterfaceStyle: .unspecified)) == light, "\(name) unspecified")
        }
        // Fixed colours do not change.
        #expect(components(.lightText, SystemColorTests.dark) == components(.lightText, SystemColorTests.light))
    }

    @Test func viewsReResolveTheirBackgroundsWhenTheAppearanceChanges() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let card = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        card.backgroundColor = .secondarySystemBackground
        root.addSubview(card)
        #expect(card.layer.backgroundColor?.components == [CGFloat(242) / 255, CGFloat(242) / 255, CGFloat(247) / 255, 1])
        root.overrideUserInterfaceStyle = .dark
        #expect(card.traitCollection.userInterfaceStyle == .dark)
        #expect(card.layer.backgroundColor?.components == [CGFloat(28) / 255, CGFloat(28) / 255, CGFloat(30) / 255, 1])
        // The view still reports the dynamic colour, which resolves per appearance.
        #expect(card.backgroundColor?.resolvedColor(with: SystemColorTests.light) == UIColor.secondarySystemBackground.resolvedColor(with: SystemColorTests.light))
        root.overrideUserInterfaceStyle = .unspecified
        #expect(card.layer.backgroundColor?.components == [CGFloat(242) / 255, CGFloat(242) / 255, CGFloat(247) / 255, 1])
    }

    @Test func theScreensAppearanceComesFromTheEnvironment() {
        #expect(UITraitCollection.appearance(from: [:]) == .light)
        #expect(UITraitCollection.appearance(from: ["LAMINA_APPEARANCE": "dark"]) == .dark)
        #expect(UITraitCollection.appearance(from: ["LAMINA_APPEARANCE": "Dark"]) == .dark)
        #expect(UITraitCollection.appearance(from: ["GTK_THEME": "Adwaita:dark"]) == .dark)
        // Lamina's own setting wins over the desktop's.
        #expect(UITraitCollection.appearance(from: ["LAMINA_APPEARANCE": "light", "GTK_THEME": "Adwaita:dark"]) == .light)
        #expect(UITraitCollection.appearance(from: ["GTK_THEME": "Adwaita"]) == .light)
    }
}
