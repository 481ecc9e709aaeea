import Foundation

/// Solves the active constraints of one view hierarchy (the views under its root) into
/// rectangles, which `layoutSubviews()` turns into the frames of views that do not translate
/// their autoresizing masks.
///
/// Each view or layout guide that takes part has four unknowns: its left and top edges in its
/// superview's frame space (a guide's in its view's), its width and its height. Positions
/// relative to the superview keep a constraint between siblings, or between a view and its
/// superview, free of every view above them: rows of a list are independent of each other
/// but for the edges that chain them. Views that translate
/// their autoresizing mask are held at their frames (flexible sides following their
/// superview, as the mask says); views with an intrinsic content size hug it and resist
/// compression at their content priorities; system guides follow their view's margins.
///
/// The system is solved in three parts, so that the work follows the shape of the screen
/// rather than its size squared:
/// 1. *Fixed* unknowns: a required equality whose other unknowns are all known fixes its
///    last one (a view pinned to a fixed superview, the next row under a fixed row…).
/// 2. *Defined* unknowns: an unknown in a single required equality and nothing else is
///    whatever that equality makes it; it is set aside (repeatedly, from the leaves), and
///    computed after the rest.
/// 3. The *core* left (inequalities, priorities, intrinsic sizes, cycles) is split into
///    independent groups; in each, required equalities with one or two unknowns are
///    substituted out, and a Cassowary solver takes the rest.
///
/// A change of constants only (a constraint's `constant`, an intrinsic size, a frame held,
/// the root's size) updates what depends on it: fixed values forward, the core groups it
/// reaches solved again, defined values after. A change of structure (activation,
/// priorities, the hierarchy) builds the system again, in time linear in its size.
@MainActor
final class LayoutEngine {
    /// Bumped by every change of what takes part: constraints activated or deactivated,
    /// priorities, the hierarchy, masks and which views translate them.
    static var structureCount = 0
    static func noteStructureChange() { structureCount &+= 1 }

    unowned let root: UIView
    private let fitting: Fitting?
    private var builtAt = -1
    private var dirtyRows: [Int32] = []
    private var rowIsDirty: [Bool] = []

    struct Fitting {
        var target: CGSize
        var horizontal: UILayoutPriority
        var vertical: UILayoutPriority
    }

    init(root: UIView) {
        self.root = root
        fitting = nil
    }

    private init(root: UIView, fitting: Fitting) {
        self.root = root
        self.fitting = fitting
    }

    // MARK: The system

    /// How an unknown is found.
    private enum VariableState: UInt8 { case free, fixed, core, defined }

    /// What made a row: a constraint, or the engine's own rules.
    private enum Origin {
        case constraint(NSLayoutConstraint)
        /// Item held at its frame (or the root at its bounds, a system guide at its view's
        /// margins): unknown `k` (0 left, 1 top, 2 width, 3 height).
        case hold(Int32, UInt8)
        /// Intrinsic size along an axis (0 horizontal): compression resistance or hugging.
        case compression(Int32, UInt8)
        case hugging(Int32, UInt8)
        /// The root's size in a fitting-size question, held to the target.
        case fittingTarget(UInt8)
    }

    /// What a row does in the solution.
    private enum Role: UInt8 {
        case core, fixes, defines
        /// Every unknown fixed: checked, and otherwise without effect.
        case settled
        /// Broken to recover from a conflict.
        case broken
    }

    private typealias Relation = SolverConstraint.Relation

    // Items (views and guides): four unknowns each, item·4 + k.
    /// The items by index. The root is not held here (it holds the engine): its slot has
    /// `rootSlot`, and `object(at:)` gives the root for it.
    private var items: [AnyObject] = []
    private let rootSlot = RootSlot()
    private final class RootSlot {}

    /// The item at `index` (the root for its slot).
    @inline(__always)
    private func object(at index: Int) -> AnyObject {
        let object = items[index]
        return object === rootSlot ? root : object
    }
    private var itemIndex: [ObjectIdentifier: Int32] = [:]
    private var itemParent: [Int32] = []
    private var itemDepth: [Int32] = []
    private var values: [Double] = []
    private var state: [VariableState] = []

    // Rows: Σ coefficient · unknown + constant (relation) 0, at a priority.
    private var termStart: [Int32] = []
    private var termVariable: [Int32] = []
    private var termCoefficient: [Double] = []
    private var rowConstant: [Double] = []
    private var rowRelation: [Relation] = []
    private var rowPriority: [Float] = []
    private var rowOrigin: [Origin] = []
    private var rowRole: [Role] = []
    /// The unknown a fixing or defining row gives, and its place in the order of evaluation.
    private var rowTarget: [Int32] = []
    private var rowOrder: [Int32] = []
    /// Rows of each unknown (compressed: rows of v at occurrence[occurrenceStart[v]..<occurrenceStart[v+1]]).
    private var occurrenceStart: [Int32] = []
    private var occurrence: [Int32] = []
    /// Defining rows in order of evaluation.
    private var definingRows: [Int32] = []

    // The core, in groups.
    private final class Group {
        /// Its core rows, in the order they were installed, and every unknown they name.
        var rows: [Int32] = []
        var variables: [Int32] = []
        /// The simplex for what elimination leaves, and the unknowns it holds (nil when every
        /// unknown left was solved directly, `direct`).
        var solver: LayoutSolver?
        var solved: [(variable: Int32, symbol: LayoutVariable)] = []
        /// Unknowns solved alone, each the single best value of its own rows.
        var direct: [Int32] = []
        /// Unknowns taken out by required equalities before the simplex, in order:
        /// target = constant + Σ coefficient · unknown (unknowns taken out later, or solved).
        var eliminations: [(target: Int32, terms: [(Int32, Double)], constant: Double)] = []
    }
    private var groups: [Group] = []
    private var rowGroup: [Int32] = []
    private var variableGroup: [Int32] = []
    private var variableSymbol: [LayoutVariable?] = []

    private var scratchVariables: [Int32] = []
    private var scratchCoefficients: [Double] = []
    /// Items whose unknowns changed in the last update (nil after a build: all may have).
    private(set) var movedItems: [Int32]? = nil
    /// Multi-line labels placed by constraints, which wrap to the width they get.
    private var wrappingLabels: [Int32] = []
    /// While the rows are first made, wrapping labels' intrinsic rows wait for their widths.
    private var deferring = false
    private var emittedDeferred = false
    private var deferredRows: [Int32] = []
    private var rowIsDeferred: [Bool] = []

    static func wraps(_ label: UILabel) -> Bool {
        !label.translatesAutoresizingMaskIntoConstraints && label.numberOfLines != 1 && label.preferredMaxLayoutWidth == 0
    }

    // MARK: Solving

    /// The solved rectangle of a view or guide, if it takes part.
    func rect(of item: AnyObject) -> CGRect? {
        solveIfNeeded()
        guard let index = itemIndex[ObjectIdentifier(item)] else { return nil }
        let base = Int(index) * 4
        return CGRect(x: values[base], y: values[base + 1], width: values[base + 2], height: values[base + 3])
    }

    func solveIfNeeded() {
        if builtAt != LayoutEngine.structureCount {
            root.updateConstraintsIfNeeded()
            builtAt = LayoutEngine.structureCount
            build()
        } else if !dirtyRows.isEmpty {
            if !update() {
                builtAt = LayoutEngine.structureCount
                build()
            }
        } else {
            return
        }
        wrapLabels()
    }

    /// A multi-line label's height depends on the width it gets: labels given a new width
    /// wrap to it, and the heights that follow are solved again — all of them together, a
    /// few rounds at most.
    private func wrapLabels() {
        guard fitting == nil, !wrappingLabels.isEmpty else { return }
        for _ in 0..<3 {
            var rewrapped = false
            for index in wrappingLabels {
                guard let label = object(at: Int(index)) as? UILabel, LayoutEngine.wraps(label) else { continue }
                let width = LayoutEngine.snappedFrame(x: values[Int(index) * 4], y: 0, width: values[Int(index) * 4 + 2], height: 0).width
                guard width.isFinite, label.constraintLayoutWidth != width else { continue }
                label.constraintLayoutWidth = width
                label.invalidateIntrinsicContentSize()
                rewrapped = true
            }
            guard rewrapped, !dirtyRows.isEmpty else { return }
            let moved = movedItems
            guard update() else {
                builtAt = LayoutEngine.structureCount
                build()
                continue
            }
            // Keep what the first solution moved too.
            if let moved, let now = movedItems { movedItems = moved + now } else { movedItems = nil }
        }
    }

    /// A solved rectangle rounded to the screen's pixels, edges first (as frames are set).
    static func snappedFrame(x: Double, y: Double, width: Double, height: Double) -> CGRect {
        let scale = Double(UIScreen.mainScale)
        func snap(_ value: Double) -> Double { (value * scale).rounded() / scale }
        let x0 = snap(x), y0 = snap(y), x1 = snap(x + width), y1 = snap(y + height)
        return CGRect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
    }

    /// What `systemLayoutSizeFitting` asks: the size of `view` from the constraints in its
    /// subtree, as close to `target` as the fitting priorities want.
    static func fittingSize(of view: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        view.updateConstraintsIfNeeded()
        let engine = LayoutEngine(root: view, fitting: Fitting(target: target, horizontal: horizontal, vertical: vertical))
        engine.build()
        return engine.values.count >= 4 ? CGSize(width: engine.values[2], height: engine.values[3]) : target
    }

    // MARK: Inputs changing

    /// A constraint's constant changed.
    func noteConstantChanged(_ constraint: NSLayoutConstraint) {
        guard constraint.engineRow >= 0, Int(constraint.engineRow) < rowOrigin.count,
              case .constraint(let held) = rowOrigin[Int(constraint.engineRow)], held === constraint else {
            LayoutEngine.noteStructureChange()
            return
        }
        markDirty(constraint.engineRow)
    }

    /// Something an item's rows read changed: its frame (held), its bounds (the root), its
    /// intrinsic size or baselines, its margins. Every row naming it is refreshed.
    func noteItemChanged(_ item: AnyObject) {
        guard let index = itemIndex[ObjectIdentifier(item)] else { return }
        // The view that lays out next to it solves the change and places what moved.
        let placer = (item as? UIView)?.superview ?? (item as? UILayoutGuide)?.owningView ?? root
        placer.setNeedsLayout()
        for k in 0..<4 {
            let v = Int(index) * 4 + k
            guard v + 1 < occurrenceStart.count else { continue }
            for o in Int(occurrenceStart[v])..<Int(occurrenceStart[v + 1]) { markDirty(occurrence[o]) }
        }
    }

    /// Which dimensions of an item's intrinsic size existed when the rows were made (a
    /// compression row was made for each).
    private var intrinsicMask: [UInt8] = []
    /// The intrinsic size last read, for the item's other rows in the same pass (a view's
    /// `intrinsicContentSize` is read once per pass, not once per row).
    private var intrinsicCache: (index: Int32, size: CGSize)?
    /// Each `.fill` stack's arranged views by position, made the first time one of its views
    /// asks (`stackOrder`), so that a stack of n views is indexed once, not n times.
    private var arrangedPositions: [ObjectIdentifier: [ObjectIdentifier: Int]] = [:]

    static func intrinsicMask(_ view: UIView) -> UInt8 {
        guard !view.isPlacedByFrame else { return 0 }
        let size = view.intrinsicContentSize
        return (size.width != UIView.noIntrinsicMetric ? 1 : 0) | (size.height != UIView.noIntrinsicMetric ? 2 : 0)
    }

    /// A view's intrinsic size changed: its rows are refreshed, or the system rebuilt when a
    /// dimension appeared or went.
    ///
    /// A view may invalidate itself while it is being measured (a button restyling its title
    /// from `intrinsicContentSize`). While the engine builds or refreshes its rows, that is
    /// ignored: the size being read is the new one. While the engine checks a view's dimensions here, a
    /// nested call only marks the view's rows, so measuring never recurses without bound.
    func noteIntrinsicSizeChanged(_ view: UIView) {
        // The root's own size is held; only a fitting question reads its intrinsic size.
        guard !isReadingSizes, view !== root, let index = itemIndex[ObjectIdentifier(view)] else { return }
        guard !isMeasuring else {
            noteItemChanged(view)
            return
        }
        isMeasuring = true
        let mask = LayoutEngine.intrinsicMask(view)
        isMeasuring = false
        guard Int(index) < intrinsicMask.count, mask == intrinsicMask[Int(index)] else {
            LayoutEngine.noteStructureChange()
            return
        }
        noteItemChanged(view)
    }

    /// Set while rows are built or refreshed (intrinsic sizes are read then) and while a view's
    /// intrinsic dimensions are checked.
    private var isReadingSizes = false
    private var isMeasuring = false

    /// Whether a change waits to be solved (the root lays out to place what moves).
    var hasPendingWork: Bool { !dirtyRows.isEmpty || builtAt != LayoutEngine.structureCount }

    private func markDirty(_ row: Int32) {
        guard !rowIsDirty[Int(row)] else { return }
        rowIsDirty[Int(row)] = true
        dirtyRows.append(row)
    }

    // MARK: Building

    private func build() {
        isReadingSizes = true
        defer { isReadingSizes = false }
        items.removeAll(keepingCapacity: true)
        itemIndex.removeAll(keepingCapacity: true)
        itemParent.removeAll(keepingCapacity: true)
        itemDepth.removeAll(keepingCapacity: true)
        termStart = [0]
        termVariable.removeAll(keepingCapacity: true)
        termCoefficient.removeAll(keepingCapacity: true)
        rowConstant.removeAll(keepingCapacity: true)
        rowRelation.removeAll(keepingCapacity: true)
        rowPriority.removeAll(keepingCapacity: true)
        rowOrigin.removeAll(keepingCapacity: true)
        dirtyRows.removeAll()
        movedItems = nil
        deferredRows.removeAll()
        rowIsDeferred.removeAll(keepingCapacity: true)
        intrinsicMask.removeAll(keepingCapacity: true)
        intrinsicCache = nil
        arrangedPositions.removeAll()
        deferring = true

        // The active constraints under the root, in the order they were installed.
        var constraints: [NSLayoutConstraint] = []
        var pending: [UIView] = [root]
        while let view = pending.popLast() {
            if let installed = view.constraintState?.constraints, !installed.isEmpty { constraints += installed }
            pending.append(contentsOf: view.storedSubviews.reversed())
        }
        _ = item(root)
        for constraint in constraints {
            constraint.engineRow = -1
            // Items first: making one adds its own rows.
            for (object, attribute) in [(constraint.firstItem, constraint.firstAttribute), (constraint.secondItem, constraint.secondAttribute)] {
                guard let object else { continue }
                item(LayoutEngine.standIn(for: object, attribute))
                // A scroll view's edges, seen from inside it, are its content's.
                if let scrollView = object as? UIScrollView { item(scrollView.contentLayoutGuide) }
            }
            addRow(.constraint(constraint))
        }
        deferring = false
        rowIsDirty = Array(repeating: false, count: rowOrigin.count)
        var broken = Set<Int32>()
        // Conflicts found while fixing restart the solution with the broken row left out.
        while !solveFromScratch(broken: &broken) {}
        guard fitting == nil else { return }
        for (row, origin) in rowOrigin.enumerated() {
            if case .constraint(let constraint) = origin { constraint.engineRow = Int32(row); constraint.engine = self }
        }
        wrappingLabels = items.indices.compactMap { i in
            guard let label = object(at: i) as? UILabel, !label.translatesAutoresizingMaskIntoConstraints, label.numberOfLines != 1 else { return nil }
            return Int32(i)
        }
    }

    /// The item for a view or guide, made with the rows that place it; nil when it is not
    /// under the root.
    @discardableResult
    private func item(_ object: AnyObject) -> Int32? {
        if let known = itemIndex[ObjectIdentifier(object)] { return known }
        var parent: Int32 = -1
        if let view = object as? UIView {
            if view !== root {
                guard let superview = view.superview, let p = item(superview) else { return nil }
                parent = p
            }
        } else if let guide = object as? UILayoutGuide {
            guard let owner = guide.owningView, let p = item(owner) else { return nil }
            parent = p
        } else {
            return nil
        }
        let index = Int32(items.count)
        items.append(object === root ? rootSlot : object)
        itemIndex[ObjectIdentifier(object)] = index
        itemParent.append(parent)
        itemDepth.append(parent < 0 ? 0 : itemDepth[Int(parent)] + 1)
        intrinsicMask.append(0)
        if let view = object as? UIView {
            if fitting == nil { view.layoutState.itemEngine = self }
            if view === root {
                for k: UInt8 in 0..<(fitting == nil ? 4 : 2) { addRow(.hold(index, k)) }
                if fitting != nil {
                    addRow(.fittingTarget(0)); addRow(.fittingTarget(1))
                    addRow(.compression(index, 0)); addRow(.hugging(index, 0))
                    addRow(.compression(index, 1)); addRow(.hugging(index, 1))
                }
            } else if view.isPlacedByFrame {
                for k: UInt8 in 0..<4 { addRow(.hold(index, k)) }
            } else {
                addRow(.compression(index, 0)); addRow(.hugging(index, 0))
                addRow(.compression(index, 1)); addRow(.hugging(index, 1))
            }
        } else if let guide = object as? UILayoutGuide, guide.system != nil {
            for k: UInt8 in 0..<4 { addRow(.hold(index, k)) }
        }
        return index
    }

    /// Appends the row `origin` makes, if it makes one now.
    private func addRow(_ origin: Origin) {
        scratchVariables.removeAll(keepingCapacity: true)
        scratchCoefficients.removeAll(keepingCapacity: true)
        guard let (constant, relation, priority) = emit(origin) else { return }
        mergeScratchTerms()
        if case .compression(let index, let axis) = origin { intrinsicMask[Int(index)] |= axis == 0 ? 1 : 2 }
        rowIsDeferred.append(emittedDeferred)
        if emittedDeferred {
            emittedDeferred = false
            deferredRows.append(Int32(rowOrigin.count))
        }
        termVariable += scratchVariables
        termCoefficient += scratchCoefficients
        termStart.append(Int32(termVariable.count))
        rowConstant.append(constant)
        rowRelation.append(relation)
        rowPriority.append(priority)
        rowOrigin.append(origin)
    }

    /// Merges repeated unknowns of the scratch terms and drops what cancels.
    private func mergeScratchTerms() {
        var i = 0
        while i < scratchVariables.count {
            var j = i + 1
            while j < scratchVariables.count {
                if scratchVariables[j] == scratchVariables[i] {
                    scratchCoefficients[i] += scratchCoefficients[j]
                    scratchVariables.remove(at: j)
                    scratchCoefficients.remove(at: j)
                } else {
                    j += 1
                }
            }
            if abs(scratchCoefficients[i]) < 1e-12 {
                scratchVariables.remove(at: i)
                scratchCoefficients.remove(at: i)
            } else {
                i += 1
            }
        }
    }

    /// Writes `origin`'s terms into the scratch arrays and returns its constant, relation and
    /// priority; nil when it makes no row (an intrinsic dimension the view does not have).
    /// The items it names must have been made.
    private func emit(_ origin: Origin) -> (Double, Relation, Float)? {
        switch origin {
        case .constraint(let constraint):
            guard let first = constraint.firstItem, var i1 = index(of: first, constraint.firstAttribute) else { return nil }
            var i2: Int32 = -1
            if let second = constraint.secondItem {
                guard let found = index(of: second, constraint.secondAttribute) else { return nil }
                i2 = found
            }
            // Positions are written from the nearest common ancestor down: what is above it
            // moves both sides alike and cancels.
            var ancestor = i2 < 0 ? -1 : commonAncestor(i1, i2)
            // A scroll view's edges and centre related to what is inside it are its content
            // area's (its content layout guide's), as on iOS; its width and height stay its
            // frame's.
            if ancestor >= 0, let scrollView = object(at: Int(ancestor)) as? UIScrollView, i1 != i2 {
                let guide = itemIndex[ObjectIdentifier(scrollView.contentLayoutGuide)]
                if let guide, i1 == ancestor, LayoutEngine.isPositional(constraint.firstAttribute) { i1 = guide }
                if let guide, i2 == ancestor, LayoutEngine.isPositional(constraint.secondAttribute) { i2 = guide }
                ancestor = commonAncestor(i1, i2)
            }
            // Right to left, leading and trailing run the other way: the constraint is read
            // on an x axis pointing left (every x term negated, leading the right edge). The
            // direction is that of the view holding both items (a stack's, for its views).
            var flipped = false
            if LayoutEngine.isDirectional(constraint.firstAttribute) || LayoutEngine.isDirectional(constraint.secondAttribute) {
                let holder = ancestor >= 0 ? object(at: Int(ancestor)) : first
                flipped = NSLayoutConstraint.view(of: holder)?.effectiveUserInterfaceLayoutDirection == .rightToLeft
            }
            let sign: Double = flipped ? -1 : 1
            guard let c1 = attribute(constraint.firstAttribute, of: i1, scale: sign, below: ancestor, rightToLeft: flipped) else { return nil }
            // A NaN or infinite constant or multiplier (a stack's NaN spacing, say) counts as
            // 0 and 1: one bad number must not spread through the solver.
            let given = Double(constraint.constant), multiplier = Double(constraint.multiplier)
            var constant = c1 - (given.isFinite ? given : 0)
            if i2 >= 0 {
                let factor = multiplier.isFinite ? multiplier : 1
                guard let c2 = attribute(constraint.secondAttribute, of: i2, scale: -sign * factor, below: ancestor, rightToLeft: flipped) else { return nil }
                constant += c2
            }
            let relation: Relation = constraint.relation == .equal ? .equal : constraint.relation == .lessThanOrEqual ? .lessOrEqual : .greaterOrEqual
            return (constant, relation, constraint.priority.rawValue)
        case .hold(let index, let k):
            return hold(index, k)
        case .fittingTarget(let axis):
            guard let fitting else { return nil }
            scratchVariables.append(2 + Int32(axis)); scratchCoefficients.append(1)
            let target = axis == 0 ? fitting.target.width : fitting.target.height
            return (-Double(target), .equal, (axis == 0 ? fitting.horizontal : fitting.vertical).rawValue)
        case .compression(let index, let axis), .hugging(let index, let axis):
            guard let view = object(at: Int(index)) as? UIView else { return nil }
            let isCompression: Bool
            if case .compression = origin { isCompression = true } else { isCompression = false }
            let axisValue: NSLayoutConstraint.Axis = axis == 0 ? .horizontal : .vertical
            let priority = (isCompression ? view.contentCompressionResistancePriority(for: axisValue) : view.contentHuggingPriority(for: axisValue)).rawValue
                + stackOrder(view, axisValue)
            let relation: Relation = isCompression ? .greaterOrEqual : .lessOrEqual
            let length: CGFloat
            if deferring, let label = view as? UILabel, LayoutEngine.wraps(label) {
                // Measured once its width is known (after fixing), not unwrapped first.
                emittedDeferred = true
                length = 0
            } else {
                let size: CGSize
                if let cached = intrinsicCache, cached.index == index { size = cached.size } else {
                    size = view.intrinsicContentSize
                    intrinsicCache = (index, size)
                }
                length = axis == 0 ? size.width : size.height
                guard length != UIView.noIntrinsicMetric, length.isFinite else { return nil }
            }
            scratchVariables.append(Int32(Int(index) * 4 + 2 + Int(axis))); scratchCoefficients.append(1)
            return (-Double(length), relation, priority)
        }
    }

    /// Ties between the arranged views of a `.fill` stack break by their order: along the
    /// stack's axis, each view holds its size a little more firmly than the one before, so
    /// the first of equally prioritised views stretches or shrinks first.
    ///
    /// - Note: Differs from Apple: Apple documents only that ties go "based on their index";
    ///   which end gives way was chosen from how iOS is seen to behave (the first view).
    private func stackOrder(_ view: UIView, _ axis: NSLayoutConstraint.Axis) -> Float {
        guard let stack = view.superview as? UIStackView, stack.distribution == .fill, stack.axis == axis else { return 0 }
        let key = ObjectIdentifier(stack)
        if arrangedPositions[key] == nil {
            var positions: [ObjectIdentifier: Int] = [:]
            for (position, arranged) in stack.arrangedSubviews.enumerated() { positions[ObjectIdentifier(arranged)] = position }
            arrangedPositions[key] = positions
        }
        guard let index = arrangedPositions[key]?[ObjectIdentifier(view)] else { return 0 }
        return Float(Swift.min(index, 900)) * 0.001
    }

    /// A held unknown: the root at its bounds, a view at its frame relative to its superview
    /// (sides its mask makes flexible following the superview's size), a system guide at its
    /// view's margins.
    private func hold(_ index: Int32, _ k: UInt8) -> (Double, Relation, Float)? {
        let object = object(at: Int(index))
        let base = Int32(Int(index) * 4)
        let v = base + Int32(k)
        scratchVariables.append(v); scratchCoefficients.append(1)
        let required = UILayoutPriority.required.rawValue
        if let view = object as? UIView {
            if view === root {
                switch k {
                case 0, 1: return (0, .equal, required)
                case 2: return (-Double(view.bounds.width), .equal, required)
                default: return (-Double(view.bounds.height), .equal, required)
                }
            }
            guard let superview = view.superview else { return nil }
            let parent = Int32(Int(itemParent[Int(index)]) * 4)
            let frame = view.frame, size = superview.bounds.size
            let mask = view.autoresizingMask
            let horizontal = k == 0 || k == 2
            let flexibleLow = horizontal ? mask.contains(.flexibleLeftMargin) : mask.contains(.flexibleTopMargin)
            let flexibleLength = horizontal ? mask.contains(.flexibleWidth) : mask.contains(.flexibleHeight)
            let flexibleHigh = horizontal ? mask.contains(.flexibleRightMargin) : mask.contains(.flexibleBottomMargin)
            let origin = Double(horizontal ? frame.minX : frame.minY)
            let length = Double(horizontal ? frame.width : frame.height)
            let outer = Double(horizontal ? size.width : size.height)
            let parentLength = parent + (horizontal ? 2 : 3)
            let flexibleCount = (flexibleLow ? 1 : 0) + (flexibleLength ? 1 : 0) + (flexibleHigh ? 1 : 0)
            let autoresizes = superview.autoresizesSubviews && flexibleCount > 0
            if k < 2 {
                // origin = offset (+ a share of the superview's growth).
                if autoresizes && flexibleLow {
                    // The low margin takes its share of what the superview gains.
                    let share = flexibleCount == 1 ? 1.0 : shareOfGrowth(origin, of: origin + length * (flexibleLength ? 1 : 0) + (outer - origin - length) * (flexibleHigh ? 1 : 0))
                    scratchVariables.append(parentLength); scratchCoefficients.append(-share)
                    return (-(origin - share * outer), .equal, required)
                }
                return (-origin, .equal, required)
            }
            if autoresizes && flexibleLength {
                let share = flexibleCount == 1 ? 1.0 : shareOfGrowth(length, of: length + origin * (flexibleLow ? 1 : 0) + (outer - origin - length) * (flexibleHigh ? 1 : 0))
                scratchVariables.append(parentLength); scratchCoefficients.append(-share)
                return (-(length - share * outer), .equal, required)
            }
            return (-length, .equal, required)
        }
        guard let guide = object as? UILayoutGuide, let owner = guide.owningView else { return nil }
        let parent = Int32(Int(itemParent[Int(index)]) * 4)
        let insets: UIEdgeInsets
        switch guide.system {
        case .safeArea?: insets = owner.safeAreaInsets
        case .scrollContent?:
            // At the content's origin; its size is what the constraints inside make it (held
            // at the current content size only as the weakest wish).
            let size = (owner as? UIScrollView)?.contentSize ?? .zero
            switch k {
            case 0, 1: return (0, .equal, required)
            case 2: return (-Double(size.width), .equal, 1)
            default: return (-Double(size.height), .equal, 1)
            }
        case .scrollFrame?:
            // Where the scroll view shows its content now: it moves with the offset.
            let visible = owner.bounds
            switch k {
            case 0: return (-Double(visible.minX), .equal, required)
            case 1: return (-Double(visible.minY), .equal, required)
            case 2: scratchVariables.append(parent + 2); scratchCoefficients.append(-1); return (0, .equal, required)
            default: scratchVariables.append(parent + 3); scratchCoefficients.append(-1); return (0, .equal, required)
            }
        default: insets = owner.layoutMargins
        }
        switch k {
        case 0: return (-Double(insets.left), .equal, required)
        case 1: return (-Double(insets.top), .equal, required)
        case 2: scratchVariables.append(parent + 2); scratchCoefficients.append(-1); return (Double(insets.left + insets.right), .equal, required)
        default: scratchVariables.append(parent + 3); scratchCoefficients.append(-1); return (Double(insets.top + insets.bottom), .equal, required)
        }
    }

    /// The part of a superview's growth a flexible part takes when several share it, in
    /// proportion to their lengths (an equal share when they are all zero).
    private func shareOfGrowth(_ part: Double, of total: Double) -> Double {
        total > 0 ? part / total : 0.5
    }

    /// The object standing for `object` in a constraint on `attribute`: itself, or for a
    /// baseline the view that stands for its baseline.
    private static func standIn(for object: AnyObject, _ attribute: NSLayoutConstraint.Attribute) -> AnyObject {
        guard let view = object as? UIView else { return object }
        switch attribute {
        case .firstBaseline: return view.forFirstBaselineLayout
        case .lastBaseline: return view.forLastBaselineLayout
        default: return view
        }
    }

    /// The item standing for `object` in a constraint on `attribute`.
    private func index(of object: AnyObject, _ attribute: NSLayoutConstraint.Attribute) -> Int32? {
        itemIndex[ObjectIdentifier(LayoutEngine.standIn(for: object, attribute))]
    }

    /// The nearest item that is or contains both.
    private func commonAncestor(_ a: Int32, _ b: Int32) -> Int32 {
        var a = a, b = b
        while itemDepth[Int(a)] > itemDepth[Int(b)] { a = itemParent[Int(a)] }
        while itemDepth[Int(b)] > itemDepth[Int(a)] { b = itemParent[Int(b)] }
        while a != b && a >= 0 && b >= 0 {
            a = itemParent[Int(a)]
            b = itemParent[Int(b)]
        }
        return a
    }

    /// Whether an attribute follows the layout direction.
    /// Whether an attribute is an edge or centre (not a size or baseline).
    static func isPositional(_ attribute: NSLayoutConstraint.Attribute) -> Bool {
        switch attribute {
        case .left, .right, .leading, .trailing, .top, .bottom, .centerX, .centerY: return true
        default: return false
        }
    }

    static func isDirectional(_ attribute: NSLayoutConstraint.Attribute) -> Bool {
        attribute == .leading || attribute == .trailing || attribute == .leadingMargin || attribute == .trailingMargin
    }

    /// Writes `scale` × an item's attribute into the scratch terms and returns the constant
    /// part; positions in the space of `ancestor` (the item's own position sums its offsets
    /// up to it; the ancestor's own edges are at its origin). Right to left, leading and
    /// trailing are the right and left edges. Nil for `.notAnAttribute`.
    private func attribute(_ attribute: NSLayoutConstraint.Attribute, of index: Int32, scale: Double, below ancestor: Int32,
                           rightToLeft: Bool = false) -> Double? {
        var attribute = attribute
        if rightToLeft {
            switch attribute {
            case .leading: attribute = .right
            case .trailing: attribute = .left
            case .leadingMargin: attribute = .rightMargin
            case .trailingMargin: attribute = .leftMargin
            default: break
            }
        }
        let base = Int32(Int(index) * 4)
        let object = object(at: Int(index))
        let margins = (object as? UIView)?.layoutMargins ?? .zero
        func size(_ k: Int32, _ c: Double) {
            scratchVariables.append(base + k)
            scratchCoefficients.append(c * scale)
        }
        /// The item's left (k 0) or top (k 1) edge in the ancestor's space.
        func origin(_ k: Int32) {
            var current = index
            while current != ancestor && current >= 0 {
                scratchVariables.append(current * 4 + k)
                scratchCoefficients.append(scale)
                current = itemParent[Int(current)]
            }
        }
        switch attribute {
        case .left, .leading: origin(0); return 0
        case .right, .trailing: origin(0); size(2, 1); return 0
        case .top: origin(1); return 0
        case .bottom: origin(1); size(3, 1); return 0
        case .width: size(2, 1); return 0
        case .height: size(3, 1); return 0
        case .centerX: origin(0); size(2, 0.5); return 0
        case .centerY: origin(1); size(3, 0.5); return 0
        case .firstBaseline, .lastBaseline:
            // Text centred in its view: the baseline is a fixed distance from the centre.
            if let offsets = (object as? UIView)?.baselineOffsetsFromCenter {
                origin(1); size(3, 0.5)
                return scale * Double(attribute == .firstBaseline ? offsets.first : offsets.last)
            }
            origin(1); size(3, 1); return 0
        case .leftMargin, .leadingMargin: origin(0); return scale * Double(margins.left)
        case .rightMargin, .trailingMargin: origin(0); size(2, 1); return -scale * Double(margins.right)
        case .topMargin: origin(1); return scale * Double(margins.top)
        case .bottomMargin: origin(1); size(3, 1); return -scale * Double(margins.bottom)
        case .centerXWithinMargins: origin(0); size(2, 0.5); return scale * Double(margins.left - margins.right) / 2
        case .centerYWithinMargins: origin(1); size(3, 0.5); return scale * Double(margins.top - margins.bottom) / 2
        case .notAnAttribute: return nil
        }
    }

    // MARK: The solution

    /// Fixes, defines and solves the core; false when a conflict broke a row and the whole
    /// must start again.
    private func solveFromScratch(broken: inout Set<Int32>) -> Bool {
        let rowCount = rowOrigin.count
        let variableCount = items.count * 4
        values = Array(repeating: 0, count: variableCount)
        state = Array(repeating: .free, count: variableCount)
        rowRole = Array(repeating: .core, count: rowCount)
        rowTarget = Array(repeating: -1, count: rowCount)
        rowOrder = Array(repeating: -1, count: rowCount)
        definingRows.removeAll(keepingCapacity: true)
        for row in broken { rowRole[Int(row)] = .broken }

        // Rows of each unknown.
        var counts = [Int32](repeating: 0, count: variableCount + 1)
        for v in termVariable { counts[Int(v) + 1] += 1 }
        for v in 0..<variableCount { counts[v + 1] += counts[v] }
        occurrenceStart = counts
        occurrence = [Int32](repeating: 0, count: termVariable.count)
        var fill = counts
        for row in 0..<rowCount {
            for t in Int(termStart[row])..<Int(termStart[row + 1]) {
                let v = Int(termVariable[t])
                occurrence[Int(fill[v])] = Int32(row)
                fill[v] += 1
            }
        }

        // 1. Fixing: required equalities with one unknown not yet fixed.
        var unfixed = [Int32](repeating: 0, count: rowCount)
        var queue: [Int32] = []
        for row in 0..<rowCount where rowRole[row] != .broken {
            unfixed[row] = termStart[row + 1] - termStart[row]
            if unfixed[row] == 1 && isRequiredEquality(row) { queue.append(Int32(row)) }
            else if unfixed[row] == 0 { rowRole[row] = .settled }
        }
        var head = 0, fixedCount: Int32 = 0
        while head < queue.count {
            let row = Int(queue[head])
            head += 1
            guard rowRole[row] == .core, unfixed[row] == 1 else { continue }
            var target: Int32 = -1, a = 0.0, sum = rowConstant[row]
            for t in Int(termStart[row])..<Int(termStart[row + 1]) {
                let v = termVariable[t]
                if state[Int(v)] == .fixed { sum += termCoefficient[t] * values[Int(v)] } else { target = v; a = termCoefficient[t] }
            }
            guard target >= 0, abs(a) > 1e-9 else { continue }
            values[Int(target)] = -sum / a
            state[Int(target)] = .fixed
            rowRole[row] = .fixes
            rowTarget[row] = target
            rowOrder[row] = fixedCount
            fixedCount += 1
            for o in Int(occurrenceStart[Int(target)])..<Int(occurrenceStart[Int(target) + 1]) {
                let other = Int(occurrence[o])
                guard other != row, rowRole[other] == .core else { continue }
                unfixed[other] -= 1
                if unfixed[other] == 1 && isRequiredEquality(other) {
                    queue.append(Int32(other))
                } else if unfixed[other] == 0 {
                    rowRole[other] = .settled
                    if isRequired(other) && !isDeferred(other) && violation(other) > 1e-6 {
                        breakRow(other, among: conflictSet(other), &broken)
                        return false
                    }
                }
            }
        }
        // Wrapping labels whose widths are now fixed are measured at them.
        if !deferredRows.isEmpty && !measureDeferredLabels() { return false }
        // Settled required rows already violated (written with fixed values only).
        for row in 0..<rowCount where rowRole[row] == .settled && isRequired(row) && violation(row) > 1e-6 {
            breakRow(row, among: conflictSet(row), &broken)
            return false
        }

        // 2. Defining: unknowns in one live row, a required equality, are what it makes them.
        var live = [Int32](repeating: 0, count: variableCount)
        for row in 0..<rowCount where rowRole[row] == .core {
            for t in Int(termStart[row])..<Int(termStart[row + 1]) where state[Int(termVariable[t])] != .fixed {
                live[Int(termVariable[t])] += 1
            }
        }
        var candidates: [Int32] = []
        for v in 0..<variableCount where live[v] == 1 && state[v] != .fixed { candidates.append(Int32(v)) }
        var peeled: [Int32] = []
        while let v = candidates.popLast() {
            guard live[Int(v)] == 1, state[Int(v)] == .free else { continue }
            // Its one live row.
            var row = -1
            for o in Int(occurrenceStart[Int(v)])..<Int(occurrenceStart[Int(v) + 1]) where rowRole[Int(occurrence[o])] == .core {
                row = Int(occurrence[o])
                break
            }
            guard row >= 0, isRequiredEquality(row), abs(coefficient(of: v, in: row)) > 1e-9 else { continue }
            state[Int(v)] = .defined
            rowRole[row] = .defines
            rowTarget[row] = v
            peeled.append(Int32(row))
            for t in Int(termStart[row])..<Int(termStart[row + 1]) {
                let u = termVariable[t]
                guard u != v, state[Int(u)] == .free else { continue }
                live[Int(u)] -= 1
                if live[Int(u)] == 1 { candidates.append(u) }
            }
        }
        // Evaluated from the last set aside to the first.
        definingRows = peeled.reversed()
        for (order, row) in definingRows.enumerated() { rowOrder[Int(row)] = Int32(order) }

        // 3. The core, in independent groups.
        var parent = Array(0..<Int32(variableCount))
        func find(_ x: Int32) -> Int32 {
            var x = x
            while parent[Int(x)] != x {
                parent[Int(x)] = parent[Int(parent[Int(x)])]
                x = parent[Int(x)]
            }
            return x
        }
        var coreRows: [Int32] = []
        for row in 0..<rowCount where rowRole[row] == .core {
            coreRows.append(Int32(row))
            var first: Int32 = -1
            for t in Int(termStart[row])..<Int(termStart[row + 1]) {
                let v = termVariable[t]
                guard state[Int(v)] != .fixed else { continue }
                state[Int(v)] = .core
                if first < 0 { first = find(v) } else { let r = find(v); if r != first { parent[Int(r)] = first } }
            }
        }
        groups.removeAll()
        rowGroup = Array(repeating: -1, count: rowCount)
        variableGroup = Array(repeating: -1, count: variableCount)
        variableSymbol = Array(repeating: nil, count: variableCount)
        var groupOfRoot = [Int32](repeating: -1, count: variableCount)
        for row in coreRows {
            var group: Int32 = -1
            for t in Int(termStart[Int(row)])..<Int(termStart[Int(row) + 1]) where state[Int(termVariable[t])] == .core {
                let r = find(termVariable[t])
                if groupOfRoot[Int(r)] >= 0 { group = groupOfRoot[Int(r)] } else {
                    group = Int32(groups.count)
                    groupOfRoot[Int(r)] = group
                    groups.append(Group())
                }
                break
            }
            rowGroup[Int(row)] = group
            guard group >= 0 else { continue }
            let g = groups[Int(group)]
            g.rows.append(row)
            for t in Int(termStart[Int(row)])..<Int(termStart[Int(row) + 1]) where state[Int(termVariable[t])] == .core {
                let v = Int(termVariable[t])
                if variableGroup[v] < 0 {
                    variableGroup[v] = group
                    g.variables.append(Int32(v))
                }
            }
        }
        for group in groups.indices { _ = solveGroup(Int32(group), breaking: &broken, reports: true) }
        for row in definingRows { evaluate(Int(row)) }
        return true
    }

    /// Solves one core group from its rows' constants now: required equalities with one or
    /// two unknowns left are substituted out (exactly: what they fix or tie is what they
    /// say), the rest goes to a Cassowary solver, required rows first in order, then the
    /// optional ones. With `reports`, a conflicting row is broken (into `broken`) and
    /// reported, as iOS does; without, a conflict returns false (the caller rebuilds, which
    /// reports it).
    private func solveGroup(_ index: Int32, breaking broken: inout Set<Int32>, reports: Bool) -> Bool {
        let g = groups[Int(index)]
        // Working copies of the rows, over the group's unknowns only.
        var rowIDs: [Int32] = [], vars: [[Int32]] = [], coefs: [[Double]] = [], constants: [Double] = []
        for row in g.rows where rowRole[Int(row)] == .core {
            var v: [Int32] = [], c: [Double] = []
            for t in Int(termStart[Int(row)])..<Int(termStart[Int(row) + 1]) where state[Int(termVariable[t])] == .core {
                v.append(termVariable[t])
                c.append(termCoefficient[t])
            }
            rowIDs.append(row)
            vars.append(v)
            coefs.append(c)
            constants.append(effectiveConstant(Int(row)))
        }
        var active = [Bool](repeating: true, count: rowIDs.count)
        g.eliminations.removeAll(keepingCapacity: true)
        // Eliminate: a required equality with one unknown fixes it, with two ties one to the other.
        var changed = true
        while changed {
            changed = false
            for i in rowIDs.indices where active[i] && isRequiredEquality(Int(rowIDs[i])) && (vars[i].count == 1 || vars[i].count == 2) {
                var k = 0
                if vars[i].count == 2 && abs(coefs[i][1]) > abs(coefs[i][0]) { k = 1 }
                let a = coefs[i][k]
                guard abs(a) > 1e-9, a.isFinite, constants[i].isFinite else { continue }
                let target = vars[i][k]
                // target = −(constant + Σ others) / a
                var terms: [(Int32, Double)] = []
                for j in vars[i].indices where j != k { terms.append((vars[i][j], -coefs[i][j] / a)) }
                let constant = -constants[i] / a
                g.eliminations.append((target, terms, constant))
                active[i] = false
                changed = true
                // Substitute into every other active row naming the target.
                for r in rowIDs.indices where active[r] {
                    guard let p = vars[r].firstIndex(of: target) else { continue }
                    let c = coefs[r][p]
                    vars[r].remove(at: p)
                    coefs[r].remove(at: p)
                    constants[r] += c * constant
                    for (w, kw) in terms {
                        if let q = vars[r].firstIndex(of: w) {
                            coefs[r][q] += c * kw
                            if abs(coefs[r][q]) < 1e-12 {
                                vars[r].remove(at: q)
                                coefs[r].remove(at: q)
                            }
                        } else {
                            vars[r].append(w)
                            coefs[r].append(c * kw)
                        }
                    }
                }
            }
        }
        g.solved.removeAll(keepingCapacity: true)
        for v in g.variables { variableSymbol[Int(v)] = nil }
        if solveAlone(g, rows: rowIDs, active: active, vars: vars, coefs: coefs, constants: constants) {
            g.solver = nil
            backSubstitute(g)
            return true
        }
        g.direct.removeAll(keepingCapacity: true)
        // The simplex for the rest.
        let solver = LayoutSolver()
        g.solver = solver
        func symbol(_ v: Int32) -> LayoutVariable {
            if let known = variableSymbol[Int(v)] { return known }
            let made = LayoutVariable("")
            variableSymbol[Int(v)] = made
            g.solved.append((v, made))
            return made
        }
        var added: [Int32] = []
        for required in [true, false] {
            for i in rowIDs.indices where active[i] && isRequired(Int(rowIDs[i])) == required {
                let row = Int(rowIDs[i])
                let terms = vars[i].indices.map { (variable: symbol(vars[i][$0]), coefficient: coefs[i][$0]) }
                let constraint = SolverConstraint(LinearExpression(terms, constant: constants[i]), rowRelation[row],
                                                  strength: LayoutStrength(priority: rowPriority[row]))
                do {
                    try solver.add(constraint)
                    if required { added.append(rowIDs[i]) }
                } catch {
                    guard reports else { return false }
                    rowRole[row] = .broken
                    broken.insert(rowIDs[i])
                    let eliminated = rowIDs.indices.filter { !active[$0] }.map { rowIDs[$0] }
                    report(broken: row, conflicts: (eliminated + added).sorted())
                }
            }
        }
        solver.updateVariables()
        for (v, s) in g.solved { values[Int(v)] = s.value }
        // Unknowns in no row left (and not eliminated) are free: zero.
        for v in g.variables where variableSymbol[Int(v)] == nil { values[Int(v)] = 0 }
        backSubstitute(g)
        return true
    }

    /// The eliminated unknowns of a solved group, from the last taken out to the first.
    private func backSubstitute(_ g: Group) {
        for (target, terms, constant) in g.eliminations.reversed() {
            var value = constant
            for (w, k) in terms { value += k * values[Int(w)] }
            values[Int(target)] = value
        }
    }

    /// Solves a group without the simplex when its optional rows each name one unknown (a
    /// height between its content's compression resistance and hugging, a width between a
    /// minimum and a preference…) — the common case — and their best values already satisfy
    /// the required rows naming several.
    ///
    /// Required equalities of any length are substituted out first, each by an unknown no
    /// optional row names where there is one. What is left is then a sum of one-unknown
    /// functions: each unknown minimises its optional rows' errors, weighted as the solver
    /// weighs them, within its own required bounds (a convex, piecewise linear function
    /// whose minimum lies at a breakpoint). When every such minimum is a single point and
    /// together they satisfy the required rows naming several unknowns, they are the one
    /// optimum of the whole group, the simplex's answer. Otherwise (ties, an unknown no
    /// optional row holds, a compromise between unknowns, a conflict) false: the solver
    /// decides, as it always has. Writes `values`, `g.direct` and `g.eliminations` only on
    /// success.
    private func solveAlone(_ g: Group, rows: [Int32], active: [Bool], vars: [[Int32]], coefs: [[Double]], constants: [Double]) -> Bool {
        guard rows.count <= 256 else { return false }
        var active = active, vars = vars, coefs = coefs, constants = constants
        var eliminations: [(target: Int32, terms: [(Int32, Double)], constant: Double)] = []
        // How many optional rows name each unknown.
        var optionalUses: [Int32: Int] = [:]
        for i in rows.indices where active[i] && !isRequired(Int(rows[i])) {
            guard vars[i].count <= 1 else { return false }
            if let v = vars[i].first { optionalUses[v, default: 0] += 1 }
        }
        // Required equalities left (three or more unknowns): substitute.
        for i in rows.indices where active[i] && isRequiredEquality(Int(rows[i])) && vars[i].count >= 1 {
            var k = 0
            for j in vars[i].indices {
                let (uj, uk) = (optionalUses[vars[i][j]] ?? 0, optionalUses[vars[i][k]] ?? 0)
                if uj < uk || (uj == uk && abs(coefs[i][j]) > abs(coefs[i][k])) { k = j }
            }
            let a = coefs[i][k]
            guard abs(a) > 1e-9, a.isFinite, constants[i].isFinite else { return false }
            let target = vars[i][k]
            var terms: [(Int32, Double)] = []
            for j in vars[i].indices where j != k { terms.append((vars[i][j], -coefs[i][j] / a)) }
            let constant = -constants[i] / a
            eliminations.append((target, terms, constant))
            active[i] = false
            for r in rows.indices where active[r] {
                guard let p = vars[r].firstIndex(of: target) else { continue }
                let c = coefs[r][p]
                vars[r].remove(at: p)
                coefs[r].remove(at: p)
                constants[r] += c * constant
                for (w, kw) in terms {
                    if let q = vars[r].firstIndex(of: w) {
                        coefs[r][q] += c * kw
                        if abs(coefs[r][q]) < 1e-12 {
                            vars[r].remove(at: q)
                            coefs[r].remove(at: q)
                        }
                    } else {
                        vars[r].append(w)
                        coefs[r].append(c * kw)
                    }
                }
                // An optional row made to name several unknowns: not separable.
                if !isRequired(Int(rows[r])) && vars[r].count > 1 { return false }
            }
        }
        // One-unknown rows by unknown; required rows naming several are checked after.
        var pairs: [(variable: Int32, row: Int)] = []
        var joint: [Int] = []
        for i in rows.indices where active[i] {
            switch vars[i].count {
            case 0:
                // Every unknown of the row is known: a required row must already hold.
                guard isRequired(Int(rows[i])), !holds(relation: rowRelation[Int(rows[i])], constants[i]) else { continue }
                return false
            case 1:
                guard abs(coefs[i][0]) > 1e-9, coefs[i][0].isFinite, constants[i].isFinite else { return false }
                pairs.append((vars[i][0], i))
            default:
                joint.append(i)
            }
        }
        pairs.sort { $0.variable < $1.variable }
        var found: [Int32: Double] = [:]
        var start = 0
        while start < pairs.count {
            var end = start + 1
            while end < pairs.count && pairs[end].variable == pairs[start].variable { end += 1 }
            guard let value = bestValue(pairs[start..<end].map { $0.row }, rows: rows, coefs: coefs, constants: constants) else { return false }
            found[pairs[start].variable] = value
            start = end
        }
        for i in joint {
            var sum = constants[i]
            for (j, v) in vars[i].enumerated() {
                guard let value = found[v] else { return false }
                sum += coefs[i][j] * value
            }
            guard holds(relation: rowRelation[Int(rows[i])], sum) else { return false }
        }
        g.direct.removeAll(keepingCapacity: true)
        for (v, value) in found {
            values[Int(v)] = value
            g.direct.append(v)
        }
        g.eliminations.append(contentsOf: eliminations)
        // Unknowns in no row left (and not eliminated) are free: zero.
        var held = Set(found.keys)
        for (target, _, _) in g.eliminations { held.insert(target) }
        for v in g.variables where !held.contains(v) { values[Int(v)] = 0 }
        return true
    }

    /// Whether `value (relation) 0` holds, to within a millionth.
    private func holds(relation: Relation, _ value: Double) -> Bool {
        switch relation {
        case .equal: return abs(value) <= 1e-6
        case .greaterOrEqual: return value >= -1e-6
        case .lessOrEqual: return value <= 1e-6
        }
    }

    /// The one value of an unknown that best satisfies rows naming only it (`a·x + c`
    /// against zero), or nil when no single value does (see `solveAlone`).
    private func bestValue(_ which: [Int], rows: [Int32], coefs: [[Double]], constants: [Double]) -> Double? {
        var lo = -Double.infinity, hi = Double.infinity
        // Optional rows as x (==, ≥, ≤) b with weight w·|a|; kind 0 equal, 1 at least, 2 at most.
        var breaks: [(b: Double, w: Double, kind: UInt8)] = []
        var largest = 0.0
        for i in which {
            let row = Int(rows[i])
            let a = coefs[i][0]
            let b = -constants[i] / a
            guard b.isFinite else { return nil }
            var kind: UInt8
            switch rowRelation[row] {
            case .equal: kind = 0
            case .greaterOrEqual: kind = a > 0 ? 1 : 2
            case .lessOrEqual: kind = a > 0 ? 2 : 1
            }
            if isRequired(row) {
                if kind != 2 { lo = Swift.max(lo, b) }
                if kind != 1 { hi = Swift.min(hi, b) }
            } else {
                let w = LayoutStrength(priority: rowPriority[row]).weight * abs(a)
                breaks.append((b, w, kind))
                largest = Swift.max(largest, w)
            }
        }
        let tolerance = 1e-7
        guard lo <= hi + tolerance else { return nil }
        if breaks.isEmpty { return hi - lo <= tolerance ? lo : nil }
        var candidates = breaks.map { Swift.min(Swift.max($0.b, lo), hi) }
        if lo.isFinite { candidates.append(lo) }
        if hi.isFinite { candidates.append(hi) }
        let epsilon = largest * 1e-9
        for x in candidates {
            // The slopes of the summed errors just left and just right of x.
            var left = 0.0, right = 0.0
            for (b, w, kind) in breaks {
                let d = x - b
                let atOrAbove = d >= -tolerance, atOrBelow = d <= tolerance
                switch kind {
                case 0:
                    right += atOrAbove ? w : -w
                    left += atOrBelow ? -w : w
                case 1:
                    if !atOrAbove { right -= w }
                    if atOrBelow { left -= w }
                default:
                    if atOrAbove { right += w }
                    if !atOrBelow { left += w }
                }
            }
            let leftOK = x <= lo + tolerance ? true : left < -epsilon
            let rightOK = x >= hi - tolerance ? true : right > epsilon
            if leftOK && rightOK { return x }
        }
        return nil
    }

    private func isDeferred(_ row: Int) -> Bool {
        !deferredRows.isEmpty && rowIsDeferred[row]
    }

    /// Gives each wrapping label whose width fixing found that width, then writes its
    /// intrinsic rows' constants. False when other rows naming such a label (its baselines)
    /// changed: the solution starts again with them.
    private func measureDeferredLabels() -> Bool {
        var changed: [Int32] = []
        var last: Int32 = -1
        for row in deferredRows {
            guard case .compression(let index, _) = rowOrigin[Int(row)], index != last else { continue }
            last = index
            guard let label = object(at: Int(index)) as? UILabel else { continue }
            let left = Int(index) * 4, width = left + 2
            // Fixed, or else forced by the required equalities around it (a label between
            // edges whose sum is known though each is not).
            guard let w = state[width] == .fixed ? values[width] : forcedValue(Int32(width)) else { continue }
            let x = state[left] == .fixed ? values[left] : forcedValue(Int32(left)) ?? 0
            let snapped = LayoutEngine.snappedFrame(x: x, y: 0, width: w, height: 0).width
            if snapped.isFinite, label.constraintLayoutWidth != snapped {
                label.constraintLayoutWidth = snapped
                changed.append(index)
            }
        }
        let deferred = deferredRows
        deferredRows.removeAll()
        intrinsicCache = nil
        for row in deferred { refreshConstant(Int(row)) }
        var restart = false
        for index in changed {
            for k in 0..<4 {
                let v = Int(index) * 4 + k
                for o in Int(occurrenceStart[v])..<Int(occurrenceStart[v + 1]) where !rowIsDeferred[Int(occurrence[o])] {
                    if refreshConstant(Int(occurrence[o])) { restart = true }
                }
            }
        }
        for row in deferred { rowIsDeferred[Int(row)] = false }
        return !restart
    }

    /// The value the required equalities around unknown `v` give it, with the fixed unknowns
    /// at their values: the equalities reached from `v` through unknowns not yet fixed (a
    /// few at most) are reduced, and `v` is forced when its reduced row names no unknown
    /// left free. Nil when they leave it free, disagree, or the search grows past a handful.
    private func forcedValue(_ v: Int32) -> Double? {
        let limit = 10
        var unknowns: [Int32] = [v]
        var rows: [Int] = []
        var head = 0
        while head < unknowns.count {
            let u = Int(unknowns[head])
            head += 1
            for o in Int(occurrenceStart[u])..<Int(occurrenceStart[u + 1]) {
                let row = Int(occurrence[o])
                guard rowRole[row] == .core, isRequiredEquality(row), !rows.contains(row) else { continue }
                rows.append(row)
                guard rows.count <= limit else { return nil }
                for t in Int(termStart[row])..<Int(termStart[row + 1]) where state[Int(termVariable[t])] != .fixed {
                    guard !unknowns.contains(termVariable[t]) else { continue }
                    unknowns.append(termVariable[t])
                    guard unknowns.count <= limit else { return nil }
                }
            }
        }
        guard !rows.isEmpty else { return nil }
        // Rows of [coefficients | right-hand side], reduced (Gauss–Jordan, largest pivot).
        let n = unknowns.count, width = n + 1
        var m = [Double](repeating: 0, count: rows.count * width)
        for (r, row) in rows.enumerated() {
            var rhs = -rowConstant[row]
            for t in Int(termStart[row])..<Int(termStart[row + 1]) {
                let u = termVariable[t]
                if state[Int(u)] == .fixed { rhs -= termCoefficient[t] * values[Int(u)] } else if let c = unknowns.firstIndex(of: u) {
                    m[r * width + c] += termCoefficient[t]
                }
            }
            m[r * width + n] = rhs
        }
        var pivotRow = 0
        var pivotOf = [Int](repeating: -1, count: n)
        for c in 0..<n where pivotRow < rows.count {
            var best = pivotRow
            for r in pivotRow..<rows.count where abs(m[r * width + c]) > abs(m[best * width + c]) { best = r }
            guard abs(m[best * width + c]) > 1e-9 else { continue }
            if best != pivotRow { for k in 0..<width { m.swapAt(best * width + k, pivotRow * width + k) } }
            let p = m[pivotRow * width + c]
            for k in 0..<width { m[pivotRow * width + k] /= p }
            for r in 0..<rows.count where r != pivotRow {
                let f = m[r * width + c]
                guard f != 0 else { continue }
                for k in 0..<width { m[r * width + k] -= f * m[pivotRow * width + k] }
            }
            pivotOf[c] = pivotRow
            pivotRow += 1
        }
        // Rows left with no unknown must say 0 = 0.
        for r in pivotRow..<rows.count where abs(m[r * width + n]) > 1e-6 { return nil }
        // `v` is column 0: forced when its row names only pivots (no free unknown).
        guard pivotOf[0] >= 0 else { return nil }
        let r = pivotOf[0]
        for c in 1..<n where pivotOf[c] < 0 && abs(m[r * width + c]) > 1e-9 { return nil }
        let value = m[r * width + n]
        return value.isFinite ? value : nil
    }

    /// Writes a row's constant from its origin now; true when it changed.
    @discardableResult
    private func refreshConstant(_ row: Int) -> Bool {
        scratchVariables.removeAll(keepingCapacity: true)
        scratchCoefficients.removeAll(keepingCapacity: true)
        guard let (constant, _, _) = emit(rowOrigin[row]), constant != rowConstant[row] else { return false }
        rowConstant[row] = constant
        return true
    }

    /// A core row's constant with its fixed unknowns' values folded in.
    private func effectiveConstant(_ row: Int) -> Double {
        var sum = rowConstant[row]
        for t in Int(termStart[row])..<Int(termStart[row + 1]) where state[Int(termVariable[t])] == .fixed {
            sum += termCoefficient[t] * values[Int(termVariable[t])]
        }
        return sum
    }

    /// Sets a fixing or defining row's unknown from the others; true when it changed.
    @discardableResult
    private func evaluate(_ row: Int) -> Bool {
        let target = Int(rowTarget[row])
        var sum = rowConstant[row], a = 0.0
        for t in Int(termStart[row])..<Int(termStart[row + 1]) {
            let v = Int(termVariable[t])
            if v == target { a = termCoefficient[t] } else { sum += termCoefficient[t] * values[v] }
        }
        let value = -sum / a
        guard value != values[target] else { return false }
        values[target] = value
        return true
    }

    private func isRequired(_ row: Int) -> Bool { rowPriority[row] >= UILayoutPriority.required.rawValue }
    private func isRequiredEquality(_ row: Int) -> Bool { rowRelation[row] == .equal && isRequired(row) }

    private func coefficient(of v: Int32, in row: Int) -> Double {
        for t in Int(termStart[row])..<Int(termStart[row + 1]) where termVariable[t] == v { return termCoefficient[t] }
        return 0
    }

    /// How far a row with known unknowns is from holding (0 when it holds).
    private func violation(_ row: Int) -> Double {
        var sum = rowConstant[row]
        for t in Int(termStart[row])..<Int(termStart[row + 1]) { sum += termCoefficient[t] * values[Int(termVariable[t])] }
        switch rowRelation[row] {
        case .equal: return abs(sum)
        case .lessOrEqual: return Swift.max(0, sum)
        case .greaterOrEqual: return Swift.max(0, -sum)
        }
    }

    /// A settled row and the fixing rows behind its unknowns: the constraints that conflict.
    private func conflictSet(_ row: Int) -> [Int32] {
        var set: [Int32] = [Int32(row)]
        var seen = Set<Int32>(set)
        var head = 0
        while head < set.count && set.count < 64 {
            let current = Int(set[head])
            head += 1
            for t in Int(termStart[current])..<Int(termStart[current + 1]) {
                let v = Int(termVariable[t])
                guard state[v] == .fixed else { continue }
                for o in Int(occurrenceStart[v])..<Int(occurrenceStart[v + 1]) {
                    let other = occurrence[o]
                    if rowRole[Int(other)] == .fixes && rowTarget[Int(other)] == Int32(v) && seen.insert(other).inserted { set.append(other) }
                }
            }
        }
        return set.sorted()
    }

    /// Breaks the conflict's constraint iOS would break: the most recently added of the
    /// app's constraints (held frames only when no constraint of the app is in it).
    private func breakRow(_ row: Int, among conflict: [Int32], _ broken: inout Set<Int32>) {
        let victim = conflict.last { if case .constraint = rowOrigin[Int($0)] { return true } else { return false } } ?? Int32(row)
        broken.insert(victim)
        report(broken: Int(victim), conflicts: conflict.filter { $0 != victim })
    }

    private func report(broken row: Int, conflicts: [Int32]) {
        func describe(_ row: Int) -> String? {
            switch rowOrigin[row] {
            case .constraint(let constraint): return "\(constraint)"
            case .hold(let index, let k):
                guard let view = object(at: Int(index)) as? UIView else { return nil }
                let name = ["minX", "minY", "width", "height"][Int(k)]
                return "<NSAutoresizingMaskLayoutConstraint \(type(of: view)):\(UInt(bitPattern: ObjectIdentifier(view).hashValue)).\(name)>"
            case .compression(let index, let axis), .hugging(let index, let axis):
                // iOS lists intrinsic sizes as content-size constraints.
                guard let view = object(at: Int(index)) as? UIView else { return nil }
                let isHugging: Bool
                if case .hugging = rowOrigin[row] { isHugging = true } else { isHugging = false }
                let name = axis == 0 ? "width" : "height"
                let length = -rowConstant[row]
                return "<NSContentSizeLayoutConstraint \(type(of: view)):\(UInt(bitPattern: ObjectIdentifier(view).hashValue)).\(name) \(isHugging ? "<=" : ">=") \(length) \(isHugging ? "Hug" : "CompressionResistance"):\(rowPriority[row])>"
            case .fittingTarget: return nil
            }
        }
        let list = (conflicts.map { Int($0) } + [row]).compactMap(describe).map { "    \($0)" }.joined(separator: ",\n")
        LayoutLog.report("""
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            (
            \(list)
            )

            Will attempt to recover by breaking constraint
            \(describe(row) ?? "a constraint holding a view at its frame")
            """)
    }

    // MARK: Updating

    /// Applies changed constants: fixed values forward, the core groups they reach solved
    /// again, defined values after. False when a rebuild is needed (a conflict, a row that
    /// appeared or went).
    private func update() -> Bool {
        isReadingSizes = true
        defer { isReadingSizes = false }
        intrinsicCache = nil
        let dirty = dirtyRows
        dirtyRows.removeAll(keepingCapacity: true)
        for row in dirty { rowIsDirty[Int(row)] = false }
        var fixHeap = RowHeap(), defineHeap = RowHeap()
        var coreDirty: [Int32] = []
        var moved: [Int32] = []
        var changedValue = [Int32]()

        func spread(_ v: Int) {
            changedValue.append(Int32(v))
            for o in Int(occurrenceStart[v])..<Int(occurrenceStart[v + 1]) {
                let other = Int(occurrence[o])
                switch rowRole[other] {
                case .fixes: if rowTarget[other] != Int32(v) { fixHeap.push(Int32(other), order: rowOrder[other]) }
                case .defines: if rowTarget[other] != Int32(v) { defineHeap.push(Int32(other), order: rowOrder[other]) }
                case .core: coreDirty.append(Int32(other))
                case .settled, .broken: break
                }
            }
        }

        for row in dirty {
            let r = Int(row)
            scratchVariables.removeAll(keepingCapacity: true)
            scratchCoefficients.removeAll(keepingCapacity: true)
            guard let (constant, relation, priority) = emit(rowOrigin[r]) else { return false }
            guard relation == rowRelation[r], priority == rowPriority[r], sameTerms(r) else { return false }
            guard constant != rowConstant[r] else { continue }
            rowConstant[r] = constant
            switch rowRole[r] {
            case .fixes: fixHeap.push(row, order: rowOrder[r])
            case .defines: defineHeap.push(row, order: rowOrder[r])
            case .core: coreDirty.append(row)
            case .settled:
                if isRequired(r) && violation(r) > 1e-6 { return false }
            case .broken: return false
            }
        }
        while let row = fixHeap.pop() {
            if evaluate(Int(row)) { spread(Int(rowTarget[Int(row)])) }
        }
        // Settled rows whose fixed unknowns moved must still hold.
        for v in changedValue {
            for o in Int(occurrenceStart[Int(v)])..<Int(occurrenceStart[Int(v) + 1]) {
                let other = Int(occurrence[o])
                if rowRole[other] == .settled && isRequired(other) && violation(other) > 1e-6 { return false }
            }
        }
        var touchedGroups = Set<Int32>()
        for row in coreDirty where rowRole[Int(row)] == .core && rowGroup[Int(row)] >= 0 {
            touchedGroups.insert(rowGroup[Int(row)])
        }
        // A touched group is solved again from its constants (work as large as the group).
        var unused = Set<Int32>()
        for group in touchedGroups {
            let g = groups[Int(group)]
            let before = g.variables.map { values[Int($0)] }
            guard solveGroup(group, breaking: &unused, reports: false) else { return false }
            for (i, v) in g.variables.enumerated() where values[Int(v)] != before[i] { spread(Int(v)) }
        }
        while let row = defineHeap.pop() {
            if evaluate(Int(row)) { spread(Int(rowTarget[Int(row)])) }
        }
        for v in changedValue { moved.append(v / 4) }
        movedItems = moved
        return true
    }

    /// Whether the scratch terms are the row's (the same unknowns, the same coefficients).
    private func sameTerms(_ row: Int) -> Bool {
        // Merged as `addRow` merges them, then compared as sets (terms are few).
        mergeScratchTerms()
        let start = Int(termStart[row]), end = Int(termStart[row + 1])
        guard scratchVariables.count == end - start else { return false }
        for (i, v) in scratchVariables.enumerated() {
            guard let t = (start..<end).first(where: { termVariable[$0] == v }), termCoefficient[t] == scratchCoefficients[i] else { return false }
        }
        return true
    }

    // MARK: Questions

    /// Whether the constraints leave any of `item`'s unknowns free to take other values.
    func isAmbiguous(_ object: AnyObject) -> Bool {
        solveIfNeeded()
        guard let index = itemIndex[ObjectIdentifier(object)] else { return true }
        var ambiguous = [Bool](repeating: false, count: values.count)
        for v in 0..<values.count {
            switch state[v] {
            case .free: ambiguous[v] = true
            case .core:
                if variableGroup[v] >= 0, groups[Int(variableGroup[v])].direct.contains(Int32(v)) {
                    ambiguous[v] = false
                } else if let symbol = variableSymbol[v], variableGroup[v] >= 0, let solver = groups[Int(variableGroup[v])].solver {
                    ambiguous[v] = !solver.isDetermined(symbol)
                } else {
                    // Eliminated (settled below) or in no row the simplex holds (free).
                    ambiguous[v] = true
                }
            case .fixed, .defined: break
            }
        }
        // An eliminated unknown is as determined as what it was tied to.
        for group in groups {
            for (target, terms, _) in group.eliminations.reversed() {
                ambiguous[Int(target)] = terms.contains { ambiguous[Int($0.0)] }
            }
        }
        for row in definingRows {
            let target = Int(rowTarget[Int(row)])
            for t in Int(termStart[Int(row)])..<Int(termStart[Int(row) + 1]) where ambiguous[Int(termVariable[t])] {
                ambiguous[target] = true
            }
        }
        return (0..<4).contains { ambiguous[Int(index) * 4 + $0] }
    }

    /// The app's constraints whose rows name `item`'s unknowns along `axis`.
    func constraints(affecting object: AnyObject, axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        solveIfNeeded()
        guard let index = itemIndex[ObjectIdentifier(object)] else { return [] }
        var found: [NSLayoutConstraint] = []
        for k in axis == .horizontal ? [0, 2] : [1, 3] {
            let v = Int(index) * 4 + k
            for o in Int(occurrenceStart[v])..<Int(occurrenceStart[v + 1]) {
                if case .constraint(let constraint) = rowOrigin[Int(occurrence[o])], rowRole[Int(occurrence[o])] != .broken,
                   !found.contains(where: { $0 === constraint }) {
                    found.append(constraint)
                }
            }
        }
        return found
    }

    /// The views placed by constraints that the last solution moved (after a build, all of
    /// them), once: the list empties.
    func takeMovedViews() -> [UIView] {
        var views: [UIView] = []
        if let moved = movedItems {
            var seen = Set<Int32>()
            for index in moved where seen.insert(index).inserted {
                if let view = object(at: Int(index)) as? UIView, !view.isPlacedByFrame { views.append(view) }
            }
        } else {
            for case let view as UIView in items where !view.isPlacedByFrame && view !== root { views.append(view) }
        }
        movedItems = []
        return views
    }
}

/// Rows waiting to be evaluated, smallest order first, each once.
private struct RowHeap {
    private var heap: [(order: Int32, row: Int32)] = []
    private var queued = Set<Int32>()

    mutating func push(_ row: Int32, order: Int32) {
        guard queued.insert(row).inserted else { return }
        heap.append((order, row))
        var i = heap.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            guard heap[p].order > heap[i].order else { break }
            heap.swapAt(p, i)
            i = p
        }
    }

    mutating func pop() -> Int32? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count && heap[l].order < heap[m].order { m = l }
                if r < heap.count && heap[r].order < heap[m].order { m = r }
                guard m != i else { break }
                heap.swapAt(m, i)
                i = m
            }
        }
        queued.remove(top.row)
        return top.row
    }
}
