import Foundation

/// Asked and told about tab selection.
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

/// Child controllers behind the tabs of a tab bar along the bottom; tapping a tab shows its
/// controller (after the delegate's `shouldSelect`), with `viewWillDisappear`,
/// `viewWillAppear`, `viewDidDisappear`, `viewDidAppear`, then the delegate's `didSelect`.
/// Setting `selectedIndex` or `selectedViewController` switches without asking or telling the
/// delegate, as on iOS.
///
/// - Note: Differs from Apple: with more than five controllers every one gets a tab (no More
///   tab); switching tabs is immediate, as on iOS, with no transition.
@preconcurrency @MainActor
open class UITabBarController: UIViewController, UITabBarDelegate {
    private var controllers: [UIViewController] = []
    private var selected = 0
    private let bar = UITabBar()

    open weak var delegate: (any UITabBarControllerDelegate)?
    /// The bar along the bottom.
    open var tabBar: UITabBar { bar }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        setUpBar()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpBar()
    }

    private func setUpBar() {
        bar.delegate = self
        bar.shouldSelect = { [weak self] item in
            guard let self, let index = self.controllers.firstIndex(where: { $0.tabBarItem === item }) else { return false }
            return self.delegate?.tabBarController(self, shouldSelect: self.controllers[index]) ?? true
        }
    }

    /// The tabs' controllers, in order.
    open var viewControllers: [UIViewController]? {
        get { controllers.isEmpty ? nil : controllers }
        set { setViewControllers(newValue, animated: false) }
    }

    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let old = selectedViewController
        let new = viewControllers ?? []
        for controller in controllers where !new.contains(where: { $0 === controller }) {
            controller.willMove(toParent: nil)
            if controller === old, hasAppeared { controller.beginAppearanceTransition(false, animated: false) }
            controller.viewIfLoaded?.removeFromSuperview()
            if controller === old, hasAppeared { controller.endAppearanceTransition() }
            controller.removeFromParent()
        }
        for controller in new where controller.parent !== self {
            addChild(controller)
            controller.didMove(toParent: self)
        }
        controllers = new
        bar.setItems(new.map(\.tabBarItem), animated: animated)
        selected = old.flatMap { o in new.firstIndex { $0 === o } } ?? 0
        show(index: selected, from: old === selectedViewController ? nil : old, forceInstall: true)
    }

    /// A child's `tabBarItem` was replaced: the bar shows the new items.
    func childTabBarItemChanged() {
        bar.setItems(controllers.map(\.tabBarItem), animated: false)
        bar.selectedItem = selectedViewController?.tabBarItem
    }

    /// The shown tab's index (setting it switches silently).
    open var selectedIndex: Int {
        get { selected }
        set {
            guard controllers.indices.contains(newValue), newValue != selected else { return }
            let old = selectedViewController
            selected = newValue
            show(index: newValue, from: old, forceInstall: false)
        }
    }

    /// The shown tab's controller.
    open var selectedViewController: UIViewController? {
        get { controllers.indices.contains(selected) ? controllers[selected] : nil }
        set {
            guard let newValue, let index = controllers.firstIndex(where: { $0 === newValue }) else { return }
            selectedIndex = index
        }
    }

    /// Shows controller `index`, replacing `old` (appearance calls when on screen).
    private func show(index: Int, from old: UIViewController?, forceInstall: Bool) {
        bar.selectedItem = controllers.indices.contains(index) ? controllers[index].tabBarItem : nil
        guard isViewLoaded, controllers.indices.contains(index) else { return }
        let new = controllers[index]
        guard new !== old || forceInstall else { return }
        let onScreen = view.window != nil && hasAppeared
        let newView: UIView = new.view
        if onScreen, let old, old !== new {
            old.beginAppearanceTransition(false, animated: false)
        }
        if onScreen, new !== old { new.beginAppearanceTransition(true, animated: false) }
        if let old, old !== new { old.viewIfLoaded?.removeFromSuperview() }
        if newView.superview !== view { view.insertSubview(newView, belowSubview: bar) }
        newView.frame = contentArea
        if onScreen, let old, old !== new { old.endAppearanceTransition() }
        if onScreen, new !== old { new.endAppearanceTransition() }
    }

    /// A tap on a tab (already allowed by `shouldSelect`): switch and tell the delegate.
    open func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
        guard let index = controllers.firstIndex(where: { $0.tabBarItem === item }) else { return }
        let old = selectedViewController
        if index != selected {
            selected = index
            show(index: index, from: old, forceInstall: false)
        }
        delegate?.tabBarController(self, didSelect: controllers[index])
    }

    private var contentArea: CGRect {
        let b = view.bounds
        return CGRect(x: 0, y: 0, width: b.width, height: Swift.max(0, bar.frame.minY))
    }

    open override func loadView() {
        let root = UIView()
        root.backgroundColor = .systemBackground
        root.addSubview(bar)
        view = root
        show(index: selected, from: nil, forceInstall: true)
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        let bottom = view.safeAreaInsets.bottom
        bar.frame = CGRect(x: 0, y: b.height - UITabBar.height - bottom, width: b.width, height: UITabBar.height + bottom)
        selectedViewController?.viewIfLoaded?.frame = contentArea
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
