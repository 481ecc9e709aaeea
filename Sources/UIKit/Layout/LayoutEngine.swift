import Foundation

/// Solves the active constraints of one view hierarchy (the views under its root) into
/// rectangles in the root's coordinates, which `layoutSubviews()` turns into the frames of
/// views that do not translate their autoresizing masks.
///
/// Each view or layout guide that takes part has four unknowns: its left edge, top edge,
/// width and height in the root's space. Views that translate their autoresizing mask are
/// held at their frames; views with an intrinsic content size hug it and resist compression
/// at their content priorities; system guides follow their view's margins.
///
/// - Note: Differs from Apple while the engine is being built: the system is solved again
///   whenever an input changed (no incremental updates yet), and autoresizing masks become
///   fixed frames rather than flexible constraints.
@MainActor
final class LayoutEngine {
    /// Bumped by every change that can move a constrained view (constraints, constants,
    /// priorities, intrinsic sizes, frames of views held at their frames).
    static var changeCount = 0
    static func noteChange() { changeCount &+= 1 }

    unowned let root: UIView
    private var solvedAt = -1
    private var rects: [ObjectIdentifier: CGRect] = [:]

    init(root: UIView) {
        self.root = root
    }

    /// The solved rectangle of a view or guide in the root's coordinates, if it takes part.
    func rect(of item: AnyObject) -> CGRect? {
        solveIfNeeded()
        return rects[ObjectIdentifier(item)]
    }

    func solveIfNeeded() {
        guard solvedAt != LayoutEngine.changeCount else { return }
        root.updateConstraintsIfNeeded()
        solvedAt = LayoutEngine.changeCount
        rects = LayoutEngine.solve(root: root, fitting: nil)
    }

    /// What `systemLayoutSizeFitting` asks: the size of `view` from the constraints in its
    /// subtree, as close to `target` as the fitting priorities want.
    static func fittingSize(of view: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        view.updateConstraintsIfNeeded()
        let rects = solve(root: view, fitting: (target, horizontal, vertical))
        return rects[ObjectIdentifier(view)]?.size ?? target
    }

    private final class Item {
        let object: AnyObject
        let left: LayoutVariable, top: LayoutVariable, width: LayoutVariable, height: LayoutVariable
        init(_ object: AnyObject) {
            self.object = object
            left = LayoutVariable("left")
            top = LayoutVariable("top")
            width = LayoutVariable("width")
            height = LayoutVariable("height")
        }
    }

    /// Solves the constraints under `root` into rectangles in its space. With `fitting`, the
    /// root's size is free: it comes as close to the target as the given priorities ask.
    private static func solve(root: UIView, fitting: (target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)?)
        -> [ObjectIdentifier: CGRect] {
        var rects: [ObjectIdentifier: CGRect] = [:]
        // The active constraints under the root, in the order they were installed.
        var constraints: [NSLayoutConstraint] = []
        var pending: [UIView] = [root]
        while let view = pending.popLast() {
            if let installed = view.constraintState?.constraints { constraints += installed }
            pending.append(contentsOf: view.storedSubviews.reversed())
        }
        guard !constraints.isEmpty || fitting != nil else { return [:] }
        let solver = LayoutSolver()
        var items: [ObjectIdentifier: Item] = [:]
        var held: [(SolverConstraint, NSLayoutConstraint?)] = []

        func require(_ expression: LinearExpression, _ relation: SolverConstraint.Relation = .equal,
                     _ priority: UILayoutPriority = .required) {
            held.append((SolverConstraint(expression, relation, strength: LayoutStrength(priority: priority.rawValue)), nil))
        }

        /// A view's intrinsic size, hugged and resisted at its priorities; no negative sizes.
        func intrinsic(_ view: UIView, _ made: Item) {
            let v = { (x: LayoutVariable) in LinearExpression(x) }
            let size = view.intrinsicContentSize
            for (length, variable, axis) in [(size.width, made.width, NSLayoutConstraint.Axis.horizontal),
                                             (size.height, made.height, .vertical)] where length != UIView.noIntrinsicMetric {
                require(v(variable) + (-Double(length)), .greaterOrEqual, view.contentCompressionResistancePriority(for: axis))
                require(v(variable) + (-Double(length)), .lessOrEqual, view.contentHuggingPriority(for: axis))
            }
            require(v(made.width), .greaterOrEqual)
            require(v(made.height), .greaterOrEqual)
        }

        /// The item for a view or guide, made with what places it: the root at its bounds, a
        /// view holding its frame at it, intrinsic sizes, guides of margins at the margins.
        func item(_ object: AnyObject) -> Item? {
            let id = ObjectIdentifier(object)
            if let known = items[id] { return known }
            if let view = object as? UIView {
                let made = Item(view)
                items[id] = made
                let v = { (x: LayoutVariable) in LinearExpression(x) }
                if view === root {
                    require(v(made.left))
                    require(v(made.top))
                    if let fitting {
                        require(v(made.width) + (-Double(fitting.target.width)), .equal, fitting.horizontal)
                        require(v(made.height) + (-Double(fitting.target.height)), .equal, fitting.vertical)
                        intrinsic(view, made)
                    } else {
                        require(v(made.width) + (-Double(root.bounds.width)))
                        require(v(made.height) + (-Double(root.bounds.height)))
                    }
                    return made
                }
                guard let parent = view.superview, let parentItem = item(parent) else { return nil }
                if view.translatesAutoresizingMaskIntoConstraints {
                    let f = view.frame, b = parent.bounds
                    require(v(made.left) - v(parentItem.left) + (-Double(f.minX - b.minX)))
                    require(v(made.top) - v(parentItem.top) + (-Double(f.minY - b.minY)))
                    require(v(made.width) + (-Double(f.width)))
                    require(v(made.height) + (-Double(f.height)))
                } else {
                    intrinsic(view, made)
                }
                return made
            }
            guard let guide = object as? UILayoutGuide, let owner = guide.owningView, let ownerItem = item(owner) else { return nil }
            let made = Item(guide)
            items[id] = made
            if guide.system != nil {
                let frame = guide.layoutFrame
                let v = { (x: LayoutVariable) in LinearExpression(x) }
                require(v(made.left) - v(ownerItem.left) + (-Double(frame.minX - owner.bounds.minX)))
                require(v(made.top) - v(ownerItem.top) + (-Double(frame.minY - owner.bounds.minY)))
                require(v(made.width) + (-Double(frame.width)))
                require(v(made.height) + (-Double(frame.height)))
            }
            return made
        }

        for constraint in constraints {
            guard let first = constraint.firstItem, let firstItem = item(first),
                  let left = LayoutEngine.expression(constraint.firstAttribute, firstItem, object: first) else { continue }
            var right = LinearExpression(constant: Double(constraint.constant))
            if let second = constraint.secondItem {
                guard let secondItem = item(second),
                      let other = LayoutEngine.expression(constraint.secondAttribute, secondItem, object: second) else { continue }
                right = other * Double(constraint.multiplier) + Double(constraint.constant)
            }
            let relation: SolverConstraint.Relation = constraint.relation == .equal ? .equal
                : constraint.relation == .lessThanOrEqual ? .lessOrEqual : .greaterOrEqual
            held.append((SolverConstraint(left - right, relation, strength: LayoutStrength(priority: constraint.priority.rawValue)), constraint))
        }

        // The root takes part even when no constraint names it (a fitting size).
        _ = item(root)
        // Required constraints first, in order; a conflicting one is broken, as iOS does, with
        // iOS's message.
        let ordered = held.filter { $0.0.strength.isRequired } + held.filter { !$0.0.strength.isRequired }
        var added: [NSLayoutConstraint] = []
        for (solverConstraint, source) in ordered {
            do {
                try solver.add(solverConstraint)
                if let source { added.append(source) }
            } catch {
                let list = (added + [source].compactMap { $0 }).map { "    \($0)" }.joined(separator: ",\n")
                LayoutLog.report("""
                    Unable to simultaneously satisfy constraints.
                    \tProbably at least one of the constraints in the following list is one you don't want.
                    (
                    \(list)
                    )

                    Will attempt to recover by breaking constraint
                    \(source.map { "\($0)" } ?? "a constraint holding a view at its frame")
                    """)
            }
        }
        solver.updateVariables()
        for (id, item) in items {
            rects[id] = CGRect(x: item.left.value, y: item.top.value, width: item.width.value, height: item.height.value)
        }
        return rects
    }

    /// An attribute of an item as an expression of its four unknowns.
    private static func expression(_ attribute: NSLayoutConstraint.Attribute, _ item: Item, object: AnyObject) -> LinearExpression? {
        let left = LinearExpression(item.left), top = LinearExpression(item.top)
        let width = LinearExpression(item.width), height = LinearExpression(item.height)
        let margins = (object as? UIView)?.layoutMargins ?? .zero
        switch attribute {
        case .left, .leading: return left
        case .right, .trailing: return left + width
        case .top: return top
        case .bottom, .lastBaseline: return top + height
        case .firstBaseline: return top + height
        case .width: return width
        case .height: return height
        case .centerX: return left + width * 0.5
        case .centerY: return top + height * 0.5
        case .leftMargin, .leadingMargin: return left + Double(margins.left)
        case .rightMargin, .trailingMargin: return left + width + (-Double(margins.right))
        case .topMargin: return top + Double(margins.top)
        case .bottomMargin: return top + height + (-Double(margins.bottom))
        case .centerXWithinMargins: return left + width * 0.5 + Double(margins.left - margins.right) / 2
        case .centerYWithinMargins: return top + height * 0.5 + Double(margins.top - margins.bottom) / 2
        case .notAnAttribute: return nil
        }
    }
}

extension UIView {
    /// The topmost view above this one (itself when it has no superview).
    var layoutRoot: UIView {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// Sets the frames of subviews positioned by constraints from the solved layout of this
    /// hierarchy, rounded to the screen's pixels (`layoutSubviews()`'s default work).
    func applyConstraintLayout() {
        guard storedSubviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints }) else { return }
        let root = layoutRoot
        let engine = root.layoutState.engine ?? {
            let made = LayoutEngine(root: root)
            root.layoutState.engine = made
            return made
        }()
        // This view's origin in the root's space: solved, or from the frames above it.
        let origin: CGPoint
        if let solved = engine.rect(of: self) {
            origin = solved.origin
        } else {
            origin = root.convert(bounds.origin, from: self)
        }
        let scale = UIScreen.mainScale
        func snap(_ value: CGFloat) -> CGFloat { (value * scale).rounded() / scale }
        // A multi-line label's height depends on the width it gets: when one gets a new width,
        // its intrinsic size follows and the layout is solved again (a few rounds at most).
        for _ in 0..<3 {
            var relabelled = false
            for subview in storedSubviews where !subview.translatesAutoresizingMaskIntoConstraints {
                guard let r = engine.rect(of: subview), r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { continue }
                let x0 = snap(r.minX - origin.x + bounds.minX), y0 = snap(r.minY - origin.y + bounds.minY)
                let x1 = snap(r.maxX - origin.x + bounds.minX), y1 = snap(r.maxY - origin.y + bounds.minY)
                let frame = CGRect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
                if subview.frame != frame { subview.frame = frame }
                if let label = subview as? UILabel, label.numberOfLines != 1, label.preferredMaxLayoutWidth == 0,
                   label.constraintLayoutWidth != frame.width {
                    label.constraintLayoutWidth = frame.width
                    label.invalidateIntrinsicContentSize()
                    relabelled = true
                }
            }
            guard relabelled else { return }
        }
    }
}
