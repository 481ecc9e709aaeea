/// The life cycle of an interactive animator.
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished: the animations are not in place.
    case inactive = 0
    /// Started or paused: the animations are in place.
    case active = 1
    /// Stopped mid-way; `finishAnimation(at:)` completes it.
    case stopped = 2
}

/// Where an animator's properties end up when it finishes.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the values set in the animation blocks.
    case end = 0
    /// At the values they had before.
    case start = 1
    /// Where they were when the animator stopped.
    case current = 2
}

/// An animation that can be started, paused, scrubbed, reversed and stopped.
@preconcurrency @MainActor
public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator that can also take more animations and completions while it runs.
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    func addAnimations(_ animation: @escaping () -> Void)
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
}
