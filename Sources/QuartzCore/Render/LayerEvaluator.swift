import Foundation

/// The one place animations are evaluated: a layer's committed value with its animations
/// applied at a layer time. `presentation()` and the compositor both call
/// `LayerEvaluator.evaluate`, so what a frame draws and what `presentation()` reports cannot
/// disagree.
enum LayerEvaluator {
    /// `base` with `animations` applied, in order, at layer time `t`.
    static func evaluate(_ base: LayerValue, _ animations: [CAAnimation], atLayerTime t: CFTimeInterval) -> LayerValue {
        guard !animations.isEmpty else { return base }
        var target = AnimatedLayer(value: base)
        evaluate(&target, animations, atLayerTime: t)
        return target.value
    }

    /// Applies `animations`, in order, at layer time `t` to `target`.
    static func evaluate(_ target: inout AnimatedLayer, _ animations: [CAAnimation], atLayerTime t: CFTimeInterval) {
        for animation in animations { animation.apply(to: &target, atLayerTime: t) }
    }
}

/// What animations write into while they are evaluated: a layer value, and (for
/// presentation layers on the main thread) the layer's other keys.
struct AnimatedLayer {
    var value: LayerValue
    /// For presentation layers: the top-level keys written, in order, so the presentation copy
    /// can take them back.
    var writtenKeys: [String] = []
    /// Keys that are not layer properties (custom animatable properties): their values as
    /// animated, read first from `fallback` (the render side has none and ignores them).
    var custom: [String: Any] = [:]
    let fallback: ((String) -> Any?)?
    let tracksKeys: Bool

    init(value: LayerValue, fallback: ((String) -> Any?)? = nil, tracksKeys: Bool = false) {
        self.value = value
        self.fallback = fallback
        self.tracksKeys = tracksKeys
    }

    /// The current value of a key.
    func value(forKey key: String) -> Any? {
        if let known = value.animatableValue(forKey: key) { return known }
        if let v = custom[key] { return v }
        return fallback?(key)
    }

    /// The value at a key path: a key, then members of structures.
    func value(forKeyPath keyPath: String) -> Any? {
        guard let dot = keyPath.firstIndex(of: ".") else { return value(forKey: keyPath) }
        let head = String(keyPath[..<dot]), rest = String(keyPath[keyPath.index(after: dot)...])
        return KeyPathMember.get(KeyValueBox.unbox(value(forKey: head)), path: rest)
    }

    /// Writes an animated value at a key path.
    mutating func setPresentationValue(_ newValue: Any?, forKeyPath keyPath: String) {
        var key = keyPath
        var written = KeyValueBox.unbox(newValue)
        if let dot = keyPath.firstIndex(of: ".") {
            key = String(keyPath[..<dot])
            let rest = String(keyPath[keyPath.index(after: dot)...])
            guard let updated = KeyPathMember.set(KeyValueBox.unbox(value(forKey: key)), path: rest, to: written) else { return }
            written = updated
        }
        if !value.setAnimatableValue(written, forKey: key) {
            guard fallback != nil else { return }
            custom[key] = written
        }
        if tracksKeys && !writtenKeys.contains(key) { writtenKeys.append(key) }
    }
}

extension LayerValue {
    /// The value of an animatable key (the class's keys included); nil when `key` names no
    /// property of the value (an optional property that is nil comes back as `.some(nil)`).
    func animatableValue(forKey key: String) -> Any?? {
        switch key {
        case "bounds": return bounds
        case "position": return position
        case "zPosition": return zPosition
        case "anchorPoint": return anchorPoint
        case "anchorPointZ": return anchorPointZ
        case "transform": return transform
        case "sublayerTransform": return sublayerTransform
        case "contents": return .some(contents)
        case "contentsRect": return contentsRect
        case "contentsCenter": return contentsCenter
        case "contentsScale": return contentsScale
        case "backgroundColor": return .some(backgroundColor)
        case "shouldRasterize": return shouldRasterize
        case "rasterizationScale": return rasterizationScale
        case "cornerRadius": return cornerRadius
        case "borderWidth": return borderWidth
        case "borderColor": return .some(borderColor)
        case "opacity": return opacity
        case "hidden", "isHidden": return isHidden
        case "masksToBounds": return masksToBounds
        case "doubleSided", "isDoubleSided": return isDoubleSided
        case "allowsEdgeAntialiasing": return allowsEdgeAntialiasing
        case "allowsGroupOpacity": return allowsGroupOpacity
        case "shadowColor": return .some(shadowColor)
        case "shadowOpacity": return shadowOpacity
        case "shadowOffset": return shadowOffset
        case "shadowRadius": return shadowRadius
        case "shadowPath": return .some(shadowPath)
        default:
            switch content {
            case .shape(let shape): return shape.value(forKey: key)
            case .gradient(let gradient): return gradient.value(forKey: key)
            case .replicator(let replicator): return replicator.value(forKey: key)
            case .text(let text): return text.value(forKey: key)
            default: return nil
            }
        }
    }

    /// Sets an animatable key as the layer's setter would (geometry that is not finite is
    /// refused); false when `key` names no property of the value.
    mutating func setAnimatableValue(_ value: Any?, forKey key: String) -> Bool {
        @inline(__always) func cg(_ assign: (CGFloat) -> Void) { if let v = AnimationNumber.double(value) { assign(CGFloat(v)) } }
        @inline(__always) func flag(_ assign: (Bool) -> Void) { if let v = AnimationNumber.bool(value) { assign(v) } }
        switch key {
        case "bounds": if let v = value as? CGRect, v.isFiniteRect { bounds = v }
        case "position": if let v = value as? CGPoint, v.x.isFinite, v.y.isFinite { position = v }
        case "zPosition": cg { zPosition = $0 }
        case "anchorPoint": if let v = value as? CGPoint, v.x.isFinite, v.y.isFinite { anchorPoint = v }
        case "anchorPointZ": cg { anchorPointZ = $0 }
        case "transform": if let v = KeyPathMember.transform(value) { transform = v }
        case "sublayerTransform": if let v = KeyPathMember.transform(value) { sublayerTransform = v }
        case "contents": contents = value.flatMap { $0 as? CGImage }
        case "contentsRect": if let v = value as? CGRect { contentsRect = v }
        case "contentsCenter": if let v = value as? CGRect { contentsCenter = v }
        case "contentsScale": cg { if $0 > 0 && $0.isFinite { contentsScale = $0 } }
        case "backgroundColor": backgroundColor = KeyPathMember.color(value)
        case "shouldRasterize": flag { shouldRasterize = $0 }
        case "rasterizationScale": cg { rasterizationScale = $0 }
        case "cornerRadius": cg { cornerRadius = $0 }
        case "borderWidth": cg { borderWidth = $0 }
        case "borderColor": borderColor = KeyPathMember.color(value)
        case "opacity": if let v = AnimationNumber.double(value) { opacity = Float(v) }
        case "hidden", "isHidden": flag { isHidden = $0 }
        case "masksToBounds": flag { masksToBounds = $0 }
        case "doubleSided", "isDoubleSided": flag { isDoubleSided = $0 }
        case "allowsEdgeAntialiasing": flag { allowsEdgeAntialiasing = $0 }
        case "allowsGroupOpacity": flag { allowsGroupOpacity = $0 }
        case "shadowColor": shadowColor = KeyPathMember.color(value)
        case "shadowOpacity": if let v = AnimationNumber.double(value) { shadowOpacity = Float(v) }
        case "shadowOffset": if let v = value as? CGSize { shadowOffset = v }
        case "shadowRadius": cg { shadowRadius = $0 }
        case "shadowPath": shadowPath = value.flatMap { $0 as? CGPath }
        default:
            switch content {
            case .shape(var shape):
                guard shape.setValue(value, forKey: key) else { return false }
                content = .shape(shape)
            case .gradient(var gradient):
                guard gradient.setValue(value, forKey: key) else { return false }
                content = .gradient(gradient)
            case .replicator(var replicator):
                guard replicator.setValue(value, forKey: key) else { return false }
                content = .replicator(replicator)
            case .text(var text):
                guard text.setValue(value, forKey: key) else { return false }
                content = .text(text)
            default:
                return false
            }
        }
        return true
    }
}
