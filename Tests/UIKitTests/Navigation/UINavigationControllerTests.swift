import LaminaTestSupport
import Testing
import UIKit

/// A screen that logs its appearance calls into a shared list.
@MainActor
final class LoggedScreen: UIViewController {
    let name: String
    let log: NavigationLog
    init(_ name: String, log: NavigationLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
    }
    required init?(coder: NSCoder) { nil }
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        log.entries.append("\(name) viewDidLoad")
    }
    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); log.entries.append("\(name) viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log.entries.append("\(name) viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); log.entries.append("\(name) viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log.entries.append("\(name) viewDidDisappear") }
}

@MainActor
final class NavigationLog: UINavigationControllerDelegate {
    var entries: [String] = []
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
        entries.append("willShow \(viewController.title ?? "")")
    }
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        entries.append("didShow \(viewController.title ?? "")")
    }
}

/// UINavigationController: the stack, iOS's order of appearance calls for pushes and pops,
/// the slide, the back button, and the bar's look.
@MainActor
@Suite struct UINavigationControllerTests {
    private func withNavigation(_ body: (UIWindow, UINavigationController, NavigationLog, CAMediaClock) -> Void) {
        let clock = CAMediaClock(manualTime: 1000)
        clock.withCurrent {
            let log = NavigationLog()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let navigation = UINavigationController(rootViewController: LoggedScreen("Inbox", log: log))
            navigation.delegate = log
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            body(window, navigation, log, clock)
            window.isHidden = true
            CATransaction.flush()
        }
    }

    @Test func pushingAndPoppingCallInIOSsOrder() {
        withNavigation { window, navigation, log, clock in
            #expect(log.entries.contains("Inbox viewDidAppear"))
            log.entries.removeAll()
            let message = LoggedScreen("Message", log: log)
            navigation.pushViewController(message, animated: true)
            CATransaction.flush()
            #expect(log.entries == ["Message viewDidLoad", "Inbox viewWillDisappear", "Message viewWillAppear", "willShow Message"])
            // Half way through the slide the new view is half way in.
            clock.advance(by: 0.175)
            #expect(abs((message.view.layer.presentation()?.frame.minX ?? -1) - 160) < 1e-3)
            clock.advance(by: 0.2)
            #expect(log.entries.suffix(3) == ["Inbox viewDidDisappear", "Message viewDidAppear", "didShow Message"])
            #expect(navigation.topViewController === message && navigation.viewControllers.count == 2)
            #expect(message.navigationController === navigation && message.parent === navigation)
            #expect(navigation.navigationBar.topItem === message.navigationItem)
            #expect(navigation.navigationBar.backItem?.title == "Inbox")
            // The back button pops.
            log.entries.removeAll()
            window.tap(at: CGPoint(x: 30, y: 22))
            CATransaction.flush()
            #expect(log.entries.prefix(3) == ["Message viewWillDisappear", "Inbox viewWillAppear", "willShow Inbox"])
            clock.advance(by: 0.4)
            #expect(log.entries.suffix(3) == ["Message viewDidDisappear", "Inbox viewDidAppear", "didShow Inbox"])
            #expect(navigation.viewControllers.count == 1 && message.parent == nil)
        }
    }

    /// Drags from the left edge to `x` (window points) over `steps` moves, then lifts.
    private func edgeSwipe(_ window: UIWindow, _ clock: CAMediaClock, to x: CGFloat, steps: Int) {
        window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: 4, y: 240), phase: .began)])
        for step in 1...steps {
            clock.advance(by: 1.0 / 30)
            window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: 4 + (x - 4) * CGFloat(step) / CGFloat(steps), y: 240), phase: .moved)])
        }
        clock.advance(by: 0.2)
        window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: x, y: 240), phase: .stationary)])
        window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: x, y: 240), phase: .ended)])
        CATransaction.flush()
    }

    @Test func anEdgeSwipePastHalfWayPops() {
        withNavigation { window, navigation, log, clock in
            #expect(navigation.interactivePopGestureRecognizer?.isEnabled == false)
            let message = LoggedScreen("Message", log: log)
            navigation.pushViewController(message, animated: false)
            #expect(navigation.interactivePopGestureRecognizer?.isEnabled == true)
            log.entries.removeAll()
            // Two thirds of the way, then held still and lifted: the pop completes.
            edgeSwipe(window, clock, to: 214, steps: 10)
            #expect(log.entries.prefix(3) == ["Message viewWillDisappear", "Inbox viewWillAppear", "willShow Inbox"])
            clock.advance(by: 0.5)
            #expect(log.entries.suffix(3) == ["Message viewDidDisappear", "Inbox viewDidAppear", "didShow Inbox"])
            #expect(navigation.viewControllers.count == 1 && message.parent == nil && message.view.window == nil)
        }
    }

    @Test func aShortEdgeSwipeIsCancelled() {
        withNavigation { window, navigation, log, clock in
            let message = LoggedScreen("Message", log: log)
            navigation.pushViewController(message, animated: false)
            log.entries.removeAll()
            // A quarter of the way, held, lifted: back where it was.
            edgeSwipe(window, clock, to: 84, steps: 6)
            clock.advance(by: 0.5)
            // The arriving screen goes away again, then the leaving one comes back.
            #expect(log.entries == ["Message viewWillDisappear", "Inbox viewWillAppear", "willShow Inbox",
                                    "Inbox viewWillDisappear", "Inbox viewDidDisappear",
                                    "Message viewWillAppear", "Message viewDidAppear"])
            #expect(navigation.topViewController === message && navigation.viewControllers.count == 2)
            #expect(message.view.frame.minX == 0 && message.view.window != nil)
            #expect(navigation.viewControllers.first?.viewIfLoaded?.window == nil)
        }
    }

    @Test func theStackCanBeReplacedAndPoppedToTheRoot() {
        withNavigation { _, navigation, log, clock in
            let a = LoggedScreen("A", log: log), b = LoggedScreen("B", log: log), c = LoggedScreen("C", log: log)
            navigation.pushViewController(a, animated: false)
            navigation.pushViewController(b, animated: false)
            navigation.pushViewController(c, animated: false)
            #expect(navigation.viewControllers.map(\.title) == ["Inbox", "A", "B", "C"])
            #expect(navigation.popViewController(animated: false) === c)
            let popped = navigation.popToRootViewController(animated: false)
            #expect(popped?.map(\.title) == ["A", "B"])
            #expect(navigation.topViewController?.title == "Inbox")
            #expect(navigation.popViewController(animated: false) == nil)
            navigation.setViewControllers([a, b], animated: false)
            #expect(navigation.viewControllers.map(\.title) == ["A", "B"])
            #expect(b.view.window != nil && a.view.window == nil)
            #expect(navigation.navigationBar.items?.map(\.title) == ["A", "B"])
            _ = clock
        }
    }

    @Test func barButtonsRunTheirActions() {
        withNavigation { window, navigation, _, _ in
            var saved = 0
            let top = navigation.topViewController!
            top.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .save, primaryAction: UIAction { _ in saved += 1 })
            window.layoutIfNeeded()
            window.tap(at: CGPoint(x: 290, y: 22))
            #expect(saved == 1)
            top.navigationItem.rightBarButtonItem?.isEnabled = false
            window.layoutIfNeeded()
            window.tap(at: CGPoint(x: 290, y: 22))
            #expect(saved == 1)
            // Setting the controller's title retitles its item.
            top.title = "Mail"
            #expect(top.navigationItem.title == "Mail")
        }
    }

    private func snapshot(_ style: UIUserInterfaceStyle) throws -> CGImage {
        var image: CGImage?
        withNavigation { window, navigation, log, _ in
            window.overrideUserInterfaceStyle = style
            let detail = LoggedScreen("Message", log: log)
            detail.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done)
            navigation.pushViewController(detail, animated: false)
            window.layoutIfNeeded()
            let format = UIGraphicsImageRendererFormat()
            format.scale = 2
            image = UIGraphicsImageRenderer(size: CGSize(width: 320, height: 100), format: format).image { window.layer.render(in: $0.cgContext) }.cgImage
        }
        return try #require(image)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func theBarLooksRight(_ style: UIUserInterfaceStyle) throws {
        let message = ReferenceImage.mismatch(try snapshot(style), suite: "UINavigationControllerTests", name: style == .dark ? "bar-dark" : "bar-light")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
