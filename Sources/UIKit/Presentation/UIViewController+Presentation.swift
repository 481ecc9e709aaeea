import Foundation

extension UIViewController {
    /// The presentation controller managing this controller — or, for a child, its nearest
    /// presented ancestor's. Before a presentation, reading it makes the one the current
    /// `modalPresentationStyle` will use (so its delegate can be set first).
    var nearestPresentationController: UIPresentationController? {
        if storedPresenting == nil, let parent { return parent.nearestPresentationController }
        return systemPresentationController(presenting: storedPresenting)
    }

    /// The coordinator of the presentation or dismissal running for this controller (or an
    /// ancestor, or the controller it presents), for animating alongside it.
    var runningCoordinator: (any UIViewControllerTransitionCoordinator)? {
        var controller: UIViewController? = self
        while let current = controller {
            if let running = current.runningTransition { return running }
            if let running = current.storedPresented?.runningTransition { return running }
            if let running = current.runningChildTransition { return running }
            controller = current.parent
        }
        return nil
    }

    /// The style a presentation of this controller uses: `.automatic` is a page sheet.
    var resolvedPresentationStyle: UIModalPresentationStyle {
        switch modalPresentationStyle {
        case .automatic, .popover: return .pageSheet
        case .currentContext: return .fullScreen
        case .overCurrentContext: return .overFullScreen
        case .none: return .fullScreen
        default: return modalPresentationStyle
        }
    }

    /// The presentation controller for the current style, made (or remade, keeping its
    /// delegate, when the style changed) as needed.
    func systemPresentationController(presenting: UIViewController?) -> UIPresentationController {
        let style = resolvedPresentationStyle
        if let stored = storedPresentationController, stored.systemStyle == style || (style == .custom && stored.systemStyle == nil) {
            return stored
        }
        let made: UIPresentationController
        switch style {
        case .pageSheet, .formSheet:
            made = UISheetPresentationController(presentedViewController: self, presenting: presenting)
        case .fullScreen, .overFullScreen:
            made = FullScreenPresentationController(presentedViewController: self, presenting: presenting,
                                                    removesPresenter: style == .fullScreen)
        default:
            made = UIPresentationController(presentedViewController: self, presenting: presenting)
        }
        made.systemStyle = style == .custom ? nil : style
        made.delegate = storedPresentationController?.delegate
        storedPresentationController = made
        return made
    }

    // MARK: Presenting

    /// `present(_:animated:completion:)`.
    func performPresentation(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)?) {
        var presenter = self
        while let parent = presenter.parent, !presenter.definesPresentationContext { presenter = parent }
        // As iOS does, a controller whose view is not in a window (presenting from
        // `viewDidLoad`, say) presents nothing and says so on the console.
        guard viewIfLoaded?.window != nil, let window = presenter.viewIfLoaded?.window else {
            ConsoleLog.report("Attempt to present \(viewControllerToPresent) on \(presenter) (from \(self)) whose view is not in the window hierarchy.")
            return
        }
        guard presenter.storedPresented == nil, viewControllerToPresent.storedPresenting == nil,
              viewControllerToPresent !== presenter else { return }
        let presented = viewControllerToPresent
        let controller: UIPresentationController
        if presented.modalPresentationStyle == .custom,
           let custom = presented.transitioningDelegate?.presentationController(forPresented: presented, presenting: presenter, source: self) {
            controller = custom
            controller.delegate = controller.delegate ?? presented.storedPresentationController?.delegate
            presented.storedPresentationController = controller
        } else {
            controller = presented.systemPresentationController(presenting: presenter)
        }
        controller.setPresenting(presenter)
        presenter.storedPresented = presented
        presented.storedPresenting = presenter
        let container = PresentationContainerView(frame: window.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.presentationController = controller
        controller.containerView = container
        window.addSubview(container)
        let animator = presented.transitioningDelegate?.animationController(forPresented: presented, presenting: presenter, source: self)
            ?? presented.systemPresentationAnimator(presenting: true)
        let interactor = presented.transitioningDelegate?.interactionControllerForPresentation(using: animator)
        let transition = PresentationTransition(presenting: true, controller: controller, container: container,
                                                animated: flag, animator: animator, interactor: interactor)
        transition.start(completion: completion)
    }

    /// `dismiss(animated:completion:)`.
    func performDismissal(animated flag: Bool, completion: (() -> Void)?) {
        var owner: UIViewController? = self
        while let current = owner, current.storedPresented == nil { owner = current.parent }
        guard let presenter = owner, let presented = presenter.storedPresented else {
            if let presenting = presentingViewController {
                presenting.dismiss(animated: flag, completion: completion)
            } else {
                completion?()
            }
            return
        }
        guard presented.runningTransition == nil else { return }
        // Controllers the presented one presented go first, at once.
        if presented.storedPresented != nil { presented.dismiss(animated: false) }
        guard let controller = presented.storedPresentationController, let container = controller.containerView else {
            presenter.storedPresented = nil
            presented.storedPresenting = nil
            completion?()
            return
        }
        let animator = presented.transitioningDelegate?.animationController(forDismissed: presented)
            ?? presented.systemPresentationAnimator(presenting: false)
        let interactor = presented.transitioningDelegate?.interactionControllerForDismissal(using: animator)
        let transition = PresentationTransition(presenting: false, controller: controller, container: container,
                                                animated: flag, animator: animator, interactor: interactor)
        transition.start(completion: completion)
    }
}

/// The presentation of `.fullScreen` (the presenter's view leaves the window once covered)
/// and `.overFullScreen` (it stays under).
final class FullScreenPresentationController: UIPresentationController {
    private let removesPresenter: Bool

    init(presentedViewController: UIViewController, presenting: UIViewController?, removesPresenter: Bool) {
        self.removesPresenter = removesPresenter
        super.init(presentedViewController: presentedViewController, presenting: presenting)
    }

    override var shouldRemovePresentersView: Bool { removesPresenter }

    override func containerViewWillLayoutSubviews() {
        guard presentedViewController.runningTransition == nil, let containerView else { return }
        presentedView?.frame = containerView.bounds
    }
}
