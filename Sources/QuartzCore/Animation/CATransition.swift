/// The kinds of transition between a layer's old and new rendering.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new rendering fades in as the old fades out (the default).
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new rendering slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new rendering pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old rendering slides away, uncovering the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
    /// A flip about the centre: Apple's private "oglFlip" type, behind UIKit's flip
    /// transitions (subtypes give the side the flip starts from).
    package static let flip = CATransitionType(rawValue: "oglFlip")
}

/// The side a transition's motion starts from.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// An animation between how a layer (with its sublayers) looked before the changes of the
/// transaction it is added in and how it looks after them: a cross-fade, or one rendering
/// moving over, pushing or uncovering the other.
///
/// The old rendering is captured when the transition is added; adding it under
/// `kCATransition` is usual.
///
/// - Note: Differs from Apple: `filter` (Core Image) is stored but not used.
open class CATransition: CAAnimation {
    /// The kind of transition; `.fade` by default.
    open var type = CATransitionType.fade
    /// The side motion starts from, for moving types; nil means from the left.
    open var subtype: CATransitionSubtype?
    /// Where in the transition (0…1) the animation starts.
    open var startProgress: Float = 0
    /// Where in the transition (0…1) the animation ends.
    open var endProgress: Float = 1
    /// A Core Image filter for custom transitions (stored only).
    open var filter: Any?

    /// The old rendering, captured when added to a layer.
    var snapshot: LayerSnapshot?

    open override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let other = other as? CATransition else { return }
        type = other.type
        subtype = other.subtype
        startProgress = other.startProgress
        endProgress = other.endProgress
        filter = other.filter
        snapshot = other.snapshot
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "type": return type.rawValue
        case "subtype": return subtype?.rawValue
        case "startProgress": return startProgress
        case "endProgress": return endProgress
        case "filter": return filter
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "type": if let v = value as? String { type = CATransitionType(rawValue: v) }
        case "subtype": subtype = (value as? String).map(CATransitionSubtype.init(rawValue:))
        case "startProgress": if let v = AnimationNumber.double(value) { startProgress = Float(v) }
        case "endProgress": if let v = AnimationNumber.double(value) { endProgress = Float(v) }
        case "filter": filter = value
        default: super.setValue(value, forKey: key)
        }
    }

    override func apply(to layer: inout AnimatedLayer, atLayerTime t: CFTimeInterval) {
        guard let snapshot, let sample = timingModel.sample(atParentTime: t) else { return }
        if sample.phase == .after && isRemovedOnCompletion { return }
        let start = Double(Swift.min(Swift.max(startProgress, 0), 1)), end = Double(Swift.min(Swift.max(endProgress, 0), 1))
        let progress = start + (end - start) * pacedProgress(sample)
        layer.value.transitionState = TransitionState(snapshot: snapshot, type: type, subtype: subtype ?? .fromLeft, progress: progress)
    }
}

/// A layer subtree rendered into an image, in the layer's bounds coordinates.
struct LayerSnapshot: Sendable {
    let image: CGImage
    let bounds: CGRect
}

/// A transition in progress on a presentation layer.
struct TransitionState: Sendable {
    let snapshot: LayerSnapshot
    let type: CATransitionType
    let subtype: CATransitionSubtype
    /// 0 shows the old rendering, 1 the new.
    let progress: Double
}
