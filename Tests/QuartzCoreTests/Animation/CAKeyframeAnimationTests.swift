import QuartzCore
import Testing

@Suite struct CAKeyframeAnimationTests {
    /// position.x of a layer at `times` (seconds after the commit) under a 1 s keyframe
    /// animation configured by `configure`.
    private func xs(at times: [Double], _ configure: (CAKeyframeAnimation) -> Void) -> [CGFloat] {
        withManualClock { clock in
            let layer = committedLayer()
            let animation = CAKeyframeAnimation(keyPath: "position.x")
            animation.duration = 1
            configure(animation)
            layer.add(animation, forKey: nil)
            CATransaction.flush()
            var elapsed = 0.0
            return times.map { t in
                clock.advance(by: t - elapsed)
                elapsed = t
                return layer.presentation()?.position.x ?? .nan
            }
        }
    }

    /// Equal within clock rounding (times are offsets from 100 s).
    private func close(_ a: [CGFloat], _ b: [CGFloat]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test func linearWithAndWithoutKeyTimes() {
        #expect(xs(at: [0, 0.25, 0.5, 0.75]) { $0.values = [0, 10, 30] } == [0, 5, 10, 20])
        #expect(close(xs(at: [0.1, 0.2, 0.6]) { $0.values = [0, 10, 30]; $0.keyTimes = [0, 0.2, 1] }, [5, 10, 20]))
        // One pacing curve per segment.
        let eased = xs(at: [0.25]) { $0.values = [0, 10, 30]; $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)] }
        let expected = 10 * CAMediaTimingFunction(name: .easeIn).progress(at: 0.5)
        #expect(abs(Double(eased[0]) - expected) < 1e-9)
    }

    @Test func discreteHoldsEachValue() {
        #expect(xs(at: [0, 0.3, 0.34, 0.7, 0.99]) { $0.values = [1, 2, 3]; $0.calculationMode = .discrete } == [1, 1, 2, 3, 3])
        #expect(xs(at: [0.05, 0.2, 0.95]) { $0.values = [1, 2, 3]; $0.keyTimes = [0, 0.1, 0.9, 1]; $0.calculationMode = .discrete } == [1, 2, 3])
    }

    @Test func pacedMovesAtConstantSpeed() {
        // Distances 10 and 30: a quarter of the time reaches 10, whatever the key times say.
        #expect(close(xs(at: [0.25, 0.5, 0.75]) { $0.values = [0, 10, 40]; $0.keyTimes = [0, 0.9, 1]; $0.calculationMode = .paced }, [10, 20, 30]))
    }

    @Test func cubicIsCatmullRom() {
        let values: [Double] = [0, 10, 0, 10]
        let got = xs(at: [1.0 / 6, 0.5]) { $0.values = values; $0.calculationMode = .cubic }
        // Segment 0 at t = 0.5 with tangents (10 − 0)/2 and (0 − 0)/2.
        func hermite(_ p1: Double, _ p2: Double, _ m1: Double, _ m2: Double, _ t: Double) -> Double {
            let t2 = t * t, t3 = t2 * t
            return (2 * t3 - 3 * t2 + 1) * p1 + (t3 - 2 * t2 + t) * m1 + (-2 * t3 + 3 * t2) * p2 + (t3 - t2) * m2
        }
        #expect(abs(Double(got[0]) - hermite(0, 10, 5, 0, 0.5)) < 1e-9)
        #expect(abs(Double(got[1]) - hermite(10, 0, 0, 0, 0.5)) < 1e-9)
        // Tension 1 at both ends of the first segment: zero tangents, a smoothstep.
        let tense = xs(at: [1.0 / 6]) { $0.values = values; $0.calculationMode = .cubic; $0.tensionValues = [1, 1, 0, 0] }
        #expect(abs(Double(tense[0]) - hermite(0, 10, 0, 0, 0.5)) < 1e-9)
        // Bias 1 at keyframe 2: arriving there follows only its incoming difference (0 − 10).
        let biased = xs(at: [0.5]) { $0.values = values; $0.calculationMode = .cubic; $0.biasValues = [0, 0, 1, 0] }
        #expect(abs(Double(biased[0]) - hermite(10, 0, 0, -10, 0.5)) < 1e-9)
        // Cubic paced: paced key times on the spline (equal distances here).
        let paced = xs(at: [0.5]) { $0.values = values; $0.calculationMode = .cubicPaced }
        #expect(abs(Double(paced[0]) - 5) < 1e-9)
    }

    @Test func pathLinearPacedAndRotation() {
        withManualClock { clock in
            let layer = committedLayer()
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 300))
            let linear = CAKeyframeAnimation(keyPath: "position")
            linear.path = path
            linear.duration = 1
            layer.add(linear, forKey: "linear")
            let paced = CAKeyframeAnimation(keyPath: "anchorPoint")
            paced.path = path
            paced.calculationMode = .paced
            paced.rotationMode = .rotateAuto
            paced.duration = 1
            layer.add(paced, forKey: "paced")
            CATransaction.flush()
            clock.advance(by: 0.25)
            let p = layer.presentation()!
            // Linear: half of the first segment. Paced: 100 of 400 units, the corner.
            #expect(p.position == CGPoint(x: 50, y: 0))
            #expect(abs(p.anchorPoint.x - 100) < 1e-9 && abs(p.anchorPoint.y) < 1e-9)
            clock.advance(by: 0.5)
            let q = layer.presentation()!
            #expect(q.position == CGPoint(x: 100, y: 150))
            #expect(abs(q.anchorPoint.y - 200) < 1e-6)
            // Heading down the second segment: a quarter turn.
            #expect(abs(q.transform.m11) < 1e-6 && abs(q.transform.m12 - 1) < 1e-6)
        }
    }

    @Test func colorsAndSingleValues() {
        withManualClock { clock in
            let layer = committedLayer()
            let animation = CAKeyframeAnimation(keyPath: "backgroundColor")
            animation.values = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
            animation.duration = 1
            layer.add(animation, forKey: nil)
            let single = CAKeyframeAnimation(keyPath: "opacity")
            single.values = [0.5]
            single.duration = 1
            layer.add(single, forKey: nil)
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(layer.presentation()?.backgroundColor?.components == [0.5, 0, 0.5, 1])
            #expect(layer.presentation()?.opacity == 0.5)
        }
    }
}
