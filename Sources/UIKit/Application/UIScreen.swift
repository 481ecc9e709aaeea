/// The display a headless Lamina app renders for: an iPhone-sized 390 × 844 point screen at
/// 3 pixels per point.
///
/// - Note: Differs from Apple: there is one fixed screen; its size is not read from hardware.
@preconcurrency @MainActor
open class UIScreen: NSObject {
    /// The main screen.
    public static let main = UIScreen(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), scale: mainScale)

    /// The main screen's scale, readable from any thread (image contexts need it).
    nonisolated static let mainScale: CGFloat = 3

    /// The screen's size in points, origin zero.
    public let bounds: CGRect
    /// Pixels per point.
    public let scale: CGFloat

    init(bounds: CGRect, scale: CGFloat) {
        self.bounds = bounds
        self.scale = scale
        super.init()
    }

    /// The most frames per second the screen shows (60: backends present at most one frame
    /// per refresh).
    open var maximumFramesPerSecond: Int { 60 }

    /// The screen's traits: light, phone, compact width and regular height at its scale.
    open var traitCollection: UITraitCollection { UITraitCollection.screen }

    /// Called after the screen's traits changed (never, for the headless screen).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The native pixels per point (equal to `scale`).
    open var nativeScale: CGFloat { scale }
    /// The screen's size in pixels.
    open var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }
}
