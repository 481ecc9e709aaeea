import Foundation
import QuartzCore
import Testing

@Suite struct CASpringAnimationTests {
    /// x(t) for m x'' + c x' + k x = 0, x(0) = 1, x'(0) = v0, written out independently.
    private func displacement(m: Double, k: Double, c: Double, v0: Double, t: Double) -> Double {
        let w = (k / m).squareRoot(), z = c / (2 * (k * m).squareRoot())
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return exp(-z * w * t) * (cos(wd * t) + (z * w + v0) / wd * sin(wd * t))
        } else if z == 1 {
            return exp(-w * t) * (1 + (v0 + w) * t)
        }
        let s = (z * z - 1).squareRoot()
        let a = -w * (z - s), b = -w * (z + s)
        let cb = (v0 - a) / (b - a)
        return (1 - cb) * exp(a * t) + cb * exp(b * t)
    }

    @Test(arguments: [(1.0, 100.0, 10.0, 0.0), (1.0, 100.0, 5.0, 3.0), (2.0, 50.0, 20.0, 0.0), (1.0, 100.0, 40.0, -2.0)])
    func positionsFollowTheAnalyticSolution(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        withManualClock { clock in
            let layer = committedLayer()
            let spring = CASpringAnimation(keyPath: "position.x")
            spring.fromValue = 0
            spring.toValue = 200
            spring.mass = mass
            spring.stiffness = stiffness
            spring.damping = damping
            spring.initialVelocity = velocity
            spring.duration = 5
            layer.add(spring, forKey: nil)
            CATransaction.flush()
            var elapsed = 0.0
            for t in [0.05, 0.2, 0.5, 1.3] {
                clock.advance(by: t - elapsed)
                elapsed = t
                let expected = 200 * (1 - displacement(m: mass, k: stiffness, c: damping, v0: -velocity, t: t))
                #expect(abs(Double(layer.presentation()!.position.x) - expected) < 1e-6)
            }
        }
    }

    @Test func defaultsAndSettling() {
        let spring = CASpringAnimation()
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10 && spring.initialVelocity == 0)
        // Apple's documented example: damping 5 settles in about 2.85 s.
        spring.damping = 5
        #expect(abs(spring.settlingDuration - 2.85) < 0.1)
        spring.damping = 15
        #expect(spring.settlingDuration < 2)
        // Critically damped and overdamped springs settle too, later the heavier the damping.
        spring.damping = 20
        let critical = spring.settlingDuration
        spring.damping = 60
        #expect(spring.settlingDuration > critical && critical > 0)
        spring.mass = -1
        #expect(spring.settlingDuration.isFinite)
    }
}
