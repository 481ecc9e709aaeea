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
    /// Whether a gesture drives the transition.
    var isInteractive: Bool { get }
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
