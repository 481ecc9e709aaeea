/// Insets from the four edges of a rectangle.
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = UIEdgeInsets()
}

/// Insets from the edges, by leading and trailing (left and right in left-to-right layouts).
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = NSDirectionalEdgeInsets()
}

/// Edges of a rectangle.
public struct UIRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

extension CGRect {
    /// The rectangle shrunk by `insets` (grown for negative insets).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        let r = standardized
        return CGRect(x: r.minX + insets.left, y: r.minY + insets.top,
                      width: r.width - insets.left - insets.right, height: r.height - insets.top - insets.bottom)
    }
}

extension UIView {
    /// How a view resizes when its superview's bounds change: which of its left margin,
    /// width and right margin (and top margin, height, bottom margin) absorb the change.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// The value of an intrinsic size dimension the view does not have.
    public static let noIntrinsicMetric: CGFloat = -1

    /// The smallest size a view can have (for fitting sizes).
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)

    /// The largest size, for fitting sizes as large as the constraints allow.
    ///
    /// - Note: Differs from Apple: Apple does not document the value; Lamina's is 10,000,000
    ///   points each way.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// The bounds less the safe-area insets.
    var safeAreaFrame: CGRect { bounds.inset(by: safeAreaInsets) }

    /// The bounds size changed from `old`: subviews resize by their autoresizing masks, and
    /// the view lays out again.
    func boundsSizeDidChange(from old: CGSize) {
        // The root's bounds and frames of views held at them are inputs of layout.
        if isPlacedByFrame || superview == nil, let engine = constraintState?.itemEngine {
            engine.noteItemChanged(self)
        }
        let new = bounds.size
        if autoresizesSubviews {
            for subview in storedSubviews where !subview.autoresizingMask.isEmpty {
                subview.resize(withOldSuperviewSize: old, newSize: new)
            }
        }
        setNeedsLayout()
    }

    /// iOS's autoresizing arithmetic: along each axis the size change is shared among the
    /// flexible parts (margins and size) in proportion to their current lengths — equally
    /// when those are all zero.
    ///
    /// - Note: Differs from Apple: the all-zero case (splitting equally) is Lamina's choice;
    ///   Apple does not document it.
    func resize(withOldSuperviewSize old: CGSize, newSize new: CGSize) {
        let f = frame
        func axis(_ start: CGFloat, _ length: CGFloat, _ oldTotal: CGFloat, _ newTotal: CGFloat,
                  _ flexStart: Bool, _ flexLength: Bool, _ flexEnd: Bool) -> (CGFloat, CGFloat) {
            let delta = newTotal - oldTotal
            guard delta != 0, flexStart || flexLength || flexEnd else { return (start, length) }
            let end = oldTotal - start - length
            let parts = [(flexStart, start), (flexLength, length), (flexEnd, end)]
            let flexible = parts.filter { $0.0 }
            let sum = flexible.reduce(0) { $0 + $1.1 }
            func share(_ value: CGFloat) -> CGFloat {
                sum != 0 ? delta * value / sum : delta / CGFloat(flexible.count)
            }
            let newStart = flexStart ? start + share(start) : start
            let newLength = flexLength ? Swift.max(0, length + share(length)) : length
            return (newStart, newLength)
        }
        let m = autoresizingMask
        let (x, width) = axis(f.minX, f.width, old.width, new.width,
                              m.contains(.flexibleLeftMargin), m.contains(.flexibleWidth), m.contains(.flexibleRightMargin))
        let (y, height) = axis(f.minY, f.height, old.height, new.height,
                               m.contains(.flexibleTopMargin), m.contains(.flexibleHeight), m.contains(.flexibleBottomMargin))
        frame = CGRect(x: x, y: y, width: width, height: height)
    }
}
