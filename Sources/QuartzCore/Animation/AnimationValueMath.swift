/// Arithmetic on animation values for other modules of the package (UIKit's additive view
/// animations), without exposing the internal value representation.
package enum AnimationValueMath {
    /// a − b when the kind subtracts (numbers, geometry, transforms), else nil.
    package static func difference(_ a: Any?, _ b: Any?) -> Any? {
        let x = AnimatableValue(a), y = AnimatableValue(b)
        switch (x, y) {
        case (.number, .number), (.point, .point), (.size, .size), (.rect, .rect), (.transform, .transform):
            return AnimatableValue.subtract(x, y).boxed
        default:
            return nil
        }
    }

    /// The additive identity of `value`'s kind (0, .zero, the identity transform), or nil.
    package static func zero(like value: Any?) -> Any? {
        AnimatableValue(value).additiveIdentity?.boxed
    }
}
