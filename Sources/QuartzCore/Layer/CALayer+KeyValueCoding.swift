import Foundation

/// Key-value coding for layers: the property names Core Animation uses as keys (`"position"`,
/// `"hidden"`, …), key paths into their structures (`"position.x"`, `"bounds.size.width"`,
/// `"transform.rotation.z"`, `"transform.scale"`), and any other key stored with the layer.
extension CALayer {
    /// The keys whose values animate implicitly when they change.
    static let animatableKeys: Set<String> = [
        "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
        "contents", "contentsRect", "contentsScale", "contentsCenter", "backgroundColor", "cornerRadius",
        "borderWidth", "borderColor", "opacity", "hidden", "masksToBounds", "doubleSided",
        "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "rasterizationScale",
    ]

    /// Keys that place the layer without changing how it looks in its own space.
    static let placementKeys: Set<String> = [
        "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "opacity", "hidden", "doubleSided",
        "allowsEdgeAntialiasing", "shouldRasterize", "name",
    ]

    func propertyValue(forKey key: String) -> Any? {
        switch key {
        case "bounds": return bounds
        case "position": return position
        case "frame": return frame
        case "zPosition": return zPosition
        case "anchorPoint": return anchorPoint
        case "anchorPointZ": return anchorPointZ
        case "transform": return transform
        case "sublayerTransform": return sublayerTransform
        case "contents": return contents
        case "contentsRect": return contentsRect
        case "contentsCenter": return contentsCenter
        case "contentsScale": return contentsScale
        case "contentsGravity": return contentsGravity.rawValue
        case "backgroundColor": return backgroundColor
        case "shouldRasterize": return shouldRasterize
        case "rasterizationScale": return rasterizationScale
        case "cornerRadius": return cornerRadius
        case "cornerCurve": return cornerCurve.rawValue
        case "borderWidth": return borderWidth
        case "borderColor": return borderColor
        case "opacity": return opacity
        case "hidden", "isHidden": return isHidden
        case "masksToBounds": return masksToBounds
        case "opaque", "isOpaque": return isOpaque
        case "doubleSided", "isDoubleSided": return isDoubleSided
        case "geometryFlipped", "isGeometryFlipped": return isGeometryFlipped
        case "shadowColor": return shadowColor
        case "shadowOpacity": return shadowOpacity
        case "shadowOffset": return shadowOffset
        case "shadowRadius": return shadowRadius
        case "shadowPath": return shadowPath
        case "mask": return mask
        case "name": return name
        default:
            return timingValue(forKey: key) ?? customValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }

    func setPropertyValue(_ boxed: Any?, forKey key: String) {
        let value = KeyValueBox.unbox(boxed)
        @inline(__always) func cg(_ assign: (CGFloat) -> Void) { if let v = AnimationNumber.double(value) { assign(CGFloat(v)) } }
        @inline(__always) func flag(_ assign: (Bool) -> Void) { if let v = AnimationNumber.bool(value) { assign(v) } }
        switch key {
        case "bounds": if let v = value as? CGRect { bounds = v }
        case "position": if let v = value as? CGPoint { position = v }
        case "frame": if let v = value as? CGRect { frame = v }
        case "zPosition": cg { zPosition = $0 }
        case "anchorPoint": if let v = value as? CGPoint { anchorPoint = v }
        case "anchorPointZ": cg { anchorPointZ = $0 }
        case "transform": if let v = KeyPathMember.transform(value) { transform = v }
        case "sublayerTransform": if let v = KeyPathMember.transform(value) { sublayerTransform = v }
        case "contents": contents = value
        case "contentsRect": if let v = value as? CGRect { contentsRect = v }
        case "contentsCenter": if let v = value as? CGRect { contentsCenter = v }
        case "contentsScale": cg { contentsScale = $0 }
        case "contentsGravity": if let v = value as? String { contentsGravity = CALayerContentsGravity(rawValue: v) }
        case "backgroundColor": backgroundColor = KeyPathMember.color(value)
        case "shouldRasterize": flag { shouldRasterize = $0 }
        case "rasterizationScale": cg { rasterizationScale = $0 }
        case "cornerRadius": cg { cornerRadius = $0 }
        case "cornerCurve": if let v = value as? String { cornerCurve = CALayerCornerCurve(rawValue: v) }
        case "borderWidth": cg { borderWidth = $0 }
        case "borderColor": borderColor = KeyPathMember.color(value)
        case "opacity": if let v = AnimationNumber.double(value) { opacity = Float(v) }
        case "hidden", "isHidden": flag { isHidden = $0 }
        case "masksToBounds": flag { masksToBounds = $0 }
        case "opaque", "isOpaque": flag { isOpaque = $0 }
        case "doubleSided", "isDoubleSided": flag { isDoubleSided = $0 }
        case "geometryFlipped", "isGeometryFlipped": flag { isGeometryFlipped = $0 }
        case "shadowColor": shadowColor = KeyPathMember.color(value)
        case "shadowOpacity": if let v = AnimationNumber.double(value) { shadowOpacity = Float(v) }
        case "shadowOffset": if let v = value as? CGSize { shadowOffset = v }
        case "shadowRadius": cg { shadowRadius = $0 }
        case "shadowPath": shadowPath = value.flatMap { $0 as? CGPath }
        case "mask": mask = value as? CALayer
        case "name": name = value as? String
        default:
            if setTimingValue(value, forKey: key) { return }
            let old = customValues[key] ?? type(of: self).defaultValue(forKey: key)
            customValues[key] = value
            if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
            propertyDidChange(key, from: old)
        }
    }

    func valueForKeyPath(_ keyPath: String) -> Any? {
        guard let dot = keyPath.firstIndex(of: ".") else { return value(forKey: keyPath) }
        let head = String(keyPath[..<dot]), rest = String(keyPath[keyPath.index(after: dot)...])
        return KeyValueBox.box(KeyPathMember.get(KeyValueBox.unbox(value(forKey: head)), path: rest))
    }

    func setValueForKeyPath(_ newValue: Any?, _ keyPath: String) {
        guard let dot = keyPath.firstIndex(of: ".") else { return setValue(newValue, forKey: keyPath) }
        let head = String(keyPath[..<dot]), rest = String(keyPath[keyPath.index(after: dot)...])
        guard let updated = KeyPathMember.set(KeyValueBox.unbox(value(forKey: head)), path: rest, to: KeyValueBox.unbox(newValue))
        else { return }
        setValue(updated, forKey: head)
    }
}

/// Reading and writing the members of structure values by key path.
enum KeyPathMember {
    static func transform(_ value: Any?) -> CATransform3D? {
        switch value {
        case let v as CATransform3D: return v
        case let v as CGAffineTransform: return CATransform3DMakeAffineTransform(v)
        default: return nil
        }
    }

    static func color(_ value: Any?) -> CGColor? {
        guard let value else { return nil }
        return value as? CGColor
    }

    static func get(_ value: Any?, path: String) -> Any? {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first else { return value }
        let rest = parts.count > 1 ? parts[1] : nil
        let member: Any?
        switch value {
        case let p as CGPoint:
            switch first { case "x": member = p.x; case "y": member = p.y; default: return nil }
        case let s as CGSize:
            switch first { case "width": member = s.width; case "height": member = s.height; default: return nil }
        case let r as CGRect:
            switch first { case "origin": member = r.origin; case "size": member = r.size; default: return nil }
        case let t as CATransform3D:
            return transformMember(t, path: path)
        default:
            return nil
        }
        return rest.map { get(member, path: $0) } ?? member
    }

    static func set(_ value: Any?, path: String, to newValue: Any?) -> Any? {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first else { return newValue }
        let rest = parts.count > 1 ? parts[1] : nil
        @inline(__always) func number() -> CGFloat? { AnimationNumber.double(newValue).map { CGFloat($0) } }
        switch value {
        case var p as CGPoint:
            guard rest == nil, let v = number() else { return nil }
            switch first { case "x": p.x = v; case "y": p.y = v; default: return nil }
            return p
        case var s as CGSize:
            guard rest == nil, let v = number() else { return nil }
            switch first { case "width": s.width = v; case "height": s.height = v; default: return nil }
            return s
        case var r as CGRect:
            switch first {
            case "origin":
                guard let o = (rest.map { set(r.origin, path: $0, to: newValue) } ?? newValue) as? CGPoint else { return nil }
                r.origin = o
            case "size":
                guard let s = (rest.map { set(r.size, path: $0, to: newValue) } ?? newValue) as? CGSize else { return nil }
                r.size = s
            default: return nil
            }
            return r
        case let t as CATransform3D:
            return setTransformMember(t, path: path, to: newValue)
        default:
            return nil
        }
    }

    // MARK: Transform members

    private static func transformMember(_ t: CATransform3D, path: String) -> Any? {
        let parts = TransformDecomposition(t) ?? TransformDecomposition()
        switch path {
        case "rotation.x": return CGFloat(parts.eulerAngles.x)
        case "rotation.y": return CGFloat(parts.eulerAngles.y)
        case "rotation", "rotation.z": return CGFloat(parts.eulerAngles.z)
        case "scale.x": return CGFloat(parts.scale.x)
        case "scale.y": return CGFloat(parts.scale.y)
        case "scale.z": return CGFloat(parts.scale.z)
        case "scale": return CGFloat((parts.scale.x + parts.scale.y + parts.scale.z) / 3)
        case "translation.x": return CGFloat(parts.translation.x)
        case "translation.y": return CGFloat(parts.translation.y)
        case "translation.z": return CGFloat(parts.translation.z)
        case "translation": return CGSize(width: parts.translation.x, height: parts.translation.y)
        default: return nil
        }
    }

    private static func setTransformMember(_ t: CATransform3D, path: String, to newValue: Any?) -> Any? {
        var parts = TransformDecomposition(t) ?? TransformDecomposition()
        if path == "translation" {
            guard let size = newValue as? CGSize else { return nil }
            parts.translation.x = Double(size.width)
            parts.translation.y = Double(size.height)
            return parts.matrix
        }
        guard let v = AnimationNumber.double(newValue) else { return nil }
        switch path {
        case "rotation.x": parts.eulerAngles.x = v
        case "rotation.y": parts.eulerAngles.y = v
        case "rotation", "rotation.z": parts.eulerAngles.z = v
        case "scale.x": parts.scale.x = v
        case "scale.y": parts.scale.y = v
        case "scale.z": parts.scale.z = v
        case "scale": parts.scale = SIMD3(v, v, v)
        case "translation.x": parts.translation.x = v
        case "translation.y": parts.translation.y = v
        case "translation.z": parts.translation.z = v
        default: return nil
        }
        return parts.matrix
    }
}

/// Converts between the values layers store and the boxes key-value coding trades in, as
/// Apple's does: numbers come out as `NSNumber` (so `as? Double`, `as? Float`, `as? CGFloat`
/// and `as? NSNumber` all read them), and `NSValue` boxes going in are opened into the
/// structures they hold.
package enum KeyValueBox {
    /// `value` with floating-point numbers boxed as `NSNumber`; anything else unchanged.
    package static func box(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let type = type(of: value)
        if type == CGFloat.self, let v = value as? CGFloat { return NSNumber(value: Double(v)) }
        if type == Float.self, let v = value as? Float { return NSNumber(value: v) }
        if type == Double.self, let v = value as? Double { return NSNumber(value: v) }
        return value
    }

    /// The structures layers store that arrive boxed.
    private static let boxedTypes: [any GeometryBridgeable.Type] = [
        CGPoint.self, CGSize.self, CGRect.self, CATransform3D.self, CGAffineTransform.self, CGVector.self,
    ]

    /// `value` with an `NSValue` holding a geometry structure (point, size, rect, vector,
    /// affine or 3-D transform) replaced by the structure; numbers and anything else unchanged.
    /// Only the dynamic type is tested first, so plain Swift values are never bridged.
    package static func unbox(_ value: Any?) -> Any? {
        guard let value, type(of: value) is NSValue.Type, !(type(of: value) is NSNumber.Type),
              let box = value as? NSValue else { return value }
        for type in boxedTypes { if let v = type.unbox(box) { return v } }
        return value
    }
}
