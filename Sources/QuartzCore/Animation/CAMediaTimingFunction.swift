/// The name of one of Core Animation's predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Constant pace: control points (0, 0) and (1, 1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Starts slowly: control points (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Ends slowly: control points (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Starts and ends slowly: control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The curve of implicit animations: control points (0.25, 0.1) and (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A pacing curve: a cubic Bézier from (0, 0) to (1, 1) whose two inner control points are
/// given, mapping an animation's elapsed fraction (x) to its progress (y).
open class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    /// The inner control points, as Apple stores them (single precision).
    private let c1x: Float, c1y: Float, c2x: Float, c2y: Float

    /// A curve with control points (0, 0), (c1x, c1y), (c2x, c2y) and (1, 1). The x values are
    /// clamped to 0…1 so that the curve is a function of time.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        @inline(__always) func unit(_ v: Float) -> Float { v.isFinite ? Swift.min(Swift.max(v, 0), 1) : 0 }
        self.c1x = unit(c1x)
        self.c1y = c1y.isFinite ? c1y : 0
        self.c2x = unit(c2x)
        self.c2y = c2y.isFinite ? c2y : 1
        super.init()
    }

    /// One of the predefined curves; an unknown name gives the linear curve.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// Writes control point `idx` (0…3) as two floats, x then y, to `ptr`. Indices outside
    /// 0…3 write nothing.
    open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let points: [(Float, Float)] = [(0, 0), (c1x, c1y), (c2x, c2y), (1, 1)]
        guard points.indices.contains(idx) else { return }
        ptr[0] = points[idx].0
        ptr[1] = points[idx].1
    }

    /// The curve's progress at elapsed fraction `x` (clamped to 0…1): the y of the curve point
    /// whose x is `x`, solved to within 1e-12 in the curve parameter.
    package func progress(at x: Double) -> Double {
        guard x.isFinite else { return 0 }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let x1 = Double(c1x), y1 = Double(c1y), x2 = Double(c2x), y2 = Double(c2y)
        if x1 == y1 && x2 == y2 { return x } // a straight line
        // B(t) = 3(1−t)²t·p1 + 3(1−t)t²·p2 + t³, as a polynomial in t.
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        @inline(__always) func curveX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        @inline(__always) func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
        // Newton's method from t = x, then bisection if it has not converged (x(t) is
        // monotonic on 0…1 because both inner x values lie in 0…1).
        var t = x
        var solved = false
        for _ in 0..<8 {
            let error = curveX(t) - x
            if abs(error) < 1e-12 { solved = true; break }
            let slope = slopeX(t)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
            if !(0...1).contains(t) { break }
        }
        if !solved {
            var lo = 0.0, hi = 1.0
            t = x
            for _ in 0..<64 {
                t = (lo + hi) / 2
                let value = curveX(t)
                if abs(value - x) < 1e-12 { break }
                if value < x { lo = t } else { hi = t }
            }
        }
        return ((ay * t + by) * t + cy) * t
    }

    open override var description: String {
        "<CAMediaTimingFunction: (\(c1x), \(c1y)) (\(c2x), \(c2y))>"
    }
}
