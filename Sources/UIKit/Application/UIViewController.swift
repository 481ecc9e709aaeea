/// An object that manages a view hierarchy: it loads its root view on first use
/// (`loadView()`, then `viewDidLoad()`), hears when the view appears and disappears and when
/// it lays out, contains child controllers, presents others, and sits in the responder chain
/// after its view.
///
/// Appearance: a controller appears when its view enters a visible window (the window's
/// root controller when the window is shown): `viewWillAppear(_:)`, the window's layout pass
/// (`viewWillLayoutSubviews()`, the view's `layoutSubviews()`, `viewDidLayoutSubviews()`),
/// then `viewDidAppear(_:)`; it disappears when its view leaves. Children get their
/// appearance calls with their parent's (`shouldAutomaticallyForwardAppearanceMethods`).
///
/// - Note: Differs from Apple: there are no transitions; `present` shows the controller's view
///   over the window at once, and only `.fullScreen` presentation takes the presenting view
///   away (and makes it disappear).
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    /// How a presented controller covers the presenting one.
    public enum ModalPresentationStyle: Int, Sendable {
        case fullScreen = 0
        case pageSheet = 1
        case formSheet = 2
        case currentContext = 3
        case custom = 4
        case overFullScreen = 5
        case overCurrentContext = 6
        case popover = 7
        case none = -1
        case automatic = -2
    }

    private enum Appearance { case disappeared, appearing, appeared, disappearing }

    private var loadedView: UIView?
    private var appearance = Appearance.disappeared

    /// The nib name the controller was made with (nibs are not loaded by Lamina).
    public let nibName: String?
    /// The bundle the controller was made with.
    public let nibBundle: Bundle?

    /// A title for the controller (its navigation item's title follows).
    open var title: String? {
        didSet {
            storedNavigationItem?.title = title
            storedTabBarItem?.title = title
            // A window's root controller names the window on the desktop.
            if let window = viewIfLoaded?.window, window.rootViewController === self { window.updateSurfaceTitle() }
        }
    }
    private var storedNavigationItem: UINavigationItem?
    private var storedTabBarItem: UITabBarItem?

    /// The tab a tab bar controller shows for this controller (made on first use with its
    /// title).
    open var tabBarItem: UITabBarItem! {
        get {
            if let storedTabBarItem { return storedTabBarItem }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            storedTabBarItem = item
            return item
        }
        set {
            storedTabBarItem = newValue
            // A tab bar controller showing this controller shows the new item.
            tabBarController?.childTabBarItemChanged()
        }
    }

    /// What a navigation bar shows for this controller (made on first use with its title).
    open var navigationItem: UINavigationItem {
        if let storedNavigationItem { return storedNavigationItem }
        let item = UINavigationItem()
        item.title = title
        storedNavigationItem = item
        return item
    }

    /// How `present(_:animated:completion:)` shows this controller (`.automatic` by default).
    open var modalPresentationStyle = ModalPresentationStyle.automatic
    /// Whether children get their appearance calls with this controller's (true by default).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    // MARK: Traits and the status bar

    /// The controller's traits: its view's, or the screen's before the view loads.
    open var traitCollection: UITraitCollection {
        viewIfLoaded?.traitCollection ?? UITraitCollection.screen.overriding(style: overrideUserInterfaceStyle)
    }

    /// Called after the controller's traits changed.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The appearance the controller's views use whatever their window's is.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        willSet {
            UIView.appearanceOverridden = true
            viewIfLoaded.map { $0.traitSnapshot = $0.subtreeTraits() }
        }
        didSet { viewIfLoaded?.deliverTraitChanges() }
    }

    /// Whether the status bar should hide while this controller shows (false).
    open var prefersStatusBarHidden: Bool { false }
    /// The status bar's look this controller asks for.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// How the status bar changes when `setNeedsStatusBarAppearanceUpdate()` is called.
    open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
    /// The child whose status bar style wins over this controller's.
    open var childForStatusBarStyle: UIViewController? { nil }
    /// The child whose status bar visibility wins over this controller's.
    open var childForStatusBarHidden: UIViewController? { nil }
    /// Whether the home indicator should hide (false).
    open var prefersHomeIndicatorAutoHidden: Bool { false }

    /// Asks the system to read the status bar preferences again.
    ///
    /// - Note: Differs from Apple: there is no status bar on Linux; the preferences are read
    ///   and otherwise ignored.
    open func setNeedsStatusBarAppearanceUpdate() {
        _ = (childForStatusBarStyle ?? self).preferredStatusBarStyle
        _ = (childForStatusBarHidden ?? self).prefersStatusBarHidden
    }

    /// Called before the controller's view changes to `size` (a window resize); animations
    /// added to `coordinator` run alongside. The default passes the call to the children.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in children { child.viewWillTransition(to: size, with: coordinator) }
    }

    /// The interface orientations the controller supports (all but upside down on a phone).
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
    /// The orientation to present the controller in.
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
    /// Whether the controller's view turns with the device.
    open var shouldAutorotate: Bool { true }

    /// The child controllers, in the order added.
    open private(set) var children: [UIViewController] = []
    /// The containing controller.
    open private(set) weak var parent: UIViewController?
    /// The controller this one presented.
    open private(set) var presentedViewController: UIViewController?
    /// The controller that presented this one.
    open private(set) weak var presentingViewController: UIViewController?
    /// True during the appearance calls of being presented.
    open private(set) var isBeingPresented = false
    /// True during the disappearance calls of being dismissed.
    open private(set) var isBeingDismissed = false
    /// True during the appearance calls after being added to a parent.
    open private(set) var isMovingToParent = false
    /// True during the disappearance calls after being removed from a parent.
    open private(set) var isMovingFromParent = false

    /// Creates a controller; Lamina does not load nibs, so `loadView()` builds the view.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Archives are not supported; returns nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: The view

    /// The root view, loaded (`loadView()` then `viewDidLoad()`) the first time it is read.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }

    /// The root view if it has been loaded, without loading it.
    open var viewIfLoaded: UIView? { loadedView }

    /// Whether the root view has been loaded.
    open var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view now if it is not loaded yet.
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    /// Creates the root view; the default makes a plain view the size of the screen.
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// Called once after the root view is loaded.
    open func viewDidLoad() {}

    /// Whether the controller's view is in editing mode.
    open var isEditing: Bool {
        get { editingState }
        set { setEditing(newValue, animated: false) }
    }
    private var editingState = false

    /// Sets `isEditing`; subclasses update their views and call `super`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        editingState = editing
    }

    // MARK: Appearance

    /// The view is about to appear.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view appeared.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to disappear.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view disappeared.
    open func viewDidDisappear(_ animated: Bool) {}
    /// The view is about to lay out its subviews.
    open func viewWillLayoutSubviews() {}
    /// The view laid out its subviews.
    open func viewDidLayoutSubviews() {}
    /// Updates the constraints of the controller's view before layout; an override makes its
    /// changes and calls `super` last (which updates the view's own).
    open func updateViewConstraints() {
        viewIfLoaded?.updateConstraints()
    }

    /// Starts an appearance (`viewWillAppear`) or disappearance (`viewWillDisappear`) —
    /// for containers that forward appearance themselves.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            guard appearance == .disappeared || appearance == .disappearing else { return }
            appearance = .appearing
            viewWillAppear(animated)
        } else {
            guard appearance == .appeared || appearance == .appearing else { return }
            appearance = .disappearing
            viewWillDisappear(animated)
        }
        guard shouldAutomaticallyForwardAppearanceMethods else { return }
        for child in children where child.viewIfLoaded?.window != nil || !isAppearing {
            child.beginAppearanceTransition(isAppearing, animated: animated)
        }
    }

    /// Finishes the appearance (`viewDidAppear`) or disappearance (`viewDidDisappear`).
    open func endAppearanceTransition() {
        switch appearance {
        case .appearing:
            appearance = .appeared
            viewDidAppear(false)
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(false)
        default:
            return
        }
        guard shouldAutomaticallyForwardAppearanceMethods else { return }
        for child in children { child.endAppearanceTransition() }
    }

    /// The whole appearance: will, the window's layout pass, did.
    func appear() {
        guard appearance == .disappeared, let window = viewIfLoaded?.window, !window.isHidden else { return }
        beginAppearanceTransition(true, animated: false)
        view.setNeedsLayout()
        window.layoutIfNeeded()
        endAppearanceTransition()
    }

    func disappear() {
        guard appearance == .appeared || appearance == .appearing else { return }
        beginAppearanceTransition(false, animated: false)
        endAppearanceTransition()
    }

    var hasAppeared: Bool { appearance == .appeared || appearance == .appearing }

    /// The window holding the view was shown.
    func windowDidShow() {
        appear()
        presentedViewController?.windowDidShow()
    }

    /// The view entered or left a window; controllers not forwarded by a parent appear or
    /// disappear with it.
    func viewDidMoveToWindow(_ window: UIWindow?) {
        if let parent, parent.shouldAutomaticallyForwardAppearanceMethods, !parent.hasAppeared, window != nil { return }
        if let window, !window.isHidden { appear() } else if window == nil { disappear() }
    }

    // MARK: Layout

    /// Runs around the view's `layoutSubviews()`.
    func layoutView(_ body: () -> Void) {
        viewWillLayoutSubviews()
        body()
        viewDidLayoutSubviews()
    }

    // MARK: Containment

    /// Adds a child controller (calling its `willMove(toParent:)`); add its view yourself and
    /// call its `didMove(toParent:)` afterwards.
    open func addChild(_ childController: UIViewController) {
        guard childController !== self, childController.parent !== self else { return }
        childController.removeFromParent()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
        childController.isMovingToParent = true
    }

    /// Removes this controller from its parent (calling `didMove(toParent: nil)`); call
    /// `willMove(toParent: nil)` and remove the view yourself first.
    open func removeFromParent() {
        guard let parent else { return }
        isMovingFromParent = true
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
        isMovingFromParent = false
    }

    /// Called before the controller is added to or removed from a parent.
    open func willMove(toParent parent: UIViewController?) {}

    /// Called after the controller was added to or removed from a parent.
    open func didMove(toParent parent: UIViewController?) {
        isMovingToParent = false
    }

    // MARK: Presentation

    /// Shows `viewControllerToPresent` over this controller's window (at once: no
    /// transition), then calls `completion`.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        guard presentedViewController == nil, viewControllerToPresent.presentingViewController == nil,
              let window = viewIfLoaded?.window else { return }
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        let presented: UIView = viewControllerToPresent.view
        presented.frame = window.bounds
        viewControllerToPresent.isBeingPresented = true
        let fullScreen = viewControllerToPresent.modalPresentationStyle == .fullScreen
        if fullScreen { beginAppearanceTransition(false, animated: flag) }
        window.addSubview(presented)
        viewControllerToPresent.isBeingPresented = false
        if fullScreen {
            viewIfLoaded?.removeFromSuperview()
            endAppearanceTransition()
        }
        completion?()
    }

    /// Dismisses the controller this one presented (or, when it presented none, this one
    /// from its presenter), then calls `completion`.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        guard let presented = presentedViewController else {
            presentingViewController?.dismiss(animated: flag, completion: completion)
            return
        }
        // Controllers the presented one presented go first.
        if presented.presentedViewController != nil { presented.dismiss(animated: flag) }
        let window = presented.viewIfLoaded?.window
        let fullScreen = presented.modalPresentationStyle == .fullScreen
        if fullScreen, let window, let view = viewIfLoaded {
            beginAppearanceTransition(true, animated: flag)
            window.insertSubview(view, belowSubview: presented.view)
        }
        presented.isBeingDismissed = true
        presented.viewIfLoaded?.removeFromSuperview()
        presented.isBeingDismissed = false
        presented.presentingViewController = nil
        presentedViewController = nil
        if fullScreen { endAppearanceTransition() }
        completion?()
    }

    // MARK: Responder chain

    /// The root view's superview: the next responder after the controller.
    open override var next: UIResponder? {
        loadedView?.superview
    }

    override var responderWindow: UIWindow? { loadedView?.window }
}
