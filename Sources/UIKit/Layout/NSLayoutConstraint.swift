import Foundation

/// A relation between two layout attributes: item1.attribute1 = multiplier × item2.attribute2
/// + constant (or ≤, ≥), held at a priority. Active constraints are installed on the nearest
/// common ancestor of their items, whose `constraints` list them.
///
/// Views with `translatesAutoresizingMaskIntoConstraints == false` are placed by their
/// superview's `layoutSubviews()` from the solved constraints (see `LayoutEngine`).
///
/// How the engine solves them, and where it differs from Apple's: `docs/layout.md`.
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    /// The parts of an item's layout a constraint relates.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0

        /// The last baseline.
        public static var baseline: Attribute { .lastBaseline }
    }

    /// How the two sides compare.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }

    /// The two directions of layout.
    public enum Axis: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }

    /// The first item (a view or a layout guide).
    open private(set) weak var firstItem: AnyObject?
    open private(set) var firstAttribute: Attribute
    open private(set) var relation: Relation
    /// The second item, nil for a constant size.
    open private(set) weak var secondItem: AnyObject?
    open private(set) var secondAttribute: Attribute
    /// The factor on the second item's attribute.
    open private(set) var multiplier: CGFloat
    /// The offset added to the second side; changing it relays out.
    open var constant: CGFloat {
        didSet {
            guard constant != oldValue, installedOn != nil else { return }
            engine?.noteConstantChanged(self)
            inputsChanged()
        }
    }
    /// The constraint's priority (required by default). A required constraint cannot become
    /// optional once installed, nor the other way round (the change is refused, with a message).
    open var priority: UILayoutPriority = .required {
        didSet {
            guard installedOn != nil else { return }
            guard (oldValue == .required) != (priority == .required) else {
                if priority != oldValue {
                    LayoutEngine.noteStructureChange()
                    inputsChanged()
                }
                return
            }
            LayoutLog.report("Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. You passed priority \(priority.rawValue) and the existing priority was \(oldValue.rawValue).")
            priority = oldValue
        }
    }
    /// A name for the constraint in logs.
    open var identifier: String?
    /// Whether the constraint is archived with its view (unused on Linux).
    open var shouldBeArchived = false

    /// The view the constraint is installed on while active.
    weak var installedOn: UIView?
    /// The engine holding the constraint and its row there (−1 when none).
    weak var engine: LayoutEngine?
    var engineRow: Int32 = -1

    /// item1.attribute1 (relation) multiplier × item2.attribute2 + constant.
    ///
    /// Attributes that cannot be related (an edge of one axis with an edge of the other, an
    /// edge with a size, leading or trailing with left or right) stop the program with the
    /// message of the exception iOS raises.
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        if view2 != nil, attr2 != .notAnAttribute, let problem = NSLayoutConstraint.pairingProblem(attr1, attr2) {
            fatalError("*** +[NSLayoutConstraint constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:]: \(problem)")
        }
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        constant = c
        super.init()
    }

    /// An empty constraint, relating nothing (subclasses and decoders fill it in); it takes
    /// no part in layout.
    public override init() {
        firstItem = nil
        firstAttribute = .notAnAttribute
        relation = .equal
        secondItem = nil
        secondAttribute = .notAnAttribute
        multiplier = 1
        constant = 0
        super.init()
    }

    /// Why two attributes cannot be related (iOS's words), or nil when they can.
    static func pairingProblem(_ a: Attribute, _ b: Attribute) -> String? {
        enum Kind { case x, y, size }
        func kind(_ attribute: Attribute) -> Kind? {
            switch attribute {
            case .left, .right, .leading, .trailing, .centerX, .leftMargin, .rightMargin, .leadingMargin,
                 .trailingMargin, .centerXWithinMargins: return .x
            case .top, .bottom, .centerY, .firstBaseline, .lastBaseline, .topMargin, .bottomMargin,
                 .centerYWithinMargins: return .y
            case .width, .height: return .size
            case .notAnAttribute: return nil
            }
        }
        guard let ka = kind(a), let kb = kind(b) else { return nil }
        if ka != kb && (ka != .size || kb != .size) { return "Invalid pairing of layout attributes" }
        let directional: Set<Attribute> = [.leading, .trailing, .leadingMargin, .trailingMargin]
        let absolute: Set<Attribute> = [.left, .right, .leftMargin, .rightMargin]
        if (directional.contains(a) && absolute.contains(b)) || (absolute.contains(a) && directional.contains(b)) {
            return "A constraint cannot be made between a leading/trailing attribute and a right/left attribute. Use leading/trailing for both or neither."
        }
        return nil
    }

    /// The same, from items already known to be objects (anchors): no bridging of `Any`.
    init(first: AnyObject, _ attr1: Attribute, _ relation: Relation, second: AnyObject?, _ attr2: Attribute,
         multiplier: CGFloat, constant c: CGFloat) {
        firstItem = first
        firstAttribute = attr1
        self.relation = relation
        secondItem = second
        secondAttribute = second == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        constant = c
        super.init()
    }

    /// Whether the constraint takes part in layout: activating installs it on the nearest
    /// common ancestor of its items, deactivating removes it.
    open var isActive: Bool {
        get { installedOn != nil }
        set {
            if newValue { activate() } else { installedOn?.removeConstraint(self) }
        }
    }

    /// Activates each constraint (faster than one by one on iOS; the same here).
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates each constraint.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    private func activate() {
        guard installedOn == nil else { return }
        guard let host = commonAncestor else {
            LayoutLog.report("Unable to activate constraint \(self) because its items have no common ancestor. Does the constraint or its anchors reference items in different view hierarchies? That's illegal.")
            return
        }
        host.install(self)
    }

    /// The layout must be solved again: the views that place its items lay out again.
    func inputsChanged() {
        for item in [firstItem, secondItem] {
            guard let view = NSLayoutConstraint.view(of: item) else { continue }
            (view.superview ?? view).setNeedsLayout()
            if item is UILayoutGuide { view.setNeedsLayout() }
        }
        installedOn?.setNeedsLayout()
    }

    /// Whether an item is `view` or inside it.
    func involves(_ view: UIView) -> Bool {
        for item in [firstItem, secondItem] {
            var current = NSLayoutConstraint.view(of: item)
            while let v = current {
                if v === view { return true }
                current = v.superview
            }
        }
        return false
    }

    /// The view an item belongs to: itself, or a layout guide's owning view.
    static func view(of item: AnyObject?) -> UIView? {
        if let view = item as? UIView { return view }
        return (item as? UILayoutGuide)?.owningView
    }

    /// The nearest view that is (or contains) both items; nil when they are in different
    /// hierarchies or an item is gone.
    var commonAncestor: UIView? {
        guard let first = NSLayoutConstraint.view(of: firstItem) else { return nil }
        guard secondItem != nil else { return first }
        guard let second = NSLayoutConstraint.view(of: secondItem) else { return nil }
        // The usual cases first: the same view, a view and its superview, siblings.
        if first === second { return first }
        let firstParent = first.superview, secondParent = second.superview
        if firstParent === second { return second }
        if secondParent === first { return first }
        if let firstParent, firstParent === secondParent { return firstParent }
        // Otherwise climb from the same depth.
        func depth(_ view: UIView) -> Int {
            var count = 0
            var current = view.superview
            while let v = current { count += 1; current = v.superview }
            return count
        }
        var a: UIView? = first, b: UIView? = second
        var da = depth(first), db = depth(second)
        while da > db { a = a?.superview; da -= 1 }
        while db > da { b = b?.superview; db -= 1 }
        while let x = a, let y = b {
            if x === y { return x }
            a = x.superview
            b = y.superview
        }
        return nil
    }

    /// iOS's constraint description (read on the main actor, where constraints live).
    open override var description: String {
        MainActor.assumeIsolated { describe() }
    }

    private func describe() -> String {
        func side(_ item: AnyObject?, _ attribute: Attribute) -> String {
            guard let item else { return "" }
            return "\(type(of: item)):\(UInt(bitPattern: ObjectIdentifier(item).hashValue)).\(attribute)"
        }
        let relationText = relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">="
        var right = secondItem == nil ? "" : side(secondItem, secondAttribute)
        if multiplier != 1 && secondItem != nil { right = "\(multiplier)*" + right }
        if constant != 0 || secondItem == nil { right += secondItem == nil ? "\(constant)" : (constant < 0 ? " - \(-constant)" : " + \(constant)") }
        let name = identifier.map { "'\($0)' " } ?? ""
        let priorityText = priority == .required ? "" : "   (priority \(priority.rawValue))"
        return "<NSLayoutConstraint \(name)\(side(firstItem, firstAttribute)) \(relationText) \(right)\(priorityText)>"
    }
}

/// Where Auto Layout's messages go: standard error, as iOS's console messages do.
enum LayoutLog {
    nonisolated(unsafe) static var messages: [String] = []

    static func report(_ message: String) {
        messages.append(message)
        if messages.count > 100 { messages.removeFirst(messages.count - 100) }
        FileHandle.standardError.write(Data("[LayoutConstraints] \(message)\n".utf8))
    }
}
