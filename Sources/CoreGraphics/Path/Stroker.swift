/// Turns flattened contours into the outline of their stroke: closed polygons that, filled
/// with the nonzero rule, cover exactly the stroked area.
///
/// Each open contour becomes one outline — the left offset forwards, the end cap, the right
/// offset backwards, the start cap. A closed contour becomes two loops (left forwards, right
/// backwards). Outer corners get the requested join; inner corners pass through the vertex
/// itself, which keeps the outline's winding positive without computing intersections.
struct Stroker {
    var halfWidth: CGFloat
    var cap: CGLineCap
    var join: CGLineJoin
    var miterLimit: CGFloat
    /// Maximum distance between a round join or cap and its polygon approximation.
    var tolerance: CGFloat

    func stroke(_ contours: [Contour]) -> [[CGPoint]] {
        var result: [[CGPoint]] = []
        for contour in contours { stroke(contour) { result.append($0) } }
        return result
    }

    /// Hands the outlines of one contour's stroke to `emit`.
    func stroke(_ contour: Contour, emit: ([CGPoint]) -> Void) {
        // Non-finite geometry strokes nothing.
        guard contour.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        var points: [CGPoint] = []
        points.reserveCapacity(contour.points.count)
        for p in contour.points where points.last.map({ hypot($0.x - p.x, $0.y - p.y) > 1e-9 }) ?? true {
            points.append(p)
        }
        strokeDistinct(points, drawsDot: contour.points.count > 1 || contour.isClosed, closed: contour.isClosed,
                       startTangent: contour.startTangent, endTangent: contour.endTangent, emit: emit)
    }

    /// Strokes a polyline with no repeated consecutive points. `drawsDot`: whether a single
    /// point is a zero-length segment (drawn as its caps) rather than a lone move.
    fileprivate func strokeDistinct(_ distinct: [CGPoint], drawsDot: Bool, closed: Bool,
                                    startTangent: CGPoint?, endTangent: CGPoint?, emit: ([CGPoint]) -> Void) {
        var points = distinct
        if closed, points.count > 2, let first = points.first, let last = points.last,
           hypot(first.x - last.x, first.y - last.y) <= 1e-9 {
            points.removeLast()
        }
        if points.count == 1 {
            // A zero-length segment (not a lone move) is drawn as its caps: a dot or a square.
            if drawsDot { for outline in dot(points[0]) { emit(outline) } }
            return
        }
        guard points.count >= 2 else { return }
        if closed && points.count >= 3 {
            emit(offsetLoop(points, side: 1))
            emit(offsetLoop(points, side: -1).reversed())
        } else if closed {
            // Two distinct points closed: a segment there and back, with joins as caps.
            emit(openOutline(points + [points[0]], startCap: false, endCap: false))
        } else {
            emit(openOutline(points, startCap: true, endCap: true, startTangent: startTangent, endTangent: endTangent))
        }
    }

    /// The outline of the start cap alone, for a subpath stroked in pieces: the region the whole
    /// outline's start cap closes, with the outline's orientation.
    fileprivate func startCapOutline(at p: CGPoint, direction d: CGPoint) -> [CGPoint]? {
        guard cap != .butt else { return nil }
        let n = normal(d)
        var outline = [CGPoint(x: p.x - n.x, y: p.y - n.y)]
        appendCap(into: &outline, at: p, direction: CGPoint(x: -d.x, y: -d.y))
        outline.append(CGPoint(x: p.x + n.x, y: p.y + n.y))
        return outline
    }

    /// The unit direction of a tangent, or of the chord from `a` to `b` without one.
    fileprivate func unitDirection(_ tangent: CGPoint?, _ a: CGPoint, _ b: CGPoint) -> CGPoint {
        tangent.map { direction(.zero, $0) } ?? direction(a, b)
    }

    // MARK: Pieces

    fileprivate func direction(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = hypot(dx, dy)
        return CGPoint(x: dx / length, y: dy / length)
    }

    /// The left normal of a unit direction, scaled to the half width.
    fileprivate func normal(_ d: CGPoint) -> CGPoint {
        CGPoint(x: -d.y * halfWidth, y: d.x * halfWidth)
    }

    private func dot(_ p: CGPoint) -> [[CGPoint]] {
        switch cap {
        case .butt: return []
        case .square:
            let h = halfWidth
            return [[CGPoint(x: p.x - h, y: p.y - h), CGPoint(x: p.x + h, y: p.y - h),
                     CGPoint(x: p.x + h, y: p.y + h), CGPoint(x: p.x - h, y: p.y + h)]]
        case .round:
            var circle: [CGPoint] = []
            appendArc(into: &circle, center: p, from: 0, sweep: 2 * .pi)
            return [circle]
        }
    }

    /// Points of an arc of the half-width radius about `center`, excluding the start point.
    private func appendArc(into out: inout [CGPoint], center: CGPoint, from angle: CGFloat, sweep: CGFloat) {
        let r = halfWidth
        let step = 2 * acos(Swift.max(0, Swift.min(1, 1 - tolerance / Swift.max(r, 1e-9))))
        let count = Swift.max(1, Swift.min(1024, Int((abs(sweep) / Swift.max(step, 1e-3)).rounded(.up))))
        for i in 1...count {
            let a = angle + sweep * CGFloat(i) / CGFloat(count)
            out.append(CGPoint(x: center.x + r * cos(a), y: center.y + r * sin(a)))
        }
    }

    /// Adds the corner at `p` between incoming direction `d0` and outgoing `d1`, on `side`
    /// (+1 left, −1 right), ending at the outgoing offset point.
    fileprivate func appendJoin(into out: inout [CGPoint], at p: CGPoint, _ d0: CGPoint, _ d1: CGPoint, side: CGFloat) {
        let n0 = normal(d0), n1 = normal(d1)
        let a = CGPoint(x: p.x + side * n0.x, y: p.y + side * n0.y)
        let b = CGPoint(x: p.x + side * n1.x, y: p.y + side * n1.y)
        let cross = d0.x * d1.y - d0.y * d1.x
        let cosine = d0.x * d1.x + d0.y * d1.y
        if abs(cross) < 1e-12 && cosine > 0 {
            out.append(b)
            return
        }
        // A gentle turn (as between the pieces of a flattened curve): every join style lies
        // within `tolerance` of the offset lines' intersection, so that one point serves both
        // sides.
        let limit = Swift.max(0, 1 - 0.25 * tolerance / Swift.max(halfWidth, 1e-9))
        if cosine > 0 && (1 + cosine) / 2 > limit * limit {
            let scale = 1 / (1 + cosine)
            out.append(CGPoint(x: p.x + side * (n0.x + n1.x) * scale, y: p.y + side * (n0.y + n1.y) * scale))
            return
        }
        // A left turn (cross > 0) has its outer side on the right (side −1).
        let isOuter = side * cross < 0
        out.append(a)
        guard isOuter else {
            out.append(p)
            out.append(b)
            return
        }
        switch join {
        case .bevel:
            break
        case .miter:
            // Miter length / line width = 1 / sin(φ/2), and sin²(φ/2) = (1 + cos θ) / 2 where θ
            // is the turn between the directions.
            let sinHalfSquared = (1 + cosine) / 2
            if sinHalfSquared > 1e-12 && 1 / sinHalfSquared <= miterLimit * miterLimit {
                let scale = 1 / (1 + cosine)
                out.append(CGPoint(x: p.x + side * (n0.x + n1.x) * scale, y: p.y + side * (n0.y + n1.y) * scale))
            }
        case .round:
            let start = atan2(a.y - p.y, a.x - p.x)
            var sweep = atan2(b.y - p.y, b.x - p.x) - start
            // The short way round, in the sense of the turn: a left turn (cross > 0) sweeps
            // counterclockwise (positive angles), a right turn clockwise.
            if cross > 0 { if sweep < 0 { sweep += 2 * .pi } } else { if sweep > 0 { sweep -= 2 * .pi } }
            appendArc(into: &out, center: p, from: start, sweep: sweep)
        }
        out.append(b)
    }

    fileprivate func appendCap(into out: inout [CGPoint], at p: CGPoint, direction d: CGPoint) {
        // Going from the left offset (p + n) around the end to the right offset (p − n).
        let n = normal(d)
        switch cap {
        case .butt:
            break
        case .square:
            out.append(CGPoint(x: p.x + n.x + d.x * halfWidth, y: p.y + n.y + d.y * halfWidth))
            out.append(CGPoint(x: p.x - n.x + d.x * halfWidth, y: p.y - n.y + d.y * halfWidth))
        case .round:
            let start = atan2(n.y, n.x)
            appendArc(into: &out, center: p, from: start, sweep: -.pi)
            out.removeLast()  // the arc's end is the right offset point, appended by the caller
        }
    }

    /// The outline of an open polyline, with or without its caps (an end without one is
    /// butt). The ends are squared to `startTangent` and
    /// `endTangent` where the contour has them (ends on curves), else to the end segments.
    fileprivate func openOutline(_ points: [CGPoint], startCap: Bool, endCap: Bool,
                                 startTangent: CGPoint? = nil, endTangent: CGPoint? = nil) -> [CGPoint] {
        let count = points.count
        var directions: [CGPoint] = []
        for i in 0..<(count - 1) { directions.append(direction(points[i], points[i + 1])) }
        let firstDirection = startTangent.map { direction(.zero, $0) } ?? directions[0]
        var left: [CGPoint] = []
        var right: [CGPoint] = []
        let n0 = normal(firstDirection)
        left.append(CGPoint(x: points[0].x + n0.x, y: points[0].y + n0.y))
        right.append(CGPoint(x: points[0].x - n0.x, y: points[0].y - n0.y))
        for i in 1..<(count - 1) {
            appendJoin(into: &left, at: points[i], directions[i - 1], directions[i], side: 1)
            appendJoin(into: &right, at: points[i], directions[i - 1], directions[i], side: -1)
        }
        let lastDirection = endTangent.map { direction(.zero, $0) } ?? directions[directions.count - 1]
        let nl = normal(lastDirection)
        let end = points[count - 1]
        left.append(CGPoint(x: end.x + nl.x, y: end.y + nl.y))
        var outline = left
        if endCap { appendCap(into: &outline, at: end, direction: lastDirection) }
        outline.append(CGPoint(x: end.x - nl.x, y: end.y - nl.y))
        outline.append(contentsOf: right.reversed())
        if startCap {
            let back = CGPoint(x: -firstDirection.x, y: -firstDirection.y)
            appendCap(into: &outline, at: points[0], direction: back)
        }
        return outline
    }

    private func offsetLoop(_ points: [CGPoint], side: CGFloat) -> [CGPoint] {
        let count = points.count
        var directions: [CGPoint] = []
        for i in 0..<count { directions.append(direction(points[i], points[(i + 1) % count])) }
        var loop: [CGPoint] = []
        for i in 0..<count {
            appendJoin(into: &loop, at: points[i], directions[(i + count - 1) % count], directions[i], side: side)
        }
        return loop
    }
}

/// Strokes a flattened path fed a point at a time, handing outlines on as it goes, so stroking
/// holds at most about `pieceLength` points of any subpath, however long the path.
///
/// A subpath that fits is stroked whole, as `Stroker.stroke` strokes it. One that outgrows it is
/// stroked as a chain of pieces: the outline `Stroker` would make — left offsets forwards, right
/// offsets backwards, with the same joins — cut across after a join whenever it grows too long.
/// Consecutive pieces share the cut, traversed in opposite directions, and the rasterizer adds
/// signed areas, so the cuts cancel and the pieces draw exactly what the whole outline draws. An
/// open subpath's start cap becomes an outline of its own once the subpath is known to be open;
/// a closed one runs on through its start point (the join there) back to the first cut.
struct StrokeStream: ContourSink {
    let stroker: Stroker
    let pieceLength: Int
    let emit: ([CGPoint]) -> Void
    /// The subpath's points, no two consecutive ones equal, until it is stroked in pieces.
    private var points: [CGPoint] = []
    /// The subpath's first two distinct points.
    private var head: [CGPoint] = []
    private var rawCount = 0
    private var isFinite = true
    private var startTangent: CGPoint?
    // Once in pieces: the current piece's offsets, the last point and the direction into it.
    private var isPieced = false
    private var left: [CGPoint] = []
    private var right: [CGPoint] = []
    private var last = CGPoint.zero
    private var lastDirection = CGPoint.zero
    private var firstDirection = CGPoint.zero

    init(stroker: Stroker, pieceLength: Int = 4096, emit: @escaping ([CGPoint]) -> Void) {
        self.stroker = stroker
        self.pieceLength = Swift.max(pieceLength, 4)
        self.emit = emit
    }

    mutating func begin(at point: CGPoint) {
        points.removeAll(keepingCapacity: true)
        head.removeAll(keepingCapacity: true)
        rawCount = 0
        isFinite = true
        isPieced = false
        startTangent = nil
        add(point)
    }

    mutating func setStartTangent(_ tangent: CGPoint?) { startTangent = tangent }

    mutating func add(_ p: CGPoint) {
        rawCount += 1
        // Non-finite geometry strokes nothing: the rest of the subpath is ignored.
        guard isFinite else { return }
        guard p.x.isFinite, p.y.isFinite else {
            isFinite = false
            return
        }
        if isPieced {
            if hypot(last.x - p.x, last.y - p.y) > 1e-9 { advance(to: p) }
            return
        }
        if let previous = points.last, hypot(previous.x - p.x, previous.y - p.y) <= 1e-9 { return }
        points.append(p)
        if head.count < 2 { head.append(p) }
        if points.count > pieceLength { startPieces() }
    }

    /// Replays the points so far as offsets, and strokes the rest of the subpath as it comes.
    private mutating func startPieces() {
        isPieced = true
        firstDirection = stroker.unitDirection(startTangent, points[0], points[1])
        let n = stroker.normal(firstDirection)
        left = [CGPoint(x: points[0].x + n.x, y: points[0].y + n.y)]
        right = [CGPoint(x: points[0].x - n.x, y: points[0].y - n.y)]
        last = points[1]
        lastDirection = stroker.direction(points[0], points[1])
        let rest = points[2...]
        points = []
        for p in rest { advance(to: p) }
    }

    /// Adds the join at the last point, turning towards `p`.
    private mutating func advance(to p: CGPoint) {
        let d = stroker.direction(last, p)
        stroker.appendJoin(into: &left, at: last, lastDirection, d, side: 1)
        stroker.appendJoin(into: &right, at: last, lastDirection, d, side: -1)
        last = p
        lastDirection = d
        if left.count + right.count > pieceLength {
            emit(left + right.reversed())
            left = [left[left.count - 1]]
            right = [right[right.count - 1]]
        }
    }

    mutating func finish(closed: Bool, endTangent: CGPoint?) {
        // A subpath with a non-finite point strokes nothing more (callers that stream check
        // the path's points first, so no pieces of such a subpath were handed on).
        guard isFinite else { return }
        guard isPieced else {
            stroker.strokeDistinct(points, drawsDot: rawCount > 1 || closed, closed: closed,
                                   startTangent: startTangent, endTangent: endTangent, emit: emit)
            return
        }
        if closed {
            let start = head[0]
            if hypot(last.x - start.x, last.y - start.y) > 1e-9 { advance(to: start) }
            let out = stroker.direction(start, head[1])
            stroker.appendJoin(into: &left, at: start, lastDirection, out, side: 1)
            stroker.appendJoin(into: &right, at: start, lastDirection, out, side: -1)
            // End on the first piece's starting cut.
            let n = stroker.normal(firstDirection)
            left.append(CGPoint(x: start.x + n.x, y: start.y + n.y))
            right.append(CGPoint(x: start.x - n.x, y: start.y - n.y))
            emit(left + right.reversed())
        } else {
            let end = endTangent.map { stroker.direction(.zero, $0) } ?? lastDirection
            let n = stroker.normal(end)
            var outline = left
            outline.append(CGPoint(x: last.x + n.x, y: last.y + n.y))
            stroker.appendCap(into: &outline, at: last, direction: end)
            outline.append(CGPoint(x: last.x - n.x, y: last.y - n.y))
            outline.append(contentsOf: right.reversed())
            emit(outline)
            if let cap = stroker.startCapOutline(at: head[0], direction: firstDirection) { emit(cap) }
        }
        left = []
        right = []
    }
}
