import LaminaTestSupport
import Testing
import UIKit

/// A custom presentation as iOS code writes one: a presentation controller that puts the
/// presented view in the bottom half over a dimming view, and an animator that fades it in.
@MainActor
final class HalfPresentation: UIPresentationController {
    var log: [String] = []
    let dimming = UIView()
    override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
    }
    override func presentationTransitionWillBegin() {
        log.append("presentationTransitionWillBegin")
        dimming.backgroundColor = UIColor(white: 0, alpha: 0.5)
        dimming.frame = containerView?.bounds ?? .zero
        dimming.alpha = 0
        containerView?.addSubview(dimming)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 1 }, completion: { context in
            self.log.append("alongside completion cancelled=\(context.isCancelled)")
        })
    }
    override func presentationTransitionDidEnd(_ completed: Bool) { log.append("presentationTransitionDidEnd \(completed)") }
    override func dismissalTransitionWillBegin() {
        log.append("dismissalTransitionWillBegin")
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0 }, completion: nil)
    }
    override func dismissalTransitionDidEnd(_ completed: Bool) {
        log.append("dismissalTransitionDidEnd \(completed)")
        if completed { dimming.removeFromSuperview() }
    }
}

@MainActor
final class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    var log: [String] = []
    var seen: (from: UIViewController?, to: UIViewController?, fromView: UIView?, toView: UIView?, final: CGRect)?
    init(presenting: Bool) { self.presenting = presenting }
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let from = transitionContext.viewController(forKey: .from), to = transitionContext.viewController(forKey: .to)
        let fromView = transitionContext.view(forKey: .from), toView = transitionContext.view(forKey: .to)
        seen = (from, to, fromView, toView, to.map { transitionContext.finalFrame(for: $0) } ?? .zero)
        log.append("animateTransition animated=\(transitionContext.isAnimated)")
        if presenting, let toView, let to {
            toView.frame = transitionContext.finalFrame(for: to)
            toView.alpha = 0
            transitionContext.containerView.addSubview(toView)
        }
        UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            (self.presenting ? toView : fromView)?.alpha = self.presenting ? 1 : 0
        }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
    func animationEnded(_ transitionCompleted: Bool) { log.append("animationEnded \(transitionCompleted)") }
}

@MainActor
final class HalfTransitions: NSObject, UIViewControllerTransitioningDelegate {
    var presentation: HalfPresentation?
    let presenter = FadeAnimator(presenting: true)
    let dismisser = FadeAnimator(presenting: false)
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        let controller = HalfPresentation(presentedViewController: presented, presenting: presenting)
        presentation = controller
        return controller
    }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { presenter }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { dismisser }
}

@MainActor
final class DismissLog: NSObject, UIAdaptivePresentationControllerDelegate {
    var entries: [String] = []
    var allows = true
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        entries.append("shouldDismiss")
        return allows
    }
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) { entries.append("willDismiss") }
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { entries.append("didDismiss") }
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) { entries.append("didAttemptToDismiss") }
}

/// Modal presentation: sheets (narrow and wide windows, detents, dismissing by a drag),
/// full-screen and cross-dissolve presentations, and custom ones through a transitioning
/// delegate — with the callbacks in iOS's order.
@MainActor
@Suite struct PresentationTests {
    private func withRoot(width: CGFloat = 320, height: CGFloat = 480,
                          _ body: (UIWindow, UIViewController, CAMediaClock) throws -> Void) rethrows {
        let clock = CAMediaClock(manualTime: 1000)
        try clock.withCurrent {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
            let root = UIViewController()
            root.view.backgroundColor = .systemBackground
            window.rootViewController = root
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            try body(window, root, clock)
            window.isHidden = true
            CATransaction.flush()
        }
    }

    private func present(_ controller: UIViewController, from root: UIViewController, clock: CAMediaClock) {
        root.present(controller, animated: true)
        CATransaction.flush()
        clock.advance(by: 0.6)
    }

    @Test func aPageSheetRisesToThirtyPointsFromTheTopOverAShrunkPresenter() throws {
        try withRoot { window, root, clock in
            let sheet = UIViewController()
            #expect(sheet.modalPresentationStyle == .automatic && sheet.modalTransitionStyle == .coverVertical)
            #expect(sheet.sheetPresentationController != nil)
            root.present(sheet, animated: true)
            CATransaction.flush()
            // Half way through, the sheet is on its way up from the bottom.
            clock.advance(by: 0.25)
            let midway = try #require(sheet.view.superview?.layer.presentation()?.frame.minY)
            #expect(midway > 30 && midway < 480)
            clock.advance(by: 0.35)
            let card = try #require(sheet.view.superview)
            #expect(card.frame == CGRect(x: 0, y: 30, width: 320, height: 450))
            #expect(sheet.view.frame == card.bounds)
            #expect(card.layer.cornerRadius == 10 && card.clipsToBounds)
            #expect(card.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
            // The presenter stays in the window, 16 points in from each side, its top 20
            // points down, rounded.
            #expect(root.view.window === window)
            let shrunk = root.view.frame
            #expect(abs(shrunk.minX - 16) < 1e-9 && abs(shrunk.width - 288) < 1e-9 && abs(shrunk.minY - 20) < 1e-9)
            #expect(root.view.layer.cornerRadius == 10)
            sheet.dismiss(animated: false)
            #expect(root.view.transform == .identity && root.view.frame == window.bounds)
            #expect(card.window == nil)
        }
    }

    @Test func aMediumDetentSheetRestsHalfWayAndDoesNotShrinkThePresenter() throws {
        try withRoot { _, root, clock in
            let sheet = UIViewController()
            let controller = try #require(sheet.sheetPresentationController)
            controller.detents = [.medium(), .large()]
            controller.prefersGrabberVisible = true
            present(sheet, from: root, clock: clock)
            let card = try #require(sheet.view.superview)
            // The smallest detent first: half of the 450 points a large sheet has.
            #expect(card.frame == CGRect(x: 0, y: 255, width: 320, height: 225))
            #expect(root.view.transform == .identity)
            // The grabber: 36 × 5, 5 points from the top, in the middle.
            #expect(card.subviews.contains { $0.frame == CGRect(x: 142, y: 5, width: 36, height: 5) })
            controller.animateChanges { controller.selectedDetentIdentifier = .large }
            clock.advance(by: 0.4)
            #expect(card.frame == CGRect(x: 0, y: 30, width: 320, height: 450))
        }
    }

    @Test func draggingASheetDownDismissesItAndTellsTheDelegate() throws {
        try withRoot { window, root, clock in
            let sheet = UIViewController()
            let log = DismissLog()
            sheet.presentationController?.delegate = log
            present(sheet, from: root, clock: clock)
            // The delegate is asked as a drag starts. A short drag: the sheet goes back.
            window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 160), duration: 0.3)
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(root.presentedViewController === sheet && log.entries == ["shouldDismiss"])
            #expect(sheet.view.superview?.frame.minY == 30)
            // Past a third of its height: gone.
            window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 300), duration: 0.3)
            CATransaction.flush()
            clock.advance(by: 0.6)
            #expect(root.presentedViewController == nil && sheet.view.window == nil)
            #expect(log.entries == ["shouldDismiss", "shouldDismiss", "willDismiss", "didDismiss"])
        }
    }

    @Test func aModalSheetRefusesTheDrag() throws {
        try withRoot { window, root, clock in
            let sheet = UIViewController()
            sheet.isModalInPresentation = true
            let log = DismissLog()
            sheet.presentationController?.delegate = log
            present(sheet, from: root, clock: clock)
            window.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 400), duration: 0.3)
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(root.presentedViewController === sheet)
            #expect(log.entries == ["didAttemptToDismiss"])
            #expect(sheet.view.superview?.frame.minY == 30)
        }
    }

    @Test func aFormSheetInAWideWindowIsACentredCardAndATapOutsideDismissesIt() throws {
        try withRoot(width: 1024, height: 768) { window, root, clock in
            #expect(window.traitCollection.horizontalSizeClass == .regular)
            let sheet = UIViewController()
            sheet.modalPresentationStyle = .formSheet
            present(sheet, from: root, clock: clock)
            let card = try #require(sheet.view.superview)
            #expect(card.frame == CGRect(x: 242, y: 74, width: 540, height: 620))
            #expect(card.layer.maskedCorners.contains(.layerMaxXMaxYCorner))
            #expect(root.view.transform == .identity)
            window.tap(at: CGPoint(x: 100, y: 400))
            CATransaction.flush()
            clock.advance(by: 0.6)
            #expect(root.presentedViewController == nil)
        }
    }

    @Test func aWindowNarrowerThanSixHundredPointsIsCompact() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 599, height: 400))
        #expect(window.traitCollection.horizontalSizeClass == .compact)
        let view = UIView()
        window.addSubview(view)
        window.frame = CGRect(x: 0, y: 0, width: 600, height: 400)
        #expect(view.traitCollection.horizontalSizeClass == .regular)
    }

    @Test func crossDissolveFadesAndFullScreenCovers() throws {
        try withRoot { window, root, clock in
            let cover = UIViewController()
            cover.modalPresentationStyle = .fullScreen
            cover.modalTransitionStyle = .crossDissolve
            root.present(cover, animated: true)
            CATransaction.flush()
            clock.advance(by: 0.25)
            let alpha = try #require(cover.view.layer.presentation()?.opacity)
            #expect(alpha > 0.1 && alpha < 0.9)
            #expect(cover.view.frame == window.bounds)
            clock.advance(by: 0.35)
            #expect(root.view.window == nil && cover.view.window === window)
            cover.dismiss(animated: false)
            #expect(root.view.window === window && root.view.superview === window)
        }
    }

    @Test func aCustomPresentationUsesTheDelegatesControllerAndAnimators() throws {
        try withRoot { window, root, clock in
            let transitions = HalfTransitions()
            let presented = UIViewController()
            presented.modalPresentationStyle = .custom
            presented.transitioningDelegate = transitions
            var completed = false
            root.present(presented, animated: true) { completed = true }
            CATransaction.flush()
            let presentation = try #require(transitions.presentation)
            #expect(presented.presentationController === presentation && presentation.presentingViewController === root)
            #expect(presentation.presentationStyle == .custom)
            let seen = try #require(transitions.presenter.seen)
            #expect(seen.from === root && seen.to === presented)
            // The presenter's view stays where it is, so the context gives none.
            #expect(seen.fromView == nil && seen.toView === presented.view)
            #expect(seen.final == CGRect(x: 0, y: 240, width: 320, height: 240))
            #expect(presentation.log == ["presentationTransitionWillBegin"])
            #expect(presented.transitionCoordinator != nil && !completed)
            clock.advance(by: 0.35)
            #expect(completed && presented.transitionCoordinator == nil)
            #expect(presentation.log == ["presentationTransitionWillBegin", "presentationTransitionDidEnd true", "alongside completion cancelled=false"])
            #expect(transitions.presenter.log == ["animateTransition animated=true", "animationEnded true"])
            #expect(presentation.dimming.alpha == 1 && presented.view.frame == CGRect(x: 0, y: 240, width: 320, height: 240))
            #expect(root.view.window === window)
            var dismissed = false
            presented.dismiss(animated: true) { dismissed = true }
            CATransaction.flush()
            #expect(transitions.dismisser.seen?.from === presented && transitions.dismisser.seen?.fromView === presented.view)
            clock.advance(by: 0.35)
            #expect(dismissed && presented.view.window == nil && presentation.dimming.superview == nil)
            #expect(presentation.log.suffix(2) == ["dismissalTransitionWillBegin", "dismissalTransitionDidEnd true"])
        }
    }

    @Test func aChildPresentsFromItsRootAndDismissesThroughIt() throws {
        try withRoot { _, root, clock in
            let navigation = UINavigationController(rootViewController: UIViewController())
            let presented = UIViewController()
            presented.modalPresentationStyle = .overFullScreen
            navigation.modalPresentationStyle = .fullScreen
            present(navigation, from: root, clock: clock)
            let top = try #require(navigation.topViewController)
            #expect(top.presentingViewController === root)
            top.present(presented, animated: false)
            #expect(presented.presentingViewController === navigation && top.presentedViewController === presented)
            // Dismissing from inside the navigation controller dismisses it (and what it presented).
            top.dismiss(animated: false)
            #expect(navigation.presentedViewController == nil)
            top.dismiss(animated: false)
            #expect(root.presentedViewController == nil && navigation.view.window == nil)
        }
    }

    /// A navigation controller in a page sheet over a list (narrow window), and a form sheet
    /// with a grabber in a wide one.
    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func sheetsLookRight(_ style: UIUserInterfaceStyle) throws {
        for (size, sheetStyle, name) in [(CGSize(width: 320, height: 480), UIModalPresentationStyle.pageSheet, "page-sheet"),
                                         (CGSize(width: 700, height: 520), .formSheet, "form-sheet")] {
            try withRoot(width: size.width, height: size.height) { window, root, clock in
                window.overrideUserInterfaceStyle = style
                let label = UILabel(frame: CGRect(x: 20, y: 40, width: 280, height: 30))
                label.text = "Behind the sheet"
                label.font = .systemFont(ofSize: 22, weight: .bold)
                root.view.addSubview(label)
                let content = UIViewController()
                content.view.backgroundColor = .systemGroupedBackground
                content.title = "New Event"
                content.navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .cancel, target: nil, action: nil)
                content.navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
                let navigation = UINavigationController(rootViewController: content)
                navigation.modalPresentationStyle = sheetStyle
                navigation.sheetPresentationController?.prefersGrabberVisible = sheetStyle == .formSheet
                present(navigation, from: root, clock: clock)
                window.layoutIfNeeded()
                let image = try controlSnapshot(window)
                let message = ReferenceImage.mismatch(image, suite: "PresentationTests", name: "\(name)-\(style == .dark ? "dark" : "light")")
                #expect(message == nil, Comment(rawValue: message ?? ""))
            }
        }
    }
}
