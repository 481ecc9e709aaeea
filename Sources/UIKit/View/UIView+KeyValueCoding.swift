import Foundation

/// Key-value coding on views, as Interface Builder's runtime attributes and older code use it:
/// the view's own properties by their Objective-C names (`"alpha"`, `"hidden"`, `"frame"`…),
/// key paths through `layer` into the layer's key-value coding (`"layer.cornerRadius"`,
/// `"layer.shadowOffset.height"`), and a subclass's properties through accessors registered in
/// `SelectorTable` (`cornerRadius` / `setCornerRadius:`, which the `lamina` command registers
/// for `@IBInspectable` and `@objc` properties). Numbers come back as `NSNumber`; structures as
/// themselves.
extension UIView {
    /// The value of one of the view's properties (or `"layer"`).
    public func value(forKey key: String) -> Any? {
        switch key {
        case "layer": return layer
        case "frame": return frame
        case "bounds": return bounds
        case "center": return center
        case "transform": return transform
        case "alpha": return NSNumber(value: Double(alpha))
        case "backgroundColor": return backgroundColor
        case "tintColor": return tintColor
        case "hidden", "isHidden": return NSNumber(value: isHidden)
        case "opaque", "isOpaque": return NSNumber(value: isOpaque)
        case "clipsToBounds": return NSNumber(value: clipsToBounds)
        case "userInteractionEnabled", "isUserInteractionEnabled": return NSNumber(value: isUserInteractionEnabled)
        case "multipleTouchEnabled", "isMultipleTouchEnabled": return NSNumber(value: isMultipleTouchEnabled)
        case "tag": return NSNumber(value: tag)
        case "contentMode": return NSNumber(value: contentMode.rawValue)
        case "translatesAutoresizingMaskIntoConstraints": return NSNumber(value: translatesAutoresizingMaskIntoConstraints)
        case "accessibilityIdentifier": return accessibilityIdentifier
        case "accessibilityLabel": return accessibilityLabel
        case "superview": return superview
        case "subviews": return subviews
        case "window": return window
        default:
            // Key-value coding's accessor search: a getter named `key` or `isKey`, as the
            // `lamina` command registers them for `@objc` and `@IBInspectable` properties.
            for name in [key, "is" + key.prefix(1).uppercased() + key.dropFirst()] {
                let (found, result) = SelectorTable.invoke(Selector(name), on: self)
                if found { return result }
            }
            UIView.undefinedKey(key, of: self)
        }
    }

    /// Sets one of the view's properties (numbers as `NSNumber` or Swift numbers, structures
    /// boxed or not).
    public func setValue(_ value: Any?, forKey key: String) {
        func number() -> Double? { AnimationNumber.double(value) }
        func flag() -> Bool? { AnimationNumber.bool(value) }
        func unboxed<T>(_ type: T.Type) -> T? {
            if let plain = value as? T { return plain }
            if let box = value as? NSValue {
                if T.self == CGRect.self { return box.cgRectValue as? T }
                if T.self == CGPoint.self { return box.cgPointValue as? T }
                if T.self == CGAffineTransform.self { return box.cgAffineTransformValue as? T }
            }
            return nil
        }
        switch key {
        case "frame": if let v = unboxed(CGRect.self) { frame = v }
        case "bounds": if let v = unboxed(CGRect.self) { bounds = v }
        case "center": if let v = unboxed(CGPoint.self) { center = v }
        case "transform": if let v = unboxed(CGAffineTransform.self) { transform = v }
        case "alpha": if let v = number() { alpha = CGFloat(v) }
        case "backgroundColor": backgroundColor = value as? UIColor
        case "tintColor": tintColor = value as? UIColor
        case "hidden", "isHidden": if let v = flag() { isHidden = v }
        case "opaque", "isOpaque": if let v = flag() { isOpaque = v }
        case "clipsToBounds": if let v = flag() { clipsToBounds = v }
        case "userInteractionEnabled", "isUserInteractionEnabled": if let v = flag() { isUserInteractionEnabled = v }
        case "multipleTouchEnabled", "isMultipleTouchEnabled": if let v = flag() { isMultipleTouchEnabled = v }
        case "tag": if let v = number(), v.isFinite, abs(v) < 0x1p62 { tag = Int(v) }
        case "contentMode": if let v = number(), v.isFinite, let mode = ContentMode(rawValue: Int(Swift.max(Swift.min(v, 100), -1))) { contentMode = mode }
        case "translatesAutoresizingMaskIntoConstraints": if let v = flag() { translatesAutoresizingMaskIntoConstraints = v }
        case "accessibilityIdentifier": accessibilityIdentifier = value as? String
        case "accessibilityLabel": accessibilityLabel = value as? String
        default:
            // Key-value coding's accessor search: a `setKey:` method (an `@IBInspectable` or
            // `@objc` property's setter, as the `lamina` command registers them).
            let setter = Selector("set" + key.prefix(1).uppercased() + key.dropFirst() + ":")
            if SelectorTable.invoke(setter, on: self, with: [value]).found { return }
            UIView.undefinedKey(key, of: self)
        }
    }

    /// The value at a dotted key path: `"layer…"` continues in the layer's key-value coding,
    /// a structure's members (`"frame.size.width"`, `"center.x"`) are read from it.
    public func value(forKeyPath keyPath: String) -> Any? {
        guard let dot = keyPath.firstIndex(of: ".") else { return value(forKey: keyPath) }
        let head = String(keyPath[..<dot]), rest = String(keyPath[keyPath.index(after: dot)...])
        if head == "layer" { return layer.value(forKeyPath: rest) }
        let whole = value(forKey: head)
        switch whole {
        case let rect as CGRect: return UIView.member(of: rect, rest).map { NSNumber(value: Double($0)) }
        case let point as CGPoint: return UIView.member(of: CGRect(origin: point, size: .zero), "origin." + rest).map { NSNumber(value: Double($0)) }
        case let view as UIView: return view.value(forKeyPath: rest)
        default: UIView.undefinedKey(rest, of: whole as Any)
        }
    }

    /// Sets the value at a dotted key path (`"layer.cornerRadius"`, `"frame.origin.x"`).
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let dot = keyPath.firstIndex(of: ".") else { return setValue(value, forKey: keyPath) }
        let head = String(keyPath[..<dot]), rest = String(keyPath[keyPath.index(after: dot)...])
        if head == "layer" { return layer.setValue(value, forKeyPath: rest) }
        let number = AnimationNumber.double(value)
        switch head {
        case "frame", "bounds":
            guard let number, var rect = self.value(forKey: head) as? CGRect else { return }
            UIView.setMember(of: &rect, rest, CGFloat(number))
            setValue(rect, forKey: head)
        case "center":
            guard let number else { return }
            var rect = CGRect(origin: center, size: .zero)
            UIView.setMember(of: &rect, "origin." + rest, CGFloat(number))
            center = rect.origin
        default:
            (self.value(forKey: head) as? UIView)?.setValue(value, forKeyPath: rest)
        }
    }

    private static func member(of rect: CGRect, _ path: String) -> CGFloat? {
        switch path {
        case "origin.x", "x": return rect.origin.x
        case "origin.y", "y": return rect.origin.y
        case "size.width", "width": return rect.size.width
        case "size.height", "height": return rect.size.height
        default: return nil
        }
    }

    private static func setMember(of rect: inout CGRect, _ path: String, _ value: CGFloat) {
        switch path {
        case "origin.x", "x": rect.origin.x = value
        case "origin.y", "y": rect.origin.y = value
        case "size.width", "width": rect.size.width = value
        case "size.height", "height": rect.size.height = value
        default: break
        }
    }

    /// A key the object does not have: Foundation raises `NSUnknownKeyException`.
    private static func undefinedKey(_ key: String, of object: Any) -> Never {
        fatalError("*** Terminating app due to uncaught exception 'NSUnknownKeyException', reason: '[<\(type(of: object))> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(key).'")
    }
}
