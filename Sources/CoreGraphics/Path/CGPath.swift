/// An immutable graphics path: subpaths of lines and Bézier curves.
///
/// Paths are values held by reference: `CGMutablePath` adds the building methods, and `copy()`
/// gives an immutable snapshot that later changes to the mutable path do not affect.
public class CGPath: Equatable, Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The elements in order.
    var elements: [PathElement]
    /// The start of the current subpath (where `closeSubpath` returns to).
    var subpathStart: CGPoint?
    /// The end of the last element; nil for an empty path.
    var lastPoint: CGPoint?

    init(elements: [PathElement], subpathStart: CGPoint?, lastPoint: CGPoint?) {
        self.elements = elements
        self.subpathStart = subpathStart
        self.lastPoint = lastPoint
    }

    init() {
        self.elements = []
    }

    /// A path holding one closed rectangle.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements, subpathStart: path.subpathStart, lastPoint: path.lastPoint)
    }

    /// A path holding one ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements, subpathStart: path.subpathStart, lastPoint: path.lastPoint)
    }

    /// A path holding one rounded rectangle; corner sizes are clamped to half the rectangle.
    ///
    /// - Note: Differs from Apple: corner sizes larger than half the rectangle are clamped rather
    ///   than treated as a programming error.
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>? = nil
    ) {
        let path = CGMutablePath()
        path.addRoundedRect(
            in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
            transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements, subpathStart: path.subpathStart, lastPoint: path.lastPoint)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element, or `.zero` for an empty path.
    public var currentPoint: CGPoint { lastPoint ?? .zero }

    /// The smallest rectangle containing every point of the path, control points included.
    /// `CGRect.null` for an empty path.
    public var boundingBox: CGRect {
        var bounds = BoundsAccumulator()
        for element in elements {
            switch element {
            case .move(let p), .line(let p): bounds.add(p)
            case .quad(let c, let p): bounds.add(c); bounds.add(p)
            case .cubic(let c1, let c2, let p): bounds.add(c1); bounds.add(c2); bounds.add(p)
            case .close: break
            }
        }
        return bounds.rect
    }

    /// The smallest rectangle containing the path's drawn shape (curve extrema, not control
    /// points). `CGRect.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        var bounds = BoundsAccumulator()
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                bounds.add(p)
                current = p
            case .quad(let c, let p):
                bounds.add(p)
                for t in BezierMath.quadExtrema(current, c, p) {
                    bounds.add(BezierMath.quadPoint(current, c, p, t))
                }
                current = p
            case .cubic(let c1, let c2, let p):
                bounds.add(p)
                for t in BezierMath.cubicExtrema(current, c1, c2, p) {
                    bounds.add(BezierMath.cubicPoint(current, c1, c2, p, t))
                }
                current = p
            case .close:
                break
            }
        }
        return bounds.rect
    }

    /// Whether `point` is inside the filled path under `rule`, after mapping the path by
    /// `transform`.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        guard point.x.isFinite, point.y.isFinite else { return false }
        var winding = 0
        let polyline = PathFlattener(tolerance: 0.05)
        polyline.flatten(elements, transform: transform) { p0, p1 in
            // Crossing number with direction, counting a half-open rule on y so shared
            // vertices count once.
            if (p0.y <= point.y) != (p1.y <= point.y) {
                let t = (point.y - p0.y) / (p1.y - p0.y)
                let x = p0.x + t * (p1.x - p0.x)
                if x > point.x { winding += p1.y > p0.y ? 1 : -1 }
            }
        }
        return rule == .winding ? winding != 0 : winding & 1 != 0
    }

    /// Whether the path is exactly one closed axis-aligned rectangle; if so writes it to `rect`.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var points: [CGPoint] = []
        for (index, element) in elements.enumerated() {
            switch element {
            case .move(let p) where index == 0: points.append(p)
            case .line(let p): points.append(p)
            case .close where index == elements.count - 1: break
            default: return false
            }
        }
        if points.count == 5, points[4] == points[0] { points.removeLast() }
        guard points.count == 4 else { return false }
        let xs = Set(points.map(\.x)), ys = Set(points.map(\.y))
        guard xs.count == 2, ys.count == 2 else { return false }
        for i in 0..<4 {
            let a = points[i], b = points[(i + 1) % 4]
            if a.x != b.x && a.y != b.y { return false }
        }
        rect?.pointee = CGRect(
            x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        return true
    }

    /// Calls `block` once per element, in order.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { points.deallocate() }
        for element in elements {
            let type: CGPathElementType
            switch element {
            case .move(let p): type = .moveToPoint; points[0] = p
            case .line(let p): type = .addLineToPoint; points[0] = p
            case .quad(let c, let p): type = .addQuadCurveToPoint; points[0] = c; points[1] = p
            case .cubic(let c1, let c2, let p):
                type = .addCurveToPoint; points[0] = c1; points[1] = c2; points[2] = p
            case .close: type = .closeSubpath
            }
            var element = CGPathElement(type: type, points: points)
            block(&element)
        }
    }

    /// Calls a C-style function once per element, passing `info` through.
    public func apply(info: UnsafeMutableRawPointer?, function: (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void) {
        applyWithBlock { function(info, $0) }
    }

    /// An immutable copy.
    public func copy() -> CGPath? {
        CGPath(elements: elements, subpathStart: subpathStart, lastPoint: lastPoint)
    }

    /// An immutable copy mapped through `transform` (nil means identity).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        let t = transform?.pointee ?? .identity
        return CGPath(
            elements: elements.map { $0.applying(t) }, subpathStart: subpathStart?.applying(t),
            lastPoint: lastPoint?.applying(t))
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? {
        CGMutablePath(elements: elements, subpathStart: subpathStart, lastPoint: lastPoint)
    }

    /// A mutable copy mapped through `transform` (nil means identity).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        let t = transform?.pointee ?? .identity
        return CGMutablePath(
            elements: elements.map { $0.applying(t) }, subpathStart: subpathStart?.applying(t),
            lastPoint: lastPoint?.applying(t))
    }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.elements == rhs.elements
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements.count)
    }

    public var description: String { "CGPath(\(elements.count) elements)" }
}

/// Grows a rectangle point by point; stays `CGRect.null` until the first point.
struct BoundsAccumulator {
    var minX = CGFloat.infinity, minY = CGFloat.infinity
    var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    mutating func add(_ p: CGPoint) {
        minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
        minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
    }

    var rect: CGRect {
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
