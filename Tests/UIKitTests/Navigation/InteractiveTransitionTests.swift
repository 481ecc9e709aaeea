import Testing
import UIKit

/// Slides the presented view down out of the container, linearly, as a swipe-to-dismiss
/// animator does; its completion puts nothing back itself.
@MainActor
final class SlideDownAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var ended: [Bool] = []
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromView = transitionContext.view(forKey: .from) else { return }
        let height = transitionContext.containerView.bounds.height
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveLinear], animations: {
            fromView.frame.origin.y = height
        }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

/// The same slide run by a property animator, handed out as the interruptible animator.
@MainActor
final class PropertySlideDownAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    private var running: UIViewPropertyAnimator?
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let running { return running }
        let animator = UIViewPropertyAnimator(duration: 0.3, curve: .linear)
        if let fromView = transitionContext.view(forKey: .from) {
            let height = transitionContext.containerView.bounds.height
            animator.addAnimations { fromView.frame.origin.y = height }
        }
        animator.addCompletion { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        running = animator
        return animator
    }
    func animationEnded(_ transitionCompleted: Bool) { running = nil }
}

/// A bottom-half presentation whose dismissal a swipe drives.
@MainActor
final class SwipeToDismissTransitions: NSObject, UIViewControllerTransitioningDelegate {
    var presentation: HalfPresentation?
    var dismisser: any UIViewControllerAnimatedTransitioning = SlideDownAnimator()
    var interactor: UIPercentDrivenInteractiveTransition?
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        let controller = HalfPresentation(presentedViewController: presented, presenting: presenting)
        presentation = controller
        return controller
    }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { dismisser }
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interactor
    }
}

/// Pops by sliding the top view off to the right over the one below, linearly.
@MainActor
final class SlidePopAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var seenFinalFrame: CGRect?
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to),
              let to = transitionContext.viewController(forKey: .to) else { return }
        seenFinalFrame = transitionContext.finalFrame(for: to)
        toView.frame = transitionContext.finalFrame(for: to)
        transitionContext.containerView.insertSubview(toView, belowSubview: fromView)
        let width = transitionContext.containerView.bounds.width
        UIView.animate(withDuration: 0.4, delay: 0, options: [.curveLinear], animations: {
            fromView.center.x += width
        }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// A navigation delegate with a custom pop, interactive while `interacting`.
@MainActor
final class CustomPopDelegate: UINavigationControllerDelegate {
    let log: NavigationLog
    let animator = SlidePopAnimator()
    let interactor = UIPercentDrivenInteractiveTransition()
    var interacting = false
    init(log: NavigationLog) { self.log = log }
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
        log.navigationController(navigationController, willShow: viewController, animated: animated)
    }
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        log.navigationController(navigationController, didShow: viewController, animated: animated)
    }
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        operation == .pop ? animator : nil
    }
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interacting ? interactor : nil
    }
}

/// Fades the arriving tab in over the leaving one, linearly.
@MainActor
final class TabFadeDelegate: UITabBarControllerDelegate {
    let interactor = UIPercentDrivenInteractiveTransition()
    var interacting = false
    final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.2 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            guard let toView = transitionContext.view(forKey: .to), let to = transitionContext.viewController(forKey: .to) else { return }
            toView.frame = transitionContext.finalFrame(for: to)
            toView.alpha = 0
            transitionContext.containerView.addSubview(toView)
            UIView.animate(withDuration: 0.2, delay: 0, options: [.curveLinear], animations: { toView.alpha = 1 }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }
    func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { Fade() }
    func tabBarController(_ tabBarController: UITabBarController,
                          interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interacting ? interactor : nil
    }
}

/// Interactive transitions: a percent-driven dismissal and a navigation delegate's pop, held
/// where the gesture puts them, finished or cancelled — with the callbacks in iOS's order.
@MainActor
@Suite struct InteractiveTransitionTests {
    private func withPresented(_ transitions: SwipeToDismissTransitions,
                               _ body: (UIViewController, LoggedScreen, NavigationLog, CAMediaClock) throws -> Void) rethrows {
        let clock = CAMediaClock(manualTime: 1000)
        try clock.withCurrent {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            let log = NavigationLog()
            let sheet = LoggedScreen("Sheet", log: log)
            sheet.modalPresentationStyle = .custom
            sheet.transitioningDelegate = transitions
            root.present(sheet, animated: false)
            CATransaction.flush()
            log.entries = []
            try body(root, sheet, log, clock)
            window.isHidden = true
            CATransaction.flush()
        }
    }

    private func y(_ view: UIView) -> CGFloat { view.layer.presentation()?.position.y ?? .nan }
    private func x(_ view: UIView) -> CGFloat { view.layer.presentation()?.position.x ?? .nan }

    @Test func aPercentDrivenDismissalFollowsUpdatesAndFinishes() throws {
        let transitions = SwipeToDismissTransitions()
        try withPresented(transitions) { root, sheet, log, clock in
            let interactor = UIPercentDrivenInteractiveTransition()
            transitions.interactor = interactor
            // Resting in the bottom half: centre y = 240 + 120.
            #expect(sheet.view.frame == CGRect(x: 0, y: 240, width: 320, height: 240))
            var dismissed = false
            sheet.dismiss(animated: true) { dismissed = true }
            CATransaction.flush()
            let coordinator = try #require(sheet.transitionCoordinator)
            #expect(coordinator.isInteractive && coordinator.initiallyInteractive)
            var changes: [(interactive: Bool, cancelled: Bool, percent: CGFloat)] = []
            coordinator.notifyWhenInteractionChanges { changes.append(($0.isInteractive, $0.isCancelled, $0.percentComplete)) }
            #expect(interactor.duration == 0.3)
            // Held at the start until updated, however long it waits.
            clock.advance(by: 2)
            #expect(y(sheet.view) == 360)
            interactor.update(0.25)
            clock.advance(by: 1)
            // A quarter of the 240-point slide.
            #expect(abs(y(sheet.view) - 420) < 1e-9)
            #expect(interactor.percentComplete == 0.25 && coordinator.percentComplete == 0.25)
            #expect(!dismissed && log.entries == ["Sheet viewWillDisappear"])
            interactor.finish()
            #expect(changes.count == 1 && changes.first?.interactive == false && changes.first?.cancelled == false)
            #expect(changes.first?.percent == 0.25)
            // The rest — three quarters of 0.3 s — runs at the completion speed.
            clock.advance(by: 0.1)
            #expect(abs(y(sheet.view) - 500) < 1e-9)
            #expect(!dismissed)
            clock.advance(by: 0.15)
            #expect(dismissed && sheet.presentingViewController == nil && root.presentedViewController == nil)
            #expect(log.entries == ["Sheet viewWillDisappear", "Sheet viewDidDisappear"])
            #expect(transitions.presentation?.log.suffix(2) == ["dismissalTransitionWillBegin", "dismissalTransitionDidEnd true"])
            #expect((transitions.dismisser as? SlideDownAnimator)?.ended == [true])
        }
    }

    @Test func aCancelledDismissalRunsBackAndLeavesTheSheetUp() throws {
        let transitions = SwipeToDismissTransitions()
        try withPresented(transitions) { root, sheet, log, clock in
            let interactor = UIPercentDrivenInteractiveTransition()
            transitions.interactor = interactor
            var dismissed = false
            sheet.dismiss(animated: true) { dismissed = true }
            CATransaction.flush()
            let coordinator = try #require(sheet.transitionCoordinator)
            var cancelled: [Bool] = []
            coordinator.animate(alongsideTransition: nil) { cancelled.append($0.isCancelled) }
            interactor.update(0.6)
            clock.advance(by: 0.05)
            #expect(abs(y(sheet.view) - (360 + 0.6 * 240)) < 1e-9)
            // Back at twice the speed: 0.6 × 0.3 s / 2 = 0.09 s; half way there after 0.045 s.
            interactor.completionSpeed = 2
            interactor.cancel()
            #expect(coordinator.isCancelled)
            clock.advance(by: 0.045)
            #expect(abs(y(sheet.view) - (360 + 0.3 * 240)) < 1e-6)
            #expect(cancelled.isEmpty)
            clock.advance(by: 0.05)
            #expect(cancelled == [true])
            #expect(!dismissed && root.presentedViewController === sheet && sheet.view.window != nil)
            // The frame is back where it was, in the model and on screen, with nothing animating.
            #expect(sheet.view.frame == CGRect(x: 0, y: 240, width: 320, height: 240))
            #expect(y(sheet.view) == 360 && sheet.view.layer.animationKeys() == nil)
            #expect(log.entries == ["Sheet viewWillDisappear", "Sheet viewWillAppear", "Sheet viewDidAppear"])
            #expect(transitions.presentation?.log.last == "dismissalTransitionDidEnd false")
            #expect(transitions.presentation?.dimming.superview != nil)
            // Still dismissable afterwards.
            transitions.interactor = nil
            sheet.dismiss(animated: true)
            clock.advance(by: 0.35)
            #expect(root.presentedViewController == nil)
        }
    }

    @Test func aTransitionThatStartsRunningCanBePausedAndDriven() throws {
        let transitions = SwipeToDismissTransitions()
        try withPresented(transitions) { _, sheet, _, clock in
            let interactor = UIPercentDrivenInteractiveTransition()
            interactor.wantsInteractiveStart = false
            transitions.interactor = interactor
            var dismissed = false
            sheet.dismiss(animated: true) { dismissed = true }
            CATransaction.flush()
            let coordinator = try #require(sheet.transitionCoordinator)
            #expect(!coordinator.isInteractive && !coordinator.initiallyInteractive && coordinator.isInterruptible)
            clock.advance(by: 0.075)
            #expect(abs(y(sheet.view) - 420) < 1e-9)
            interactor.pause()
            #expect(coordinator.isInteractive && abs(interactor.percentComplete - 0.25) < 1e-9)
            clock.advance(by: 1)
            #expect(abs(y(sheet.view) - 420) < 1e-9)
            interactor.update(0.5)
            clock.advance(by: 0.01)
            #expect(abs(y(sheet.view) - 480) < 1e-9)
            interactor.finish()
            clock.advance(by: 0.2)
            #expect(dismissed)
        }
    }

    @Test func anInterruptibleAnimatorIsScrubbedAndReversed() throws {
        let transitions = SwipeToDismissTransitions()
        transitions.dismisser = PropertySlideDownAnimator()
        withPresented(transitions) { root, sheet, log, clock in
            let interactor = UIPercentDrivenInteractiveTransition()
            transitions.interactor = interactor
            sheet.dismiss(animated: true)
            CATransaction.flush()
            interactor.update(0.5)
            clock.advance(by: 0.5)
            #expect(abs(y(sheet.view) - 480) < 1e-9)
            interactor.cancel()
            clock.advance(by: 0.1)
            // Running back from half way over the 0.15 s it took to get there.
            #expect(abs(y(sheet.view) - (360 + 240 * (0.5 - 0.1 / 0.3))) < 1e-6)
            clock.advance(by: 0.1)
            #expect(root.presentedViewController === sheet && sheet.view.frame.minY == 240 && y(sheet.view) == 360)
            #expect(log.entries == ["Sheet viewWillDisappear", "Sheet viewWillAppear", "Sheet viewDidAppear"])
            // A second, finished attempt dismisses.
            sheet.dismiss(animated: true)
            CATransaction.flush()
            interactor.update(0.9)
            interactor.finish()
            clock.advance(by: 0.1)
            #expect(root.presentedViewController == nil)
        }
    }

    // MARK: Navigation

    private func withStack(_ body: (UINavigationController, LoggedScreen, LoggedScreen, CustomPopDelegate, CAMediaClock) throws -> Void) rethrows {
        let clock = CAMediaClock(manualTime: 1000)
        try clock.withCurrent {
            let log = NavigationLog()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let inbox = LoggedScreen("Inbox", log: log)
            let message = LoggedScreen("Message", log: log)
            let navigation = UINavigationController(rootViewController: inbox)
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            navigation.pushViewController(message, animated: false)
            window.layoutIfNeeded()
            let delegate = CustomPopDelegate(log: log)
            navigation.delegate = delegate
            log.entries = []
            try body(navigation, inbox, message, delegate, clock)
            window.isHidden = true
            CATransaction.flush()
        }
    }

    @Test func aDelegatesAnimatorRunsThePopInAContainerUnderTheBar() throws {
        try withStack { navigation, inbox, message, delegate, clock in
            navigation.popViewController(animated: true)
            CATransaction.flush()
            let coordinator = try #require(navigation.transitionCoordinator)
            #expect(!coordinator.isInteractive && coordinator.transitionDuration == 0.4)
            #expect(coordinator.viewController(forKey: .from) === message && coordinator.viewController(forKey: .to) === inbox)
            // The content area below the 44-point bar.
            #expect(delegate.animator.seenFinalFrame == CGRect(x: 0, y: 44, width: 320, height: 436))
            #expect(navigation.view.subviews.last === navigation.navigationBar)
            #expect(inbox.view.superview === message.view.superview && inbox.view.superview !== navigation.view)
            clock.advance(by: 0.2)
            #expect(abs(x(message.view) - 320) < 1e-9)
            clock.advance(by: 0.25)
            #expect(navigation.viewControllers == [inbox] && message.view.superview == nil && message.parent == nil)
            #expect(navigation.transitionCoordinator == nil)
            #expect(delegate.log.entries == ["Message viewWillDisappear", "Inbox viewWillAppear", "willShow Inbox",
                                             "Message viewDidDisappear", "Inbox viewDidAppear", "didShow Inbox"])
        }
    }

    @Test func anInteractivePopFollowsTheGestureAndCompletes() throws {
        withStack { navigation, inbox, message, delegate, clock in
            delegate.interacting = true
            navigation.popViewController(animated: true)
            CATransaction.flush()
            #expect(navigation.transitionCoordinator?.isInteractive == true)
            delegate.interactor.update(0.5)
            clock.advance(by: 1)
            #expect(abs(x(message.view) - 320) < 1e-9)
            delegate.interactor.update(0.75)
            clock.advance(by: 0.01)
            #expect(abs(x(message.view) - 400) < 1e-9)
            delegate.interactor.finish()
            clock.advance(by: 0.11)
            #expect(navigation.viewControllers == [inbox] && navigation.topViewController === inbox)
            #expect(message.view.superview == nil)
            #expect(delegate.log.entries == ["Message viewWillDisappear", "Inbox viewWillAppear", "willShow Inbox",
                                             "Message viewDidDisappear", "Inbox viewDidAppear", "didShow Inbox"])
        }
    }

    @Test func aCancelledInteractivePopKeepsTheStack() throws {
        withStack { navigation, inbox, message, delegate, clock in
            let frame = message.view.frame
            delegate.interacting = true
            navigation.popViewController(animated: true)
            CATransaction.flush()
            delegate.interactor.update(0.5)
            clock.advance(by: 0.01)
            delegate.interactor.cancel()
            // Back over the 0.2 s it took: a quarter of the way after 0.1 s.
            clock.advance(by: 0.1)
            #expect(abs(x(message.view) - 240) < 1e-9)
            clock.advance(by: 0.11)
            #expect(navigation.viewControllers == [inbox, message] && navigation.topViewController === message)
            #expect(message.parent === navigation && inbox.view.superview == nil)
            #expect(message.view.frame == frame && x(message.view) == 160)
            #expect(navigation.navigationBar.topItem === message.navigationItem)
            #expect(navigation.transitionCoordinator == nil)
            #expect(delegate.log.entries == ["Message viewWillDisappear", "Inbox viewWillAppear", "willShow Inbox",
                                             "Inbox viewWillDisappear", "Inbox viewDidDisappear",
                                             "Message viewWillAppear", "Message viewDidAppear"])
            // The stack still pops.
            delegate.interacting = false
            navigation.popViewController(animated: false)
            #expect(navigation.viewControllers == [inbox])
        }
    }

    // MARK: Tabs

    @Test func aTabSwitchRunsTheDelegatesAnimatorAndACancelledOneKeepsTheOldTab() throws {
        let clock = CAMediaClock(manualTime: 1000)
        clock.withCurrent {
            let log = NavigationLog()
            let screens = ["Home", "Search"].map { LoggedScreen($0, log: log) }
            let tabs = UITabBarController()
            let fade = TabFadeDelegate()
            tabs.delegate = fade
            tabs.viewControllers = screens
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            window.rootViewController = tabs
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            log.entries = []
            // Interactive: held half faded in, then cancelled.
            fade.interacting = true
            tabs.selectedIndex = 1
            CATransaction.flush()
            fade.interactor.update(0.5)
            clock.advance(by: 0.5)
            let shown = screens[1].view.layer.presentation()?.opacity ?? -1
            #expect(abs(shown - 0.5) < 1e-6)
            #expect(tabs.transitionCoordinator?.isInteractive == true)
            #expect(tabs.view.subviews.last === tabs.tabBar)
            fade.interactor.cancel()
            clock.advance(by: 0.2)
            #expect(tabs.selectedIndex == 0 && tabs.tabBar.selectedItem === screens[0].tabBarItem)
            #expect(screens[1].view.superview == nil && screens[0].view.window === window)
            #expect(log.entries == ["Search viewDidLoad", "Home viewWillDisappear", "Search viewWillAppear",
                                    "Search viewWillDisappear", "Search viewDidDisappear",
                                    "Home viewWillAppear", "Home viewDidAppear"])
            // Not interactive: the fade runs over 0.2 s.
            log.entries = []
            fade.interacting = false
            tabs.selectedIndex = 1
            CATransaction.flush()
            clock.advance(by: 0.1)
            #expect(abs((screens[1].view.layer.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
            clock.advance(by: 0.15)
            #expect(tabs.selectedIndex == 1 && screens[0].view.superview == nil && screens[1].view.alpha == 1)
            #expect(screens[1].view.frame == CGRect(x: 0, y: 0, width: 320, height: 431))
            #expect(log.entries == ["Home viewWillDisappear", "Search viewWillAppear", "Home viewDidDisappear", "Search viewDidAppear"])
            window.isHidden = true
            CATransaction.flush()
        }
    }
}
