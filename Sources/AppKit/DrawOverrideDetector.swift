/// Tells whether an `NSView` subclass overrides `draw(_:)`: a layer-backed view that does not
/// keeps no backing store, and contents given to its layer stay (see `MethodOverrideDetector`).
enum DrawOverrideDetector {
    private final class PlainProbe: NSView {}

    private final class DrawingProbe: NSView {
        override func draw(_ dirtyRect: NSRect) {}
    }

    private static let detector = MethodOverrideDetector(base: NSView.self, plain: PlainProbe.self, overriding: DrawingProbe.self)

    /// Whether `type` (an NSView subclass) overrides `draw(_:)`; true when detection is off.
    static func overridesDraw(_ type: AnyClass) -> Bool {
        detector.overrides(type)
    }
}
