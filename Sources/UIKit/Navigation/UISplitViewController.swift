import Foundation

/// What a split view controller asks and tells.
@preconcurrency @MainActor
public protocol UISplitViewControllerDelegate: AnyObject {
    /// The column to show when the split collapses into one (the proposal: `.secondary`).
    func splitViewController(_ svc: UISplitViewController,
                             topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column
    /// The column to show when it expands into several (the proposal: `.secondary`).
    func splitViewController(_ svc: UISplitViewController,
                             displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController.DisplayMode) -> UISplitViewController.DisplayMode
    /// The split collapsed into one column.
    func splitViewControllerDidCollapse(_ svc: UISplitViewController)
    /// The split expanded into columns.
    func splitViewControllerDidExpand(_ svc: UISplitViewController)
    /// A column is about to show.
    func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column)
    /// A column is about to hide.
    func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column)
    /// Return true to handle `showDetailViewController(_:sender:)` yourself.
    func splitViewController(_ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?) -> Bool
}

extension UISplitViewControllerDelegate {
    public func splitViewController(_ svc: UISplitViewController,
                                    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column {
        proposedTopColumn
    }
    public func splitViewController(_ svc: UISplitViewController,
                                    displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController.DisplayMode) -> UISplitViewController.DisplayMode {
        proposedDisplayMode
    }
    public func splitViewControllerDidCollapse(_ svc: UISplitViewController) {}
    public func splitViewControllerDidExpand(_ svc: UISplitViewController) {}
    public func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column) {}
    public func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column) {}
    public func splitViewController(_ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?) -> Bool { false }
}

/// Columns side by side in a wide window, collapsed into one navigation stack in a narrow one.
///
/// In the column styles (`init(style: .doubleColumn)`) each column's controller is wrapped in a
/// navigation controller. Expanded (regular width), the primary column sits on the leading side
/// (`primaryColumnWidth`: 320 points by default, within the minimum and maximum and the
/// preferred fraction) beside the secondary, a hairline between them; `hide(.primary)` or
/// display mode `.secondaryOnly` gives the secondary the whole width. Collapsed (compact
/// width), the `.compact` column shows when it has a controller; otherwise the primary's
/// navigation controller shows with the secondary's controllers pushed on it — unless the
/// delegate's `topColumnForCollapsingToProposedTopColumn` answers `.primary`. Expanding puts them
/// back. `showDetailViewController(_:sender:)` replaces the secondary column, or pushes when
/// collapsed.
///
/// - Note: Differs from Apple: the primary column does not overlay the secondary (no
///   `.oneOverSecondary`); the display modes tile, and the supplementary column of
///   `.tripleColumn` shows beside the primary.
@preconcurrency @MainActor
open class UISplitViewController: UIViewController {
    /// How columns are set up.
    public enum Style: Int, Sendable {
        case unspecified = 0
        case doubleColumn = 1
        case tripleColumn = 2
    }

    /// A column.
    public enum Column: Int, Sendable {
        case primary = 0
        case supplementary = 1
        case secondary = 2
        case compact = 3
    }

    /// Which columns show.
    public enum DisplayMode: Int, Sendable {
        case automatic = 0
        case secondaryOnly = 1
        case oneBesideSecondary = 2
        case oneOverSecondary = 3
        case twoBesideSecondary = 4
        case twoOverSecondary = 5
        case twoDisplaceSecondary = 6
        public static var primaryHidden: DisplayMode { .secondaryOnly }
        public static var allVisible: DisplayMode { .oneBesideSecondary }
        public static var primaryOverlay: DisplayMode { .oneOverSecondary }
    }

    /// How the columns share the width.
    public enum SplitBehavior: Int, Sendable {
        case automatic = 0
        case tile = 1
        case overlay = 2
        case displace = 3
    }

    /// A preferred width meaning "the system's".
    public static let automaticDimension: CGFloat = -CGFloat.greatestFiniteMagnitude

    /// The column style.
    public let style: Style
    /// Told about collapsing, expanding and showing detail.
    open weak var delegate: (any UISplitViewControllerDelegate)?
    /// The display mode asked for (`.automatic`: the primary beside the secondary).
    open var preferredDisplayMode = DisplayMode.automatic { didSet { layoutColumns() } }
    /// The split behaviour asked for (kept; the columns tile).
    open var preferredSplitBehavior = SplitBehavior.automatic
    /// The primary column's preferred width (`automaticDimension`: 320 points).
    open var preferredPrimaryColumnWidth = UISplitViewController.automaticDimension { didSet { layoutColumns() } }
    /// The primary column's preferred share of the width (`automaticDimension`).
    open var preferredPrimaryColumnWidthFraction = UISplitViewController.automaticDimension { didSet { layoutColumns() } }
    /// The narrowest the primary column gets (`automaticDimension`: 0).
    open var minimumPrimaryColumnWidth = UISplitViewController.automaticDimension { didSet { layoutColumns() } }
    /// The widest the primary column gets (`automaticDimension`: 420).
    open var maximumPrimaryColumnWidth = UISplitViewController.automaticDimension { didSet { layoutColumns() } }
    /// The supplementary column's preferred width (`automaticDimension`: 320 points).
    open var preferredSupplementaryColumnWidth = UISplitViewController.automaticDimension { didSet { layoutColumns() } }
    /// Whether a swipe shows the primary column (kept).
    open var presentsWithGesture = true
    /// Whether the secondary's bar offers a button hiding the other columns (kept).
    open var showsSecondaryOnlyButton = false

    private var columns: [Column: UIViewController] = [:]
    private var primaryHidden = false
    private var collapsedState: Bool?
    /// The secondary controllers moved onto the primary stack while collapsed.
    private var movedCount = 0
    private let divider = UIView()

    /// A split of `style`.
    public init(style: Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    /// A classic split (`viewControllers` gives the columns).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .unspecified
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// A split view controller from a storyboard: its style, and the columns its relationship
    /// segues name (`masterViewController` and `detailViewController` in classic documents).
    public required init?(coder: NSCoder) {
        let ib = coder as? IBCoder
        switch ib?.string("style") {
        case "doubleColumn": style = .doubleColumn
        case "tripleColumn": style = .tripleColumn
        default: style = .unspecified
        }
        super.init(coder: coder)
        guard let ib else { return }
        if style == .unspecified {
            let list = ib.relationshipDestinations("masterViewController") + ib.relationshipDestinations("detailViewController")
            if !list.isEmpty { viewControllers = list }
        } else {
            let columns: [(String, Column)] = [
                ("masterViewController", .primary), ("primaryViewController", .primary),
                ("supplementaryViewController", .supplementary), ("detailViewController", .secondary),
                ("secondaryViewController", .secondary), ("compactViewController", .compact),
            ]
            for (relationship, column) in columns {
                if let controller = ib.relationshipDestinations(relationship).first { setViewController(controller, for: column) }
            }
        }
    }

    // MARK: Columns

    /// The columns' controllers: primary then secondary (then supplementary in between for
    /// three columns); a collapsed split lists its one.
    open var viewControllers: [UIViewController] {
        get {
            if isCollapsed, let shown = collapsedController { return [shown] }
            return [columns[.primary], columns[.supplementary], columns[.secondary]].compactMap { $0 }
        }
        set {
            let list = newValue
            columns[.primary] = list.first
            columns[.secondary] = list.count > 1 ? list[list.count - 1] : nil
            columns[.supplementary] = list.count > 2 ? list[1] : nil
            rebuild()
        }
    }

    /// Puts `vc` in `column` (wrapped in a navigation controller in the column styles).
    open func setViewController(_ vc: UIViewController?, for column: Column) {
        if style != .unspecified, let vc, !(vc is UINavigationController) {
            columns[column] = UINavigationController(rootViewController: vc)
        } else {
            columns[column] = vc
        }
        rebuild()
    }

    /// The controller in `column` (the one given, not its navigation controller).
    open func viewController(for column: Column) -> UIViewController? {
        guard let controller = columns[column] else { return nil }
        if style != .unspecified, let navigation = controller as? UINavigationController {
            return navigation.viewControllers.first
        }
        return controller
    }

    /// Whether the split shows one column (a compact-width window).
    open var isCollapsed: Bool {
        (viewIfLoaded?.traitCollection ?? traitCollection).horizontalSizeClass != .regular
    }

    /// The display mode now.
    open var displayMode: DisplayMode {
        if isCollapsed || primaryHidden { return .secondaryOnly }
        switch preferredDisplayMode {
        case .automatic: return style == .tripleColumn && columns[.supplementary] != nil ? .twoBesideSecondary : .oneBesideSecondary
        case .oneOverSecondary: return .oneBesideSecondary
        case .twoOverSecondary, .twoDisplaceSecondary: return .twoBesideSecondary
        default: return preferredDisplayMode
        }
    }

    /// The primary column's width.
    open var primaryColumnWidth: CGFloat {
        let width = viewIfLoaded?.bounds.width ?? UIScreen.main.bounds.width
        let minimum = minimumPrimaryColumnWidth == UISplitViewController.automaticDimension ? 0 : minimumPrimaryColumnWidth
        let maximum = maximumPrimaryColumnWidth == UISplitViewController.automaticDimension ? 420 : maximumPrimaryColumnWidth
        var preferred: CGFloat = 320
        if preferredPrimaryColumnWidth != UISplitViewController.automaticDimension {
            preferred = preferredPrimaryColumnWidth
        } else if preferredPrimaryColumnWidthFraction != UISplitViewController.automaticDimension {
            preferred = width * preferredPrimaryColumnWidthFraction
        }
        return Swift.min(Swift.max(preferred, minimum), maximum, width)
    }

    /// The supplementary column's width.
    open var supplementaryColumnWidth: CGFloat {
        preferredSupplementaryColumnWidth == UISplitViewController.automaticDimension ? 320 : preferredSupplementaryColumnWidth
    }

    /// Shows `column` (`.primary` beside the secondary when expanded; when collapsed, pops to it).
    open func show(_ column: Column) {
        if isCollapsed {
            if column == .primary, let navigation = columns[.primary] as? UINavigationController {
                _ = navigation.popToRootViewController(animated: true)
            }
            return
        }
        guard column == .primary || column == .supplementary, primaryHidden else { return }
        delegate?.splitViewController(self, willShow: column)
        primaryHidden = false
        animateColumns()
    }

    /// Hides `column` (`.primary` or `.supplementary`: the secondary takes the width).
    open func hide(_ column: Column) {
        guard !isCollapsed, column == .primary || column == .supplementary, !primaryHidden else { return }
        delegate?.splitViewController(self, willHide: column)
        primaryHidden = true
        animateColumns()
    }

    /// An item toggling the primary column, for the secondary's navigation bar.
    open lazy var displayModeButtonItem: UIBarButtonItem = {
        let item = UIBarButtonItem(image: UIImage(systemName: "sidebar.left"), style: .plain, target: self,
                                   action: UISplitViewController.toggleColumns)
        return item
    }()

    private func toggleColumns() {
        if primaryHidden { show(.primary) } else { hide(.primary) }
    }

    private func animateColumns() {
        guard isViewLoaded else { return }
        UIView.animate(withDuration: 0.35) {
            self.layoutColumns()
            self.view.layoutIfNeeded()
        }
    }

    // MARK: Show and show detail

    /// Puts `vc` in the secondary column (its navigation controller's root, in the column
    /// styles); collapsed, pushes it on the primary stack.
    open override func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if delegate?.splitViewController(self, showDetail: vc, sender: sender) == true { return }
        if isCollapsed, isViewLoaded, let navigation = columns[.primary] as? UINavigationController, columns[.compact] == nil {
            if let detailNavigation = vc as? UINavigationController {
                let stack = detailNavigation.viewControllers
                detailNavigation.setViewControllers([], animated: false)
                for controller in stack { navigation.pushViewController(controller, animated: controller === stack.last) }
                movedCount += stack.count
            } else {
                navigation.pushViewController(vc, animated: true)
                movedCount += 1
            }
            return
        }
        if style != .unspecified, let navigation = columns[.secondary] as? UINavigationController, !(vc is UINavigationController) {
            navigation.setViewControllers([vc], animated: false)
        } else {
            columns[.secondary] = style != .unspecified && !(vc is UINavigationController) ? UINavigationController(rootViewController: vc) : vc
            rebuild()
        }
    }

    override var handlesShowDetail: Bool { true }

    // MARK: Views

    open override func loadView() {
        let root = UIView()
        root.backgroundColor = .systemBackground
        divider.backgroundColor = .separator
        view = root
        rebuild()
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if previousTraitCollection?.horizontalSizeClass != traitCollection.horizontalSizeClass { rebuild() }
    }

    open override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        if collapsedState != isCollapsed { rebuild() }
        layoutColumns()
    }

    /// The controller a collapsed split shows.
    private var collapsedController: UIViewController? { columns[.compact] ?? columns[.primary] ?? columns[.secondary] }

    /// Installs the controllers for the collapsed or expanded state.
    private func rebuild() {
        // Collapsed or not depends on the window's width: nothing is installed before.
        guard isViewLoaded, view.window != nil else { return }
        let collapsed = isCollapsed
        let wasCollapsed = collapsedState
        collapsedState = collapsed
        if wasCollapsed == true && !collapsed { expandStacks() }
        let wanted: [UIViewController]
        if collapsed {
            if wasCollapsed != true { collapseStacks() }
            wanted = collapsedController.map { [$0] } ?? []
        } else {
            wanted = [columns[.primary], columns[.supplementary], columns[.secondary]].compactMap { $0 }
        }
        for child in children where !wanted.contains(where: { $0 === child }) {
            child.willMove(toParent: nil)
            child.viewIfLoaded?.removeFromSuperview()
            child.removeFromParent()
        }
        for controller in wanted where controller.parent !== self {
            addChild(controller)
            view.addSubview(controller.view)
            controller.didMove(toParent: self)
        }
        if collapsed { divider.removeFromSuperview() } else if divider.superview == nil { view.addSubview(divider) }
        layoutColumns()
        if let wasCollapsed, wasCollapsed != collapsed {
            if collapsed { delegate?.splitViewControllerDidCollapse(self) } else { delegate?.splitViewControllerDidExpand(self) }
        }
    }

    /// Collapsing: the secondary's controllers go on top of the primary's stack, unless the
    /// delegate keeps the primary on top.
    private func collapseStacks() {
        guard columns[.compact] == nil, let primary = columns[.primary] as? UINavigationController,
              let secondary = columns[.secondary] as? UINavigationController else { return }
        let top = delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: .secondary) ?? .secondary
        guard top == .secondary else { return }
        let moved = secondary.viewControllers
        secondaryRoot = moved.first
        secondary.setViewControllers([], animated: false)
        primary.setViewControllers(primary.viewControllers + moved, animated: false)
        movedCount = moved.count
    }

    private var secondaryRoot: UIViewController?

    /// Expanding: what was pushed above the primary's own controllers goes back to the secondary.
    private func expandStacks() {
        defer { movedCount = 0 }
        guard let primary = columns[.primary] as? UINavigationController,
              let secondary = columns[.secondary] as? UINavigationController else { return }
        let stack = primary.viewControllers
        let own = Swift.max(stack.count - movedCount, 1)
        let moved = Array(stack[own...])
        primary.setViewControllers(Array(stack[..<own]), animated: false)
        if !moved.isEmpty {
            secondary.setViewControllers(moved, animated: false)
        } else if secondary.viewControllers.isEmpty, let secondaryRoot {
            secondary.setViewControllers([secondaryRoot], animated: false)
        }
    }

    /// Places the columns: primary (and supplementary) on the leading side, the secondary in
    /// the rest; collapsed, the one controller fills the view.
    private func layoutColumns() {
        guard isViewLoaded else { return }
        let b = view.bounds
        if isCollapsed {
            collapsedController?.viewIfLoaded?.frame = b
            return
        }
        let hairline = 1 / Swift.max(traitCollection.displayScale, 1)
        var x: CGFloat = 0
        let leading = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
        func place(_ controller: UIViewController?, width: CGFloat) {
            guard let view = controller?.viewIfLoaded else { return }
            let frame = CGRect(x: x, y: 0, width: width, height: b.height)
            view.frame = leading ? CGRect(x: b.width - frame.maxX, y: 0, width: width, height: b.height) : frame
            x += width
        }
        let showsPrimary = displayMode != .secondaryOnly
        if showsPrimary {
            place(columns[.primary], width: primaryColumnWidth)
            if let supplementary = columns[.supplementary] {
                x += hairline
                place(supplementary, width: supplementaryColumnWidth)
            }
            divider.frame = CGRect(x: leading ? b.width - x - hairline : x, y: 0, width: hairline, height: b.height)
            x += hairline
        } else {
            // Off the leading edge.
            let hidden = primaryColumnWidth + (columns[.supplementary] != nil ? supplementaryColumnWidth : 0)
            x = -hidden
            place(columns[.primary], width: primaryColumnWidth)
            if let supplementary = columns[.supplementary] { place(supplementary, width: supplementaryColumnWidth) }
            divider.frame = .zero
            x = 0
        }
        place(columns[.secondary], width: Swift.max(b.width - x, 0))
    }
}

extension UIViewController {
    /// The nearest split view controller among this controller's ancestors.
    public var splitViewController: UISplitViewController? {
        var controller: UIViewController? = parent
        while let current = controller {
            if let split = current as? UISplitViewController { return split }
            controller = current.parent
        }
        return nil
    }
}
