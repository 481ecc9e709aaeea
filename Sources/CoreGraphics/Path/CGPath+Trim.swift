extension CGPath {
    /// The part of the path between fractions `start` and `end` (0…1) of its total length,
    /// measured over all subpaths in order, as polylines flattened to within `tolerance`. A
    /// closed subpath's closing segment counts. For `CAShapeLayer.strokeStart`/`strokeEnd`.
    package func trimmed(from start: CGFloat, to end: CGFloat, tolerance: CGFloat = 0.05) -> CGPath {
        let lo = Double(Swift.min(Swift.max(start.isFinite ? start : 0, 0), 1))
        let hi = Double(Swift.min(Swift.max(end.isFinite ? end : 1, 0), 1))
        let out = CGMutablePath()
        guard hi > lo else { return out }
        if lo == 0 && hi == 1 { return copy() ?? out }
        let contours = PathFlattener(tolerance: Swift.max(tolerance, 1e-4)).contours(elements, transform: .identity)
        // Each contour as a polyline (closed ones repeat their first point).
        let lines: [[CGPoint]] = contours.map { contour in
            contour.isClosed && contour.points.count > 1 ? contour.points + [contour.points[0]] : contour.points
        }
        var total = 0.0
        for line in lines where line.count > 1 {
            for i in 1..<line.count { total += CGPath.distance(line[i - 1], line[i]) }
        }
        guard total > 0, total.isFinite else { return out }
        let from = lo * total, to = hi * total
        var walked = 0.0
        for line in lines where line.count > 1 {
            var open = false
            for i in 1..<line.count {
                let a = line[i - 1], b = line[i]
                let length = CGPath.distance(a, b)
                let segmentStart = walked, segmentEnd = walked + length
                walked = segmentEnd
                guard length > 0, segmentEnd > from, segmentStart < to else {
                    if segmentStart >= to { open = false }
                    continue
                }
                let t0 = Swift.max(0, (from - segmentStart) / length), t1 = Swift.min(1, (to - segmentStart) / length)
                let p = CGPath.lerp(a, b, t0), q = CGPath.lerp(a, b, t1)
                if !open {
                    out.move(to: p)
                    open = true
                }
                out.addLine(to: q)
            }
        }
        return out
    }

    private static func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
        let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
        return (dx * dx + dy * dy).squareRoot()
    }

    private static func lerp(_ a: CGPoint, _ b: CGPoint, _ t: Double) -> CGPoint {
        CGPoint(x: Double(a.x) + Double(b.x - a.x) * t, y: Double(a.y) + Double(b.y - a.y) * t)
    }
}
