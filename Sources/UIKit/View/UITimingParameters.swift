import Foundation

/// Which kind of timing a `UITimingCurveProvider` describes.
public enum UITimingCurveType: Int, Sendable {
    case builtin = 0
    case cubic = 1
    case spring = 2
    case composed = 3
}

/// Timing for a property animator: a cubic curve, a spring, or both.
@preconcurrency @MainActor
public protocol UITimingCurveProvider: NSObjectProtocol {
    /// Which of the parameters below apply.
    var timingCurveType: UITimingCurveType { get }
    /// The cubic timing, for cubic and built-in curves.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring timing, for springs.
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1).
@preconcurrency @MainActor
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    /// The standard curve this was made from (`.easeInOut` for custom control points).
    public let animationCurve: UIView.AnimationCurve
    /// The first control point.
    public let controlPoint1: CGPoint
    /// The second control point.
    public let controlPoint2: CGPoint
    let isBuiltin: Bool

    /// The default curve: ease in and out.
    public override convenience init() {
        self.init(animationCurve: .easeInOut)
    }

    /// One of the standard curves.
    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        let points = curve.timingFunction.controlPointPair
        controlPoint1 = points.0
        controlPoint2 = points.1
        isBuiltin = true
        super.init()
    }

    /// A curve through two control points.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
        isBuiltin = false
        super.init()
    }

    open var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
    open var cubicTimingParameters: UICubicTimingParameters? { self }
    open var springTimingParameters: UISpringTimingParameters? { nil }

    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
                              Float(controlPoint2.x), Float(controlPoint2.y))
    }
}

/// A spring: by damping ratio (settling over the animator's duration), or by mass,
/// stiffness and damping.
///
/// - Note: Differs from Apple: a spring given by mass, stiffness and damping runs with the
///   same damping ratio but settles over the animator's duration, which Apple would derive
///   from the spring.
@preconcurrency @MainActor
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    /// The starting velocity, in fractions of the distance per second (both axes).
    public let initialVelocity: CGVector
    /// The damping ratio (1 settles without overshoot).
    let dampingRatio: CGFloat

    /// A critically damped spring.
    public override convenience init() {
        self.init(dampingRatio: 1, initialVelocity: .zero)
    }

    /// A spring with `ratio` damping and no starting velocity.
    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: .zero)
    }

    /// A spring with `ratio` damping and a starting velocity.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = ratio.isFinite && ratio > 0 ? ratio : 1
        initialVelocity = velocity
        super.init()
    }

    /// A spring from its physical constants: damping ratio = damping / (2 √(stiffness × mass)).
    public convenience init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        let product = stiffness * mass
        self.init(dampingRatio: product > 0 ? damping / (2 * product.squareRoot()) : 1, initialVelocity: velocity)
    }

    open var timingCurveType: UITimingCurveType { .spring }
    open var cubicTimingParameters: UICubicTimingParameters? { nil }
    open var springTimingParameters: UISpringTimingParameters? { self }
}

extension CAMediaTimingFunction {
    /// The two inner control points.
    var controlPointPair: (CGPoint, CGPoint) {
        var a: [Float] = [0, 0], b: [Float] = [0, 0]
        getControlPoint(at: 1, values: &a)
        getControlPoint(at: 2, values: &b)
        return (CGPoint(x: CGFloat(a[0]), y: CGFloat(a[1])), CGPoint(x: CGFloat(b[0]), y: CGFloat(b[1])))
    }
}
