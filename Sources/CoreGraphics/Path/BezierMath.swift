/// Evaluation and extrema of quadratic and cubic Bézier curves.
enum BezierMath {
    /// Handle length, as a fraction of the radius, of a cubic approximating a quarter circle:
    /// 4/3 · (√2 − 1).
    static let circleKappa: CGFloat = 0.552_284_749_830_793_4

    static func quadPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ t: CGFloat) -> CGPoint {
        let mt = 1 - t
        return CGPoint(
            x: mt * mt * p0.x + 2 * mt * t * p1.x + t * t * p2.x,
            y: mt * mt * p0.y + 2 * mt * t * p1.y + t * t * p2.y)
    }

    static func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let mt = 1 - t
        let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
        return CGPoint(
            x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
            y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// Parameters in (0, 1) where a quadratic's x or y derivative vanishes.
    static func quadExtrema(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint) -> [CGFloat] {
        var result: [CGFloat] = []
        for (a, b, c) in [(p0.x, p1.x, p2.x), (p0.y, p1.y, p2.y)] {
            let denominator = a - 2 * b + c
            if denominator != 0 {
                let t = (a - b) / denominator
                if t > 0 && t < 1 { result.append(t) }
            }
        }
        return result
    }

    /// Parameters in (0, 1) where a cubic's x or y derivative vanishes.
    static func cubicExtrema(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) -> [CGFloat] {
        var result: [CGFloat] = []
        for (a, b, c, d) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
            // Derivative / 3 = qa·t² + qb·t + qc.
            let qa = -a + 3 * b - 3 * c + d
            let qb = 2 * (a - 2 * b + c)
            let qc = b - a
            if abs(qa) < 1e-12 {
                if qb != 0 {
                    let t = -qc / qb
                    if t > 0 && t < 1 { result.append(t) }
                }
                continue
            }
            let discriminant = qb * qb - 4 * qa * qc
            guard discriminant >= 0 else { continue }
            let root = discriminant.squareRoot()
            for t in [(-qb + root) / (2 * qa), (-qb - root) / (2 * qa)] where t > 0 && t < 1 {
                result.append(t)
            }
        }
        return result
    }
}
