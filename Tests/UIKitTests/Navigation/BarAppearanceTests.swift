import LaminaTestSupport
import Testing
import UIKit

/// iOS 13's bar appearance objects: configuration, copies, and bars drawn with them.
@MainActor
@Suite struct BarAppearanceTests {
    @Test func configurations() {
        let appearance = UINavigationBarAppearance()
        #expect(appearance.backgroundEffect != nil && appearance.backgroundColor == nil && appearance.shadowColor != nil)
        appearance.configureWithOpaqueBackground()
        #expect(appearance.backgroundColor == .systemBackground && appearance.backgroundEffect == nil && appearance.shadowColor != nil)
        appearance.configureWithTransparentBackground()
        #expect(appearance.backgroundColor == nil && appearance.backgroundEffect == nil && appearance.shadowColor == nil)
        appearance.backgroundColor = .systemIndigo
        appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
        // As iOS code writes it: the copy goes where an appearance is expected.
        let copy: UINavigationBarAppearance = appearance.copy()
        #expect(copy !== appearance && copy.backgroundColor == .systemIndigo)
        #expect(copy.titleTextAttributes[.foregroundColor] as? UIColor == .white)
        let tabs = UITabBarAppearance(barAppearance: appearance)
        #expect(tabs.backgroundColor == .systemIndigo && tabs.stackedLayoutAppearance.selected.iconColor == nil)
    }

    private func makeScreens() -> (UITabBarController, UINavigationController) {
        let list = UIViewController()
        list.title = "Library"
        list.view.backgroundColor = .systemBackground
        list.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Add", style: .plain, target: nil, action: nil)
        let navigation = UINavigationController(rootViewController: list)
        navigation.tabBarItem = UITabBarItem(title: "Library", image: UIImage(systemName: "star"), tag: 0)
        let other = UIViewController()
        other.tabBarItem = UITabBarItem(title: "Settings", image: UIImage(systemName: "gearshape"), tag: 1)
        let tabs = UITabBarController()
        tabs.viewControllers = [navigation, other]
        return (tabs, navigation)
    }

    @Test func barsUseTheirAppearanceObjects() {
        let (tabs, navigation) = makeScreens()
        let bar = UINavigationBarAppearance()
        bar.configureWithOpaqueBackground()
        bar.backgroundColor = .systemIndigo
        navigation.navigationBar.standardAppearance = bar
        let tabLook = UITabBarAppearance()
        tabLook.configureWithTransparentBackground()
        tabs.tabBar.standardAppearance = tabLook
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        #expect(navigation.navigationBar.backgroundColor == .systemIndigo)
        #expect(tabs.tabBar.backgroundColor == .clear)
        // An item's own appearance wins over the bar's while it is on top.
        let item = UINavigationBarAppearance()
        item.configureWithTransparentBackground()
        navigation.topViewController?.navigationItem.standardAppearance = item
        #expect(navigation.navigationBar.backgroundColor == .clear)
        window.isHidden = true
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func themedBarsLookRight(_ style: UIUserInterfaceStyle) throws {
        let (tabs, navigation) = makeScreens()
        let bar = UINavigationBarAppearance()
        bar.configureWithOpaqueBackground()
        bar.backgroundColor = .systemIndigo
        bar.titleTextAttributes = [.foregroundColor: UIColor.white]
        bar.buttonAppearance.normal.titleTextAttributes = [.foregroundColor: UIColor.systemYellow]
        navigation.navigationBar.standardAppearance = bar
        let tabLook = UITabBarAppearance()
        tabLook.configureWithOpaqueBackground()
        tabLook.stackedLayoutAppearance.selected.iconColor = .systemPink
        tabLook.stackedLayoutAppearance.selected.titleTextAttributes = [.foregroundColor: UIColor.systemPink]
        tabLook.stackedLayoutAppearance.normal.iconColor = .systemTeal
        tabs.tabBar.standardAppearance = tabLook
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        window.overrideUserInterfaceStyle = style
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let image = try controlSnapshot(window)
        let message = ReferenceImage.mismatch(image, suite: "BarAppearanceTests", name: "themed-\(style == .dark ? "dark" : "light")")
        #expect(message == nil, Comment(rawValue: message ?? ""))
        window.isHidden = true
    }
}
