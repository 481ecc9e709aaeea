import Foundation

// Bridging between the geometry values and Foundation's boxes, as Apple's Foundation overlay
// bridges them: `CGFloat` to `NSNumber`, and the geometry structures to `NSValue`. With these,
// `value as? CGPoint` finds the point inside an `NSValue`, `point as? NSValue` boxes it, and an
// `NSNumber` reads back `as? CGFloat`, so code written for Apple's SDK that passes boxes through
// `Any` (animation values, key-value coding, `userInfo`) works unchanged.
//
// Points, sizes and rects use Foundation's own boxes (`NSValue(point:)` and friends, which
// report Apple's type encodings). Foundation on Linux cannot box other structures, so the rest
// are stored as arrays of doubles (`"[6d]"` for an affine transform): a box is recognised by
// that encoding, and its `objCType` differs from Apple's.

extension NSValue {
    /// Boxes `count` doubles read from `value`, whose memory is exactly that many `CGFloat`s
    /// (every structure boxed this way is a plain record of `CGFloat` fields).
    package convenience init<T>(packing value: T, doubles count: Int) {
        precondition(MemoryLayout<T>.size == count * MemoryLayout<Double>.size && MemoryLayout<CGFloat>.size == 8)
        let bytes = withUnsafeBytes(of: value) { Array($0) }
        self.init(bytes: bytes, objCType: "[\(count)d]")
    }

    /// The structure boxed by `init(packing:doubles:)`, or nil when the box holds something else.
    package func unpacked<T>(as type: T.Type, doubles count: Int) -> T? {
        guard String(cString: objCType) == "[\(count)d]" else { return nil }
        let raw = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
        defer { raw.deallocate() }
        getValue(raw)
        return raw.load(as: T.self)
    }

    /// Whether the box's type encoding is `encoding`.
    package func hasEncoding(_ encoding: String) -> Bool {
        String(cString: objCType) == encoding
    }
}

extension CGFloat: @retroactive _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = NSNumber

    public func _bridgeToObjectiveC() -> NSNumber { NSNumber(value: Double(self)) }

    public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) {
        result = CGFloat(source.doubleValue)
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) -> Bool {
        result = CGFloat(source.doubleValue)
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat {
        CGFloat(source?.doubleValue ?? 0)
    }
}

/// The bridging requirements shared by every geometry structure: bridging back succeeds only
/// for a box made from the same kind of structure.
package protocol GeometryBridgeable: _ObjectiveCBridgeable, Sendable where _ObjectiveCType == NSValue {
    /// The structure in `box`, or nil if the box holds something else.
    static func unbox(_ box: NSValue) -> Self?
    static var zeroValue: Self { get }
}

extension GeometryBridgeable {
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) {
        result = unbox(source)
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) -> Bool {
        result = unbox(source)
        return result != nil
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> Self {
        source.flatMap(unbox) ?? zeroValue
    }
}

extension CGPoint: @retroactive _ObjectiveCBridgeable, GeometryBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(point: self) }
    package static func unbox(_ box: NSValue) -> CGPoint? { box.hasEncoding("{CGPoint=dd}") ? box.pointValue : nil }
    package static var zeroValue: CGPoint { .zero }
}

extension CGSize: @retroactive _ObjectiveCBridgeable, GeometryBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(size: self) }
    package static func unbox(_ box: NSValue) -> CGSize? { box.hasEncoding("{CGSize=dd}") ? box.sizeValue : nil }
    package static var zeroValue: CGSize { .zero }
}

extension CGRect: @retroactive _ObjectiveCBridgeable, GeometryBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(rect: self) }
    package static func unbox(_ box: NSValue) -> CGRect? {
        box.hasEncoding("{CGRect={CGPoint=dd}{CGSize=dd}}") ? box.rectValue : nil
    }
    package static var zeroValue: CGRect { .zero }
}

extension CGAffineTransform: _ObjectiveCBridgeable, GeometryBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(packing: self, doubles: 6) }
    package static func unbox(_ box: NSValue) -> CGAffineTransform? { box.unpacked(as: CGAffineTransform.self, doubles: 6) }
    package static var zeroValue: CGAffineTransform { CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0) }
}

extension CGVector: _ObjectiveCBridgeable, GeometryBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(packing: self, doubles: 2) }
    package static func unbox(_ box: NSValue) -> CGVector? { box.unpacked(as: CGVector.self, doubles: 2) }
    package static var zeroValue: CGVector { .zero }
}
