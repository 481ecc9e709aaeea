import Foundation

/// How a presented controller covers the presenting one.
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    case none = -1
    case automatic = -2
}

/// The animation of a system presentation.
public enum UIModalTransitionStyle: Int, Sendable {
    /// Slides up from the bottom (the default).
    case coverVertical = 0
    case flipHorizontal = 1
    /// Fades in.
    case crossDissolve = 2
    case partialCurl = 3
}

/// What a presentation controller tells about a presentation the user can dismiss by a gesture,
/// and how it adapts.
@preconcurrency @MainActor
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    /// The style to use in `traitCollection` instead of the controller's (`.none` keeps it).
    func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle
    /// Whether a swipe may dismiss the presentation (true by default).
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    /// A swipe is about to dismiss the presentation.
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    /// A swipe dismissed the presentation (not called for `dismiss(animated:)` in code).
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    /// A swipe tried to dismiss a presentation that may not be dismissed.
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    public func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle { .none }
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

/// Manages a presented controller on screen: the container view the transition happens in,
/// where the presented view goes (`frameOfPresentedViewInContainerView`), and any views of its
/// own (a dimming view, say) added as the transitions begin and removed as they end.
///
/// Subclass it for a custom presentation (`modalPresentationStyle = .custom` and a
/// transitioning delegate's `presentationController(forPresented:presenting:source:)`).
@preconcurrency @MainActor
open class UIPresentationController: NSObject, UITraitEnvironment {
    /// The controller presented.
    public let presentedViewController: UIViewController
    /// The controller that presented it.
    public private(set) var presentingViewController: UIViewController
    /// The view the presentation happens in (the whole window), set when the transition starts.
    open internal(set) var containerView: UIView?
    /// Hears about gesture dismissals and adaptation.
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?
    /// Traits the presented controller gets over the container's.
    open var overrideTraitCollection: UITraitCollection?
    /// The presentation's style.
    open var presentationStyle: UIModalPresentationStyle { systemStyle ?? .custom }
    var systemStyle: UIModalPresentationStyle?

    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController ?? presentedViewController
        super.init()
    }

    /// The presented controller's view (a presentation controller may wrap it in its own).
    open var presentedView: UIView? { presentedViewController.viewIfLoaded }

    /// Where the presented view goes in the container: the whole container by default.
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }

    /// Whether the presentation covers the whole screen (true by default).
    open var shouldPresentInFullscreen: Bool { true }

    /// Whether the presenting controller's view leaves the window once the presentation is
    /// over (false by default: the presenter shows around or under the presented view).
    open var shouldRemovePresentersView: Bool { false }

    /// The style the presentation adapts to (the presentation's own style unless the delegate
    /// says otherwise).
    open var adaptivePresentationStyle: UIModalPresentationStyle {
        adaptivePresentationStyle(for: traitCollection)
    }

    /// The style the presentation adapts to in `traitCollection`.
    open func adaptivePresentationStyle(for traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        let style = delegate?.adaptivePresentationStyle(for: self, traitCollection: traitCollection) ?? .none
        return style == .none ? presentationStyle : style
    }

    /// The container's traits (with `overrideTraitCollection`), else the presenting controller's.
    open var traitCollection: UITraitCollection {
        let base = containerView?.traitCollection ?? presentingViewController.traitCollection
        guard let overrideTraitCollection else { return base }
        return UITraitCollection(traitsFrom: [base, overrideTraitCollection])
    }

    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The presentation is about to start: add views of your own to the container here.
    open func presentationTransitionWillBegin() {}
    /// The presentation ended (`completed` false when it was cancelled).
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// The dismissal is about to start.
    open func dismissalTransitionWillBegin() {}
    /// The dismissal ended (`completed` false when it was cancelled).
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    /// The container is about to lay out: place your views here.
    open func containerViewWillLayoutSubviews() {}
    /// The container laid out.
    open func containerViewDidLayoutSubviews() {}

    /// Called when a child's preferred content size changed.
    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// Called when a child's Auto Layout fitting size changed.
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// The size a child gets: the container's size.
    open func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        parentSize
    }

    /// Called before the container changes to `size`.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {}

    /// Called before the traits change.
    open func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {}

    /// The size the presented content would like: the presented controller's.
    open var preferredContentSize: CGSize { presentedViewController.preferredContentSize }

    /// The presenting controller can change when a presentation adapts; kept for subclasses.
    func setPresenting(_ controller: UIViewController) { presentingViewController = controller }
}

/// The view a presentation happens in: covers the window, lays the presentation out.
@MainActor
final class PresentationContainerView: UIView {
    weak var presentationController: UIPresentationController?
    /// Whether touches that land on no view of the presentation go to the views behind.
    var passesTouchesThrough = false

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return passesTouchesThrough && hit === self ? nil : hit
    }

    override func layoutSubviews() {
        presentationController?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController?.containerViewDidLayoutSubviews()
    }
}

extension UIPresentationController: UIContentContainer {}
