import CoreGraphics
import Foundation

extension NSValue {
    /// Boxes a 3-D transform, for animation values and key-value coding.
    ///
    /// - Note: Differs from Apple: the box's `objCType` is `"[16d]"` (Foundation on Linux
    ///   cannot box structures by their own encoding).
    public convenience init(caTransform3D t: CATransform3D) {
        self.init(packing: t, doubles: 16)
    }

    /// The 3-D transform in the box; the zero matrix if it holds something else.
    public var caTransform3DValue: CATransform3D {
        unpacked(as: CATransform3D.self, doubles: 16) ?? CATransform3D()
    }
}

extension CATransform3D: _ObjectiveCBridgeable, GeometryBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(caTransform3D: self) }
    package static func unbox(_ box: NSValue) -> CATransform3D? { box.unpacked(as: CATransform3D.self, doubles: 16) }
    package static var zeroValue: CATransform3D { CATransform3D() }
}
