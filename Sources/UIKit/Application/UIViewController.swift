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
@preconcurrency @MainActor
open class UIViewController: UIResponder {
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
    /// Whether the tab bar item was made or set (a navigation controller without one shows its
    /// root controller's).
    var hasOwnTabBarItem: Bool { storedTabBarItem != nil }

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

    /// How `present(_:animated:completion:)` shows this controller (`.automatic` by default:
    /// a page sheet).
    open var modalPresentationStyle = UIModalPresentationStyle.automatic
    /// The animation of a system presentation of this controller (`.coverVertical`).
    open var modalTransitionStyle = UIModalTransitionStyle.coverVertical
    /// Supplies a custom presentation's animators and presentation controller.
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
    /// Insets added to the safe area of the controller's view (for views of your own over it).
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { if additionalSafeAreaInsets != oldValue { viewIfLoaded?.noteSafeAreaChanged() } }
    }
    /// Whether the controller refuses dismissal by a swipe (false).
    open var isModalInPresentation = false
    /// Whether this controller's view is the area `.currentContext` presentations cover.
    open var definesPresentationContext = false
    /// The presentation controller managing this controller (made on first use for the
    /// current `modalPresentationStyle`, so its delegate can be set before presenting).
    var storedPresentationController: UIPresentationController?
    /// The transition running for this controller's presentation or dismissal.
    var runningTransition: PresentationTransition?
    /// The custom transition running between this container's children (a navigation
    /// controller's push or pop with its delegate's animator).
    var runningChildTransition: ControllerTransition?
    /// Where the view was before a full-screen presentation covered it.
    var coveredViewHome: (UIView, Int)?
    /// `registerForTraitChanges` registrations.
    var traitRegistrations: [TraitChangeRegistration] = []
    /// Traits set for children with `setOverrideTraitCollection(_:forChild:)`.
    var childTraitOverrides: [ChildTraitOverride] = []
    /// Whether children get their appearance calls with this controller's (true by default).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    // MARK: Traits and the status bar

    /// The controller's traits: its view's, or the screen's before the view loads.
    open var traitCollection: UITraitCollection {
        viewIfLoaded?.traitCollection ?? UITraitCollection.screen.overriding(style: overrideUserInterfaceStyle)
    }

    /// Called after the controller's traits changed.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Gives a child controller traits other than this controller's: the traits `collection`
    /// specifies replace the inherited ones for the child and its views (a split view
    /// controller making a column compact; a test showing a screen as on another device). Nil
    /// removes the override. Ignored for a controller that is not a child of this one.
    open func setOverrideTraitCollection(_ collection: UITraitCollection?, forChild childViewController: UIViewController) {
        guard children.contains(where: { $0 === childViewController }) else { return }
        let view = childViewController.viewIfLoaded
        if let view { view.traitSnapshot = view.subtreeTraits() }
        childTraitOverrides.removeAll { $0.child == nil || $0.child === childViewController }
        if let collection { childTraitOverrides.append(ChildTraitOverride(child: childViewController, traits: collection)) }
        view?.deliverTraitChanges()
    }

    /// The traits set for a child with `setOverrideTraitCollection(_:forChild:)`, else nil.
    open func overrideTraitCollection(forChild childViewController: UIViewController) -> UITraitCollection? {
        childTraitOverrides.first { $0.child === childViewController }?.traits
    }

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
    /// Whether a controller presented modally but not full screen takes over the status
    /// bar's appearance from the presenter (false by default).
    open var modalPresentationCapturesStatusBarAppearance = false
    /// Whether the home indicator should hide (false).
    open var prefersHomeIndicatorAutoHidden: Bool { false }

    var storedPreferredContentSize: CGSize = .zero

    /// The items a navigation controller's toolbar shows while this controller is on top.
    open var toolbarItems: [UIBarButtonItem]? {
        didSet { if navigationController?.topViewController === self { navigationController?.updateToolbarItems() } }
    }

    /// Sets `toolbarItems` (the change is not animated).
    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        self.toolbarItems = toolbarItems
    }

    /// A child's `preferredContentSize` changed; the default does nothing.
    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// A child's Auto Layout fitting size changed; the default does nothing.
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// The size a child gets: the parent's size.
    open func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize {
        parentSize
    }

    /// The traits are about to change; the default passes the call to the children.
    open func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in children { child.willTransition(to: newCollection, with: coordinator) }
    }

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
    /// The controller this one (or an ancestor) presented.
    open var presentedViewController: UIViewController? { storedPresented ?? parent?.presentedViewController }
    /// The controller that presented this one (or its nearest presented ancestor).
    open var presentingViewController: UIViewController? { storedPresenting ?? parent?.presentingViewController }
    var storedPresented: UIViewController?
    weak var storedPresenting: UIViewController?
    /// True while the controller is being presented (from `viewWillAppear` to `viewDidAppear`).
    open internal(set) var isBeingPresented = false
    /// True while the controller is being dismissed.
    open internal(set) var isBeingDismissed = false
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

    /// A controller from a storyboard: its attributes come from the coder, and its view is
    /// loaded from the storyboard when first asked for.
    public required init?(coder: NSCoder) {
        nibName = nil
        nibBundle = nil
        super.init(coder: coder)
        if let coder = coder as? IBCoder {
            storyboardSource = IBSource(document: coder.load.document, element: coder.element, bundle: coder.load.bundle,
                                        storyboard: coder.load.storyboard)
            coder.decodeViewController(self)
        }
    }

    /// Where a controller made from a storyboard came from.
    var storyboardSource: IBSource?

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

    /// Creates the root view: a storyboard controller's from its scene (its outlets connected,
    /// then `awakeFromNib` sent to the views); else a plain view the size of the screen.
    open func loadView() {
        if let source = storyboardSource, let element = source.element.child(key: "view") {
            let load = IBLoad(document: source.document, bundle: source.bundle, storyboard: source.storyboard)
            load.sceneController = self
            if let id = source.element["id"] { load.objects[id] = self }
            load.makeSceneRecognizers(besides: source.element)
            let loaded = load.instantiate(element) as? UIView
            load.addConnections(of: self, source.element)
            view = loaded ?? UIView(frame: UIScreen.main.bounds)
            load.finish()
            return
        }
        // A nib: the one named, else one named after the class (without "Controller" first).
        let bundle = nibBundle ?? AppBundle.current
        let className = String(describing: type(of: self))
        var candidates = [String]()
        if let nibName { candidates.append(nibName) } else {
            if className.hasSuffix("Controller") { candidates.append(String(className.dropLast("Controller".count))) }
            candidates.append(className)
        }
        if let name = candidates.first(where: { IBStore.hasNib(named: $0, in: bundle) }) {
            _ = UINib(nibName: name, bundle: bundle).instantiate(withOwner: self)
            if isViewLoaded { return }
            ConsoleLog.report("-[UIViewController _loadViewFromNibNamed:bundle:] loaded the \"\(name)\" nib but the view outlet was not set.")
        } else if let nibName {
            ConsoleLog.report("Could not load NIB in bundle: 'NSBundle <\(bundle.bundlePath)> (loaded)' with name '\(nibName)'")
        }
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// Called once after the root view is loaded.
    open func viewDidLoad() {}

    // MARK: Segues

    /// Called before a segue from this controller performs: pass data to `segue.destination`.
    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

    /// Whether the segue a control triggers should perform (true by default). Not asked for
    /// `performSegue(withIdentifier:sender:)`.
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    /// Whether this controller takes the unwind segue `action` (true by default).
    ///
    /// - Note: Differs from Apple: the action is the selector's name (`"unwindToList:"`);
    ///   Swift on Linux has no `Selector`.
    open func canPerformUnwindSegueAction(_ action: String, from fromViewController: UIViewController, sender: Any?) -> Bool {
        true
    }

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

    /// Presents `viewControllerToPresent` modally over the window: the presentation
    /// controller for its `modalPresentationStyle` (a custom one from its transitioning
    /// delegate) places it; its animator (the delegate's, else sliding up from the bottom, or
    /// fading for `.crossDissolve`) brings it in; `completion` runs once it has appeared.
    ///
    /// The presenting controller is the root of this controller's containers (or the nearest
    /// that `definesPresentationContext`). A controller already presenting, or one already
    /// presented, is left as it is (iOS warns and does the same).
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        performPresentation(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presented (or, when it presented none, this one from
    /// its presenter): controllers presented above it go first; its animator takes it away;
    /// `completion` runs once it is gone.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        performDismissal(animated: flag, completion: completion)
    }

    /// The presentation controller managing this controller — or, for a child, its nearest
    /// presented ancestor's. Before a presentation, reading it makes the one the current
    /// `modalPresentationStyle` will use (so its delegate can be set first).
    open var presentationController: UIPresentationController? { nearestPresentationController }

    /// The sheet presentation controller managing this controller, when it is (or will be)
    /// presented as a page or form sheet.
    open var sheetPresentationController: UISheetPresentationController? {
        presentationController as? UISheetPresentationController
    }

    /// The coordinator of the presentation or dismissal running for this controller (or an
    /// ancestor, or the controller it presents), for animating alongside it.
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { runningCoordinator }

    /// Shows `vc` the way the nearest container that shows controllers does — a navigation
    /// controller pushes it — looking through parents and then the presenting controller;
    /// with none, presents it modally.
    open func show(_ vc: UIViewController, sender: Any?) {
        if let target = nearest(where: \.handlesShow) {
            target.show(vc, sender: sender)
        } else {
            present(vc, animated: true)
        }
    }

    /// Shows `vc` as a detail: a split view controller puts it in its secondary column;
    /// without one it is shown as `show(_:sender:)` would (a push, or a modal presentation).
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if let target = nearest(where: \.handlesShowDetail) {
            target.showDetailViewController(vc, sender: sender)
        } else {
            show(vc, sender: sender)
        }
    }

    /// Whether this container overrides `show(_:sender:)` (navigation controllers do).
    var handlesShow: Bool { false }
    /// Whether this container overrides `showDetailViewController(_:sender:)`.
    var handlesShowDetail: Bool { false }

    /// The nearest ancestor (through parents, then presenters) for which `test` holds.
    private func nearest(where test: (UIViewController) -> Bool) -> UIViewController? {
        var controller = parent ?? presentingViewController
        while let current = controller {
            if test(current) { return current }
            controller = current.parent ?? current.presentingViewController
        }
        return nil
    }

    /// The animator a system presentation (or a custom one without an animator of its own)
    /// uses; a controller with a look of its own (alerts) supplies another.
    func systemPresentationAnimator(presenting: Bool) -> any UIViewControllerAnimatedTransitioning {
        SystemPresentationAnimator(presenting: presenting, style: modalTransitionStyle)
    }

    // MARK: Responder chain

    /// The root view's superview: the next responder after the controller.
    open override var next: UIResponder? {
        loadedView?.superview
    }

    override var responderWindow: UIWindow? { loadedView?.window }
}

/// One child's trait override (the child is held weakly: the override goes with it).
struct ChildTraitOverride {
    weak var child: UIViewController?
    let traits: UITraitCollection
}
