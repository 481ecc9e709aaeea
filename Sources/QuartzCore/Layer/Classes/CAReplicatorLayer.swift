/// A layer that draws its sublayers `instanceCount` times: each copy transformed by
/// `instanceTransform` once more than the one before (about the layer's anchor point), tinted
/// by `instanceColor` plus the per-instance colour offsets, and shown `instanceDelay` later in
/// time (so animations of the sublayers ripple through the copies).
open class CAReplicatorLayer: CALayer {
    /// How many copies are drawn, the original included; 1 by default.
    open var instanceCount: Int = 1 { didSet { propertyDidChange("instanceCount", from: oldValue) } }
    /// Whether copies keep their depth.
    ///
    /// - Note: Differs from Apple: stored only; Lamina draws in 2-D, so copies are flattened.
    open var preservesDepth = false
    /// How much later each copy shows its sublayers' animations, in seconds.
    open var instanceDelay: CFTimeInterval = 0 { didSet { propertyDidChange("instanceDelay", from: oldValue) } }
    /// The transform from one copy to the next.
    open var instanceTransform = CATransform3DIdentity { didSet { propertyDidChange("instanceTransform", from: oldValue) } }
    /// The colour the first copy's colours are multiplied by; nil (or white) leaves them.
    open var instanceColor: CGColor? { didSet { propertyDidChange("instanceColor", from: oldValue) } }
    /// Added to the red multiplier for each copy after the first.
    open var instanceRedOffset: Float = 0 { didSet { propertyDidChange("instanceRedOffset", from: oldValue) } }
    /// Added to the green multiplier for each copy after the first.
    open var instanceGreenOffset: Float = 0 { didSet { propertyDidChange("instanceGreenOffset", from: oldValue) } }
    /// Added to the blue multiplier for each copy after the first.
    open var instanceBlueOffset: Float = 0 { didSet { propertyDidChange("instanceBlueOffset", from: oldValue) } }
    /// Added to the alpha multiplier for each copy after the first.
    open var instanceAlphaOffset: Float = 0 { didSet { propertyDidChange("instanceAlphaOffset", from: oldValue) } }

    public required init() {
        super.init()
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAReplicatorLayer else { return }
        instanceCount = other.instanceCount
        preservesDepth = other.preservesDepth
        instanceDelay = other.instanceDelay
        instanceTransform = other.instanceTransform
        instanceColor = other.instanceColor
        instanceRedOffset = other.instanceRedOffset
        instanceGreenOffset = other.instanceGreenOffset
        instanceBlueOffset = other.instanceBlueOffset
        instanceAlphaOffset = other.instanceAlphaOffset
    }

    public required init?(coder: NSCoder) { nil }

    private static let replicatorKeys: Set<String> = [
        "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
        "instanceBlueOffset", "instanceAlphaOffset",
    ]

    override package func isAnimatable(_ key: String) -> Bool {
        CAReplicatorLayer.replicatorKeys.contains(key) || super.isAnimatable(key)
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "instanceCount": return instanceCount
        case "preservesDepth": return preservesDepth
        case "instanceDelay": return KeyValueBox.box(instanceDelay)
        case "instanceTransform": return instanceTransform
        case "instanceColor": return instanceColor
        case "instanceRedOffset": return KeyValueBox.box(instanceRedOffset)
        case "instanceGreenOffset": return KeyValueBox.box(instanceGreenOffset)
        case "instanceBlueOffset": return KeyValueBox.box(instanceBlueOffset)
        case "instanceAlphaOffset": return KeyValueBox.box(instanceAlphaOffset)
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        let number = AnimationNumber.double(value)
        switch key {
        case "instanceCount": if let number { instanceCount = Int(number) }
        case "preservesDepth": if let v = AnimationNumber.bool(value) { preservesDepth = v }
        case "instanceDelay": if let number { instanceDelay = number }
        case "instanceTransform": if let v = KeyPathMember.transform(value) { instanceTransform = v }
        case "instanceColor": instanceColor = KeyPathMember.color(value)
        case "instanceRedOffset": if let number { instanceRedOffset = Float(number) }
        case "instanceGreenOffset": if let number { instanceGreenOffset = Float(number) }
        case "instanceBlueOffset": if let number { instanceBlueOffset = Float(number) }
        case "instanceAlphaOffset": if let number { instanceAlphaOffset = Float(number) }
        default: super.setValue(value, forKey: key)
        }
    }

    override var renderContent: LayerContent {
        .replicator(ReplicatorContent(instanceCount: instanceCount, instanceDelay: instanceDelay, instanceTransform: instanceTransform,
                                      instanceColor: instanceColor, instanceRedOffset: instanceRedOffset,
                                      instanceGreenOffset: instanceGreenOffset, instanceBlueOffset: instanceBlueOffset,
                                      instanceAlphaOffset: instanceAlphaOffset))
    }
}
