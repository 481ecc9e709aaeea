import QuartzCore
import Testing

@Suite struct CAMediaTimingFunctionTests {
    /// The curve's y at x by plain bisection on the Bézier in double precision: an independent
    /// reference for the solver.
    private func reference(_ p: [Double], _ x: Double) -> Double {
        func b(_ t: Double, _ a: Double, _ c: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * c + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if b(mid, p[0], p[2]) < x { lo = mid } else { hi = mid }
        }
        return b((lo + hi) / 2, p[1], p[3])
    }

    private func controlPoints(_ f: CAMediaTimingFunction) -> [Float] {
        var values = [Float](repeating: -1, count: 8)
        values.withUnsafeMutableBufferPointer { buffer in
            for i in 0..<4 { f.getControlPoint(at: i, values: buffer.baseAddress! + 2 * i) }
        }
        return values
    }

    @Test func namedFunctionsHaveApplesControlPoints() {
        #expect(controlPoints(CAMediaTimingFunction(name: .linear)) == [0, 0, 0, 0, 1, 1, 1, 1])
        #expect(controlPoints(CAMediaTimingFunction(name: .easeIn)) == [0, 0, 0.42, 0, 1, 1, 1, 1])
        #expect(controlPoints(CAMediaTimingFunction(name: .easeOut)) == [0, 0, 0, 0, 0.58, 1, 1, 1])
        #expect(controlPoints(CAMediaTimingFunction(name: .easeInEaseOut)) == [0, 0, 0.42, 0, 0.58, 1, 1, 1])
        #expect(controlPoints(CAMediaTimingFunction(name: .default)) == [0, 0, 0.25, 0.1, 0.25, 1, 1, 1])
    }

    @Test func controlPointIndicesOutsideTheCurveWriteNothing() {
        let f = CAMediaTimingFunction(name: .easeIn)
        var values: [Float] = [7, 7]
        values.withUnsafeMutableBufferPointer { f.getControlPoint(at: 4, values: $0.baseAddress!) }
        values.withUnsafeMutableBufferPointer { f.getControlPoint(at: -1, values: $0.baseAddress!) }
        #expect(values == [7, 7])
    }

    /// Sampled at 0.2, 0.5 and 0.9 against the Bézier itself, and at 0.5 against the values
    /// every implementation of these curves gives (CSS's ease, ease-in, ease-out are the same).
    @Test(arguments: [
        (CAMediaTimingFunctionName.easeIn, [0.42, 0.0, 1.0, 1.0]),
        (.easeOut, [0.0, 0.0, 0.58, 1.0]),
        (.easeInEaseOut, [0.42, 0.0, 0.58, 1.0]),
        (.default, [0.25, 0.1, 0.25, 1.0]),
        (.linear, [0.0, 0.0, 1.0, 1.0]),
    ])
    func namedCurvesMatchTheBezier(name: CAMediaTimingFunctionName, points: [Double]) {
        let f = CAMediaTimingFunction(name: name)
        // Apple stores control points as Float: the reference uses the same rounded values.
        let stored = points.map { Double(Float($0)) }
        for x in [0.2, 0.5, 0.9] {
            #expect(abs(f.progress(at: x) - reference(stored, x)) < 1e-9, "\(name.rawValue) at \(x)")
        }
    }

    @Test func wellKnownMidpoints() {
        // Not exactly 0.5: Float(0.42) and Float(0.58) are not symmetric about 0.5.
        #expect(abs(CAMediaTimingFunction(name: .easeInEaseOut).progress(at: 0.5) - 0.5) < 1e-7)
        #expect(abs(CAMediaTimingFunction(name: .default).progress(at: 0.5) - 0.8024033877) < 1e-6)
        #expect(abs(CAMediaTimingFunction(name: .easeIn).progress(at: 0.5) - 0.3153568) < 1e-6)
        #expect(abs(CAMediaTimingFunction(name: .easeOut).progress(at: 0.5) - 0.6846432) < 1e-6)
        #expect(CAMediaTimingFunction(name: .linear).progress(at: 0.2) == 0.2)
    }

    @Test func endsAndBadInput() {
        let f = CAMediaTimingFunction(controlPoints: 0.3, 1.6, 0.7, -0.5) // overshooting y is allowed
        #expect(f.progress(at: 0) == 0)
        #expect(f.progress(at: 1) == 1)
        #expect(f.progress(at: -3) == 0)
        #expect(f.progress(at: 4) == 1)
        #expect(f.progress(at: .nan) == 0)
        #expect(f.progress(at: 0.3) > 0.3)
        // Control x outside 0…1 is clamped, so the curve stays a function of time.
        let clamped = CAMediaTimingFunction(controlPoints: -2, 0, 5, 1)
        #expect(controlPoints(clamped) == [0, 0, 0, 0, 1, 1, 1, 1])
        // A nearly flat start (vanishing slope) still converges by bisection.
        let steep = CAMediaTimingFunction(controlPoints: 1, 0, 1, 0)
        let y = steep.progress(at: 0.5)
        #expect(abs(y - reference([1, 0, 1, 0], 0.5)) < 1e-9)
    }
}
