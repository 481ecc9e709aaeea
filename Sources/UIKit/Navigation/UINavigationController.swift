import Foundation

/// Told as a navigation controller shows a controller (push, pop or a new stack); supplies
/// the animator of a custom push or pop, and the interaction controller that makes it
/// interactive.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController,
                                     animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

/// A stack of controllers shown one at a time under a navigation bar: pushing slides the new
/// one in from the trailing edge over the old (which drifts a third of the way out), popping
/// slides it back out, each over 0.35 s; the bar shows the top controller's item with a back
/// button titled after the one below.
///
/// Appearance calls come in iOS's order: the leaving controller's `viewWillDisappear`, the
/// arriving one's `viewWillAppear`, the delegate's `willShow`, the slide, then
/// `viewDidDisappear`, `viewDidAppear` and the delegate's `didShow`.
///
/// A pan from the leading edge pops interactively: the views follow the finger, and on
/// release past half way (or a flick) the pop completes, else it is cancelled — the arriving
/// controller then gets `viewWillDisappear`/`viewDidDisappear` and the leaving one
/// `viewWillAppear`/`viewDidAppear`, as on iOS.
///
/// When the delegate supplies an animator for a push or pop, it runs the transition instead
/// of the slide, in a container view below the bar (`transitionCoordinator` is the
/// transition's); with an interaction controller from the delegate too, the transition is
/// interactive, and a cancelled one leaves the stack as it was.
///
/// - Note: Differs from Apple: controllers' views are placed below the bar (not extended
///   under it), unless their titles show large. While the delegate supplies a custom pop
///   animator, the edge swipe does nothing (the app drives its own interactive pop).
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    /// What a transition does to the stack.
    public enum Operation: Int, Sendable {
        case none = 0
        case push = 1
        case pop = 2
    }

    static let transitionDuration: TimeInterval = 0.35

    private var stack: [UIViewController] = [] {
        // The edge swipe only when there is somewhere to go back to; the toolbar shows the
        // top controller's items.
        didSet {
            edgePan.isEnabled = stack.count > 1
            if stack.last !== oldValue.last { updateToolbarItems() }
        }
    }

    /// The bar along the bottom showing the top controller's `toolbarItems` (hidden by default).
    public private(set) lazy var toolbar: UIToolbar! = UIToolbar()

    /// Whether the toolbar is hidden (true by default).
    open var isToolbarHidden: Bool {
        get { toolbarHidden }
        set { setToolbarHidden(newValue, animated: false) }
    }
    private var toolbarHidden = true

    /// Shows or hides the toolbar; the content area grows or shrinks by its height.
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        toolbarHidden = hidden
        toolbar.isHidden = hidden
        if !hidden, toolbar.superview == nil, isViewLoaded { view.addSubview(toolbar) }
        viewIfLoaded?.setNeedsLayout()
    }

    /// The toolbar takes the top controller's items.
    func updateToolbarItems() {
        toolbar.setItems(stack.last?.toolbarItems, animated: false)
    }
    private let bar = UINavigationBar()
    /// Holds the controllers' views, below the bar: the container of custom transitions.
    private let transitionView = UIView()
    private var transitioning = false

    open weak var delegate: (any UINavigationControllerDelegate)?

    /// The bar across the top.
    open var navigationBar: UINavigationBar { bar }
    /// The pan from the leading edge that pops interactively (enabled while there is a
    /// controller to go back to).
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { edgePan }

    private lazy var edgePan: UIScreenEdgePanGestureRecognizer = {
        let pan = UIScreenEdgePanGestureRecognizer()
        pan.edges = .left
        pan.maximumNumberOfTouches = 1
        pan.addHandler { [weak self] recognizer in self?.handleEdgePan(recognizer) }
        return pan
    }()

    /// An edge-swipe pop under way: the two controllers and their views.
    private var interactive: (leaving: UIViewController, arriving: UIViewController, onScreen: Bool)?

    /// Whether the bar is hidden (false by default).
    open var isNavigationBarHidden: Bool {
        get { bar.isHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }

    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        bar.isHidden = hidden
        viewIfLoaded?.setNeedsLayout()
    }

    /// Whether a tap on the content hides the bars, or shows them again (false by default).
    open var hidesBarsOnTap = false {
        didSet { barHiding.update() }
    }
    /// Whether an upward swipe on the content hides the bars and a downward one shows them.
    open var hidesBarsOnSwipe = false {
        didSet { barHiding.update() }
    }
    /// Whether the bars hide in a vertically compact environment.
    /// - Note: Differs from Apple: kept, not acted on (Lamina's windows do not rotate).
    open var hidesBarsWhenVerticallyCompact = false
    /// Whether the bars hide when the keyboard appears.
    /// - Note: Differs from Apple: kept, not acted on.
    open var hidesBarsWhenKeyboardAppears = false
    /// The tap gesture `hidesBarsOnTap` installs.
    open var barHideOnTapGestureRecognizer: UITapGestureRecognizer { barHiding.tap }
    /// The pan gesture `hidesBarsOnSwipe` installs.
    open var barHideOnSwipeGestureRecognizer: UIPanGestureRecognizer { barHiding.swipe }
    private lazy var barHiding = NavigationBarHiding(self)

    /// A stack holding `rootViewController`.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// A navigation controller from a storyboard, with the root controller its relationship
    /// segue names.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        guard let ib = coder as? IBCoder else { return }
        if let bar = ib.element.child("navigationBar", key: "navigationBar") {
            IBCoder(element: bar, load: ib.load).decodeNavigationBar(navigationBar)
        }
        if ib.string("toolbarHidden") == "NO" { isToolbarHidden = false }
        if let root = ib.relationshipDestinations("rootViewController").first {
            setViewControllers([root], animated: false)
        }
    }

    // MARK: The stack

    /// The controllers, root first. Setting it replaces the stack without animation.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    open var topViewController: UIViewController? { stack.last }

    /// The top controller, or what it presents.
    open var visibleViewController: UIViewController? {
        var controller = topViewController
        while let presented = controller?.presentedViewController { controller = presented }
        return controller
    }

    /// Pushes `vc` (what `show(_:sender:)` does in a navigation controller).
    /// The tab a tab bar controller shows for the navigation controller: its root controller's,
    /// unless one was set on the navigation controller itself (so a root controller that names
    /// its tab in its initializer, or sets its `title`, names the navigation controller's).
    open override var tabBarItem: UITabBarItem! {
        get {
            if !hasOwnTabBarItem, let root = viewControllers.first { return root.tabBarItem }
            return super.tabBarItem
        }
        set { super.tabBarItem = newValue }
    }

    open override func show(_ vc: UIViewController, sender: Any?) {
        pushViewController(vc, animated: true)
    }

    override var handlesShow: Bool { true }

    /// Pushes `viewController` on top, sliding it in when `animated`.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !stack.contains(where: { $0 === viewController }) else { return }
        let old = stack.last
        addChild(viewController)
        stack.append(viewController)
        show(viewController, replacing: old, forward: true, animated: animated, leaving: [])
    }

    /// Pops the top controller (not the root) and returns it.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1 else { return nil }
        return popToViewController(stack[stack.count - 2], animated: animated)?.first
    }

    /// Pops every controller above the root; returns them, lowest first.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = stack.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Pops the controllers above `viewController`; returns them, lowest first.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = stack.firstIndex(where: { $0 === viewController }), index < stack.count - 1 else { return nil }
        let popped = Array(stack[(index + 1)...])
        let old = stack.last
        stack.removeSubrange((index + 1)...)
        for controller in popped { controller.willMove(toParent: nil) }
        show(viewController, replacing: old, forward: false, animated: animated, leaving: popped)
        return popped
    }

    /// Replaces the stack: the new top slides in as a push when it is new, as a pop when it
    /// was in the stack, and at once when not `animated`.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        let old = stack.last
        let leaving = stack.filter { controller in !viewControllers.contains { $0 === controller } }
        for controller in leaving { controller.willMove(toParent: nil) }
        let wasInStack = viewControllers.last.map { top in stack.contains { $0 === top } } ?? false
        for controller in viewControllers where controller.parent !== self { addChild(controller) }
        stack = viewControllers
        guard let top = stack.last else {
            finishLeaving(leaving)
            bar.setItems([], animated: false)
            return
        }
        if top === old {
            finishLeaving(leaving)
            bar.setItems(stack.map(\.navigationItem), animated: false)
            return
        }
        show(top, replacing: old, forward: !wasInStack, animated: animated, leaving: leaving)
    }

    private func finishLeaving(_ leaving: [UIViewController]) {
        for controller in leaving {
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
    }

    // MARK: Transitions

    /// Shows `new` in place of `old`: appearance calls in iOS's order, the slide, and the
    /// containment of the controllers that leave.
    private func show(_ new: UIViewController, replacing old: UIViewController?, forward: Bool, animated: Bool,
                      leaving: [UIViewController]) {
        bar.setItems(stack.map(\.navigationItem), animated: animated)
        guard isViewLoaded else {
            finishLeaving(leaving)
            if forward { new.didMove(toParent: self) }
            return
        }
        // The arriving view loads first (its viewDidLoad precedes the appearance calls).
        let newView: UIView = new.view
        let onScreen = view.window != nil && hasAppeared
        let animate = animated && onScreen
        let custom: (any UIViewControllerAnimatedTransitioning)?
        if animate, let old, old !== new, old.isViewLoaded {
            custom = delegate?.navigationController(self, animationControllerFor: forward ? .push : .pop, from: old, to: new)
        } else {
            custom = nil
        }
        if onScreen {
            old?.beginAppearanceTransition(false, animated: animate)
            new.beginAppearanceTransition(true, animated: animate)
        }
        delegate?.navigationController(self, willShow: new, animated: animate)
        layoutBar()
        let area = contentArea(for: new)
        let oldArea = old?.viewIfLoaded?.frame ?? area
        if let custom, let old {
            runCustomTransition(custom, from: old, to: new, forward: forward, leaving: leaving, area: area)
            return
        }
        if forward {
            transitionView.addSubview(newView)
        } else if let oldView = old?.viewIfLoaded, oldView.superview === transitionView {
            transitionView.insertSubview(newView, belowSubview: oldView)
        } else {
            transitionView.addSubview(newView)
        }
        let finish: (Bool) -> Void = { [weak self] _ in
            guard let self else { return }
            if let old, old !== new { old.viewIfLoaded?.removeFromSuperview() }
            self.finishLeaving(leaving)
            if onScreen {
                old?.endAppearanceTransition()
                new.endAppearanceTransition()
            }
            if forward { new.didMove(toParent: self) }
            self.transitioning = false
            self.delegate?.navigationController(self, didShow: new, animated: animate)
        }
        guard animate, let oldView = old?.viewIfLoaded, old !== new else {
            UIView.performWithoutAnimation { newView.frame = area }
            finish(true)
            return
        }
        transitioning = true
        let width = area.width
        // The arriving view comes from the trailing edge (push) or a third of the way out
        // (pop); the leaving one goes the other way.
        UIView.performWithoutAnimation {
            newView.frame = area.offsetBy(dx: forward ? width : -width / 3, dy: 0)
            oldView.frame = oldArea
        }
        UIView.animate(withDuration: UINavigationController.transitionDuration, delay: 0, options: [.curveEaseInOut], animations: {
            newView.frame = area
            oldView.frame = oldArea.offsetBy(dx: forward ? -width / 3 : width, dy: 0)
        }, completion: finish)
    }

    /// A push or pop run by the delegate's animator (and interaction controller). The arriving
    /// view starts at its final frame, out of the container until the animator adds it. When
    /// the transition is cancelled the stack, the bar and the views go back to how they were.
    private func runCustomTransition(_ animator: any UIViewControllerAnimatedTransitioning,
                                     from old: UIViewController, to new: UIViewController, forward: Bool,
                                     leaving: [UIViewController], area: CGRect) {
        let interactor = delegate?.navigationController(self, interactionControllerFor: animator)
        let newView: UIView = new.view
        let oldArea = old.view.frame
        // The stack before: a cancelled transition puts it back.
        let before: [UIViewController] = forward ? stack.dropLast() : stack + leaving
        UIView.performWithoutAnimation { newView.frame = area }
        transitioning = true
        let transition = ChildTransition(container: transitionView, from: old, to: new, fromFrame: oldArea, toFrame: area,
                                              animator: animator, interactor: interactor)
        transition.onEnd = { [weak self] completed in
            guard let self else { return }
            self.transitioning = false
            self.runningChildTransition = nil
            if completed {
                self.finishLeaving(leaving)
                if forward { new.didMove(toParent: self) }
                self.delegate?.navigationController(self, didShow: new, animated: true)
            } else {
                self.stack = before
                if forward {
                    new.willMove(toParent: nil)
                    new.removeFromParent()
                } else {
                    for controller in leaving { controller.didMove(toParent: self) }
                }
                self.bar.setItems(self.stack.map(\.navigationItem), animated: false)
                self.view.setNeedsLayout()
            }
        }
        runningChildTransition = transition
        transition.start(completion: nil)
    }

    /// Whether `controller`'s item (with the items below it) shows a large title.
    private func showsLargeTitle(_ controller: UIViewController) -> Bool {
        guard !bar.isHidden, let index = stack.firstIndex(where: { $0 === controller }) else { return false }
        return bar.showsLargeTitle(for: stack[...index].map(\.navigationItem))
    }

    /// Where `controller`'s view goes: below the bar; under it, from the bar's top, when its
    /// title shows large (its safe area then keeps content clear of the bar's full height, and
    /// its scroll view, scrolling, collapses the large title).
    private func contentArea(for controller: UIViewController) -> CGRect {
        guard isViewLoaded else { return .zero }
        let b = view.bounds
        let large = showsLargeTitle(controller)
        controller.viewIfLoaded?.systemSafeAreaInsets.top = large ? UINavigationBar.height + UINavigationBar.largeTitleHeight : 0
        let top = bar.isHidden ? 0 : (large ? bar.frame.minY : bar.frame.minY + UINavigationBar.height)
        let bottom = toolbarHidden ? b.height : b.height - view.safeAreaInsets.bottom - UIToolbar.height
        return CGRect(x: 0, y: top, width: b.width, height: Swift.max(0, bottom - top))
    }

    private weak var observedScrollView: UIScrollView?

    /// Follows the top controller's scroll view (its view, or its first subview) while its
    /// title shows large.
    private func observeTopScrollView() {
        var scroll: UIScrollView?
        if let top = stack.last, showsLargeTitle(top), let content = top.viewIfLoaded {
            scroll = (content as? UIScrollView) ?? content.subviews.first as? UIScrollView
        }
        guard scroll !== observedScrollView else { return }
        observedScrollView?.offsetObservers[ObjectIdentifier(self)] = nil
        scroll?.offsetObservers[ObjectIdentifier(self)] = { [weak self] in self?.layoutBar() }
        observedScrollView = scroll
    }

    /// Sizes the bar: 44 points, plus what shows of the large-title area (all 52 points at
    /// rest, less as the content scrolls up under it, more as it is pulled down).
    private func layoutBar() {
        guard isViewLoaded else { return }
        let b = view.bounds
        var shown: CGFloat = 0
        if bar.showsLargeTitle, !bar.isHidden {
            shown = UINavigationBar.largeTitleHeight
            if let scroll = observedScrollView {
                let scrolled = scroll.contentOffset.y + scroll.adjustedContentInset.top
                shown = Swift.max(0, UINavigationBar.largeTitleHeight - scrolled)
            }
        }
        bar.largeTitleShown = shown
        bar.frame = CGRect(x: 0, y: view.safeAreaInsets.top, width: b.width, height: UINavigationBar.height + shown)
    }

    // MARK: The edge-swipe pop

    private func handleEdgePan(_ recognizer: UIGestureRecognizer) {
        guard let pan = recognizer as? UIPanGestureRecognizer, isViewLoaded else { return }
        let width = Swift.max(view.bounds.width, 1)
        switch pan.state {
        case .began:
            guard !transitioning, interactive == nil, stack.count > 1 else { return }
            let leaving = stack[stack.count - 1], arriving = stack[stack.count - 2]
            // A custom pop is the app's to drive.
            if delegate?.navigationController(self, animationControllerFor: .pop, from: leaving, to: arriving) != nil { return }
            let arrivingView: UIView = arriving.view
            let onScreen = view.window != nil && hasAppeared
            if onScreen {
                leaving.beginAppearanceTransition(false, animated: true)
                arriving.beginAppearanceTransition(true, animated: true)
            }
            delegate?.navigationController(self, willShow: arriving, animated: true)
            if let leavingView = leaving.viewIfLoaded, leavingView.superview === transitionView {
                transitionView.insertSubview(arrivingView, belowSubview: leavingView)
            } else {
                transitionView.insertSubview(arrivingView, at: 0)
            }
            interactive = (leaving, arriving, onScreen)
            transitioning = true
            follow(progress: 0, width: width)
        case .changed:
            guard interactive != nil else { return }
            follow(progress: Swift.min(Swift.max(pan.translation(in: view).x / width, 0), 1), width: width)
        case .ended, .cancelled, .failed:
            guard interactive != nil else { return }
            let progress = Swift.min(Swift.max(pan.translation(in: view).x / width, 0), 1)
            let velocity = pan.velocity(in: view).x
            // Past half way, or flicked towards the trailing edge: the pop completes.
            let completes = pan.state == .ended && (velocity > 500 || (progress > 0.5 && velocity > -500))
            finishInteractivePop(completes: completes, from: progress, width: width)
        default:
            break
        }
    }

    /// Both views placed for `progress` (0: the leaving view in place, 1: gone).
    private func follow(progress: CGFloat, width: CGFloat) {
        guard let interactive else { return }
        UIView.performWithoutAnimation {
            interactive.leaving.viewIfLoaded?.frame = contentArea(for: interactive.leaving).offsetBy(dx: width * progress, dy: 0)
            interactive.arriving.viewIfLoaded?.frame = contentArea(for: interactive.arriving).offsetBy(dx: -width / 3 * (1 - progress), dy: 0)
        }
    }

    private func finishInteractivePop(completes: Bool, from progress: CGFloat, width: CGFloat) {
        guard let (leaving, arriving, onScreen) = interactive else { return }
        let area = contentArea(for: arriving)
        let leavingArea = contentArea(for: leaving)
        let remaining = completes ? 1 - progress : progress
        let duration = Swift.max(0.1, UINavigationController.transitionDuration * Double(remaining))
        if completes {
            stack.removeLast()
            leaving.willMove(toParent: nil)
        } else if onScreen {
            // Cancelled: the arriving controller disappears again (then the leaving one
            // reappears, when the views are back).
            arriving.beginAppearanceTransition(false, animated: true)
        }
        UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseOut], animations: {
            leaving.viewIfLoaded?.frame = completes ? leavingArea.offsetBy(dx: width, dy: 0) : leavingArea
            arriving.viewIfLoaded?.frame = completes ? area : area.offsetBy(dx: -width / 3, dy: 0)
        }, completion: { [weak self] _ in
            guard let self else { return }
            self.interactive = nil
            self.transitioning = false
            if completes {
                leaving.viewIfLoaded?.removeFromSuperview()
                leaving.removeFromParent()
                self.bar.setItems(self.stack.map(\.navigationItem), animated: true)
            } else {
                arriving.viewIfLoaded?.removeFromSuperview()
            }
            if onScreen && completes {
                leaving.endAppearanceTransition()
                arriving.endAppearanceTransition()
            } else if onScreen {
                arriving.endAppearanceTransition()
                leaving.beginAppearanceTransition(true, animated: true)
                leaving.endAppearanceTransition()
            }
            if completes { self.delegate?.navigationController(self, didShow: arriving, animated: true) }
        })
    }

    // MARK: The view

    open override func loadView() {
        let root = UIView()
        root.backgroundColor = .systemBackground
        root.addSubview(transitionView)
        root.addSubview(bar)
        if !toolbarHidden { root.addSubview(toolbar) }
        root.addGestureRecognizer(edgePan)
        bar.onBack = { [weak self] in self?.popViewController(animated: true) }
        bar.onLargeTitlesChange = { [weak self] in self?.viewIfLoaded?.setNeedsLayout() }
        view = root
        if let top = stack.last { transitionView.addSubview(top.view) }
        barHiding.update()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        transitionView.frame = view.bounds
        observeTopScrollView()
        layoutBar()
        if !toolbarHidden {
            // The bar's 44 points above the bottom safe area, its colour running under it.
            let safe = view.safeAreaInsets.bottom
            toolbar.frame = CGRect(x: 0, y: view.bounds.height - safe - UIToolbar.height, width: view.bounds.width,
                                   height: UIToolbar.height + safe)
        }
        if !transitioning, let top = stack.last { top.viewIfLoaded?.frame = contentArea(for: top) }
    }
}

