import Foundation

/// A replicator layer's copies: how many, the step between them, their delay and tints.
struct ReplicatorContent: Sendable {
    var instanceCount = 1
    var instanceDelay: CFTimeInterval = 0
    var instanceTransform = CATransform3DIdentity
    var instanceColor: CGColor?
    var instanceRedOffset: Float = 0
    var instanceGreenOffset: Float = 0
    var instanceBlueOffset: Float = 0
    var instanceAlphaOffset: Float = 0

    /// The value of an animatable replicator key; `.none` when `key` is not one.
    func value(forKey key: String) -> Any?? {
        switch key {
        case "instanceCount": return .some(instanceCount)
        case "instanceDelay": return .some(instanceDelay)
        case "instanceTransform": return .some(instanceTransform)
        case "instanceColor": return .some(instanceColor)
        case "instanceRedOffset": return .some(instanceRedOffset)
        case "instanceGreenOffset": return .some(instanceGreenOffset)
        case "instanceBlueOffset": return .some(instanceBlueOffset)
        case "instanceAlphaOffset": return .some(instanceAlphaOffset)
        default: return .none
        }
    }

    /// Sets an animatable replicator key; false when `key` is not one.
    mutating func setValue(_ value: Any?, forKey key: String) -> Bool {
        let number = AnimationNumber.double(value)
        switch key {
        case "instanceCount": if let number, number.isFinite { instanceCount = Int(Swift.min(Swift.max(number, -1e9), 1e9)) }
        case "instanceDelay": if let number { instanceDelay = number }
        case "instanceTransform": if let v = KeyPathMember.transform(value) { instanceTransform = v }
        case "instanceColor": instanceColor = KeyPathMember.color(value)
        case "instanceRedOffset": if let number { instanceRedOffset = Float(number) }
        case "instanceGreenOffset": if let number { instanceGreenOffset = Float(number) }
        case "instanceBlueOffset": if let number { instanceBlueOffset = Float(number) }
        case "instanceAlphaOffset": if let number { instanceAlphaOffset = Float(number) }
        default: return false
        }
        return true
    }

    /// The colour multiplier of copy `i` (straight RGBA, clamped to 0…1).
    func tint(ofInstance i: Int) -> (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        let c = instanceColor?.components ?? [1, 1, 1, 1]
        let base: [CGFloat] = c.count >= 4 ? Array(c.prefix(4)) : (c.count == 2 ? [c[0], c[0], c[0], c[1]] : [1, 1, 1, 1])
        let k = CGFloat(i)
        func clamp(_ v: CGFloat) -> CGFloat { Swift.min(Swift.max(v, 0), 1) }
        return (clamp(base[0] + k * CGFloat(instanceRedOffset)), clamp(base[1] + k * CGFloat(instanceGreenOffset)),
                clamp(base[2] + k * CGFloat(instanceBlueOffset)), clamp(base[3] + k * CGFloat(instanceAlphaOffset)))
    }
}
