import LaminaTestSupport
import Testing
import UIKit

@MainActor
final class TabLog: UITabBarControllerDelegate {
    var entries: [String] = []
    var refuse: String?
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        entries.append("shouldSelect \(viewController.title ?? "")")
        return viewController.title != refuse
    }
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        entries.append("didSelect \(viewController.title ?? "")")
    }
}

/// UITabBarController: tabs from the children's items, taps switching with appearance calls
/// and the delegate, silent programmatic switches, badges, and the bar's look.
@MainActor
@Suite struct UITabBarControllerTests {
    private func glyph() -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 24, height: 24), format: format).image { _ in
            UIColor.black.setFill()
            UIBezierPath(ovalIn: CGRect(x: 3, y: 3, width: 18, height: 18)).fill()
        }
    }

    /// A root controller that names its tab in its initializer, as apps do.
    private final class ScanScreen: UIViewController {
        override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
            super.init(nibName: nil, bundle: nil)
            tabBarItem = UITabBarItem(title: "Scan", image: UIImage(systemName: "qrcode"), tag: 1)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    @Test func aNavigationControllerShowsItsRootControllersTab() {
        let scan = ScanScreen()
        let scanNavigation = UINavigationController(rootViewController: scan)
        let stores = UIViewController()
        let storesNavigation = UINavigationController(rootViewController: stores)
        let tabs = UITabBarController()
        tabs.viewControllers = [scanNavigation, storesNavigation]
        #expect(scanNavigation.tabBarItem === scan.tabBarItem)
        #expect(tabs.tabBar.items?.first?.title == "Scan" && tabs.tabBar.items?.first?.image != nil)
        stores.title = "Stores"
        #expect(tabs.tabBar.items?.last?.title == "Stores", "the root's title names its tab")
        let own = UITabBarItem(title: "Mine", image: nil, tag: 2)
        storesNavigation.tabBarItem = own
        #expect(storesNavigation.tabBarItem === own && tabs.tabBar.items?.last === own, "a tab item set on the navigation controller wins")
    }

    private func withTabs(_ body: (UIWindow, UITabBarController, [LoggedScreen], NavigationLog, TabLog) -> Void) {
        let clock = CAMediaClock(manualTime: 1000)
        clock.withCurrent {
            let log = NavigationLog()
            let tabLog = TabLog()
            let screens = ["Home", "Search", "Profile"].map { LoggedScreen($0, log: log) }
            for screen in screens { screen.tabBarItem.image = glyph() }
            let tabs = UITabBarController()
            tabs.delegate = tabLog
            tabs.viewControllers = screens
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            window.rootViewController = tabs
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            body(window, tabs, screens, log, tabLog)
            window.isHidden = true
            CATransaction.flush()
        }
    }

    @Test func tapsSwitchTabsWithAppearanceCallsAndTheDelegate() {
        withTabs { window, tabs, screens, log, tabLog in
            #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === screens[0])
            #expect(tabs.tabBar.items?.map(\.title) == ["Home", "Search", "Profile"])
            #expect(screens[1].tabBarController === tabs)
            #expect(log.entries.contains("Home viewDidAppear") && !log.entries.contains("Search viewDidLoad"))
            log.entries.removeAll()
            // Three tabs across 320 points: Search is the middle one; the bar is 49 high at the bottom.
            window.tap(at: CGPoint(x: 160, y: 455))
            #expect(tabs.selectedIndex == 1)
            #expect(log.entries == ["Search viewDidLoad", "Home viewWillDisappear", "Search viewWillAppear",
                                    "Home viewDidDisappear", "Search viewDidAppear"])
            #expect(tabLog.entries == ["shouldSelect Search", "didSelect Search"])
            #expect(screens[1].view.frame == CGRect(x: 0, y: 0, width: 320, height: 431))
            // A refused tab stays unselected.
            tabLog.refuse = "Profile"
            window.tap(at: CGPoint(x: 270, y: 455))
            #expect(tabs.selectedIndex == 1 && tabLog.entries.last == "shouldSelect Profile")
            // Code switches silently.
            tabLog.entries.removeAll()
            tabs.selectedIndex = 2
            #expect(tabs.selectedViewController === screens[2] && tabLog.entries.isEmpty)
            #expect(tabs.tabBar.selectedItem === screens[2].tabBarItem)
            // Retitling a controller retitles its tab; a new item replaces the tab.
            screens[0].title = "Feed"
            #expect(tabs.tabBar.items?.first?.title == "Feed")
            screens[2].tabBarItem = UITabBarItem(tabBarSystemItem: .favorites, tag: 9)
            #expect(tabs.tabBar.items?.last?.title == "Favorites" && tabs.tabBar.selectedItem?.tag == 9)
        }
    }

    private func snapshot(_ style: UIUserInterfaceStyle) throws -> CGImage {
        var image: CGImage?
        withTabs { window, tabs, screens, _, _ in
            window.overrideUserInterfaceStyle = style
            screens[1].tabBarItem.badgeValue = "3"
            tabs.selectedIndex = 0
            window.layoutIfNeeded()
            let format = UIGraphicsImageRendererFormat()
            format.scale = 2
            image = UIGraphicsImageRenderer(size: CGSize(width: 320, height: 60), format: format).image { context in
                context.cgContext.translateBy(x: 0, y: -420)
                window.layer.render(in: context.cgContext)
            }.cgImage
        }
        return try #require(image)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func theBarLooksRight(_ style: UIUserInterfaceStyle) throws {
        let message = ReferenceImage.mismatch(try snapshot(style), suite: "UITabBarControllerTests", name: style == .dark ? "bar-dark" : "bar-light")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }

    /// Six controllers: four tabs and More, which lists the other two and pushes the one
    /// chosen.
    @Test func moreThanFiveControllersGetAMoreTab() throws {
        let clock = CAMediaClock(manualTime: 1000)
        try clock.withCurrent {
            let screens = (1...6).map { number -> UIViewController in
                let screen = UIViewController()
                screen.title = "Tab \(number)"
                return screen
            }
            let tabs = UITabBarController()
            tabs.viewControllers = screens
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 600))
            window.rootViewController = tabs
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            #expect(tabs.tabBar.items?.map(\.title) == ["Tab 1", "Tab 2", "Tab 3", "Tab 4", "More"])
            #expect(tabs.viewControllers?.count == 6 && tabs.moreNavigationController.tabBarItem.title == "More")
            // The More tab: the list of the other two.
            let moreCenter = CGPoint(x: 375 / 5 * 4.5, y: 600 - 25)
            window.tap(at: moreCenter)
            #expect(tabs.selectedViewController === tabs.moreNavigationController && tabs.selectedIndex == NSNotFound)
            let list = try #require(tabs.moreNavigationController.topViewController as? UITableViewController)
            window.layoutIfNeeded()
            #expect(list.title == "More" && list.tableView.numberOfRows(inSection: 0) == 2)
            let row = try #require(list.tableView.cellForRow(at: IndexPath(row: 1, section: 0)))
            window.tap(at: row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: nil))
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(tabs.moreNavigationController.topViewController === screens[5])
            #expect(tabs.selectedIndex == 5 && tabs.selectedViewController === screens[5])
            #expect(screens[5].tabBarController === tabs && screens[5].view.window === window)
            // Selecting an overflow controller in code pushes it under More.
            tabs.selectedIndex = 4
            #expect(tabs.moreNavigationController.viewControllers.last === screens[4] && tabs.selectedIndex == 4)
            tabs.selectedIndex = 0
            #expect(tabs.selectedViewController === screens[0] && screens[0].view.window === window)
            window.isHidden = true
            CATransaction.flush()
        }
    }
}
