import Foundation
import LaminaPlatform

/// A scene that shows windows: on a desktop, one desktop window, whose title is the scene's.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
    /// The windows attached to the scene, in the order they were attached.
    open var windows: [UIWindow] { attachedWindows.compactMap(\.window) }
    private var attachedWindows: [WeakWindow] = []

    /// The scene's key window.
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }

    /// The screen the scene is shown on.
    open var screen: UIScreen { .main }

    /// The scene's traits: its first window's (which follow the window's width), else the
    /// screen's.
    open var traitCollection: UITraitCollection { windows.first?.traitCollection ?? screen.traitCollection }

    /// Which way up the scene is shown: landscape when the screen is wider than tall.
    open var interfaceOrientation: UIInterfaceOrientation {
        screen.bounds.width > screen.bounds.height ? .landscapeRight : .portrait
    }

    /// The smallest and largest sizes the user may give the scene's window.
    ///
    /// - Note: Differs from Apple: an iPhone has none (nil); every Lamina scene is a resizable
    ///   desktop window, so there always are, and a windowed backend holds the window to them.
    open var sizeRestrictions: UISceneSizeRestrictions? { restrictions }
    private lazy var restrictions = UISceneSizeRestrictions(scene: self)

    public required init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        super.init(session: session, connectionOptions: connectionOptions)
    }

    public required init?(coder: NSCoder) {
        nil
    }

    override func titleDidChange() {
        for window in windows { window.updateSurfaceTitle() }
    }

    func attach(_ window: UIWindow) {
        attachedWindows.removeAll { $0.window == nil || $0.window === window }
        attachedWindows.append(WeakWindow(window: window))
    }

    func detach(_ window: UIWindow) {
        attachedWindows.removeAll { $0.window == nil || $0.window === window }
    }
}

/// The smallest and largest sizes a scene's window may take, in points.
@preconcurrency @MainActor
open class UISceneSizeRestrictions: NSObject {
    /// The smallest size; zero by default.
    open var minimumSize = CGSize.zero {
        didSet { apply() }
    }
    /// The largest size; unbounded (the greatest finite value) by default.
    open var maximumSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude) {
        didSet { apply() }
    }
    /// Whether the window may go full screen.
    open var allowsFullScreen = true

    private weak var scene: UIWindowScene?

    init(scene: UIWindowScene) {
        self.scene = scene
        super.init()
    }

    /// Hands the limits to the scene's windows' surfaces.
    func apply() {
        for window in scene?.windows ?? [] { window.applySizeRestrictions(self) }
    }

    /// The limits in pixels at `scale`, nil where there is none.
    var pixelLimits: (minimum: (width: Int, height: Int)?, maximum: (width: Int, height: Int)?) {
        func pixels(_ size: CGSize, scale: CGFloat) -> (width: Int, height: Int)? {
            let w = size.width * scale, h = size.height * scale
            guard w.isFinite, h.isFinite, w < CGFloat(Int32.max), h < CGFloat(Int32.max) else { return nil }
            return (Int(Swift.max(w, 0).rounded(.up)), Int(Swift.max(h, 0).rounded(.up)))
        }
        let scale = scene?.screen.scale ?? UIScreen.mainScale
        let minimum = minimumSize == .zero ? nil : pixels(minimumSize, scale: scale)
        return (minimum, pixels(maximumSize, scale: scale))
    }
}

/// What a window scene's delegate adds: the window it keeps. Every method has a default.
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// The scene's main window, when the delegate keeps one (a storyboard's window is put here).
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}

extension UIWindow {
    /// Makes a window the size of the scene's screen, attached to the scene.
    public convenience init(windowScene: UIWindowScene) {
        self.init(frame: windowScene.screen.bounds)
        // Observers do not run in an initializer: attach by hand.
        self.windowScene = windowScene
        sceneDidChange(from: nil)
    }

    /// Gives the window's surface the scene's size limits, when it can take them.
    func applySizeRestrictions(_ restrictions: UISceneSizeRestrictions) {
        guard let limits = compositor?.surface as? PlatformWindowSizeLimits else { return }
        let pixels = restrictions.pixelLimits
        limits.setSizeLimits(minimum: pixels.minimum, maximum: pixels.maximum)
    }
}
