import Testing
import UIKit

/// Containers the proxies of these tests are limited to, so no other test sees them.
final class ThemedPanel: UIView {}
final class ThemedNavigationController: UINavigationController {}
final class ThemedTabs: UITabBarController {}
final class DarkPanel: UIView {}

/// A switch subclass with its own proxy (made through `init(coder:)`).
final class BrandSwitch: UISwitch {
    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(frame: .zero) }
}

/// Appearance proxies: settings reach instances as they enter a window, within their
/// containers and traits, and never override what an instance set itself.
@MainActor
@Suite struct UIAppearanceTests {
    private func window(_ style: UIUserInterfaceStyle = .light) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.overrideUserInterfaceStyle = style
        window.makeKeyAndVisible()
        return window
    }

    @Test func aProxySettingReachesInstancesAsTheyEnterAWindow() {
        UISwitch.appearance(whenContainedInInstancesOf: [ThemedPanel.self]).onTintColor = .systemPink
        UILabel.appearance(whenContainedInInstancesOf: [ThemedPanel.self]).textColor = .systemIndigo
        let window = window()
        let panel = ThemedPanel(frame: window.bounds)
        let toggle = UISwitch()
        #expect(toggle.onTintColor == nil)
        panel.addSubview(toggle)
        // Not in a window yet: nothing applied.
        #expect(toggle.onTintColor == nil)
        window.addSubview(panel)
        #expect(toggle.onTintColor == .systemPink)
        // Outside the container: untouched.
        let outside = UISwitch()
        window.addSubview(outside)
        #expect(outside.onTintColor == nil)
        // A value the instance set itself wins, whenever it was set.
        let own = UILabel()
        own.textColor = .systemGreen
        panel.addSubview(own)
        #expect(own.textColor == .systemGreen)
        let plain = UILabel()
        panel.addSubview(plain)
        #expect(plain.textColor == .systemIndigo)
        window.isHidden = true
    }

    @Test func traitsLimitAProxy() {
        UIView.appearance(for: UITraitCollection(userInterfaceStyle: .dark), whenContainedInInstancesOf: [DarkPanel.self]).backgroundColor = .systemTeal
        let light = window(.light), dark = window(.dark)
        let inLight = UIView(), inDark = UIView()
        let lightPanel = DarkPanel(), darkPanel = DarkPanel()
        lightPanel.addSubview(inLight)
        darkPanel.addSubview(inDark)
        light.addSubview(lightPanel)
        dark.addSubview(darkPanel)
        #expect(inLight.backgroundColor == nil && inDark.backgroundColor == .systemTeal)
        light.isHidden = true
        dark.isHidden = true
    }

    @Test func barsAndTheirItemsTakeTheirProxies() throws {
        let bar = UINavigationBar.appearance(whenContainedInInstancesOf: [ThemedNavigationController.self])
        bar.barTintColor = .systemYellow
        bar.titleTextAttributes = [.foregroundColor: UIColor.systemBrown]
        UIBarButtonItem.appearance(whenContainedInInstancesOf: [ThemedNavigationController.self]).tintColor = .systemOrange
        let root = UIViewController()
        let done = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
        root.navigationItem.rightBarButtonItem = done
        let navigation = ThemedNavigationController(rootViewController: root)
        let window = window()
        window.rootViewController = navigation
        window.layoutIfNeeded()
        #expect(navigation.navigationBar.barTintColor == .systemYellow)
        #expect(navigation.navigationBar.titleTextAttributes?[.foregroundColor] as? UIColor == .systemBrown)
        #expect(done.tintColor == .systemOrange)
        // A plain navigation controller is not themed.
        let plain = UINavigationController(rootViewController: UIViewController())
        window.rootViewController = plain
        window.layoutIfNeeded()
        #expect(plain.navigationBar.barTintColor == nil)
        window.isHidden = true
    }

    @Test func tabItemsTakeTitleAttributes() {
        UITabBarItem.appearance(whenContainedInInstancesOf: [ThemedTabs.self])
            .setTitleTextAttributes([.foregroundColor: UIColor.systemPurple], for: .selected)
        let first = UIViewController(), second = UIViewController()
        first.tabBarItem = UITabBarItem(title: "One", image: nil, tag: 0)
        second.tabBarItem = UITabBarItem(title: "Two", image: nil, tag: 1)
        let tabs = ThemedTabs()
        tabs.viewControllers = [first, second]
        let window = window()
        window.rootViewController = tabs
        window.layoutIfNeeded()
        #expect(first.tabBarItem.titleTextAttributes(for: .selected)?[.foregroundColor] as? UIColor == .systemPurple)
        #expect(first.tabBarItem.titleTextAttributes(for: .normal) == nil)
        window.isHidden = true
    }

    @Test func aSubclassHasAProxyOfItsOwn() {
        BrandSwitch.appearance().thumbTintColor = .systemMint
        let window = window()
        let brand = BrandSwitch(), plain = UISwitch()
        window.addSubview(brand)
        window.addSubview(plain)
        #expect(brand.thumbTintColor == .systemMint && plain.thumbTintColor == nil)
        window.isHidden = true
    }
}
