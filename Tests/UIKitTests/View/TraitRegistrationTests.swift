import Testing
import UIKit

/// iOS 17's trait-change registration, content size categories and Dynamic Type sizes.
@MainActor
@Suite struct TraitRegistrationTests {
    @Test func registeredHandlersRunWhenTheirTraitsChange() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let view = UIView()
        window.addSubview(view)
        var styles: [UIUserInterfaceStyle] = []
        var widths = 0
        view.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (changed: UIView, previous: UITraitCollection) in
            styles.append(previous.userInterfaceStyle)
            #expect(changed === view)
        }
        let registration = view.registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (_: UIView, _: UITraitCollection) in
            widths += 1
        }
        window.overrideUserInterfaceStyle = .dark
        #expect(styles == [.light] && widths == 0)
        window.frame = CGRect(x: 0, y: 0, width: 700, height: 480)
        #expect(widths == 1 && styles.count == 1)
        view.unregisterForTraitChanges(registration)
        window.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        #expect(widths == 1)
    }

    @Test func aControllerRegistersToo() {
        final class Screen: UIViewController {
            var refreshed = 0
            func refresh() { refreshed += 1 }
        }
        let screen = Screen()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = screen
        window.makeKeyAndVisible()
        screen.registerForTraitChanges([UITraitUserInterfaceStyle.self], target: screen, action: Screen.refresh)
        screen.overrideUserInterfaceStyle = .dark
        #expect(screen.refreshed == 1)
        window.isHidden = true
    }

    @Test func contentSizeCategories() {
        #expect(UIContentSizeCategory.large.rawValue == "UICTContentSizeCategoryL")
        #expect(UIContentSizeCategory.extraSmall < .large && UIContentSizeCategory.large < .accessibilityMedium)
        #expect(!UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        #expect(UIView().traitCollection.preferredContentSizeCategory == .large)
        let traits = UITraitCollection(preferredContentSizeCategory: .extraLarge)
        #expect(traits.preferredContentSizeCategory == .extraLarge && traits.userInterfaceStyle == .unspecified)
    }

    /// iOS's Dynamic Type sizes (the Human Interface Guidelines' table).
    @Test func preferredFontsFollowTheCategory() {
        func size(_ style: UIFont.TextStyle, _ category: UIContentSizeCategory) -> CGFloat {
            UIFont.preferredFont(forTextStyle: style, compatibleWith: UITraitCollection(preferredContentSizeCategory: category)).pointSize
        }
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
        #expect(size(.body, .extraSmall) == 14 && size(.body, .extraExtraExtraLarge) == 23)
        #expect(size(.body, .accessibilityMedium) == 28 && size(.body, .accessibilityExtraExtraExtraLarge) == 53)
        #expect(size(.largeTitle, .extraLarge) == 36 && size(.caption2, .small) == 11 && size(.footnote, .accessibilityLarge) == 27)
        let metrics = UIFontMetrics(forTextStyle: .body)
        let big = UITraitCollection(preferredContentSizeCategory: .accessibilityMedium)
        #expect(metrics.scaledFont(for: .systemFont(ofSize: 34), compatibleWith: big).pointSize == 56)
        #expect(metrics.scaledValue(for: 17, compatibleWith: big) == 28)
        #expect(metrics.scaledValue(for: 10) == 10)
    }
}
