import Foundation

/// One presentation or dismissal in flight. It makes the appearance calls in iOS's order —
/// the presented controller's (and, when its view leaves, the presenter's) `viewWill…` before
/// the animation and `viewDid…` once the animator calls `completeTransition(_:)` — and tells the
/// presentation controller as the transition begins and ends. A cancelled presentation takes
/// the container away again; a cancelled dismissal leaves the presented controller up.
@MainActor
final class PresentationTransition: ControllerTransition {
    let isPresentation: Bool
    let controller: UIPresentationController

    private var presented: UIViewController { controller.presentedViewController }
    private var presenter: UIViewController { controller.presentingViewController }

    init(presenting: Bool, controller: UIPresentationController, container: UIView, animated: Bool,
         animator: any UIViewControllerAnimatedTransitioning, interactor: (any UIViewControllerInteractiveTransitioning)?) {
        isPresentation = presenting
        self.controller = controller
        super.init(container: container, animated: animated, animator: animator, interactor: interactor)
    }

    override var presentationStyle: UIModalPresentationStyle { controller.presentationStyle }

    override func transitionWillBegin() {
        presented.runningTransition = self
        let removes = controller.shouldRemovePresentersView
        if isPresentation {
            _ = presented.view
            presented.isBeingPresented = true
            if removes { presenter.beginAppearanceTransition(false, animated: isAnimated) }
            presented.beginAppearanceTransition(true, animated: isAnimated)
            controller.presentationTransitionWillBegin()
        } else {
            presented.isBeingDismissed = true
            presented.beginAppearanceTransition(false, animated: isAnimated)
            if removes {
                presenter.beginAppearanceTransition(true, animated: isAnimated)
                presenter.restoreViewAfterCovering()
            }
            controller.dismissalTransitionWillBegin()
        }
    }

    // MARK: UIViewControllerContextTransitioning

    override func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: return isPresentation ? presenter : presented
        case .to: return isPresentation ? presented : presenter
        default: return nil
        }
    }

    override func view(forKey key: UITransitionContextViewKey) -> UIView? {
        let removes = controller.shouldRemovePresentersView
        switch key {
        case .from: return isPresentation ? (removes ? presenter.viewIfLoaded : nil) : controller.presentedView
        case .to: return isPresentation ? controller.presentedView : (removes ? presenter.viewIfLoaded : nil)
        default: return nil
        }
    }

    override func initialFrame(for vc: UIViewController) -> CGRect {
        guard vc === viewController(forKey: .from) else { return .zero }
        if vc === presented { return controller.frameOfPresentedViewInContainerView }
        guard let view = vc.viewIfLoaded, let superview = view.superview else { return .zero }
        return containerView.convert(view.frame, from: superview)
    }

    override func finalFrame(for vc: UIViewController) -> CGRect {
        guard vc === viewController(forKey: .to) else { return .zero }
        return vc === presented ? controller.frameOfPresentedViewInContainerView : containerView.bounds
    }

    override func transitionDidEnd(_ didComplete: Bool) {
        let removes = controller.shouldRemovePresentersView
        if isPresentation {
            controller.presentationTransitionDidEnd(didComplete)
            if didComplete {
                if removes { presenter.coverView() }
                containerView.layoutIfNeeded()
                presented.endAppearanceTransition()
                if removes { presenter.endAppearanceTransition() }
            } else {
                presented.beginAppearanceTransition(false, animated: false)
                containerView.removeFromSuperview()
                presented.endAppearanceTransition()
                if removes {
                    presenter.beginAppearanceTransition(true, animated: false)
                    presenter.endAppearanceTransition()
                }
                unlink()
            }
            presented.isBeingPresented = false
        } else {
            controller.dismissalTransitionDidEnd(didComplete)
            if didComplete {
                if removes { presenter.restoreViewAfterCovering() }
                containerView.removeFromSuperview()
                presented.endAppearanceTransition()
                if removes { presenter.endAppearanceTransition() }
                unlink()
            } else {
                presented.beginAppearanceTransition(true, animated: false)
                presented.endAppearanceTransition()
                if removes {
                    presenter.beginAppearanceTransition(false, animated: false)
                    presenter.coverView()
                    presenter.endAppearanceTransition()
                }
            }
            presented.isBeingDismissed = false
        }
        presented.runningTransition = nil
    }

    private func unlink() {
        if presenter.storedPresented === presented { presenter.storedPresented = nil }
        presented.storedPresenting = nil
        controller.containerView = nil
    }
}

extension UIViewController {
    /// Takes this controller's view out of the window once a full-screen presentation covers
    /// it, remembering where it was.
    func coverView() {
        guard let view = viewIfLoaded, let superview = view.superview else { return }
        coveredViewHome = (superview, superview.subviews.firstIndex { $0 === view } ?? 0)
        view.removeFromSuperview()
    }

    /// Puts the view a full-screen presentation took out back where it was.
    func restoreViewAfterCovering() {
        guard let (home, index) = coveredViewHome, let view = viewIfLoaded else { return }
        if view.superview !== home { home.insertSubview(view, at: Swift.min(index, home.subviews.count)) }
        if view.superview === home { coveredViewHome = nil }
    }
}

/// The system's presentation animation: the presented view slides up from the bottom
/// (`.coverVertical`) or fades in (`.crossDissolve`), and the reverse on dismissal, over half a
/// second.
///
/// - Note: Differs from Apple: iOS moves sheets on a spring; Lamina eases out over 0.5 s.
///   `.flipHorizontal` and `.partialCurl` slide as `.coverVertical` does.
@MainActor
final class SystemPresentationAnimator: UIViewControllerAnimatedTransitioning {
    static let duration: TimeInterval = 0.5
    let presenting: Bool
    let style: UIModalTransitionStyle

    init(presenting: Bool, style: UIModalTransitionStyle) {
        self.presenting = presenting
        self.style = style
    }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        transitionContext?.isAnimated == false ? 0 : SystemPresentationAnimator.duration
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let key: UITransitionContextViewKey = presenting ? .to : .from
        guard let view = transitionContext.view(forKey: key),
              let controller = transitionContext.viewController(forKey: presenting ? .to : .from) else {
            transitionContext.completeTransition(true)
            return
        }
        let rest = presenting ? transitionContext.finalFrame(for: controller) : view.frame
        let below = rest.offsetBy(dx: 0, dy: Swift.max(container.bounds.height - rest.minY, 0))
        let fades = style == .crossDissolve
        if presenting {
            UIView.performWithoutAnimation {
                container.addSubview(view)
                view.frame = transitionContext.isAnimated && !fades ? below : rest
                view.alpha = transitionContext.isAnimated && fades ? 0 : 1
                view.layoutIfNeeded()
            }
        }
        guard transitionContext.isAnimated else {
            transitionContext.completeTransition(true)
            return
        }
        UIView.animate(withDuration: SystemPresentationAnimator.duration, delay: 0,
                       options: [presenting ? .curveEaseOut : .curveEaseIn], animations: {
            if fades {
                view.alpha = self.presenting ? 1 : 0
            } else {
                view.frame = self.presenting ? rest : below
            }
        }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// Shows the presented view at its final frame (or takes it away) at once.
@MainActor
final class ImmediatePresentationAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    init(presenting: Bool) { self.presenting = presenting }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0 }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        if presenting, let view = transitionContext.view(forKey: .to), let controller = transitionContext.viewController(forKey: .to) {
            UIView.performWithoutAnimation {
                transitionContext.containerView.addSubview(view)
                view.frame = transitionContext.finalFrame(for: controller)
            }
        }
        transitionContext.completeTransition(true)
    }
}
