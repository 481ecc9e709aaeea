extension UIView {
    nonisolated(unsafe) private static var animationsEnabled = true

    /// Whether view animation blocks animate (true unless disabled).
    public class var areAnimationsEnabled: Bool { animationsEnabled }

    /// Turns view animations on or off; when off, changes inside animation blocks apply at once
    /// (completions still run).
    public class func setAnimationsEnabled(_ enabled: Bool) {
        animationsEnabled = enabled
    }

    /// The duration of the animation block running now, or 0 outside one.
    public class var inheritedAnimationDuration: TimeInterval {
        guard let context = ViewAnimationContext.current, !(context.isDisabled) else { return 0 }
        return context.duration
    }

    /// Animates the view changes made in `animations` over `duration` seconds after `delay`,
    /// with the curve and repetition in `options`; `completion` gets whether every animation
    /// ran to its end (false when one was removed or replaced first).
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        ViewAnimationContext(duration: duration, delay: delay, options: options, kind: .basic)
            .run(animations, completion: completion)
    }

    /// `animate(withDuration:delay:options:animations:completion:)` with no delay or options.
    public class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// `animate(withDuration:delay:options:animations:completion:)` with no delay, options or
    /// completion.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Animates with a spring: `dampingRatio` 1 settles without overshoot, smaller values
    /// oscillate; `velocity` is the starting speed in distances per second. The spring comes to
    /// rest at `duration`.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        ViewAnimationContext(duration: duration, delay: delay, options: options,
                             kind: .spring(dampingRatio: dampingRatio, velocity: velocity))
            .run(animations, completion: completion)
    }

    /// Animates through keyframes: each `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
    /// inside `animations` moves its properties during its share of `duration`.
    public class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let recorder = KeyframeRecorder(calculationMode: options.calculationMode)
        ViewAnimationContext(duration: duration, delay: delay, options: options.common, kind: .keyframes(recorder))
            .run(animations, completion: completion)
    }

    /// Inside `animateKeyframes`: the changes in `animations` run from `frameStartTime` for
    /// `frameDuration`, both fractions (0…1) of the whole duration. Outside one, the changes
    /// apply at once.
    public class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        guard let context = ViewAnimationContext.current, case .keyframes(let recorder) = context.kind else {
            animations()
            return
        }
        let previous = recorder.window
        recorder.window = (frameStartTime.isFinite ? frameStartTime : 0, frameDuration.isFinite ? frameDuration : 0)
        animations()
        recorder.window = previous
    }

    /// Runs `actionsWithoutAnimation` with view animations off, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let context = ViewAnimationContext(duration: 0, delay: 0, options: [], kind: .disabled)
        ViewAnimationContext.stack.append(context)
        actionsWithoutAnimation()
        ViewAnimationContext.stack.removeLast()
    }
}

extension ViewAnimationContext {
    var isDisabled: Bool {
        if case .disabled = kind { return true }
        return false
    }
}
