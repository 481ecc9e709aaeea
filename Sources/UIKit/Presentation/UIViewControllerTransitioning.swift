import Foundation

/// Names the controllers of a transition.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The controller on screen when the transition starts.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    /// The controller on screen when it ends.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// Names the views of a transition.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view going.
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    /// The view coming.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// What an animator of a transition is given: the container, the controllers and views, where
/// they start and end, and the call to make when the animation is over.
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// The view the transition happens in; the animator adds the arriving view to it.
    var containerView: UIView { get }
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// Whether the transition is driven by a gesture.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled.
    var transitionWasCancelled: Bool { get }
    /// The presentation's style (`.custom` for a custom presentation).
    var presentationStyle: UIModalPresentationStyle { get }
    /// Moves an interactive transition to `percentComplete`.
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// Lets an interactive transition finish.
    func finishInteractiveTransition()
    /// Turns an interactive transition back.
    func cancelInteractiveTransition()
    /// Pauses an interactive transition.
    func pauseInteractiveTransition()
    /// Tells the system the animation is over: `didComplete` false when it was cancelled.
    func completeTransition(_ didComplete: Bool)
    /// The controller for `key`.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view for `key`; nil for a view that stays where it is (the presenter's, in a
    /// presentation that does not remove it).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// The rotation applied during the transition (identity).
    var targetTransform: CGAffineTransform { get }
    /// Where `vc`'s view starts (`.zero` when unknown: an arriving view's).
    func initialFrame(for vc: UIViewController) -> CGRect
    /// Where `vc`'s view ends (`.zero` for a view that leaves).
    func finalFrame(for vc: UIViewController) -> CGRect
}

/// Animates a transition between controllers.
@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    /// How long the transition takes.
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    /// Runs the animation; it must end with `transitionContext.completeTransition(_:)`.
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
    /// Called after the transition completed (or was cancelled).
    func animationEnded(_ transitionCompleted: Bool)
    /// The interruptible animator (a `UIViewPropertyAnimator`) that runs the transition, when
    /// the animator uses one: an interactive transition then scrubs, finishes and reverses it.
    /// It must be the same object for the whole transition.
    func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating
}

extension UIViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
    /// Not implemented: the transition's view animations are driven directly.
    public func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating {
        NoInterruptibleAnimator.shared
    }
}

/// Drives the timing of a transition whose animator sets up the animations: a gesture
/// handler updates it as the user's finger moves, then finishes or cancels it.
@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    /// Called as the transition starts (instead of the animator's `animateTransition(using:)`):
    /// the interaction controller sets the animations up and drives them.
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
    /// How fast the rest of the transition runs once interaction ends (1: in real time).
    var completionSpeed: CGFloat { get }
    /// The curve of the rest of the transition once interaction ends.
    var completionCurve: UIView.AnimationCurve { get }
    /// Whether the transition starts interactive (true) or runs and may be paused.
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// Stands for the answer of an animator that has no interruptible animator of its own.
@MainActor
final class NoInterruptibleAnimator: UIViewImplicitlyAnimating {
    static let shared = NoInterruptibleAnimator()
    var state: UIViewAnimatingState { .inactive }
    var isRunning: Bool { false }
    var isReversed: Bool { get { false } set {} }
    var fractionComplete: CGFloat { get { 0 } set {} }
    func startAnimation() {}
    func startAnimation(afterDelay delay: TimeInterval) {}
    func pauseAnimation() {}
    func stopAnimation(_ withoutFinishing: Bool) {}
    func finishAnimation(at finalPosition: UIViewAnimatingPosition) {}
    func addAnimations(_ animation: @escaping () -> Void) {}
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {}
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
}

/// Supplies the objects of a custom presentation: the animators, the interaction controllers
/// that make a presentation or dismissal interactive, and the presentation controller. Each
/// method is optional; nil means the system's (or, for interaction, not interactive).
@preconcurrency @MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
}
