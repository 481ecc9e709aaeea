import QuartzCore
import Testing

@Suite struct CALayerPresentationTests {
    @Test func presentationIsNilUntilCommitted() {
        withManualClock { _ in
            let layer = CALayer()
            layer.position = CGPoint(x: 5, y: 6)
            #expect(layer.presentation() == nil)
            CATransaction.flush()
            let presentation = layer.presentation()
            #expect(presentation?.position == CGPoint(x: 5, y: 6))
            #expect(presentation?.model() === layer)
            #expect(layer.model() === layer)
            #expect(presentation !== layer)
        }
    }

    @Test func presentationShowsTheCommittedState() {
        withManualClock { _ in
            let layer = committedLayer { $0.opacity = 0.5 }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0.9
            // Not committed yet: the screen still shows 0.5.
            #expect(layer.presentation()?.opacity == 0.5)
            CATransaction.commit()
            #expect(layer.presentation()?.opacity == 0.9)
        }
    }

    @Test func sublayersArePresentationLayers() {
        withManualClock { clock in
            let root = CALayer(), child = CALayer()
            root.addSublayer(child)
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: 0, y: 0)
            move.toValue = CGPoint(x: 40, y: 80)
            move.duration = 2
            child.add(move, forKey: "move")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let presentation = root.presentation()
            let sub = presentation?.sublayers?.first
            #expect(sub?.position == CGPoint(x: 10, y: 20))
            #expect(sub?.model() === child)
            #expect(sub != nil && sub?.superlayer === presentation)
        }
    }

    @Test func removedOnCompletionAndFillForwards() {
        withManualClock { clock in
            let layer = committedLayer { $0.position = CGPoint(x: 1, y: 1) }
            let log = AnimationLog()
            let move = CABasicAnimation(keyPath: "position.y")
            move.toValue = 101
            move.duration = 1
            move.delegate = log
            move.isRemovedOnCompletion = false
            move.fillMode = .forwards
            layer.add(move, forKey: "stay")
            CATransaction.flush()
            #expect(log.events == ["start a"])
            clock.advance(by: 2)
            #expect(log.events == ["start a", "stop a true"])
            #expect(layer.animationKeys() == ["stay"])
            #expect(layer.presentation()?.position.y == 101)
            #expect(layer.position.y == 1)
            layer.removeAnimation(forKey: "stay")
            CATransaction.flush()
            #expect(layer.presentation()?.position.y == 1)
            // It had already finished: no second stop.
            #expect(log.events == ["start a", "stop a true"])
        }
    }

    @Test func removalReportsUnfinished() {
        withManualClock { clock in
            let layer = committedLayer()
            let log = AnimationLog()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = 0
            fade.duration = 5
            fade.delegate = log
            layer.add(fade, forKey: "fade")
            CATransaction.flush()
            clock.advance(by: 1)
            layer.removeAllAnimations()
            #expect(log.events == ["start a"])
            CATransaction.flush()
            #expect(log.events == ["start a", "stop a false"])
            #expect(layer.presentation()?.opacity == 1)
        }
    }

    @Test func delayedBeginStartsLater() {
        withManualClock { clock in
            let layer = committedLayer()
            let log = AnimationLog()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 1
            fade.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
            fade.fillMode = .backwards
            fade.delegate = log
            layer.add(fade, forKey: nil)
            CATransaction.flush()
            #expect(log.events.isEmpty)
            #expect(layer.presentation()?.opacity == 0)
            clock.advance(by: 1.5)
            #expect(log.events == ["start a"])
            #expect(layer.presentation()?.opacity == 0.5)
        }
    }

    @Test func pausedLayerFreezesItsAnimations() {
        withManualClock { clock in
            let layer = committedLayer()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = 10
            layer.add(move, forKey: nil)
            CATransaction.flush()
            clock.advance(by: 2)
            // Pause as Apple's guide does: speed 0, time offset at the current local time.
            let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
            layer.speed = 0
            layer.timeOffset = paused
            clock.advance(by: 5)
            #expect(layer.presentation()?.position.x == 20)
        }
    }

    @Test func transformRotationKeyPathTurnsAWholeRevolution() {
        withManualClock { clock in
            let layer = committedLayer()
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = CGFloat.pi * 2
            spin.duration = 1
            layer.add(spin, forKey: nil)
            CATransaction.flush()
            clock.advance(by: 0.75)
            let t = layer.presentation()!.transform
            // 270°: (cos, sin) = (0, −1).
            #expect(abs(t.m11) < 1e-9 && abs(t.m12 + 1) < 1e-9)
        }
    }

    @Test func halfTurnTransformsDoNotCollapse() {
        withManualClock { clock in
            let layer = committedLayer()
            let turn = CABasicAnimation(keyPath: "transform")
            turn.fromValue = CATransform3DIdentity
            turn.toValue = CATransform3DMakeRotation(.pi, 0, 0, 1)
            turn.duration = 1
            layer.add(turn, forKey: nil)
            CATransaction.flush()
            clock.advance(by: 0.5)
            let t = layer.presentation()!.transform
            // A quarter turn with unit scale, not a matrix squashed to zero.
            #expect(abs(t.m11) < 1e-9 && abs(abs(t.m12) - 1) < 1e-9 && abs(t.m22) < 1e-9)
        }
    }
}
