import Foundation

/// Drives an interactive transition by the fraction done: return it as the interaction
/// controller (from a transitioning delegate or a navigation controller's delegate), then
/// `update(_:)` it as the user's finger moves and `finish()` or `cancel()` it when the gesture
/// ends. The animator sets up its animations as usual; they follow the fraction while the
/// gesture lasts and run on (or back) at `completionSpeed` after.
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    private weak var context: (any UIViewControllerContextTransitioning)?

    public override init() {
        super.init()
    }

    /// The transition's duration, as the animator gave it.
    open var duration: CGFloat {
        CGFloat((context as? ControllerTransition)?.transitionDuration ?? 0)
    }

    /// The fraction last passed to `update(_:)`.
    open private(set) var percentComplete: CGFloat = 0

    /// How fast the rest of the transition runs after `finish()` or `cancel()` (1: in the
    /// time left of the animator's duration; 2: in half of it). Must be greater than 0.
    open var completionSpeed: CGFloat = 1

    /// The curve of the rest of the transition (`.easeInOut`).
    open var completionCurve: UIView.AnimationCurve = .easeInOut

    /// The timing of the rest of the transition, when set.
    open var timingCurve: (any UITimingCurveProvider)?

    /// Whether the transition starts interactive (true); when false it runs until `pause()`.
    open var wantsInteractiveStart = true

    /// Starts the transition: the animator's `animateTransition(using:)` sets up the
    /// animations, held at the start while the transition is interactive.
    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        context = transitionContext
        percentComplete = 0
        if let transition = transitionContext as? ControllerTransition {
            transition.startAnimatorForInteraction()
        }
    }

    /// Moves the transition to `percentComplete` (0…1; less than 0 counts as 0).
    open func update(_ percentComplete: CGFloat) {
        guard percentComplete.isFinite else { return }
        self.percentComplete = Swift.min(Swift.max(percentComplete, 0), 1)
        context?.updateInteractiveTransition(self.percentComplete)
    }

    /// Makes a running transition interactive again, where it is.
    open func pause() {
        guard let context else { return }
        context.pauseInteractiveTransition()
        if let transition = context as? ControllerTransition { percentComplete = transition.percentComplete }
    }

    /// The user abandoned the transition: it runs back to where it started.
    open func cancel() {
        context?.cancelInteractiveTransition()
    }

    /// The user completed the transition: it runs on to the end.
    open func finish() {
        context?.finishInteractiveTransition()
    }
}
