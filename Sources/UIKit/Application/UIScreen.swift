import LaminaPlatform

/// The display a Lamina app renders for. Headless, it is an iPhone-sized 390 × 844 point
/// screen at 3 pixels per point, or the screen of the device `LAMINA_DEVICE` names
/// (`iPhoneSe`, `iPhone13`, `iPadPro11`…: `lamina run --device`); with a display backend installed (before the screen is first
/// used), its scale and refresh rate are the display's.
///
/// - Note: Differs from Apple: on a desktop the app's main window stands for the screen.
///   `bounds` starts at 390 × 844 points (so `UIWindow(frame: UIScreen.main.bounds)` opens a
///   phone-sized window, not one the size of the monitor) and follows that window when the
///   user resizes it, as an iPad app's scene does in a resizable window.
@preconcurrency @MainActor
open class UIScreen: NSObject {
    /// The main screen.
    public static let main = UIScreen(bounds: CGRect(origin: .zero, size: DeviceProfile.current?.size ?? CGSize(width: 390, height: 844)),
                                      scale: mainScale)

    /// The main screen's scale, readable from any thread (image contexts need it): the
    /// installed backend's display scale, else the scale of the device `LAMINA_DEVICE` names,
    /// else 3.
    nonisolated static let mainScale: CGFloat = {
        guard let scale = Platform.backend.screen?.scale, scale > 0, scale.isFinite else { return DeviceProfile.current?.scale ?? 3 }
        return scale
    }()

    /// The screen's size in points, origin zero.
    public internal(set) var bounds: CGRect
    /// Pixels per point.
    public let scale: CGFloat

    init(bounds: CGRect, scale: CGFloat) {
        self.bounds = bounds
        self.scale = scale
        super.init()
    }

    /// The most frames per second the screen shows: the display's refresh rate (60 headless;
    /// backends present at most one frame per refresh).
    open var maximumFramesPerSecond: Int {
        guard let rate = Platform.backend.screen?.framesPerSecond, rate.isFinite, rate >= 1 else { return 60 }
        return Int(rate.rounded())
    }

    /// The screen's traits: light, phone (or the device's idiom), compact width (regular on an
    /// iPad) and regular height at its scale.
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
