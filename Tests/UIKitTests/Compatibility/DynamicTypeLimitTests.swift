import Testing
import UIKit

/// Dynamic Type limits on a view and labels that follow the content size, as iOS 15 code
/// uses them. Body text is 17 points at Large (the screen's size), 19 at Extra Large and 15
/// at Small (Apple's Dynamic Type table).
@MainActor
@Suite struct DynamicTypeLimitTests {
    @Test func limitsClampTheTraitsOfTheSubtree() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let child = UIView()
        container.addSubview(child)
        #expect(container.minimumContentSizeCategory == nil && container.maximumContentSizeCategory == nil)
        #expect(child.traitCollection.preferredContentSizeCategory == .large)
        container.minimumContentSizeCategory = .extraLarge
        #expect(child.traitCollection.preferredContentSizeCategory == .extraLarge)
        container.minimumContentSizeCategory = nil
        container.maximumContentSizeCategory = .small
        #expect(child.traitCollection.preferredContentSizeCategory == .small)
        #expect(container.appliedContentSizeCategoryLimitsDescription.contains("MaximumCategory: UICTContentSizeCategoryS"))
        container.maximumContentSizeCategory = nil
        #expect(child.traitCollection.preferredContentSizeCategory == .large)
    }

    @Test func aLabelAdjustsItsDynamicTypeFont() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let label = UILabel()
        label.font = UIFont.preferredFont(forTextStyle: .body)
        label.adjustsFontForContentSizeCategory = true
        let fixed = UILabel()
        fixed.font = UIFont.preferredFont(forTextStyle: .body)
        container.addSubview(label)
        container.addSubview(fixed)
        #expect(label.font.pointSize == 17)
        container.minimumContentSizeCategory = .extraLarge
        #expect(label.font.pointSize == 19)
        #expect(fixed.font.pointSize == 17)
        container.minimumContentSizeCategory = nil
        container.maximumContentSizeCategory = .small
        #expect(label.font.pointSize == 15)
        // A font scaled by UIFontMetrics follows too, from the font it scaled.
        let scaled = UILabel()
        scaled.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 20))
        scaled.adjustsFontForContentSizeCategory = true
        container.addSubview(scaled)
        #expect(abs(scaled.font.pointSize - 20 * 15 / 17) < 0.01)
        // A fixed-size font never changes.
        let plain = UILabel()
        plain.font = .systemFont(ofSize: 12)
        plain.adjustsFontForContentSizeCategory = true
        container.addSubview(plain)
        #expect(plain.font.pointSize == 12)
    }
}
