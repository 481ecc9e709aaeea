import Foundation

/// Asked and told about tab selection; supplies the animator of a custom switch between
/// tabs, and the interaction controller that makes it interactive.
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    func tabBarController(_ tabBarController: UITabBarController,
                          animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func tabBarController(_ tabBarController: UITabBarController,
                          interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
    public func tabBarController(_ tabBarController: UITabBarController,
                                 animationControllerForTransitionFrom fromVC: UIViewController,
                                 to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func tabBarController(_ tabBarController: UITabBarController,
                                 interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

/// Child controllers behind the tabs of a tab bar along the bottom; tapping a tab shows its
/// controller (after the delegate's `shouldSelect`), with `viewWillDisappear`,
/// `viewWillAppear`, `viewDidDisappear`, `viewDidAppear`, then the delegate's `didSelect`.
/// Setting `selectedIndex` or `selectedViewController` switches without asking or telling the
/// delegate, as on iOS.
///
/// With more than five controllers the bar shows the first four and a More tab: its
/// `moreNavigationController` lists the rest, and choosing one pushes it there.
///
/// Switching tabs is immediate, as on iOS — unless the delegate supplies an animator, which
/// then runs the switch in a container view below the bar (interactive with the delegate's
/// interaction controller; a cancelled switch goes back to the old tab).
///
/// - Note: Differs from Apple: the More list's Edit button (rearranging tabs) is not offered.
@preconcurrency @MainActor
open class UITabBarController: UIViewController, UITabBarDelegate {
    private var controllers: [UIViewController] = []
    /// The index of the shown tab among `tabs`.
    private var selected = 0
    /// The most tabs the bar shows before a More tab takes the fifth place.
    static let maximumTabs = 5

    /// Whether the controllers overflow into a More tab.
    private var showsMore: Bool { controllers.count > UITabBarController.maximumTabs }

    /// The controllers behind the bar's tabs: all of them, or the first four and More.
    private var tabs: [UIViewController] {
        showsMore ? Array(controllers.prefix(UITabBarController.maximumTabs - 1)) + [moreNavigationController] : controllers
    }

    /// The controllers the More tab lists.
    var overflowControllers: [UIViewController] {
        showsMore ? Array(controllers.dropFirst(UITabBarController.maximumTabs - 1)) : []
    }

    /// The navigation controller of the More tab: a list of the controllers without a tab of
    /// their own; choosing one pushes it.
    open var moreNavigationController: UINavigationController {
        if let storedMore { return storedMore }
        let navigation = UINavigationController(rootViewController: MoreListController(tabs: self))
        navigation.tabBarItem = UITabBarItem(tabBarSystemItem: .more, tag: 0)
        storedMore = navigation
        return navigation
    }
    /// The More tab's controller, once something needed it (most tab bar controllers never do).
    private var storedMore: UINavigationController?
    private let bar = UITabBar()
    /// Holds the shown controller's view, below the bar: the container of custom transitions.
    private let transitionView = UIView()

    open weak var delegate: (any UITabBarControllerDelegate)?
    /// The bar along the bottom.
    open var tabBar: UITabBar { bar }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        setUpBar()
    }

    /// A tab bar controller from a storyboard, with the tabs its relationship segues name.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpBar()
        if let ib = coder as? IBCoder {
            let tabs = ib.relationshipDestinations("viewControllers")
            if !tabs.isEmpty { setViewControllers(tabs, animated: false) }
        }
    }

    private func setUpBar() {
        bar.delegate = self
        bar.shouldSelect = { [weak self] item in
            guard let self, let index = self.tabs.firstIndex(where: { $0.tabBarItem === item }) else { return false }
            return self.delegate?.tabBarController(self, shouldSelect: self.tabs[index]) ?? true
        }
    }

    /// The tabs' controllers, in order.
    open var viewControllers: [UIViewController]? {
        get { controllers.isEmpty ? nil : controllers }
        set { setViewControllers(newValue, animated: false) }
    }

    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let old = tabs.indices.contains(selected) ? tabs[selected] : nil
        let oldTabs = tabs
        controllers = viewControllers ?? []
        let newTabs = tabs
        // Overflow controllers leave the More stack; the list shows the new ones.
        if let more = storedMore {
            more.setViewControllers(Array(more.viewControllers.prefix(1)), animated: false)
            (more.viewControllers.first as? MoreListController)?.reload()
        }
        for controller in oldTabs where !newTabs.contains(where: { $0 === controller }) {
            controller.willMove(toParent: nil)
            if controller === old, hasAppeared { controller.beginAppearanceTransition(false, animated: false) }
            controller.viewIfLoaded?.removeFromSuperview()
            if controller === old, hasAppeared { controller.endAppearanceTransition() }
            controller.removeFromParent()
        }
        for controller in newTabs where controller.parent !== self {
            addChild(controller)
            controller.didMove(toParent: self)
        }
        bar.setItems(newTabs.map(\.tabBarItem), animated: animated)
        selected = old.flatMap { o in newTabs.firstIndex { $0 === o } } ?? 0
        let current = newTabs.indices.contains(selected) ? newTabs[selected] : nil
        show(index: selected, from: old === current ? nil : old, forceInstall: true)
    }

    /// A child's `tabBarItem` was replaced: the bar shows the new items.
    func childTabBarItemChanged() {
        bar.setItems(tabs.map(\.tabBarItem), animated: false)
        bar.selectedItem = tabs.indices.contains(selected) ? tabs[selected].tabBarItem : nil
    }

    /// The shown controller's index in `viewControllers` (setting it switches silently; an
    /// index past the fourth of more than five shows that controller in the More tab).
    /// `NSNotFound` while the More list itself shows.
    open var selectedIndex: Int {
        get {
            guard showsMore, selected == UITabBarController.maximumTabs - 1 else { return selected }
            let stack = moreNavigationController.viewControllers
            guard stack.count > 1, let index = controllers.firstIndex(where: { $0 === stack[1] }) else { return NSNotFound }
            return index
        }
        set {
            guard controllers.indices.contains(newValue) else { return }
            let old = tabs.indices.contains(selected) ? tabs[selected] : nil
            if showsMore, newValue >= UITabBarController.maximumTabs - 1 {
                let list = Array(moreNavigationController.viewControllers.prefix(1))
                moreNavigationController.setViewControllers(list + [controllers[newValue]], animated: false)
                selected = UITabBarController.maximumTabs - 1
            } else {
                guard newValue != selected else { return }
                selected = newValue
            }
            show(index: selected, from: old, forceInstall: false)
        }
    }

    /// The shown controller: a tab's, the one pushed in the More tab, or the More
    /// navigation controller while its list shows.
    open var selectedViewController: UIViewController? {
        get {
            let index = selectedIndex
            if index == NSNotFound { return moreNavigationController }
            return controllers.indices.contains(index) ? controllers[index] : nil
        }
        set {
            guard let newValue else { return }
            if showsMore, newValue === moreNavigationController {
                let old = tabs.indices.contains(selected) ? tabs[selected] : nil
                selected = UITabBarController.maximumTabs - 1
                show(index: selected, from: old, forceInstall: false)
                return
            }
            guard let index = controllers.firstIndex(where: { $0 === newValue }) else { return }
            selectedIndex = index
        }
    }

    /// Shows controller `index`, replacing `old` (appearance calls when on screen).
    private func show(index: Int, from old: UIViewController?, forceInstall: Bool) {
        let tabs = self.tabs
        bar.selectedItem = tabs.indices.contains(index) ? tabs[index].tabBarItem : nil
        guard isViewLoaded, tabs.indices.contains(index) else { return }
        let new = tabs[index]
        guard new !== old || forceInstall else { return }
        let onScreen = view.window != nil && hasAppeared
        let newView: UIView = new.view
        if onScreen, let old, old !== new, old.isViewLoaded, runningChildTransition == nil,
           let animator = delegate?.tabBarController(self, animationControllerForTransitionFrom: old, to: new) {
            runCustomTransition(animator, from: old, to: new, returningTo: tabs.firstIndex { $0 === old })
            return
        }
        if onScreen, let old, old !== new {
            old.beginAppearanceTransition(false, animated: false)
        }
        if onScreen, new !== old { new.beginAppearanceTransition(true, animated: false) }
        if let old, old !== new { old.viewIfLoaded?.removeFromSuperview() }
        if newView.superview !== transitionView { transitionView.addSubview(newView) }
        newView.frame = contentArea
        if onScreen, let old, old !== new { old.endAppearanceTransition() }
        if onScreen, new !== old { new.endAppearanceTransition() }
    }

    /// A switch run by the delegate's animator (and interaction controller); a cancelled one
    /// selects the old tab again.
    private func runCustomTransition(_ animator: any UIViewControllerAnimatedTransitioning,
                                     from old: UIViewController, to new: UIViewController, returningTo oldIndex: Int?) {
        let interactor = delegate?.tabBarController(self, interactionControllerFor: animator)
        let newView: UIView = new.view
        let oldView: UIView = old.view
        let area = contentArea
        UIView.performWithoutAnimation { newView.frame = area }
        old.beginAppearanceTransition(false, animated: true)
        new.beginAppearanceTransition(true, animated: true)
        let transition = ChildTransition(container: transitionView, from: old, to: new, fromFrame: oldView.frame, toFrame: area,
                                         animator: animator, interactor: interactor)
        transition.onEnd = { [weak self] completed in
            guard let self else { return }
            self.runningChildTransition = nil
            if !completed, let oldIndex {
                self.selected = oldIndex
                self.bar.selectedItem = old.tabBarItem
            }
        }
        runningChildTransition = transition
        transition.start(completion: nil)
    }

    /// A tap on a tab (already allowed by `shouldSelect`): switch and tell the delegate.
    open func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
        let tabs = self.tabs
        guard let index = tabs.firstIndex(where: { $0.tabBarItem === item }) else { return }
        let old = tabs.indices.contains(selected) ? tabs[selected] : nil
        if index != selected {
            selected = index
            show(index: index, from: old, forceInstall: false)
        } else if let more = storedMore, tabs[index] === more {
            // Tapping More again goes back to the list.
            _ = more.popToRootViewController(animated: true)
        }
        delegate?.tabBarController(self, didSelect: tabs[index])
    }

    private var contentArea: CGRect {
        let b = view.bounds
        return CGRect(x: 0, y: 0, width: b.width, height: Swift.max(0, bar.frame.minY))
    }

    open override func loadView() {
        let root = UIView()
        root.backgroundColor = .systemBackground
        root.addSubview(transitionView)
        root.addSubview(bar)
        view = root
        show(index: selected, from: nil, forceInstall: true)
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        let bottom = view.safeAreaInsets.bottom
        bar.frame = CGRect(x: 0, y: b.height - UITabBar.height - bottom, width: b.width, height: UITabBar.height + bottom)
        transitionView.frame = b
        if runningChildTransition == nil, tabs.indices.contains(selected) { tabs[selected].viewIfLoaded?.frame = contentArea }
    }
}

extension UIViewController {
    /// The nearest tab bar controller among this controller and its ancestors.
    public var tabBarController: UITabBarController? {
        var controller: UIViewController? = parent
        while let current = controller {
            if let tabs = current as? UITabBarController { return tabs }
            controller = current.parent
        }
        return nil
    }
}

/// The More tab's list: the controllers without a tab of their own, by their tab items'
/// titles and images; choosing one pushes it.
@MainActor
final class MoreListController: UITableViewController {
    private weak var tabs: UITabBarController?

    init(tabs: UITabBarController) {
        self.tabs = tabs
        super.init(style: .plain)
        title = "More"
    }

    required init?(coder: NSCoder) { nil }

    func reload() {
        if isViewLoaded { tableView.reloadData() }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        tabs?.overflowControllers.count ?? 0
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "more") ?? UITableViewCell(style: .default, reuseIdentifier: "more")
        let controller = tabs?.overflowControllers[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = controller?.tabBarItem.title ?? controller?.title
        content.image = controller?.tabBarItem.image
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard let controller = tabs?.overflowControllers[indexPath.row] else { return }
        navigationController?.pushViewController(controller, animated: true)
    }
}
