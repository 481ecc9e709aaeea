/// One flattened subpath: a polyline, whether it was explicitly closed, and, where the
/// subpath starts or ends on a curve, the curve's true direction there. A chord of the
/// flattened curve leans half a step off that direction, so caps are squared to the
/// tangents instead: the two ends of a full-circle arc then meet without a seam.
struct Contour {
    var points: [CGPoint]
    var isClosed: Bool
    var startTangent: CGPoint? = nil
    var endTangent: CGPoint? = nil
}

/// Turns path elements into polylines whose distance from the true curves stays within
/// `tolerance` (in the space the points are produced in).
struct PathFlattener {
    var tolerance: CGFloat

    /// The contours of `elements` after mapping them by `transform`. Subpaths made of a single
    /// move are kept (with one point) because stroking draws caps for them.
    func contours(_ elements: [PathElement], transform: CGAffineTransform) -> [Contour] {
        var result: [Contour] = []
        var current: [CGPoint] = []
        var hasSubpath = false
        var last = CGPoint.zero
        var startTangent: CGPoint?, endTangent: CGPoint?
        func finish(closed: Bool) {
            if hasSubpath {
                result.append(Contour(points: current, isClosed: closed, startTangent: startTangent, endTangent: endTangent))
            }
            current = []
            hasSubpath = false
            startTangent = nil
            endTangent = nil
        }
        /// Records a drawn piece's end directions (nil for lines, whose chord is exact).
        func noteDirections(start: CGPoint?, end: CGPoint?) {
            if current.count == 1 { startTangent = start }
            endTangent = end
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                last = p.applying(transform)
                current.append(last)
                hasSubpath = true
            case .line(let p):
                let q = p.applying(transform)
                noteDirections(start: nil, end: nil)
                current.append(q)
                last = q
            case .quad(let c, let p):
                let c1 = c.applying(transform), p2 = p.applying(transform)
                noteDirections(start: PathFlattener.tangent(last, c1, p2), end: PathFlattener.tangent(p2, c1, last).map { CGPoint(x: -$0.x, y: -$0.y) })
                flattenQuad(last, c1, p2, into: &current)
                last = p2
            case .cubic(let c1, let c2, let p):
                let d1 = c1.applying(transform), d2 = c2.applying(transform), p3 = p.applying(transform)
                noteDirections(start: PathFlattener.tangent(last, d1, d2, p3),
                               end: PathFlattener.tangent(p3, d2, d1, last).map { CGPoint(x: -$0.x, y: -$0.y) })
                flattenCubic(last, d1, d2, p3, into: &current)
                last = p3
            case .close:
                let start = current.first ?? last
                finish(closed: true)
                last = start
            }
        }
        finish(closed: false)
        return result
    }

    /// Calls `segment` for every edge of the filled shape (each contour closed implicitly).
    func flatten(_ elements: [PathElement], transform: CGAffineTransform, _ segment: (CGPoint, CGPoint) -> Void) {
        for contour in contours(elements, transform: transform) where contour.points.count > 1 {
            var previous = contour.points[contour.points.count - 1]
            for point in contour.points {
                segment(previous, point)
                previous = point
            }
        }
    }

    /// The direction leaving `from` along a curve: towards the first control point distinct
    /// from it (a curve whose control points sit on its end still leaves towards the next).
    static func tangent(_ from: CGPoint, _ controls: CGPoint...) -> CGPoint? {
        for c in controls {
            let dx = c.x - from.x, dy = c.y - from.y
            if dx * dx + dy * dy > 1e-18 { return CGPoint(x: dx, y: dy) }
        }
        return nil
    }

    /// Segment count for a curve whose second difference has length `deviation`
    /// (Wang's formula: n = √(k·deviation / tolerance), k = 1/4 for quads, 3/4 for cubics).
    private func segmentCount(_ deviation: CGFloat, factor: CGFloat) -> Int {
        let n = (factor * deviation / tolerance).squareRoot().rounded(.up)
        guard n.isFinite else { return 1 }
        // Clamp before converting: huge curves must not overflow Int.
        return Int(Swift.min(Swift.max(n, 1), 1024))
    }

    private func flattenQuad(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, into out: inout [CGPoint]) {
        let dd = hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
        let n = segmentCount(dd, factor: 0.25)
        if n > 1 {
            for i in 1..<n { out.append(BezierMath.quadPoint(p0, p1, p2, CGFloat(i) / CGFloat(n))) }
        }
        out.append(p2)
    }

    private func flattenCubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, into out: inout [CGPoint]) {
        let dd1 = hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
        let dd2 = hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y)
        let n = segmentCount(Swift.max(dd1, dd2), factor: 0.75)
        if n > 1 {
            for i in 1..<n { out.append(BezierMath.cubicPoint(p0, p1, p2, p3, CGFloat(i) / CGFloat(n))) }
        }
        out.append(p3)
    }
}
