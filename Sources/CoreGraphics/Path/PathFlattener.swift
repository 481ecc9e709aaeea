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

/// Receives a flattened path a point at a time: `begin` starts a subpath, `add` extends it,
/// `finish` ends it. `setStartTangent` comes once, after the subpath's first drawn element.
protocol ContourSink {
    mutating func begin(at point: CGPoint)
    mutating func add(_ point: CGPoint)
    mutating func setStartTangent(_ tangent: CGPoint?)
    mutating func finish(closed: Bool, endTangent: CGPoint?)
}

/// Collects whole contours.
struct ContourCollector: ContourSink {
    var contours: [Contour] = []
    private var current = Contour(points: [], isClosed: false)

    mutating func begin(at point: CGPoint) { current = Contour(points: [point], isClosed: false) }
    mutating func add(_ point: CGPoint) { current.points.append(point) }
    mutating func setStartTangent(_ tangent: CGPoint?) { current.startTangent = tangent }
    mutating func finish(closed: Bool, endTangent: CGPoint?) {
        current.isClosed = closed
        current.endTangent = endTangent
        contours.append(current)
        current = Contour(points: [], isClosed: false)
    }
}

/// Turns path elements into polylines whose distance from the true curves stays within
/// `tolerance` (in the space the points are produced in).
struct PathFlattener {
    var tolerance: CGFloat

    /// The contours of `elements` after mapping them by `transform`. Subpaths made of a single
    /// move are kept (with one point) because stroking draws caps for them.
    func contours(_ elements: [PathElement], transform: CGAffineTransform) -> [Contour] {
        var collector = ContourCollector()
        walk(elements, transform: transform, into: &collector)
        return collector.contours
    }

    /// Hands the flattened points of `elements`, mapped by `transform`, to `sink` one at a time,
    /// subpath by subpath, so a consumer that streams need never hold a whole subpath.
    func walk<Sink: ContourSink>(_ elements: [PathElement], transform: CGAffineTransform, into sink: inout Sink) {
        var hasSubpath = false
        var count = 0
        var first = CGPoint.zero
        var last = CGPoint.zero
        var endTangent: CGPoint?
        func finish(closed: Bool) {
            if hasSubpath { sink.finish(closed: closed, endTangent: endTangent) }
            hasSubpath = false
            count = 0
            endTangent = nil
        }
        /// Records a drawn piece's end directions (nil for lines, whose chord is exact).
        func noteDirections(start: CGPoint?, end: CGPoint?) {
            if count == 1 { sink.setStartTangent(start) }
            endTangent = end
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                last = p.applying(transform)
                first = last
                sink.begin(at: last)
                count = 1
                hasSubpath = true
            case .line(let p):
                let q = p.applying(transform)
                // Drawing with no current subpath draws nothing (paths begin with a move).
                guard hasSubpath else { last = q; continue }
                noteDirections(start: nil, end: nil)
                sink.add(q)
                count += 1
                last = q
            case .quad(let c, let p):
                let c1 = c.applying(transform), p2 = p.applying(transform)
                guard hasSubpath else { last = p2; continue }
                noteDirections(start: PathFlattener.tangent(last, c1, p2), end: PathFlattener.tangent(p2, c1, last).map { CGPoint(x: -$0.x, y: -$0.y) })
                flattenQuad(last, c1, p2) { sink.add($0) }
                count += 1
                last = p2
            case .cubic(let c1, let c2, let p):
                let d1 = c1.applying(transform), d2 = c2.applying(transform), p3 = p.applying(transform)
                guard hasSubpath else { last = p3; continue }
                noteDirections(start: PathFlattener.tangent(last, d1, d2, p3),
                               end: PathFlattener.tangent(p3, d2, d1, last).map { CGPoint(x: -$0.x, y: -$0.y) })
                flattenCubic(last, d1, d2, p3) { sink.add($0) }
                count += 1
                last = p3
            case .close:
                let start = hasSubpath ? first : last
                finish(closed: true)
                last = start
            }
        }
        finish(closed: false)
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

    @inline(__always)
    private func flattenQuad(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ out: (CGPoint) -> Void) {
        let dd = hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
        let n = segmentCount(dd, factor: 0.25)
        if n > 1 {
            for i in 1..<n { out(BezierMath.quadPoint(p0, p1, p2, CGFloat(i) / CGFloat(n))) }
        }
        out(p2)
    }

    @inline(__always)
    private func flattenCubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ out: (CGPoint) -> Void) {
        let dd1 = hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
        let dd2 = hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y)
        let n = segmentCount(Swift.max(dd1, dd2), factor: 0.75)
        if n > 1 {
            for i in 1..<n { out(BezierMath.cubicPoint(p0, p1, p2, p3, CGFloat(i) / CGFloat(n))) }
        }
        out(p3)
    }
}
