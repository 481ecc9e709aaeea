import LaminaTestSupport
import Testing
import UIKit

@MainActor
final class SplitLog: UISplitViewControllerDelegate {
    var entries: [String] = []
    var top = UISplitViewController.Column.secondary
    func splitViewController(_ svc: UISplitViewController,
                             topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column {
        entries.append("topColumn proposed \(proposedTopColumn == .secondary ? "secondary" : "other")")
        return top
    }
    func splitViewControllerDidCollapse(_ svc: UISplitViewController) { entries.append("didCollapse") }
    func splitViewControllerDidExpand(_ svc: UISplitViewController) { entries.append("didExpand") }
}

/// UISplitViewController: columns side by side in a wide window, one navigation stack in a
/// narrow one, and `show`/`showDetailViewController` finding the container that shows.
@MainActor
@Suite struct UISplitViewControllerTests {
    private func makeSplit() -> (UISplitViewController, UIViewController, UIViewController) {
        let split = UISplitViewController(style: .doubleColumn)
        let list = UIViewController()
        list.title = "Mailboxes"
        let detail = UIViewController()
        detail.title = "Inbox"
        split.setViewController(list, for: .primary)
        split.setViewController(detail, for: .secondary)
        return (split, list, detail)
    }

    @Test func aWideWindowShowsTheColumnsSideBySide() throws {
        let (split, list, detail) = makeSplit()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))
        window.rootViewController = split
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        #expect(!split.isCollapsed && split.displayMode == .oneBesideSecondary)
        // Each column is wrapped in a navigation controller; the given controllers are its roots.
        #expect(split.viewController(for: .primary) === list && split.viewController(for: .secondary) === detail)
        let primary = try #require(list.navigationController), secondary = try #require(detail.navigationController)
        #expect(primary !== secondary && primary.splitViewController === split)
        #expect(split.viewControllers.count == 2 && split.viewControllers[0] === primary)
        #expect(split.primaryColumnWidth == 320)
        #expect(primary.view.frame == CGRect(x: 0, y: 0, width: 320, height: 768))
        let hairline = 1 / 3 as CGFloat
        #expect(abs(secondary.view.frame.minX - (320 + hairline)) < 1e-9 && abs(secondary.view.frame.maxX - 1024) < 1e-9)
        #expect(list.view.window === window && detail.view.window === window)
        // Showing a detail replaces the secondary column's root.
        let message = UIViewController()
        list.showDetailViewController(message, sender: nil)
        #expect(secondary.viewControllers == [message] && message.view.window === window)
        // Hiding the primary gives the secondary the width.
        split.hide(.primary)
        window.layoutIfNeeded()
        #expect(split.displayMode == .secondaryOnly)
        #expect(secondary.view.frame == CGRect(x: 0, y: 0, width: 1024, height: 768))
        split.preferredPrimaryColumnWidthFraction = 0.4
        split.show(.primary)
        window.layoutIfNeeded()
        #expect(abs(split.primaryColumnWidth - 409.6) < 1e-9)
        window.isHidden = true
    }

    @Test func aNarrowWindowCollapsesIntoOneStackAndExpandsBack() throws {
        let (split, list, detail) = makeSplit()
        let log = SplitLog()
        split.delegate = log
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))
        window.rootViewController = split
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let primary = try #require(list.navigationController)
        window.frame = CGRect(x: 0, y: 0, width: 390, height: 768)
        window.layoutIfNeeded()
        #expect(split.isCollapsed && split.displayMode == .secondaryOnly)
        // The secondary's controller is pushed on the primary's stack.
        #expect(primary.viewControllers == [list, detail] && primary.view.frame == window.bounds)
        #expect(split.viewControllers.count == 1 && split.viewControllers[0] === primary)
        #expect(log.entries == ["topColumn proposed secondary", "didCollapse"])
        // Collapsed, a detail is pushed.
        let message = UIViewController()
        list.showDetailViewController(message, sender: nil)
        #expect(primary.viewControllers.last === message)
        log.entries.removeAll()
        window.frame = CGRect(x: 0, y: 0, width: 1024, height: 768)
        window.layoutIfNeeded()
        #expect(!split.isCollapsed && log.entries == ["didExpand"])
        #expect(primary.viewControllers == [list])
        #expect(message.navigationController?.viewControllers == [detail, message])
        window.isHidden = true
    }

    @Test func theDelegateCanKeepThePrimaryOnTopWhenCollapsed() {
        let (split, list, _) = makeSplit()
        let log = SplitLog()
        log.top = .primary
        split.delegate = log
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = split
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        #expect(split.isCollapsed)
        #expect(list.navigationController?.viewControllers == [list] && list.view.window === window)
        window.isHidden = true
    }

    @Test func showPushesInANavigationControllerAndPresentsWithout() {
        let clock = CAMediaClock(manualTime: 1000)
        clock.withCurrent {
            let root = UIViewController()
            let navigation = UINavigationController(rootViewController: root)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            let next = UIViewController()
            root.show(next, sender: nil)
            #expect(navigation.topViewController === next)
            // No container that shows: the controller is presented.
            let lone = UIViewController()
            window.rootViewController = lone
            let other = UIViewController()
            lone.showDetailViewController(other, sender: nil)
            #expect(lone.presentedViewController === other)
            window.isHidden = true
            CATransaction.flush()
        }
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func splitsLookRight(_ style: UIUserInterfaceStyle) throws {
        let (split, list, detail) = makeSplit()
        list.view.backgroundColor = .systemGroupedBackground
        detail.view.backgroundColor = .systemBackground
        detail.navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .compose, target: nil, action: nil)
        let label = UILabel(frame: CGRect(x: 20, y: 80, width: 300, height: 30))
        label.text = "No Message Selected"
        label.textColor = .secondaryLabel
        detail.view.addSubview(label)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 720, height: 360))
        window.overrideUserInterfaceStyle = style
        window.rootViewController = split
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let image = try controlSnapshot(window)
        let message = ReferenceImage.mismatch(image, suite: "UISplitViewControllerTests", name: "split-\(style == .dark ? "dark" : "light")")
        #expect(message == nil, Comment(rawValue: message ?? ""))
        window.isHidden = true
    }
}
