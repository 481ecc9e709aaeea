import QuartzCore

/// Runs `body` with a fresh manual clock standing at `start` bound to the current task, with
/// this thread's transactions flushed before and after (so that nothing another test left
/// open on this thread leaks in or out).
func withManualClock<Result>(at start: CFTimeInterval = 100, _ body: (CAMediaClock) throws -> Result) rethrows -> Result {
    let clock = CAMediaClock(manualTime: start)
    return try clock.withCurrent {
        CATransaction.flush()
        defer { CATransaction.flush() }
        return try body(clock)
    }
}

/// A layer that has been committed once, so that its changes start implicit animations.
func committedLayer(_ configure: (CALayer) -> Void = { _ in }) -> CALayer {
    let layer = CALayer()
    configure(layer)
    CATransaction.flush()
    return layer
}

/// Records delegate callbacks in order.
final class AnimationLog: CAAnimationDelegate {
    private(set) var events: [String] = []
    let name: String
    init(_ name: String = "a") { self.name = name }
    func animationDidStart(_ anim: CAAnimation) { events.append("start \(name)") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(name) \(flag)") }
}
