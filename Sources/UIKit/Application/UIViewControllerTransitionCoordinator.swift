/// What a size or trait transition tells the code animating alongside it.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// Whether the transition was cancelled.
    var isCancelled: Bool { get }
    /// The transition's duration.
    var transitionDuration: TimeInterval { get }
    /// The view the transition happens in.
    var containerView: UIView { get }
    /// Whether a gesture drives the transition now.
    var isInteractive: Bool { get }
    /// Whether the transition started interactive.
    var initiallyInteractive: Bool { get }
    /// Whether the transition can be paused and made interactive again.
    var isInterruptible: Bool { get }
    /// How far an interactive transition had come when interaction ended (or now, while it
    /// lasts), 0…1.
    var percentComplete: CGFloat { get }
    /// How fast the rest of the transition runs once interaction ends.
    var completionVelocity: CGFloat { get }
    /// The curve of the rest of the transition once interaction ends.
    var completionCurve: UIView.AnimationCurve { get }
    /// The presentation's style (`.none` for a transition that is not one).
    var presentationStyle: UIModalPresentationStyle { get }
    /// The rotation the transition applies (identity).
    var targetTransform: CGAffineTransform { get }
    /// The controller for `key` (nil for a size change).
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view for `key` (nil for a size change).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
}

/// Runs animations alongside a size or trait transition and completions after it.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` inside the transition's animation and `completion` after it; returns
    /// false when the animation could not be added.
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// As `animate(alongsideTransition:completion:)`, for animations of views outside the
    /// transition's container (`view`, when given, is one of them).
    @discardableResult
    func animateAlongsideTransition(in view: UIView?,
                                    animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// Calls `handler` each time the transition turns from interactive to not (the gesture
    /// ended: finishing or cancelling) or back (it was paused).
    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
    /// Calls `handler` when the transition stops being interactive.
    @available(iOS, deprecated: 10.0, renamed: "notifyWhenInteractionChanges(_:)")
    func notifyWhenInteractionEnds(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
    @discardableResult
    public func animateAlongsideTransition(in view: UIView?,
                                           animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                           completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }
}

/// The coordinator of a size change applied at once: animations run inside a view animation
/// block of the transition's duration, completions right after.
@MainActor
final class ImmediateTransitionCoordinator: UIViewControllerTransitionCoordinator {
    let isAnimated: Bool
    let isCancelled = false
    let transitionDuration: TimeInterval
    let containerView: UIView
    var isInteractive: Bool { false }
    var initiallyInteractive: Bool { false }
    var isInterruptible: Bool { false }
    var percentComplete: CGFloat { 0 }
    var completionVelocity: CGFloat { 1 }
    var completionCurve: UIView.AnimationCurve { .easeInOut }
    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {}
    func notifyWhenInteractionEnds(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {}
    var presentationStyle: UIModalPresentationStyle { .none }
    var targetTransform: CGAffineTransform { .identity }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []

    init(containerView: UIView, duration: TimeInterval) {
        self.containerView = containerView
        transitionDuration = duration
        isAnimated = duration > 0
    }

    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        if let animation {
            UIView.animate(withDuration: transitionDuration) { animation(self) }
        }
        if let completion { completions.append(completion) }
        return true
    }

    /// Runs the completions added so far.
    func finish() {
        let pending = completions
        completions = []
        for completion in pending { completion(self) }
    }
}
