import Foundation

/// The arithmetic of scrolling, one axis at a time: rubber-banding past an edge, deceleration,
/// the spring back to an edge, and the curve of an animated offset change. Times in seconds,
/// velocities in points per second, all in content-offset terms (positive: the offset grows).
enum ScrollPhysics {
    /// The rubber band's stiffness: the widely measured constant of iOS's formula.
    static let rubberBandCoefficient = 0.55

    /// How far the content shows past an edge when the finger has pulled `overshoot` points
    /// past it, in a scroll view `dimension` points long: (1 − 1 / (x·c / d + 1))·d. It
    /// starts at the finger's pace and never reaches `dimension`.
    static func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
        guard overshoot > 0, dimension > 0 else { return 0 }
        return (1 - 1 / (overshoot * rubberBandCoefficient / dimension + 1)) * dimension
    }

    /// The finger's overshoot that shows `shown` points past an edge (the inverse of
    /// `rubberBand`), so that a drag starting past an edge continues smoothly.
    static func fingerOvershoot(showing shown: Double, dimension: Double) -> Double {
        guard shown > 0, dimension > 0, shown < dimension else { return shown > 0 ? .infinity : 0 }
        return (1 / (1 - shown / dimension) - 1) * dimension / rubberBandCoefficient
    }

    /// The decay constant of a deceleration rate: velocity is multiplied by `rate` every
    /// millisecond, so v(t) = v₀·e^(−k·t) with k = −1000·ln(rate) per second.
    static func decay(_ rate: Double) -> Double {
        let clamped = Swift.min(Swift.max(rate, 0.5), 0.999_999)
        return -1000 * log(clamped)
    }

    /// How far a release at `velocity` travels before it stops: v₀ / k (the integral of the
    /// decaying velocity).
    static func projectedDistance(velocity: Double, rate: Double) -> Double {
        velocity / decay(rate)
    }

    /// The angular frequency of the spring that returns the content to an edge or to a
    /// page (critically damped: it settles without oscillating).
    ///
    /// - Note: Differs from Apple: Apple does not publish its bounce spring; this one
    ///   returns from a rest within about half a second.
    static let springFrequency = 2 * Double.pi / 0.5

    /// The ease of an animated `setContentOffset` or `scrollRectToVisible` (ease in and out).
    static let animationDuration = 0.3

    static func ease(_ t: Double) -> Double {
        let x = Swift.min(Swift.max(t, 0), 1)
        return x * x * (3 - 2 * x)
    }
}

/// What one axis does after the finger lifts: it decelerates from the release velocity and,
/// if that carries it past an edge, bounces back (or stops at the edge when bouncing is
/// off); released past an edge, it springs back; a target it was given (a page, a delegate's
/// target) it approaches on a decaying curve that ends exactly there.
struct AxisMotion {
    enum Kind {
        /// x(t) = start + v/k·(1 − e^(−kt)), then from `crossing` a spring from the edge.
        case decelerate
        /// x(t) = target + (a + (v + ωa)·t)·e^(−ωt), a = start − target.
        case spring
        /// x(t) = start + (target − start)·(1 − e^(−kt)).
        case approach
    }

    let kind: Kind
    let start: Double
    let velocity: Double
    let k: Double
    let target: Double
    /// For `.decelerate`: when the path reaches an edge (nil: it stops inside), and the
    /// edge and velocity there.
    let crossing: Double?
    let edge: Double
    let crossingVelocity: Double
    let bounces: Bool
    /// How close counts as arrived, in points.
    static let settled = 0.05

    /// A release at `start` with `velocity`, in a range `lower…upper`.
    init(releaseAt start: Double, velocity: Double, rate: Double, lower: Double, upper: Double, bounces: Bool) {
        self.start = start
        self.velocity = velocity
        self.bounces = bounces
        k = ScrollPhysics.decay(rate)
        if start < lower || start > upper {
            kind = .spring
            target = start < lower ? lower : upper
            crossing = nil
            edge = target
            crossingVelocity = 0
            return
        }
        kind = .decelerate
        let free = start + velocity / k
        if free < lower || free > upper {
            let e = free < lower ? lower : upper
            // Solve start + v/k·(1 − e^(−kt)) = e for t.
            let fraction = 1 - (e - start) * k / velocity
            let t = fraction > 0 ? -log(fraction) / k : 0
            crossing = t
            edge = e
            crossingVelocity = velocity * exp(-k * t)
            target = e
        } else {
            crossing = nil
            edge = free
            crossingVelocity = 0
            target = free
        }
    }

    /// A curve from `start` that ends exactly at `target`, decaying at `rate`.
    init(approachFrom start: Double, to target: Double, rate: Double) {
        kind = .approach
        self.start = start
        self.target = target
        velocity = 0
        k = ScrollPhysics.decay(rate)
        crossing = nil
        edge = target
        crossingVelocity = 0
        bounces = true
    }

    /// A critically damped spring from `start` (moving at `velocity`) to `target`.
    init(springFrom start: Double, velocity: Double, to target: Double) {
        kind = .spring
        self.start = start
        self.velocity = velocity
        self.target = target
        k = 0
        crossing = nil
        edge = target
        crossingVelocity = 0
        bounces = true
    }

    /// Where the axis is `t` seconds after the release, and whether it has come to rest
    /// there (at its final value).
    func position(at t: Double) -> (value: Double, done: Bool) {
        let t = Swift.max(t, 0)
        switch kind {
        case .decelerate:
            if let crossing, t >= crossing {
                guard bounces else { return (edge, true) }
                return AxisMotion.spring(a: 0, v: crossingVelocity, target: edge, t: t - crossing)
            }
            let remaining = velocity / k * exp(-k * t)
            if abs(remaining) < AxisMotion.settled && crossing == nil { return (target, true) }
            return (start + velocity / k - remaining, false)
        case .spring:
            return AxisMotion.spring(a: start - target, v: velocity, target: target, t: t)
        case .approach:
            let remaining = (target - start) * exp(-k * t)
            if abs(remaining) < AxisMotion.settled { return (target, true) }
            return (target - remaining, false)
        }
    }

    private static func spring(a: Double, v: Double, target: Double, t: Double) -> (value: Double, done: Bool) {
        let w = ScrollPhysics.springFrequency
        let decay = exp(-w * t)
        let offset = (a + (v + w * a) * t) * decay
        let speed = (v - (v + w * a) * w * t) * decay
        if abs(offset) < AxisMotion.settled && abs(speed) < 1 { return (target, true) }
        return (target + offset, false)
    }
}
