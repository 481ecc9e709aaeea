import LaminaPlatform
/// The root of a view hierarchy. Its root view controller's view fills it.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// The controller whose view fills the window.
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            oldValue?.viewIfLoaded?.removeFromSuperview()
            if let controller = rootViewController {
                let view: UIView = controller.view
                view.frame = bounds
                view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                addSubview(view)
            }
            updateSurfaceTitle()
        }
    }

    /// The screen the window is shown on.
    open var screen: UIScreen = .main

    /// The scene the window belongs to; setting it moves the window to that scene, whose
    /// title the desktop window then shows.
    open weak var windowScene: UIWindowScene? {
        didSet { sceneDidChange(from: oldValue) }
    }

    /// Moves the window from scene `old` to its `windowScene`.
    func sceneDidChange(from old: UIWindowScene?) {
        guard old !== windowScene else { return }
        old?.detach(self)
        if let scene = windowScene {
            scene.attach(self)
            if let restrictions = scene.sizeRestrictions { applySizeRestrictions(restrictions) }
        }
        updateSurfaceTitle()
    }

    /// Whether black shows behind the window's views (while a sheet shrinks the presenter).
    var showsBlackBackdrop = false {
        didSet {
            guard showsBlackBackdrop != oldValue else { return }
            if showsBlackBackdrop {
                let backdrop = UIView(frame: bounds)
                backdrop.backgroundColor = .black
                backdrop.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                backdrop.isUserInteractionEnabled = false
                insertSubview(backdrop, at: 0)
                blackBackdrop = backdrop
            } else {
                blackBackdrop?.removeFromSuperview()
                blackBackdrop = nil
            }
        }
    }
    private var blackBackdrop: UIView?

    /// Composites the window into its platform surface (made at the first frame).
    var compositor: WindowCompositor?

    /// A hidden window's display window is hidden too (an X window is unmapped), and shown
    /// again with it.
    open override var isHidden: Bool {
        get { super.isHidden }
        set {
            super.isHidden = newValue
            (compositor?.surface as? PlatformWindowControls)?.setVisible(!newValue)
        }
    }

    /// Gives the display window the root view controller's title.
    func updateSurfaceTitle() {
        (compositor?.surface as? PlatformWindowControls)?.setTitle(windowTitle)
    }

    /// The hover recognizers the pointer is over.
    var hoveringRecognizers: [UIHoverGestureRecognizer] = []
    /// The pan a wheel is driving, until it ends.
    weak var scrollingPan: UIPanGestureRecognizer?

    /// The backend this window's surface comes from, when not the installed one (tests put
    /// a window on a display without installing its backend for every other window).
    package var platformBackend: PlatformBackend?

    /// The window's first responder (`becomeFirstResponder()`), which presses go to first.
    weak var storedFirstResponder: UIResponder?

    /// Whether this is the key window.
    open private(set) var isKeyWindow = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
        applyDeviceSafeArea()
    }

    /// A window covering the screen of the device `LAMINA_DEVICE` names has that device's
    /// safe-area insets (status bar or sensor housing, home indicator); other windows none.
    private func applyDeviceSafeArea() {
        guard let device = DeviceProfile.current else { return }
        systemSafeAreaInsets = bounds.size == device.size ? device.safeArea : .zero
    }

    public required init?(coder: NSCoder) {
        return nil
    }

    /// Resizing a window with a root view controller tells it first
    /// (`viewWillTransition(to:with:)`), then resizes, then runs the coordinator's completions.
    /// A change of width class (see `traitCollection`) reaches the views' and controllers'
    /// `traitCollectionDidChange(_:)`.
    open override var frame: CGRect {
        get { super.frame }
        set {
            let classChanges = UIWindow.sizeClass(forWidth: newValue.width) != UIWindow.sizeClass(forWidth: super.frame.width)
            if classChanges { traitSnapshot = subtreeTraits() }
            defer { if classChanges { deliverTraitChanges() } }
            defer { applyDeviceSafeArea() }
            guard newValue.size != super.frame.size, let root = rootViewController else {
                super.frame = newValue
                return
            }
            let coordinator = ImmediateTransitionCoordinator(containerView: self, duration: 0)
            root.viewWillTransition(to: newValue.size, with: coordinator)
            super.frame = newValue
            coordinator.finish()
        }
    }

    /// The screen's traits, with the width class the window's width gives: regular from 600
    /// points up, compact below.
    ///
    /// - Note: Differs from Apple: iOS takes the class from the device and the multitasking
    ///   layout; Lamina's windows can be any width, so the width decides.
    open override var traitCollection: UITraitCollection {
        super.traitCollection.overriding(horizontal: UIWindow.sizeClass(forWidth: bounds.width))
    }

    static let regularWidth: CGFloat = 600

    static func sizeClass(forWidth width: CGFloat) -> UIUserInterfaceSizeClass {
        width >= regularWidth ? .regular : .compact
    }

    /// Makes the window key and shows it.
    open func makeKeyAndVisible() {
        makeKey()
        isHidden = false
        UIWindow.shownWindows.removeAll { $0.window == nil || $0.window === self }
        UIWindow.shownWindows.append(WeakWindow(window: self))
        rootViewController?.windowDidShow()
        if UIApplication.shared.isRunningMainLoop { startCompositing() }
    }

    /// Makes the window the key window.
    open func makeKey() {
        UIWindow.keyWindow?.isKeyWindow = false
        isKeyWindow = true
        UIWindow.keyWindow = self
    }

    static weak var keyWindow: UIWindow?

    /// Windows that have been made visible, for `UIApplication.windows`.
    static var shownWindows: [WeakWindow] = []

    /// Delivers an event to the window's views: touches to the views they began in (after
    /// the gesture recognizers that receive them), presses to the first responder.
    open func sendEvent(_ event: UIEvent) {
        if let presses = event as? UIPressesEvent {
            deliverPresses(presses)
        } else if event.type == .touches {
            EventRouter.shared.dispatch(event, in: self)
        }
    }

    /// After the window comes the application.
    open override var next: UIResponder? { UIApplication.shared }

    override var responderWindow: UIWindow? { self }

    private lazy var windowUndoManager = UndoManager()

    /// The window's undo manager, which the text objects in it register their edits with.
    open override var undoManager: UndoManager? { windowUndoManager }
}

/// A weak reference to a window.
struct WeakWindow {
    weak var window: UIWindow?
}
