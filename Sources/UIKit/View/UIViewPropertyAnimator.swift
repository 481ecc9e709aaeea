/// An interruptible view animation: start, pause, scrub with `fractionComplete`, reverse,
/// stop, and finish at the end, the start or where it is.
///
/// The animation blocks run when the animator first becomes active; the view-layer animations
/// they create are then driven by the animator. Each is placed on the animator's timeline
/// (an animation added while running starts at the fraction reached and lasts the rest), and
/// its timing is reset whenever the animator pauses, resumes or reverses: paused, an animation
/// stands still at its point of the timeline; running, it moves forwards or backwards from
/// there. The animator notices its end on the media clock's frames.
///
/// - Note: Differs from Apple: resuming after scrubbing continues on the timing curve from the
///   fraction reached (Apple blends from the scrubbed position); `continueAnimation` changes
///   the remaining duration but keeps the original curve.
@preconcurrency @MainActor
open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    private struct Driven {
        let layer: CALayer
        let key: String
        /// Where on the timeline (0…1) this animation starts.
        let startFraction: Double
    }

    /// The full duration.
    open private(set) var duration: TimeInterval
    /// The delay before the animations start when started.
    open private(set) var delay: TimeInterval = 0
    /// Whether the animator may be paused or reversed while running (true).
    open var isInterruptible = true
    /// Whether the animated views take touches while animating (true).
    open var isUserInteractionEnabled = true
    /// Whether hit-testing during the animation is left to the app (false).
    open var isManualHitTestingEnabled = false
    /// Whether a paused animator's properties follow `fractionComplete` linearly (true).
    open var scrubsLinearly = true
    /// Whether the animator pauses at the end instead of finishing (false).
    open var pausesOnCompletion = false

    open private(set) var state: UIViewAnimatingState = .inactive
    open private(set) var isRunning = false {
        // A running animator is kept alive until it pauses, stops or finishes, as iOS keeps
        // it: apps start one with `runningPropertyAnimator` and drop the result.
        didSet { runningReference = isRunning ? self : nil }
    }
    private var runningReference: UIViewPropertyAnimator?

    private let curve: CAMediaTimingFunction?
    private let dampingRatio: CGFloat?
    private var pendingAnimations: [(block: () -> Void, delayFactor: CGFloat)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var driven: [Driven] = []
    private var startValues: [(layer: CALayer, key: String, value: Any?)] = []
    private var clock: CAMediaClock?
    private var frameCallback: Int?
    /// The fraction at `anchorTime`; while running it moves by elapsed time / duration.
    private var anchorFraction: Double = 0
    private var anchorTime: CFTimeInterval = 0
    private var reversed = false

    // MARK: Creating

    /// An animator with one of the standard curves.
    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = UIViewPropertyAnimator.valid(duration)
        self.curve = curve.timingFunction
        dampingRatio = nil
        super.init()
        if let animations { pendingAnimations.append((animations, 0)) }
    }

    /// An animator with a cubic Bézier curve through `point1` and `point2`.
    public init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                animations: (() -> Void)? = nil) {
        self.duration = UIViewPropertyAnimator.valid(duration)
        curve = CAMediaTimingFunction(controlPoints: Float(point1.x), Float(point1.y), Float(point2.x), Float(point2.y))
        dampingRatio = nil
        super.init()
        if let animations { pendingAnimations.append((animations, 0)) }
    }

    /// An animator whose animations are springs with `ratio` damping, at rest after `duration`.
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = UIViewPropertyAnimator.valid(duration)
        curve = nil
        dampingRatio = ratio
        super.init()
        if let animations { pendingAnimations.append((animations, 0)) }
    }

    /// An animator timed by `parameters`: a cubic curve or a spring.
    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        self.duration = UIViewPropertyAnimator.valid(duration)
        if let spring = parameters.springTimingParameters, parameters.timingCurveType == .spring {
            curve = nil
            dampingRatio = spring.dampingRatio
        } else {
            curve = (parameters.cubicTimingParameters ?? UICubicTimingParameters()).timingFunction
            dampingRatio = nil
        }
        timingParameters = parameters
        super.init()
    }

    /// The timing the animator was made with (nil for the curve and ratio initializers).
    open private(set) var timingParameters: (any UITimingCurveProvider)?

    /// Creates an animator and starts it after `delay`.
    open class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    private static func valid(_ duration: TimeInterval) -> TimeInterval {
        duration.isFinite && duration > 0 ? duration : 1e-6
    }

    // MARK: Animations and completions

    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds animations; while active they start at the fraction reached plus `delayFactor` of
    /// the rest, and last until the end.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = Swift.min(Swift.max(delayFactor.isFinite ? delayFactor : 0, 0), 1)
        guard state == .active else {
            pendingAnimations.append((animation, factor))
            return
        }
        anchor()
        let now = anchorFraction
        install(animation, startFraction: now + Double(factor) * (1 - now))
        retime()
    }

    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: UIViewAnimating

    open var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            anchor()
            reversed = newValue
            retime()
        }
    }

    open var fractionComplete: CGFloat {
        get { CGFloat(currentFraction) }
        set {
            guard state != .stopped, newValue.isFinite else { return }
            activate()
            if isRunning { pauseAnimation() }
            anchorFraction = Swift.min(Swift.max(Double(newValue), 0), 1)
            retime()
        }
    }

    open func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped, !isRunning else { return }
        self.delay = Swift.max(0, delay.isFinite ? delay : 0)
        activate()
        isRunning = true
        anchorTime = (clock ?? CAMediaClock.current).time + self.delay
        retime()
    }

    open func pauseAnimation() {
        guard state != .stopped else { return }
        activate()
        guard isRunning else { return }
        anchor()
        isRunning = false
        retime()
    }

    /// Stops where the animation is: the properties keep their current values. With
    /// `withoutFinishing` the animator becomes inactive without completions; otherwise it
    /// waits in `.stopped` for `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        anchor()
        freezeAtCurrentValues()
        isRunning = false
        state = withoutFinishing ? .inactive : .stopped
        detachFromClock()
    }

    /// Completes a stopped animator at `finalPosition` and runs the completions.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        if finalPosition == .start { restoreStartValues() }
        state = .inactive
        runCompletions(finalPosition)
    }

    /// Adds time: the rest of the animation now takes `durationFactor` × its original share.
    open func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        guard state == .active else { return }
        anchor()
        if durationFactor.isFinite && durationFactor > 0 { duration *= Double(durationFactor) }
        startAnimation()
    }

    // MARK: Driving

    /// The fraction of the timeline reached now.
    private var currentFraction: Double {
        guard isRunning, let clock else { return anchorFraction }
        let elapsed = Swift.max(0, clock.time - anchorTime) / duration
        return Swift.min(Swift.max(anchorFraction + (reversed ? -elapsed : elapsed), 0), 1)
    }

    /// Fixes the fraction reached as the new anchor.
    private func anchor() {
        anchorFraction = currentFraction
        anchorTime = (clock ?? CAMediaClock.current).time
    }

    /// inactive → active: runs the pending animation blocks and watches the clock's frames.
    private func activate() {
        guard state == .inactive else { return }
        state = .active
        reversed = false
        anchorFraction = 0
        let clock = CAMediaClock.current
        self.clock = clock
        let blocks = pendingAnimations
        pendingAnimations = []
        for (block, factor) in blocks { install(block, startFraction: Double(factor)) }
        frameCallback = clock.scheduler.addFrameCallback { [weak self] in
            guard let self else { return }
            if MainQueue.isCurrent { MainActor.assumeIsolated { self.frame() } }
        }
    }

    /// Runs `block` as an animation block over the rest of the timeline from `startFraction`,
    /// taking over the animations it creates.
    private func install(_ block: () -> Void, startFraction: Double) {
        let kind: ViewAnimationContext.Kind = dampingRatio.map { .spring(dampingRatio: $0, velocity: 0) } ?? .basic
        let span = duration * (1 - startFraction)
        let context = ViewAnimationContext(duration: span > 0 ? span : 1e-6, delay: 0,
                                           options: isUserInteractionEnabled
                                               ? [.overrideInheritedDuration, .overrideInheritedCurve, .allowUserInteraction]
                                               : [.overrideInheritedDuration, .overrideInheritedCurve], kind: kind)
        var added: [Driven] = []
        var before: [(CALayer, String, Any?)] = []
        context.onAdd = { layer, key in added.append(Driven(layer: layer, key: key, startFraction: startFraction)) }
        context.onChange = { layer, key, old in before.append((layer, key, old)) }
        CATransaction.begin()
        // The animator drives its own animations, also inside an interactive transition.
        let transition = TransitionScrubber.recording
        TransitionScrubber.recording = nil
        ViewAnimationContext.stack.append(context)
        block()
        ViewAnimationContext.stack.removeLast()
        TransitionScrubber.recording = transition
        for entry in added {
            guard let animation = entry.layer.animation(forKey: entry.key) else { continue }
            if let curve { animation.timingFunction = curve }
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
            animation.delegate = nil
        }
        CATransaction.commit()
        driven += added
        for (layer, key, old) in before where !startValues.contains(where: { $0.layer === layer && $0.key == key }) {
            startValues.append((layer, key, old))
        }
    }

    /// Re-times every driven animation for the current state: paused ones stand at their
    /// point of the timeline, running ones move forwards or backwards from it.
    private func retime() {
        guard state == .active else { return }
        let fraction = anchorFraction
        CATransaction.begin()
        defer { CATransaction.commit() }
        for entry in driven {
            entry.layer.attachedAnimationsDidChange()
            guard let animation = entry.layer.animation(forKey: entry.key) else { continue }
            let span = animation.duration
            // Where the animation is on its own time line; negative before it starts.
            let offset = (fraction - entry.startFraction) * duration
            let local = Swift.min(Swift.max(offset, 0), span * (1 - 1e-9))
            let layerNow = entry.layer.convertTime(anchorTime, from: nil)
            if !isRunning {
                animation.speed = 0
                animation.timeOffset = local
                animation.beginTime = layerNow
                if scrubsLinearly, dampingRatio == nil { animation.timingFunction = CAMediaTimingFunction(name: .linear) }
            } else {
                animation.timeOffset = 0
                if let curve { animation.timingFunction = curve }
                if reversed {
                    animation.speed = -1
                    animation.beginTime = layerNow - (span - offset)
                } else {
                    animation.speed = 1
                    animation.beginTime = layerNow - offset
                }
            }
        }
    }

    /// Per frame: finishes when a running animator reaches its end (or its start, reversed).
    private func frame() {
        guard state == .active, isRunning else { return }
        let fraction = currentFraction
        if !reversed && fraction >= 1 {
            pausesOnCompletion ? pauseAnimation() : complete(at: .end)
        } else if reversed && fraction <= 0 {
            pausesOnCompletion ? pauseAnimation() : complete(at: .start)
        }
    }

    private func complete(at position: UIViewAnimatingPosition) {
        removeDriven()
        if position == .start { restoreStartValues() }
        isRunning = false
        state = .inactive
        detachFromClock()
        runCompletions(position)
    }

    /// Sets the animated properties to what is on screen, then removes the animations.
    private func freezeAtCurrentValues() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        // Read from the animations themselves: a fraction set since the last commit is not in
        // the presentation yet.
        let shown = startValues.map { entry in
            let animations = driven.compactMap { $0.layer === entry.layer ? $0.layer.animation(forKey: $0.key) : nil }
            return entry.layer.value(forKey: entry.key, applying: animations)
        }
        for (entry, value) in zip(startValues, shown) { entry.layer.setValue(value, forKey: entry.key) }
        CATransaction.commit()
        removeDriven()
    }

    private func restoreStartValues() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for entry in startValues { entry.layer.setValue(entry.value, forKey: entry.key) }
        CATransaction.commit()
    }

    private func removeDriven() {
        CATransaction.begin()
        for entry in driven { entry.layer.removeAnimation(forKey: entry.key) }
        CATransaction.commit()
        driven = []
    }

    private func detachFromClock() {
        if let frameCallback, let clock { clock.scheduler.removeFrameCallback(frameCallback) }
        frameCallback = nil
    }

    private func runCompletions(_ position: UIViewAnimatingPosition) {
        let pending = completions
        completions = []
        startValues = []
        for completion in pending { completion(position) }
    }
}
