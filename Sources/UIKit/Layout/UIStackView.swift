import Foundation

/// Lays out a row or column of views with constraints it makes and keeps itself: along the
/// axis by its distribution and spacing, across it by its alignment. Hidden arranged views
/// take no room.
///
/// - Note: Differs from Apple: `isBaselineRelativeArrangement` measures the spacing between
///   views from baseline to baseline but leaves the first and last views at the stack's
///   edges (Apple also sets their baselines from the edges, by a distance it does not
///   document).
@preconcurrency @MainActor
open class UIStackView: UIView {
    /// How arranged views share the stack's length.
    public enum Distribution: Int, Sendable {
        case fill = 0
        case fillEqually = 1
        case fillProportionally = 2
        case equalSpacing = 3
        case equalCentering = 4
    }

    /// How arranged views sit across the axis.
    public enum Alignment: Int, Sendable {
        case fill = 0
        case leading = 1
        case firstBaseline = 2
        case center = 3
        case trailing = 4
        case lastBaseline = 5
        /// Top (in a horizontal stack), the same as leading.
        public static var top: Alignment { .leading }
        /// Bottom (in a horizontal stack), the same as trailing.
        public static var bottom: Alignment { .trailing }
    }

    /// A custom spacing value that means the stack's `spacing` (FLT_MAX).
    public static let spacingUseDefault = CGFloat(Float.greatestFiniteMagnitude)
    /// A spacing value that means the standard spacing (FLT_MIN).
    public static let spacingUseSystem = CGFloat(Float.leastNormalMagnitude)

    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { if axis != oldValue { setNeedsRebuild() } } }
    open var distribution: Distribution = .fill { didSet { if distribution != oldValue { setNeedsRebuild() } } }
    open var alignment: Alignment = .fill { didSet { if alignment != oldValue { setNeedsRebuild() } } }
    /// Points between adjacent arranged views (the least, for the spacing distributions).
    open var spacing: CGFloat = 0 { didSet { if spacing != oldValue { setNeedsRebuild() } } }
    /// Whether the views are laid out inside the layout margins rather than the bounds.
    open var isLayoutMarginsRelativeArrangement = false { didSet { if isLayoutMarginsRelativeArrangement != oldValue { setNeedsRebuild() } } }
    /// Whether vertical spacing is measured between baselines (stored only, see the note).
    open var isBaselineRelativeArrangement = false { didSet { if isBaselineRelativeArrangement != oldValue { setNeedsRebuild() } } }

    /// The views the stack arranges, in order (each is also a subview).
    open private(set) var arrangedSubviews: [UIView] = []
    /// The arranged views' identities, so that asking whether a view is arranged does not
    /// walk the list (adding n views stays linear).
    private var arrangedIdentities: Set<ObjectIdentifier> = []
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    private var generated: [NSLayoutConstraint] = []
    private var spacers: [UILayoutGuide] = []
    private var needsRebuild = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A stack arranging `views` (added as subviews).
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        (coder as? IBCoder)?.decodeStackView(self)
    }

    /// Adds `view` at the end (as a subview too, if it is not one).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` among the arranged views at `stackIndex` (as a subview too).
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        if !arrangedIdentities.insert(ObjectIdentifier(view)).inserted { arrangedSubviews.removeAll { $0 === view } }
        arrangedSubviews.insert(view, at: Swift.max(0, Swift.min(stackIndex, arrangedSubviews.count)))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        setNeedsRebuild()
    }

    /// Stops arranging `view`; it stays a subview (remove it from its superview too to take it away).
    open func removeArrangedSubview(_ view: UIView) {
        guard arrangedIdentities.remove(ObjectIdentifier(view)) != nil else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        setNeedsRebuild()
    }

    /// Spacing after `arrangedSubview` in place of `spacing`.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing
        setNeedsRebuild()
    }

    /// The custom spacing after `arrangedSubview`, or `spacingUseDefault`.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        // A view removed from the stack is no longer arranged.
        if arrangedIdentities.remove(ObjectIdentifier(subview)) != nil {
            arrangedSubviews.removeAll { $0 === subview }
            customSpacings[ObjectIdentifier(subview)] = nil
            setNeedsRebuild()
        }
    }

    func arrangedViewVisibilityChanged(_ view: UIView) {
        if arrangedIdentities.contains(ObjectIdentifier(view)) { setNeedsRebuild() }
    }

    // MARK: Constraints

    /// The spacing after the arranged view at `index`.
    private func gap(after view: UIView) -> CGFloat {
        let custom = customSpacings[ObjectIdentifier(view)] ?? UIStackView.spacingUseDefault
        let value = custom == UIStackView.spacingUseDefault ? spacing : custom
        return value == UIStackView.spacingUseSystem ? systemSpacing : value
    }

    /// The first arranged view's baseline stands for the stack's first baseline.
    open override var forFirstBaselineLayout: UIView {
        arrangedSubviews.first(where: { !$0.isHidden })?.forFirstBaselineLayout ?? self
    }

    /// A vertical stack's last baseline is its last view's; a horizontal one's, its first's.
    open override var forLastBaselineLayout: UIView {
        let visible = arrangedSubviews.filter { !$0.isHidden }
        return (axis == .vertical ? visible.last : visible.first)?.forLastBaselineLayout ?? self
    }

    /// Asks for the stack's constraints to be made again before the next layout (in
    /// `updateConstraints()`, as iOS's stack makes them), once however many changes come.
    private func setNeedsRebuild() {
        needsRebuild = true
        LayoutEngine.noteStructureChange()
        setNeedsUpdateConstraints()
    }

    open override func updateConstraints() {
        if needsRebuild { rebuild() }
        super.updateConstraints()
    }

    /// Replaces the stack's constraints with those its settings and visible views call for.
    private func rebuild() {
        needsRebuild = false
        NSLayoutConstraint.deactivate(generated)
        for guide in spacers { removeLayoutGuide(guide) }
        generated = []
        spacers = []
        let views = arrangedSubviews.filter { !$0.isHidden && $0.superview === self }
        guard !views.isEmpty else { return }
        let horizontal = axis == .horizontal
        let box: (leading: NSLayoutAnchorBox, trailing: NSLayoutAnchorBox, top: NSLayoutAnchorBox, bottom: NSLayoutAnchorBox,
                  centerX: NSLayoutAnchorBox, centerY: NSLayoutAnchorBox)
        if isLayoutMarginsRelativeArrangement {
            let g = layoutMarginsGuide
            box = (.x(g.leadingAnchor), .x(g.trailingAnchor), .y(g.topAnchor), .y(g.bottomAnchor), .x(g.centerXAnchor), .y(g.centerYAnchor))
        } else {
            box = (.x(leadingAnchor), .x(trailingAnchor), .y(topAnchor), .y(bottomAnchor), .x(centerXAnchor), .y(centerYAnchor))
        }
        var made: [NSLayoutConstraint] = []
        func start(_ v: UIView) -> NSLayoutAnchorBox { horizontal ? .x(v.leadingAnchor) : .y(v.topAnchor) }
        func end(_ v: UIView) -> NSLayoutAnchorBox { horizontal ? .x(v.trailingAnchor) : .y(v.bottomAnchor) }
        func length(_ v: UIView) -> NSLayoutDimension { horizontal ? v.widthAnchor : v.heightAnchor }
        func center(_ v: UIView) -> NSLayoutAnchorBox { horizontal ? .x(v.centerXAnchor) : .y(v.centerYAnchor) }
        func spacerStart(_ g: UILayoutGuide) -> NSLayoutAnchorBox { horizontal ? .x(g.leadingAnchor) : .y(g.topAnchor) }
        func spacerEnd(_ g: UILayoutGuide) -> NSLayoutAnchorBox { horizontal ? .x(g.trailingAnchor) : .y(g.bottomAnchor) }
        // Along the axis: the ends at the stack's edges, and the gaps between.
        made.append(start(views[0]).equal(horizontal ? box.leading : box.top))
        made.append(end(views[views.count - 1]).equal(horizontal ? box.trailing : box.bottom))
        for i in 1..<views.count {
            let previous = views[i - 1], next = views[i], space = gap(after: previous)
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                if !horizontal && isBaselineRelativeArrangement {
                    // From the last baseline of one to the first baseline of the next.
                    let c = next.firstBaselineAnchor.constraint(equalTo: previous.lastBaselineAnchor, constant: space)
                    made.append(c)
                } else {
                    made.append(start(next).equal(end(previous), constant: space))
                }
            case .equalSpacing, .equalCentering:
                made.append(start(next).atLeast(end(previous), constant: space))
                // Every gap (or centre-to-centre run) as long as the first: a guide spans each.
                let spacer = UILayoutGuide()
                addLayoutGuide(spacer)
                spacers.append(spacer)
                let centred = distribution == .equalCentering
                made.append(spacerStart(spacer).equal(centred ? center(previous) : end(previous)))
                made.append(spacerEnd(spacer).equal(centred ? center(next) : start(next)))
            }
        }
        if distribution == .equalSpacing || distribution == .equalCentering, spacers.count > 1 {
            let first = horizontal ? spacers[0].widthAnchor : spacers[0].heightAnchor
            for spacer in spacers.dropFirst() {
                made.append((horizontal ? spacer.widthAnchor : spacer.heightAnchor).constraint(equalTo: first))
            }
        }
        switch distribution {
        case .fillEqually:
            for view in views.dropFirst() { made.append(length(view).constraint(equalTo: length(views[0]))) }
        case .fillProportionally:
            let sizes = views.map { horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height }
            if sizes.allSatisfy({ $0 > 0 }) {
                for (view, size) in zip(views.dropFirst(), sizes.dropFirst()) {
                    let c = length(view).constraint(equalTo: length(views[0]), multiplier: size / sizes[0])
                    c.priority = UILayoutPriority(999)
                    made.append(c)
                }
            }
        default:
            break
        }
        // Across the axis.
        for view in views {
            let lo: NSLayoutAnchorBox = horizontal ? .y(view.topAnchor) : .x(view.leadingAnchor)
            let hi: NSLayoutAnchorBox = horizontal ? .y(view.bottomAnchor) : .x(view.trailingAnchor)
            let mid: NSLayoutAnchorBox = horizontal ? .y(view.centerYAnchor) : .x(view.centerXAnchor)
            let boxLo = horizontal ? box.top : box.leading, boxHi = horizontal ? box.bottom : box.trailing
            let boxMid = horizontal ? box.centerY : box.centerX
            switch alignment {
            case .fill:
                made.append(lo.equal(boxLo))
                made.append(hi.equal(boxHi))
            case .leading:
                made.append(lo.equal(boxLo))
                made.append(hi.atMost(boxHi))
            case .trailing:
                made.append(hi.equal(boxHi))
                made.append(lo.atLeast(boxLo))
            case .center:
                made.append(mid.equal(boxMid))
                made.append(lo.atLeast(boxLo))
                made.append(hi.atMost(boxHi))
            case .firstBaseline, .lastBaseline:
                // A horizontal stack lines its views' baselines up with the first view's,
                // inside the stack; a vertical one has no baselines across it (as leading).
                if horizontal {
                    if view !== views[0] {
                        made.append(alignment == .firstBaseline
                            ? view.firstBaselineAnchor.constraint(equalTo: views[0].firstBaselineAnchor)
                            : view.lastBaselineAnchor.constraint(equalTo: views[0].lastBaselineAnchor))
                    }
                    made.append(lo.atLeast(boxLo))
                    made.append(hi.atMost(boxHi))
                } else {
                    made.append(lo.equal(boxLo))
                    made.append(hi.atMost(boxHi))
                }
            }
        }
        if alignment != .fill {
            // The stack is no thicker than its thickest view, unless told otherwise.
            let thickness = horizontal ? heightAnchor.constraint(equalToConstant: 0) : widthAnchor.constraint(equalToConstant: 0)
            thickness.priority = UILayoutPriority(49)
            made.append(thickness)
        }
        for constraint in made { constraint.identifier = "UISV-stack" }
        generated = made
        NSLayoutConstraint.activate(made)
    }
}

/// An x- or y-axis anchor, so the stack's rules are written once for both axes.
enum NSLayoutAnchorBox {
    case x(NSLayoutXAxisAnchor)
    case y(NSLayoutYAxisAnchor)

    @MainActor func equal(_ other: NSLayoutAnchorBox, constant: CGFloat = 0) -> NSLayoutConstraint {
        switch (self, other) {
        case let (.x(a), .x(b)): return a.constraint(equalTo: b, constant: constant)
        case let (.y(a), .y(b)): return a.constraint(equalTo: b, constant: constant)
        default: preconditionFailure("anchors of one axis")
        }
    }

    @MainActor func atLeast(_ other: NSLayoutAnchorBox, constant: CGFloat = 0) -> NSLayoutConstraint {
        switch (self, other) {
        case let (.x(a), .x(b)): return a.constraint(greaterThanOrEqualTo: b, constant: constant)
        case let (.y(a), .y(b)): return a.constraint(greaterThanOrEqualTo: b, constant: constant)
        default: preconditionFailure("anchors of one axis")
        }
    }

    @MainActor func atMost(_ other: NSLayoutAnchorBox, constant: CGFloat = 0) -> NSLayoutConstraint {
        switch (self, other) {
        case let (.x(a), .x(b)): return a.constraint(lessThanOrEqualTo: b, constant: constant)
        case let (.y(a), .y(b)): return a.constraint(lessThanOrEqualTo: b, constant: constant)
        default: preconditionFailure("anchors of one axis")
        }
    }
}
