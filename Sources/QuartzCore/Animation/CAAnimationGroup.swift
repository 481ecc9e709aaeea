/// Several animations run together in one time space: each child's times are relative to the
/// group's local time, and the group's active duration limits them.
open class CAAnimationGroup: CAAnimation {
    /// The animations run together.
    open var animations: [CAAnimation]?

    open override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        animations = other.animations?.compactMap { $0.copy() as? CAAnimation }
    }

    /// Children without a duration take the group's (resolved when the group is added, so
    /// evaluation never changes them).
    func resolveChildDurations() {
        for child in animations ?? [] where child.duration == 0 { child.duration = duration }
    }

    open override func value(forKey key: String) -> Any? {
        key == "animations" ? animations : super.value(forKey: key)
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        if key == "animations" { animations = value as? [CAAnimation] } else { super.setValue(value, forKey: key) }
    }

    override func apply(to layer: inout AnimatedLayer, atLayerTime t: CFTimeInterval) {
        guard let animations, let sample = timingModel.sample(atParentTime: t) else { return }
        if sample.phase == .after && isRemovedOnCompletion { return }
        // The children's parent time: the group's local time within its cycle, paced.
        let local = pacedProgress(sample) * duration
        for child in animations {
            child.apply(to: &layer, atLayerTime: local)
        }
    }
}
