/// Interpolation between two paths with the same elements: each point moves from its place in
/// the first path to its place in the second. Paths whose element kinds differ do not
/// interpolate (nil), and the caller switches between them discretely.
enum PathInterpolation {
    private struct Element {
        var type: CGPathElementType
        var points: [CGPoint]
    }

    private static func elements(of path: CGPath) -> [Element] {
        var out: [Element] = []
        path.applyWithBlock { pointer in
            let element = pointer.pointee
            let count: Int
            switch element.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            }
            out.append(Element(type: element.type, points: (0..<count).map { element.points[$0] }))
        }
        return out
    }

    static func interpolate(_ a: CGPath, _ b: CGPath, _ t: Double) -> CGPath? {
        let from = elements(of: a), to = elements(of: b)
        guard from.count == to.count, zip(from, to).allSatisfy({ $0.type == $1.type }) else { return nil }
        let path = CGMutablePath()
        let k = CGFloat(t)
        for (p, q) in zip(from, to) {
            let points = zip(p.points, q.points).map { CGPoint(x: $0.x + ($1.x - $0.x) * k, y: $0.y + ($1.y - $0.y) * k) }
            switch p.type {
            case .moveToPoint: path.move(to: points[0])
            case .addLineToPoint: path.addLine(to: points[0])
            case .addQuadCurveToPoint: path.addQuadCurve(to: points[1], control: points[0])
            case .addCurveToPoint: path.addCurve(to: points[2], control1: points[0], control2: points[1])
            case .closeSubpath: path.closeSubpath()
            }
        }
        return path
    }
}
