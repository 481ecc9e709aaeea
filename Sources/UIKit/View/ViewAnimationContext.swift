import Dispatch

/// Records whether every animation of one animation block ran to its end.
final class ViewAnimationTracker: CAAnimationDelegate, @unchecked Sendable {
    private(set) var allFinished = true
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if !flag { allFinished = false }
    }
}

/// Adds a view animation under a key of its own, so that an animation interrupting another of
/// the same property runs beside it (iOS 8's additive behaviour) instead of replacing it.
private struct UniqueKeyAction: CAAction {
    let animation: CAAnimation
    let replaces: Bool
    /// Told the key the animation was added under.
    let added: ((CALayer, String) -> Void)?

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        var key = event
        if !replaces {
            var n = 1
            while layer.animation(forKey: key) != nil {
                n += 1
                key = "\(event)-\(n)"
            }
        }
        layer.add(animation, forKey: key)
        added?(layer, key)
        if MainQueue.isCurrent {
            // Actions run on the main thread, inside the animation block that made them.
            nonisolated(unsafe) let target = layer
            MainActor.assumeIsolated { TransitionScrubber.recording?.noteAdd(target, key) }
        }
    }
}

/// The animation block being run: what view-layer changes inside it become.
///
/// Inside a block a view's layer answers its property changes with a basic (or spring)
/// animation over the block's duration, delay and curve. By default the animation is additive:
/// it runs from (old − new) to zero on top of the new model value, so that interrupting a
/// running animation continues smoothly from what is on screen. With `.beginFromCurrentState`
/// it instead runs from the presentation value and replaces the running animation. Colours
/// and other values that do not subtract always run from the presentation value.
@MainActor
final class ViewAnimationContext {
    enum Kind {
        case basic
        case spring(dampingRatio: CGFloat, velocity: CGFloat)
        case keyframes(KeyframeRecorder)
        case disabled
    }

    static var stack: [ViewAnimationContext] = []
    /// Marks animations during which their view takes no touches (no `.allowUserInteraction`).
    static let blocksInteractionKey = "UIViewAnimationBlocksInteraction"
    static var current: ViewAnimationContext? { stack.last }

    let duration: CFTimeInterval
    let delay: CFTimeInterval
    let options: UIView.AnimationOptions
    let kind: Kind
    let tracker: ViewAnimationTracker
    /// Told of every animation this block adds (layer and key) and of the value each animated
    /// property had before the block.
    var onAdd: ((CALayer, String) -> Void)?
    var onChange: ((CALayer, String, Any?) -> Void)?

    init(duration: CFTimeInterval, delay: CFTimeInterval, options: UIView.AnimationOptions, kind: Kind,
         tracker: ViewAnimationTracker = ViewAnimationTracker()) {
        // An enclosing block's duration and curve win unless this one overrides them.
        var duration = duration, options = options
        if let outer = ViewAnimationContext.current, case .disabled = outer.kind {} else if let outer = ViewAnimationContext.current {
            if !options.contains(.overrideInheritedDuration) { duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) {
                options = UIView.AnimationOptions(rawValue: (options.rawValue & ~(0xF << 16)) | (outer.options.rawValue & (0xF << 16)))
            }
            if !options.contains(.overrideInheritedOptions) {
                options.formUnion(outer.options.intersection([.repeat, .autoreverse, .allowUserInteraction]))
            }
        }
        self.duration = Swift.max(0, duration.isFinite ? duration : 0)
        self.delay = Swift.max(0, delay.isFinite ? delay : 0)
        self.options = options
        self.kind = kind
        self.tracker = tracker
    }

    /// Runs `body` with this context current, inside a transaction whose completion reports
    /// whether every animation finished.
    func run(_ body: () -> Void, completion: ((Bool) -> Void)?) {
        CATransaction.begin()
        let tracker = self.tracker
        // As on iOS, the completion never runs inside the call that set it up: when nothing
        // animated, it waits for the next turn of the main run loop.
        let insideCall = CallScope()
        if let completion {
            let box = UncheckedCompletion(completion)
            CATransaction.setCompletionBlock {
                let finished = tracker.allFinished
                if insideCall.isOpen {
                    CAMediaClock.current.scheduler.deliverNextTurn { MainActor.assumeIsolated { box.completion(finished) } }
                } else if MainQueue.isCurrent {
                    MainActor.assumeIsolated { box.completion(finished) }
                } else {
                    DispatchQueue.main.async { MainActor.assumeIsolated { box.completion(finished) } }
                }
            }
        }
        defer { insideCall.isOpen = false }
        ViewAnimationContext.stack.append(self)
        body()
        ViewAnimationContext.stack.removeLast()
        if case .keyframes(let recorder) = kind { recorder.addAnimations(self) }
        CATransaction.commit()
    }

    /// The action for a change of `key` on a view's layer inside this block.
    ///
    /// Asked for an animatable key that is not the one changing (a layer subclass asking
    /// `super.action(forKey: "opacity")` to copy the block's timing for a property of its
    /// own), it answers a plain `CABasicAnimation` of that key from its current value, with
    /// the block's duration, delay and curve, as iOS does.
    func action(for layer: CALayer, forKey key: String) -> (any CAAction)? {
        guard duration > 0 || delay > 0, layer.isAnimatable(key) else { return nil }
        if case .disabled = kind { return nil }
        guard let change = layer.changeInProgress, change.key == key else {
            if case .keyframes = kind { return nil }
            let animation = makeAnimation(keyPath: key)
            animation.fromValue = layer.value(forKey: key)
            configureTiming(animation, layer: layer)
            return animation
        }
        TransitionScrubber.recording?.noteChange(layer, key, old: change.oldModelValue)
        switch kind {
        case .disabled:
            return nil
        case .keyframes(let recorder):
            recorder.record(layer: layer, key: key, old: change.oldPresentationValue, new: layer.value(forKey: key))
            return nil
        case .basic, .spring:
            break
        }
        onChange?(layer, key, change.oldModelValue)
        let animation = makeAnimation(keyPath: key)
        let newValue = layer.value(forKey: key)
        let additive = !options.contains(.beginFromCurrentState)
            ? AnimationValueMath.difference(change.oldModelValue, newValue) : nil
        if let additive, let zero = AnimationValueMath.zero(like: newValue) {
            animation.isAdditive = true
            animation.fromValue = additive
            animation.toValue = zero
        } else {
            animation.fromValue = change.oldPresentationValue
        }
        configureTiming(animation, layer: layer)
        return UniqueKeyAction(animation: animation, replaces: additive == nil, added: onAdd)
    }

    private func makeAnimation(keyPath: String) -> CABasicAnimation {
        guard case .spring(let ratio, let velocity) = kind else { return CABasicAnimation(keyPath: keyPath) }
        let spring = CASpringAnimation(keyPath: keyPath)
        let parameters = ViewAnimationContext.spring(dampingRatio: ratio, velocity: velocity, settlingIn: duration)
        spring.stiffness = parameters.stiffness
        spring.damping = parameters.damping
        spring.initialVelocity = velocity
        return spring
    }

    /// Duration, delay (filled backwards, so the start value shows while waiting), curve,
    /// repeat and autoreverse, and the completion tracker.
    func configureTiming(_ animation: CAAnimation, layer: CALayer) {
        animation.duration = duration > 0 ? duration : 1e-6
        if delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + delay
            animation.fillMode = .backwards
        }
        if case .spring = kind {} else { animation.timingFunction = options.curve.timingFunction }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        if options.contains(.autoreverse) { animation.autoreverses = true }
        if !options.contains(.allowUserInteraction) { animation.setValue(true, forKey: ViewAnimationContext.blocksInteractionKey) }
        animation.delegate = tracker
    }

    /// Mass-1 spring constants with damping ratio `dampingRatio` that come to rest (within
    /// 0.001) after `duration`: the stiffness is found by bisection, settling time falling as
    /// stiffness grows.
    static func spring(dampingRatio: CGFloat, velocity: CGFloat, settlingIn duration: CFTimeInterval)
        -> (stiffness: CGFloat, damping: CGFloat) {
        let ratio = Swift.min(Swift.max(dampingRatio.isFinite ? dampingRatio : 1, 0.01), 10)
        let probe = CASpringAnimation()
        probe.initialVelocity = velocity.isFinite ? velocity : 0
        func settling(_ k: CGFloat) -> CFTimeInterval {
            probe.stiffness = k
            probe.damping = 2 * ratio * k.squareRoot()
            return probe.settlingDuration
        }
        let target = Swift.max(duration, 1e-3)
        var low: CGFloat = 1e-3, high: CGFloat = 1e7
        for _ in 0..<100 {
            let mid = (low * high).squareRoot()
            if settling(mid) > target { low = mid } else { high = mid }
        }
        return (high, 2 * ratio * high.squareRoot())
    }
}

/// Whether a call is still running (cleared as it returns).
private final class CallScope: @unchecked Sendable {
    var isOpen = true
}

/// Carries a main-actor completion through Core Animation's completion block.
private struct UncheckedCompletion: @unchecked Sendable {
    let completion: (Bool) -> Void
    init(_ completion: @escaping (Bool) -> Void) { self.completion = completion }
}

/// The changes made inside `addKeyframe` blocks, turned into one keyframe animation per
/// layer property when the keyframe block ends.
@MainActor
final class KeyframeRecorder {
    private struct Change {
        let layer: CALayer
        let key: String
        let start: Double
        let duration: Double
        let old: Any?
        let new: Any?
    }

    private var changes: [Change] = []
    /// The relative window of the `addKeyframe` block running now; the whole duration outside
    /// of one.
    var window: (start: Double, duration: Double) = (0, 1)
    let calculationMode: CAAnimationCalculationMode

    init(calculationMode: CAAnimationCalculationMode) {
        self.calculationMode = calculationMode
    }

    func record(layer: CALayer, key: String, old: Any?, new: Any?) {
        changes.append(Change(layer: layer, key: key, start: window.start, duration: window.duration, old: old, new: new))
    }

    /// One keyframe animation per (layer, key): the value holds until each keyframe's start,
    /// then moves to the keyframe's value by its end.
    func addAnimations(_ context: ViewAnimationContext) {
        var order: [(CALayer, String)] = []
        for change in changes where !order.contains(where: { $0.0 === change.layer && $0.1 == change.key }) {
            order.append((change.layer, change.key))
        }
        for (layer, key) in order {
            let mine = changes.filter { $0.layer === layer && $0.key == key }
            guard let first = mine.first else { continue }
            var values: [Any] = [first.old as Any]
            var times: [Double] = [0]
            for change in mine {
                let start = Swift.min(Swift.max(change.start, 0), 1)
                let end = Swift.min(Swift.max(change.start + change.duration, start), 1)
                if start > times[times.count - 1] {
                    values.append(values[values.count - 1])
                    times.append(start)
                }
                values.append(change.new as Any)
                times.append(end)
            }
            if times[times.count - 1] < 1 {
                values.append(values[values.count - 1])
                times.append(1)
            }
            let animation = CAKeyframeAnimation(keyPath: key)
            animation.values = values
            animation.keyTimes = times.map { NSNumber(value: $0) }
            animation.calculationMode = calculationMode
            context.configureTiming(animation, layer: layer)
            animation.timingFunction = nil
            layer.add(animation, forKey: key)
            TransitionScrubber.recording?.noteAdd(layer, key)
        }
    }
}
