/// A property animation between two values, given as any two of `fromValue`, `toValue` and
/// `byValue` (or one of them, the other end being the layer's current value):
///
/// | given | runs from | to |
/// |---|---|---|
/// | from, to | from | to |
/// | from, by | from | from + by |
/// | by, to | to − by | to |
/// | from | from | current |
/// | to | current | to |
/// | by | current | current + by |
/// | none | current | current |
///
/// "Current" is the key path's value in the presentation layer being computed (the model
/// value under any earlier animations).
open class CABasicAnimation: CAPropertyAnimation {
    /// The start value.
    open var fromValue: Any?
    /// The end value.
    open var toValue: Any?
    /// The change from start to end.
    open var byValue: Any?

    open override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "fromValue": return fromValue
        case "toValue": return toValue
        case "byValue": return byValue
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: super.setValue(value, forKey: key)
        }
    }

    override func cycleEnds(current: AnimatableValue) -> (start: AnimatableValue, end: AnimatableValue)? {
        let from = fromValue.map(AnimatableValue.init), to = toValue.map(AnimatableValue.init)
        let by = byValue.map(AnimatableValue.init)
        switch (from, to, by) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, AnimatableValue.add(f, b))
        case let (nil, t?, b?): return (AnimatableValue.subtract(t, b), t)
        case let (f?, nil, nil): return (f, current)
        case let (nil, t?, nil): return (current, t)
        case let (nil, nil, b?): return (current, AnimatableValue.add(current, b))
        case (nil, nil, nil): return (current, current)
        }
    }

    /// A `contents` animation between two images cross-fades them.
    override func apply(to layer: inout AnimatedLayer, atLayerTime t: CFTimeInterval) {
        guard keyPath == "contents", let sample = timingModel.sample(atParentTime: t),
              let ends = cycleEnds(current: AnimatableValue(layer.value.contents)),
              case .other(let from?) = ends.start, case .other(let to?) = ends.end,
              let fromImage = from as? CGImage, let toImage = to as? CGImage else {
            super.apply(to: &layer, atLayerTime: t)
            return
        }
        if sample.phase == .after && isRemovedOnCompletion { return }
        layer.setPresentationValue(toImage, forKeyPath: "contents")
        layer.value.contentsFade = ContentsFade(from: fromImage, progress: pacedProgress(sample))
    }

    override func animatedValue(progress: Double, iteration: Int, current: AnimatableValue) -> AnimatableValue? {
        guard let ends = cycleEnds(current: current) else { return nil }
        return AnimatableValue.interpolate(ends.start, ends.end, progress)
    }
}

/// A cross-fade of a presentation layer's contents: `from` shows with weight 1 − progress
/// under the layer's contents with weight progress.
struct ContentsFade: Sendable {
    let from: CGImage
    let progress: Double
}
