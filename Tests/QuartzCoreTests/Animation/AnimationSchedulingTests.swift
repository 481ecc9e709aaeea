import QuartzCore
import Testing

private final class StopRecorder: NSObject, CAAnimationDelegate, @unchecked Sendable {
    var stops: [Bool] = []
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
}

/// Commits look only at newly added animations while the clock stands still, yet still
/// notice animations that a timing change made due without the clock moving.
@Suite struct AnimationSchedulingTests {
    private func fade(_ recorder: StopRecorder, duration: CFTimeInterval = 1) -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = duration
        fade.delegate = recorder
        return fade
    }

    @Test func aTimeOffsetThatEndsAnAnimationStopsItAtTheNextCommit() {
        withManualClock { clock in
            let recorder = StopRecorder()
            let layer = committedLayer()
            layer.add(fade(recorder), forKey: "fade")
            CATransaction.flush()
            clock.advance(by: 0.1)
            #expect(recorder.stops.isEmpty)
            layer.timeOffset = 5
            CATransaction.flush()
            #expect(recorder.stops == [true])
        }
    }

    @Test func manyCommitsInOneFrameStillFinishEveryAnimation() {
        withManualClock { clock in
            let recorder = StopRecorder()
            var layers: [CALayer] = []
            for i in 0..<300 {
                let layer = committedLayer()
                layers.append(layer)
                layer.add(fade(recorder, duration: 0.5 + Double(i % 3) * 0.1), forKey: "fade")
                CATransaction.flush()
            }
            #expect(recorder.stops.isEmpty)
            clock.advance(by: 0.6)
            #expect(recorder.stops.count == 200)
            clock.advance(by: 0.2)
            #expect(recorder.stops.count == 300)
            #expect(layers.allSatisfy { $0.animationKeys() == nil })
        }
    }

    @Test func aLayerMovedUnderAFasterParentIsRechecked() {
        withManualClock { clock in
            let recorder = StopRecorder()
            let fast = committedLayer { $0.speed = 20 }
            let layer = committedLayer()
            layer.add(fade(recorder), forKey: "fade")
            CATransaction.flush()
            clock.advance(by: 0.1)
            // Under a parent whose time runs 20 times faster, a tenth of a second is two.
            fast.addSublayer(layer)
            CATransaction.flush()
            // The next frame, with the clock not moved, finds the animation over.
            clock.advance(by: 0)
            #expect(recorder.stops == [true])
        }
    }
}
