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

extension UIView {
    /// Runs `animations` (not animated themselves) and shows the change of `view` as a
    /// transition over `duration`: a cross-dissolve, or a flip for the flip options.
    ///
    /// - Note: Differs from Apple: flips are drawn without perspective (the renderings narrow
    ///   to the flip axis and widen again), and the curl options cross-dissolve.
    public class func transition(
        with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        let context = ViewAnimationContext(duration: duration, delay: 0, options: options, kind: .basic)
        context.run({
            let transition = CATransition()
            switch options.transition {
            case 1: transition.type = .flip; transition.subtype = .fromLeft
            case 2: transition.type = .flip; transition.subtype = .fromRight
            case 6: transition.type = .flip; transition.subtype = .fromTop
            case 7: transition.type = .flip; transition.subtype = .fromBottom
            default: transition.type = .fade
            }
            context.configureTiming(transition, layer: view.layer)
            view.layer.add(transition, forKey: kCATransition)
            if let animations { UIView.performWithoutAnimation(animations) }
        }, completion: completion)
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview with a transition (with
    /// `.showHideTransitionViews`, hides one and shows the other instead).
    public class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        guard let container = fromView.superview else {
            completion?(true)
            return
        }
        transition(with: container, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                if toView.superview !== container { container.insertSubview(toView, aboveSubview: fromView) }
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }
}

extension UIView {
    /// Whether a view animation without `.allowUserInteraction` is running on this view's
    /// layer: such views are skipped by hit-testing until it ends, as on iOS.
    var isAnimatingWithoutInteraction: Bool {
        guard let keys = layer.animationKeys() else { return false }
        return keys.contains { key in
            layer.animation(forKey: key)?.value(forKey: ViewAnimationContext.blocksInteractionKey) as? Bool == true
        }
    }
}
