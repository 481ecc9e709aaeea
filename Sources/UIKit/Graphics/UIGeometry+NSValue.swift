import CoreGraphics
import Foundation

/// A horizontal and vertical offset, as for positioning a title or a background image.
public struct UIOffset: Hashable, Sendable {
    public var horizontal: CGFloat
    public var vertical: CGFloat

    public init() { self.init(horizontal: 0, vertical: 0) }

    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let zero = UIOffset()
}

// The NSValue boxes UIKit adds for its geometry, as on iOS; `as?` casts between each
// structure and `NSValue` work both ways. Points, sizes and rects use Foundation's boxes;
// the others are stored as arrays of doubles.

extension NSValue {
    /// Boxes a point.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// Boxes a vector.
    public convenience init(cgVector vector: CGVector) { self.init(packing: vector, doubles: 2) }
    /// Boxes a size.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// Boxes a rectangle.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// Boxes an affine transform.
    ///
    /// - Note: Differs from Apple: the box's `objCType` is `"[6d]"`.
    public convenience init(cgAffineTransform transform: CGAffineTransform) { self.init(packing: transform, doubles: 6) }
    /// Boxes edge insets.
    ///
    /// - Note: Differs from Apple: the box's `objCType` is `"[4d]"`, shared with
    ///   `NSDirectionalEdgeInsets`, so either can be read from it.
    public convenience init(uiEdgeInsets insets: UIEdgeInsets) { self.init(packing: insets, doubles: 4) }
    /// Boxes directional edge insets.
    public convenience init(directionalEdgeInsets insets: NSDirectionalEdgeInsets) { self.init(packing: insets, doubles: 4) }
    /// Boxes an offset.
    public convenience init(uiOffset offset: UIOffset) { self.init(packing: offset, doubles: 2) }

    /// The point in the box (zero if it holds something else).
    public var cgPointValue: CGPoint { CGPoint.unbox(self) ?? .zero }
    /// The vector in the box (zero if it holds something else).
    public var cgVectorValue: CGVector { CGVector.unbox(self) ?? .zero }
    /// The size in the box (zero if it holds something else).
    public var cgSizeValue: CGSize { CGSize.unbox(self) ?? .zero }
    /// The rectangle in the box (zero if it holds something else).
    public var cgRectValue: CGRect { CGRect.unbox(self) ?? .zero }
    /// The affine transform in the box (all zeros if it holds something else).
    public var cgAffineTransformValue: CGAffineTransform { CGAffineTransform.unbox(self) ?? CGAffineTransform.zeroValue }
    /// The edge insets in the box (zero if it holds something else).
    public var uiEdgeInsetsValue: UIEdgeInsets { UIEdgeInsets.unbox(self) ?? .zero }
    /// The directional edge insets in the box (zero if it holds something else).
    public var directionalEdgeInsetsValue: NSDirectionalEdgeInsets { NSDirectionalEdgeInsets.unbox(self) ?? .zero }
    /// The offset in the box (zero if it holds something else).
    public var uiOffsetValue: UIOffset { UIOffset.unbox(self) ?? .zero }
}

extension UIEdgeInsets: _ObjectiveCBridgeable, GeometryBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(uiEdgeInsets: self) }
    package static func unbox(_ box: NSValue) -> UIEdgeInsets? { box.unpacked(as: UIEdgeInsets.self, doubles: 4) }
    package static var zeroValue: UIEdgeInsets { .zero }
}

extension NSDirectionalEdgeInsets: _ObjectiveCBridgeable, GeometryBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(directionalEdgeInsets: self) }
    package static func unbox(_ box: NSValue) -> NSDirectionalEdgeInsets? {
        box.unpacked(as: NSDirectionalEdgeInsets.self, doubles: 4)
    }
    package static var zeroValue: NSDirectionalEdgeInsets { .zero }
}

extension UIOffset: _ObjectiveCBridgeable, GeometryBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(uiOffset: self) }
    package static func unbox(_ box: NSValue) -> UIOffset? { box.unpacked(as: UIOffset.self, doubles: 2) }
    package static var zeroValue: UIOffset { .zero }
}
