/// An animation of one property of its layer, named by a key path (`"position"`,
/// `"position.x"`, `"transform.rotation.z"`, …).
open class CAPropertyAnimation: CAAnimation {
    /// The key path animated; nil until set, or until the animation runs as an action (which
    /// takes the action's key).
    open var keyPath: String?

    /// Whether the animated value is added to the layer's current value instead of replacing
    /// it.
    open var isAdditive = false

    /// Whether each repeat starts where the previous one ended instead of at the start value.
    open var isCumulative = false

    /// Turns the interpolated numbers into a transform (for transform key paths).
    open var valueFunction: CAValueFunction?

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
        valueFunction = other.valueFunction
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "keyPath": return keyPath
        case "additive": return isAdditive
        case "cumulative": return isCumulative
        case "valueFunction": return valueFunction
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "keyPath": keyPath = value as? String
        case "additive": if let v = AnimationNumber.bool(value) { isAdditive = v }
        case "cumulative": if let v = AnimationNumber.bool(value) { isCumulative = v }
        case "valueFunction": valueFunction = value as? CAValueFunction
        default: super.setValue(value, forKey: key)
        }
    }

    // MARK: Evaluation

    /// The animated value at `progress` of cycle `iteration`, given the key path's current
    /// (presentation) value; nil when the animation has no effect. Subclasses supply it.
    func animatedValue(progress: Double, iteration: Int, current: AnimatableValue) -> AnimatableValue? {
        nil
    }

    /// The values the animation runs between, for cumulative repeats: nil when it has none.
    func cycleEnds(current: AnimatableValue) -> (start: AnimatableValue, end: AnimatableValue)? {
        nil
    }

    override func apply(to layer: inout AnimatedLayer, atLayerTime t: CFTimeInterval) {
        guard let keyPath, let sample = timingModel.sample(atParentTime: t) else { return }
        if sample.phase == .after && isRemovedOnCompletion { return }
        let current = AnimatableValue(layer.value(forKeyPath: keyPath))
        guard let value = resolvedValue(progress: pacedProgress(sample), iteration: sample.iteration, current: current) else {
            return
        }
        layer.setPresentationValue(value.boxed, forKeyPath: keyPath)
    }

    /// The value written to the layer: the animated value made cumulative, passed through the
    /// value function, and added to the current value when additive.
    func resolvedValue(progress: Double, iteration: Int, current: AnimatableValue) -> AnimatableValue? {
        // What missing from/to values stand for: the current value, its zero when additive,
        // and a plain 0 when a value function maps numbers onto a transform.
        var start = isAdditive ? (current.additiveIdentity ?? current) : current
        if valueFunction != nil, case .transform = current { start = .number(0) }
        guard var value = animatedValue(progress: progress, iteration: iteration, current: start) else { return nil }
        if isCumulative && iteration > 0, let ends = cycleEnds(current: start) {
            let step = AnimatableValue.subtract(ends.end, ends.start)
            value = AnimatableValue.add(value, AnimatableValue.scale(step, by: Double(iteration)))
        }
        if let valueFunction, let transform = valueFunction.transform(for: value) {
            value = .transform(transform)
        }
        if isAdditive {
            value = AnimatableValue.add(current, value)
        }
        return value
    }
}
