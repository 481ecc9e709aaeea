import Foundation

/// A basic animation whose progress follows a damped spring pulling the value from its start to
/// its end: it may overshoot and oscillate before settling.
///
/// Progress at local time t is 1 − x(t), where x is the spring's displacement solved in closed
/// form for m·x″ + c·x′ + k·x = 0 with x(0) = 1 and x′(0) = −initialVelocity. The timing
/// function is not used: the spring's own motion paces it.
open class CASpringAnimation: CABasicAnimation {
    /// The mass on the spring (> 0); 1 by default.
    open var mass: CGFloat = 1
    /// The spring's stiffness (> 0); 100 by default.
    open var stiffness: CGFloat = 100
    /// The damping coefficient (≥ 0); 10 by default.
    open var damping: CGFloat = 10
    /// The starting velocity in units of the whole distance per second: positive toward the end
    /// value, negative away from it; 0 by default.
    open var initialVelocity: CGFloat = 0

    /// How long the spring takes to come to rest: the time after which its displacement stays
    /// within 0.001 of the distance travelled.
    ///
    /// - Note: Differs from Apple: computed from the closed-form envelope of the motion;
    ///   Apple's estimate uses an undocumented criterion and can be a few percent longer.
    open var settlingDuration: CFTimeInterval {
        SpringMotion(self).settlingDuration
    }

    open override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let other = other as? CASpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "mass": return mass
        case "stiffness": return stiffness
        case "damping": return damping
        case "initialVelocity": return initialVelocity
        case "settlingDuration": return settlingDuration
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        let number = AnimationNumber.double(value).map { CGFloat($0) }
        switch key {
        case "mass": if let number { mass = number }
        case "stiffness": if let number { stiffness = number }
        case "damping": if let number { damping = number }
        case "initialVelocity": if let number { initialVelocity = number }
        default: super.setValue(value, forKey: key)
        }
    }

    override func pacedProgress(_ sample: MediaTimingModel.Sample) -> Double {
        SpringMotion(self).progress(at: sample.fraction * duration)
    }
}

/// The closed-form motion of a damped spring from displacement 1 toward 0.
struct SpringMotion {
    let omega0: Double
    let zeta: Double
    let v0: Double

    init(_ spring: CASpringAnimation) {
        self.init(mass: Double(spring.mass), stiffness: Double(spring.stiffness), damping: Double(spring.damping),
                  initialVelocity: Double(spring.initialVelocity))
    }

    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        // Invalid parameters fall back to the defaults rather than producing NaN.
        let m = mass > 0 && mass.isFinite ? mass : 1
        let k = stiffness > 0 && stiffness.isFinite ? stiffness : 100
        let c = damping >= 0 && damping.isFinite ? damping : 10
        omega0 = (k / m).squareRoot()
        zeta = c / (2 * (k * m).squareRoot())
        v0 = initialVelocity.isFinite ? -initialVelocity : 0
    }

    /// The displacement x(t) (1 at rest at the start, 0 at the end value).
    func displacement(at t: Double) -> Double {
        guard t > 0 else { return 1 }
        if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega0 + v0) / omegaD
            return exp(-zeta * omega0 * t) * (cos(omegaD * t) + b * sin(omegaD * t))
        }
        if zeta == 1 {
            return exp(-omega0 * t) * (1 + (v0 + omega0) * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega0 * (zeta - root), r2 = -omega0 * (zeta + root)
        let c2 = (v0 - r1) / (r2 - r1)
        return (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
    }

    func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    var settlingDuration: Double {
        let epsilon = 0.001
        if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega0 + v0) / omegaD
            let amplitude = (1 + b * b).squareRoot()
            guard zeta > 0 else { return .infinity }
            return Swift.max(0, log(amplitude / epsilon) / (zeta * omega0))
        }
        // Non-oscillating: the last time |x| ≥ ε, found by doubling then bisection.
        var high = 1.0 / omega0
        while Swift.abs(displacement(at: high)) >= epsilon && high < 1e6 { high *= 2 }
        var low = 0.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if Swift.abs(displacement(at: mid)) >= epsilon { low = mid } else { high = mid }
        }
        return high
    }
}
