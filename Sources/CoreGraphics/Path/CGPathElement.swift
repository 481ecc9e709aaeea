/// The kind of one path element.
public enum CGPathElementType: Int32, Sendable {
    /// Starts a new subpath at one point.
    case moveToPoint = 0
    /// A straight line to one point.
    case addLineToPoint = 1
    /// A quadratic Bézier: control point, end point.
    case addQuadCurveToPoint = 2
    /// A cubic Bézier: two control points, end point.
    case addCurveToPoint = 3
    /// Closes the current subpath; no points.
    case closeSubpath = 4
}

/// One element of a path as handed to `CGPath.applyWithBlock(_:)`.
public struct CGPathElement {
    public var type: CGPathElementType
    /// The element's points: 1 for moves and lines, 2 for quads, 3 for cubics, 0 for close.
    public var points: UnsafeMutablePointer<CGPoint>

    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// How overlapping or self-intersecting subpaths decide what is inside.
public enum CGPathFillRule: Int, Sendable {
    /// Inside where the winding number is not zero.
    case winding = 0
    /// Inside where the number of crossings is odd.
    case evenOdd = 1
}

/// The stored form of one path element (what `CGPath` keeps internally).
enum PathElement: Equatable, Sendable {
    case move(CGPoint)
    case line(CGPoint)
    case quad(CGPoint, CGPoint)
    case cubic(CGPoint, CGPoint, CGPoint)
    case close

    func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .move(let p): return .move(p.applying(t))
        case .line(let p): return .line(p.applying(t))
        case .quad(let c, let p): return .quad(c.applying(t), p.applying(t))
        case .cubic(let c1, let c2, let p): return .cubic(c1.applying(t), c2.applying(t), p.applying(t))
        case .close: return .close
        }
    }
}

extension CGPath {
    /// How many elements the path holds (for AppKit's element-by-index API).
    package var elementCount: Int { elements.count }

    /// Element `index`: its type and points, as `applyWithBlock` would give them (nil outside
    /// the path).
    package func element(at index: Int) -> (type: CGPathElementType, points: [CGPoint])? {
        guard index >= 0, index < elements.count else { return nil }
        switch elements[index] {
        case .move(let p): return (.moveToPoint, [p])
        case .line(let p): return (.addLineToPoint, [p])
        case .quad(let c, let p): return (.addQuadCurveToPoint, [c, p])
        case .cubic(let c1, let c2, let p): return (.addCurveToPoint, [c1, c2, p])
        case .close: return (.closeSubpath, [])
        }
    }
}
