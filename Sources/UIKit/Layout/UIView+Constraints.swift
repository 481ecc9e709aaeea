import Foundation

/// A view's Auto Layout state, made when first used: its anchors, the constraints installed
/// on it, its layout guides and its content priorities.
@MainActor
final class ConstraintState {
    unowned let view: UIView
    var constraints: [NSLayoutConstraint] = []
    var guides: [UILayoutGuide] = []
    var needsUpdateConstraints = true
    var hugging: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultLow, .defaultLow)
    var compressionResistance: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultHigh, .defaultHigh)
    /// The engine of the hierarchy this view is the root of, once a layout needed one.
    var engine: LayoutEngine?
    /// The engine this view takes part in (as a view held at its frame, a view placed by
    /// constraints, or a root), told when what it reads of the view changes.
    weak var itemEngine: LayoutEngine?

    init(view: UIView) {
        self.view = view
    }

    lazy var leading = NSLayoutXAxisAnchor(item: view, attribute: .leading)
    lazy var trailing = NSLayoutXAxisAnchor(item: view, attribute: .trailing)
    lazy var left = NSLayoutXAxisAnchor(item: view, attribute: .left)
    lazy var right = NSLayoutXAxisAnchor(item: view, attribute: .right)
    lazy var centerX = NSLayoutXAxisAnchor(item: view, attribute: .centerX)
    lazy var top = NSLayoutYAxisAnchor(item: view, attribute: .top)
    lazy var bottom = NSLayoutYAxisAnchor(item: view, attribute: .bottom)
    lazy var centerY = NSLayoutYAxisAnchor(item: view, attribute: .centerY)
    lazy var firstBaseline = NSLayoutYAxisAnchor(item: view, attribute: .firstBaseline)
    lazy var lastBaseline = NSLayoutYAxisAnchor(item: view, attribute: .lastBaseline)
    lazy var width = NSLayoutDimension(item: view, attribute: .width)
    lazy var height = NSLayoutDimension(item: view, attribute: .height)
    lazy var marginsGuide = systemGuide(.margins, "UIViewLayoutMarginsGuide")
    lazy var safeAreaGuide = systemGuide(.safeArea, "UIViewSafeAreaLayoutGuide")
    lazy var readableContentGuide = systemGuide(.readableContent, "UIViewReadableContentGuide")
    /// The margin, safe-area and readable-content guides made so far, in the order made.
    private(set) var madeSystemGuides: [UILayoutGuide] = []
    var preservesSuperviewMargins = false
    var insetsMarginsFromSafeArea = true

    private func systemGuide(_ kind: UILayoutGuide.SystemGuide, _ identifier: String) -> UILayoutGuide {
        let guide = UILayoutGuide()
        guide.identifier = identifier
        guide.owningView = view
        guide.system = kind
        madeSystemGuides.append(guide)
        return guide
    }
}

extension UIView {
    var layoutState: ConstraintState {
        if let constraintState { return constraintState }
        let made = ConstraintState(view: self)
        constraintState = made
        return made
    }

    // MARK: Anchors

    public var leadingAnchor: NSLayoutXAxisAnchor { layoutState.leading }
    public var trailingAnchor: NSLayoutXAxisAnchor { layoutState.trailing }
    public var leftAnchor: NSLayoutXAxisAnchor { layoutState.left }
    public var rightAnchor: NSLayoutXAxisAnchor { layoutState.right }
    public var centerXAnchor: NSLayoutXAxisAnchor { layoutState.centerX }
    public var topAnchor: NSLayoutYAxisAnchor { layoutState.top }
    public var bottomAnchor: NSLayoutYAxisAnchor { layoutState.bottom }
    public var centerYAnchor: NSLayoutYAxisAnchor { layoutState.centerY }
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { layoutState.firstBaseline }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { layoutState.lastBaseline }
    public var widthAnchor: NSLayoutDimension { layoutState.width }
    public var heightAnchor: NSLayoutDimension { layoutState.height }

    // MARK: Guides

    /// The view's layout margins as a guide.
    public var layoutMarginsGuide: UILayoutGuide { layoutState.marginsGuide }
    /// The part of the view not covered by bars and display cut-outs (all of it on Lamina's screens).
    public var safeAreaLayoutGuide: UILayoutGuide { layoutState.safeAreaGuide }
    /// A width of comfortable reading inside the margins.
    ///
    /// - Note: Differs from Apple: the same rectangle as the margins (Apple narrows it on
    ///   wide screens by the dynamic type size).
    public var readableContentGuide: UILayoutGuide { layoutState.readableContentGuide }

    /// The guides of the view: its layout margins guide (as on iOS, always listed) and the
    /// guides added to it.
    public var layoutGuides: [UILayoutGuide] { [layoutMarginsGuide] + (constraintState?.guides ?? []) }

    public func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutGuide.owningView = self
        layoutState.guides.append(layoutGuide)
        LayoutEngine.noteStructureChange()
    }

    public func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.owningView === self else { return }
        layoutState.guides.removeAll { $0 === layoutGuide }
        layoutGuide.owningView = nil
        LayoutEngine.noteStructureChange()
    }

    // MARK: Installed constraints

    /// The constraints installed on the view (those whose nearest common ancestor it is).
    public var constraints: [NSLayoutConstraint] { constraintState?.constraints ?? [] }

    /// Installs `constraint` on this view (which must contain its items), activating it.
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.installedOn === self { return }
        constraint.installedOn?.removeConstraint(constraint)
        guard let ancestor = constraint.commonAncestor, isDescendantOrSelf(of: ancestor) || ancestor.isDescendantOrSelf(of: self) else {
            LayoutLog.report("The view hierarchy is not prepared for the constraint: \(constraint). When added to a view, the constraint's items must be descendants of that view (or the view itself).")
            return
        }
        install(constraint)
    }

    /// Installs a constraint known to belong here (activation found this view).
    func install(_ constraint: NSLayoutConstraint) {
        layoutState.constraints.append(constraint)
        constraint.installedOn = self
        LayoutEngine.noteStructureChange()
        constraint.inputsChanged()
    }

    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    /// Uninstalls `constraint` from this view, deactivating it.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.installedOn === self else { return }
        // From the end: the constraints made last are the ones most often taken away.
        let state = layoutState
        var index = state.constraints.count - 1
        while index >= 0 && state.constraints[index] !== constraint { index -= 1 }
        if index >= 0 { state.constraints.remove(at: index) }
        constraint.installedOn = nil
        constraint.engineRow = -1
        LayoutEngine.noteStructureChange()
        constraint.inputsChanged()
        setNeedsLayout()
    }

    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    private func isDescendantOrSelf(of view: UIView) -> Bool {
        var current: UIView? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    // MARK: Debugging

    /// Whether the constraints leave the view's frame undetermined (more than one frame
    /// satisfies them equally well). Views placed by their frames never are.
    public var hasAmbiguousLayout: Bool {
        guard !translatesAutoresizingMaskIntoConstraints else { return false }
        return layoutEngine.isAmbiguous(self)
    }

    /// The active constraints that place the view along `axis`.
    ///
    /// - Note: Differs from Apple: the constraints naming the view's own edges and size on
    ///   that axis, not every constraint that reaches it through others.
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        layoutEngine.constraints(affecting: self, axis: axis)
    }

    // MARK: Content priorities

    /// How strongly the view resists growing past its intrinsic size along `axis` (250).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        let state = constraintState?.hugging ?? (.defaultLow, .defaultLow)
        return axis == .horizontal ? state.horizontal : state.vertical
    }

    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { layoutState.hugging.horizontal = priority } else { layoutState.hugging.vertical = priority }
        LayoutEngine.noteStructureChange()
        superview?.setNeedsLayout()
    }

    /// How strongly the view resists shrinking below its intrinsic size along `axis` (750).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        let state = constraintState?.compressionResistance ?? (.defaultHigh, .defaultHigh)
        return axis == .horizontal ? state.horizontal : state.vertical
    }

    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { layoutState.compressionResistance.horizontal = priority } else { layoutState.compressionResistance.vertical = priority }
        LayoutEngine.noteStructureChange()
        superview?.setNeedsLayout()
    }

    // MARK: Updating constraints

    /// Asks for `updateConstraints()` before the next layout.
    public func setNeedsUpdateConstraints() {
        layoutState.needsUpdateConstraints = true
        setNeedsLayout()
    }

    /// Whether `updateConstraints()` is due.
    public func needsUpdateConstraints() -> Bool {
        constraintState?.needsUpdateConstraints ?? false
    }

    /// Runs `updateConstraints()` on the view and its subviews (deepest first) where due.
    public func updateConstraintsIfNeeded() {
        for subview in storedSubviews { subview.updateConstraintsIfNeeded() }
        guard needsUpdateConstraints() else { return }
        // A controller's view updates through the controller.
        if let controller = owningViewController { controller.updateViewConstraints() } else { updateConstraints() }
    }
}
