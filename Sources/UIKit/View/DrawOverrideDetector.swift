/// Tells whether a `UIView` subclass overrides `draw(_:)`, as UIKit must know to decide if a
/// view needs a backing store at all (see `MethodOverrideDetector`).
enum DrawOverrideDetector {
    private final class PlainProbe: UIView {}

    private final class DrawingProbe: UIView {
        override func draw(_ rect: CGRect) {}
    }

    private static let detector = MethodOverrideDetector(base: UIView.self, plain: PlainProbe.self, overriding: DrawingProbe.self)

    /// Whether `type` (a UIView subclass) overrides `draw(_:)`; true when detection is off.
    static func overridesDraw(_ type: AnyClass) -> Bool {
        detector.overrides(type)
    }
}
