import Foundation

/// The view animations of one interactive transition — the animator's and those added
/// alongside — driven on the transition's own timeline: held at a point while a gesture moves
/// it, run on to the end when the transition finishes, run back to the start when it is
/// cancelled (and then removed, with the properties they animated set back to what they were).
///
/// Animation blocks run inside `record(_:)` report every view-layer animation they add and the
/// model value each animated property had before. Each animation keeps its own duration, delay
/// and curve; the scrubber only moves its timing: held, an animation's `speed` is 0 and its
/// `timeOffset` the point reached; running, it plays from there at the completion speed and
/// ends (with its block's completion) as an ordinary animation does.
@MainActor
final class TransitionScrubber {
    private struct Driven {
        let layer: CALayer
        let key: String
        /// Where on the transition's timeline the animation starts (its delay).
        let start: CFTimeInterval
    }

    /// The scrubber recording now, told of animations by the view animation blocks.
    static var recording: TransitionScrubber?

    private var driven: [Driven] = []
    private var startValues: [(layer: CALayer, key: String, value: Any?)] = []
    private let clock = CAMediaClock.current
    /// The transition time at `anchorClockTime`, and how fast it moves from there (0: held;
    /// negative: running back).
    private var anchor: CFTimeInterval = 0
    private var anchorClockTime: CFTimeInterval
    private var rate: Double = 1
    private var frameCallback: Int?
    private var reachedStart: (() -> Void)?

    init() {
        anchorClockTime = clock.time
    }

    /// The transition time reached (never before 0).
    var time: CFTimeInterval {
        Swift.max(0, anchor + (clock.time - anchorClockTime) * rate)
    }

    /// Runs `body`, taking over the view animations it adds, and places them on the timeline.
    func record(_ body: () -> Void) {
        let outer = TransitionScrubber.recording
        TransitionScrubber.recording = self
        body()
        TransitionScrubber.recording = outer
        if rate != 1 { retime() }
    }

    /// Told by an animation block that `key` of `layer` animates from `old`.
    func noteChange(_ layer: CALayer, _ key: String, old: Any?) {
        guard !startValues.contains(where: { $0.layer === layer && $0.key == key }) else { return }
        startValues.append((layer, key, old))
    }

    /// Told that an animation block added the animation under `key` to `layer`.
    func noteAdd(_ layer: CALayer, _ key: String) {
        guard let animation = layer.animation(forKey: key) else { return }
        let now = layer.convertTime(clock.time, from: nil)
        let delay = animation.beginTime > 0 ? Swift.max(0, animation.beginTime - now) : 0
        driven.append(Driven(layer: layer, key: key, start: time + delay))
    }

    /// Holds every animation at transition time `t`.
    func hold(at t: CFTimeInterval) {
        stopFollowingFrames()
        anchor = Swift.max(0, t.isFinite ? t : 0)
        anchorClockTime = clock.time
        rate = 0
        retime()
    }

    /// Holds every animation where it is.
    func hold() { hold(at: time) }

    /// Runs the animations on from where they are at `speed` (they end as usual).
    func runToEnd(speed: Double) {
        stopFollowingFrames()
        anchor = time
        anchorClockTime = clock.time
        rate = speed
        retime()
    }

    /// Runs the animations back to the start at `speed`, then removes them and sets the
    /// properties back; `then` is called after.
    func runToStart(speed: Double, then: @escaping () -> Void) {
        stopFollowingFrames()
        anchor = time
        anchorClockTime = clock.time
        rate = -speed
        reachedStart = then
        retime()
        frameCallback = clock.scheduler.addFrameCallback { [weak self] in
            guard let self, MainQueue.isCurrent else { return }
            MainActor.assumeIsolated { self.followBack() }
        }
        if anchor <= 0 { followBack() }
    }

    /// Per frame while running back: the animations follow; at the start they go.
    private func followBack() {
        guard rate < 0 else { return }
        if time > 0 {
            retime()
            return
        }
        stopFollowingFrames()
        rate = 0
        anchor = 0
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for entry in startValues { entry.layer.setValue(entry.value, forKey: entry.key) }
        for entry in driven { entry.layer.removeAnimation(forKey: entry.key) }
        CATransaction.commit()
        driven = []
        startValues = []
        let then = reachedStart
        reachedStart = nil
        then?()
    }

    /// Lets go: no more frames are followed.
    func stopFollowingFrames() {
        if let frameCallback { clock.scheduler.removeFrameCallback(frameCallback) }
        frameCallback = nil
    }

    /// Sets every animation's timing for the current state.
    private func retime() {
        let t = time
        CATransaction.begin()
        defer { CATransaction.commit() }
        for entry in driven {
            guard let animation = entry.layer.animation(forKey: entry.key) else { continue }
            entry.layer.attachedAnimationsDidChange()
            let layerNow = entry.layer.convertTime(clock.time, from: nil)
            let local = t - entry.start
            if rate > 0 {
                animation.speed = Float(rate)
                animation.timeOffset = 0
                animation.beginTime = layerNow - local / rate
            } else {
                var span = animation.duration * (animation.autoreverses ? 2 : 1)
                if animation.repeatCount > 1 { span *= Double(animation.repeatCount) }
                animation.speed = 0
                animation.timeOffset = span.isFinite ? Swift.min(Swift.max(local, 0), span * (1 - 1e-9)) : Swift.max(local, 0)
                animation.beginTime = layerNow
            }
        }
    }
}
