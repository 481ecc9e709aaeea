/// Receives an animation's start and stop.
///
/// - Note: Differs from Apple: Swift on Linux has no optional protocol requirements; the
///   extension supplies empty defaults.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation began (at its begin time, after its transaction committed).
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended: `flag` is true when it ran to the end of its active duration,
    /// false when it was removed from its layer first.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract base of Core Animation's animations: timing (`CAMediaTiming`), pacing
/// (`timingFunction`), a delegate, and arbitrary key-value storage.
///
/// Adding an animation to a layer stores a copy; the layer's copy is the one that runs, so
/// changing the original afterwards changes nothing on screen. As an action (`CAAction`), an
/// animation adds itself to the layer under the event's key.
open class CAAnimation: NSObject, CAMediaTiming, CAAction, NSCopying {
    // MARK: CAMediaTiming

    open var beginTime: CFTimeInterval = 0
    /// One cycle's length; 0 means the duration of the transaction the animation is added in
    /// (0.25 s by default).
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode = CAMediaTimingFillMode.removed

    /// The pacing curve applied to each cycle; nil is linear.
    open var timingFunction: CAMediaTimingFunction?

    /// The delegate told when the animation starts and stops. The animation keeps it alive, as
    /// on Apple's platforms.
    open var delegate: (any CAAnimationDelegate)?

    /// Whether the animation is removed from its layer when its active duration ends (true by
    /// default); a finished animation that stays shows its fill.
    open var isRemovedOnCompletion = true

    /// Values set with `setValue(_:forKey:)` under keys that are not properties.
    var extraValues: [String: Any] = [:]

    /// Creates an animation with default timing.
    public required override init() {
        super.init()
    }

    /// Copies `other`'s settings into this animation; subclasses extend it to copy their own.
    open func copyAttributes(from other: CAAnimation) {
        copyTiming(from: other)
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        extraValues = other.extraValues
    }

    /// A new animation of the same class with the same settings.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.copyAttributes(from: self)
        return copy
    }

    /// The class's value for `key` before one is set; nil for every key by default.
    open class func defaultValue(forKey key: String) -> Any? {
        nil
    }

    /// Whether `key`'s value is archived; always true.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: Key-value coding

    /// The value of the property named `key`, or of an extra value stored under it.
    open func value(forKey key: String) -> Any? {
        if let timing = timingValue(forKey: key) { return timing }
        switch key {
        case "timingFunction": return timingFunction
        case "removedOnCompletion": return isRemovedOnCompletion
        default: return extraValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }

    /// Sets the property named `key` (numbers of any type are converted), or stores an extra
    /// value under it.
    open func setValue(_ value: Any?, forKey key: String) {
        if setTimingValue(value, forKey: key) { return }
        switch key {
        case "timingFunction": timingFunction = value as? CAMediaTimingFunction
        case "removedOnCompletion": if let v = AnimationNumber.bool(value) { isRemovedOnCompletion = v }
        default: extraValues[key] = value
        }
    }

    // MARK: CAAction

    /// Adds the animation to the layer `anObject` under `event`. A property animation without
    /// a key path animates the property named `event`.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        if let property = self as? CAPropertyAnimation, property.keyPath == nil,
           let copy = property.copy() as? CAPropertyAnimation {
            copy.keyPath = event
            layer.add(copy, forKey: event)
            return
        }
        layer.add(self, forKey: event)
    }

    // MARK: Evaluation

    /// Applies the animation's effect at its layer's local time `t` to `layer` (a
    /// presentation copy). The base class has no effect.
    func apply(to layer: inout AnimatedLayer, atLayerTime t: CFTimeInterval) {}

    /// The paced progress for a timing sample: the timing function applied to its fraction.
    func pacedProgress(_ sample: MediaTimingModel.Sample) -> Double {
        guard let timingFunction else { return sample.fraction }
        return timingFunction.progress(at: sample.fraction)
    }
}

/// Reading numbers and flags out of `Any` values, whatever their concrete type.
package enum AnimationNumber {
    package static func double(_ value: Any?) -> Double? {
        switch value {
        case let v as Double: return v
        case let v as CGFloat: return Double(v)
        case let v as Float: return Double(v)
        case let v as Int: return Double(v)
        case let v as Int32: return Double(v)
        case let v as UInt32: return Double(v)
        case let v as Bool: return v ? 1 : 0
        case let v as NSNumber: return v.doubleValue
        default: return nil
        }
    }

    package static func bool(_ value: Any?) -> Bool? {
        if let v = value as? Bool { return v }
        return double(value).map { $0 != 0 }
    }
}
