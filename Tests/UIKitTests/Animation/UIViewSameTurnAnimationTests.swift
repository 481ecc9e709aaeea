import Testing
import UIKit

/// Views and layers made and animated in the same turn of the run loop, before anything was
/// committed: on iOS they animate from the values set before the block.
@MainActor
@Suite struct UIViewSameTurnAnimationTests {
    @Test func aViewAddedAndFadedInTheSameTurnFades() {
        withManualClock { clock in
            let container = committedView(CGRect(x: 0, y: 0, width: 200, height: 200))
            let badge = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
            badge.alpha = 0
            container.addSubview(badge)
            var finished: Bool?
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                badge.alpha = 1
            }, completion: { finished = $0 })
            #expect(badge.alpha == 1)
            CATransaction.flush()
            #expect(badge.layer.presentation()?.opacity == 0)
            clock.advance(by: 0.25)
            #expect(badge.layer.presentation()?.opacity == 0.25)
            #expect(finished == nil)
            clock.advance(by: 0.75)
            #expect(badge.layer.presentation()?.opacity == 1)
            #expect(finished == true)
        }
    }

    @Test func aNewViewMovesWithASpring() {
        withManualClock { clock in
            let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            card.center = CGPoint(x: 50, y: 400)
            UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                           options: [], animations: { card.center = CGPoint(x: 50, y: 100) })
            CATransaction.flush()
            #expect(card.layer.animation(forKey: "position") is CASpringAnimation)
            #expect(card.layer.presentation()?.position == CGPoint(x: 50, y: 400))
            clock.advance(by: 0.3)
            let y = card.layer.presentation()?.position.y ?? 0
            #expect(y < 400 && y > 100)
            clock.advance(by: 1)
            #expect(card.layer.presentation()?.position == CGPoint(x: 50, y: 100))
        }
    }

    @Test func aNewViewRunsKeyframes() {
        withManualClock { clock in
            let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { dot.alpha = 0.5 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { dot.alpha = 0 }
            })
            CATransaction.flush()
            clock.advance(by: 0.25)
            #expect(dot.layer.presentation()?.opacity == 0.75)
            clock.advance(by: 0.5)
            #expect(dot.layer.presentation()?.opacity == 0.25)
        }
    }

    @Test func aNewStandaloneLayerRunsAnExplicitAnimation() {
        withManualClock { clock in
            let pulse = CALayer()
            pulse.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            let animation = CABasicAnimation(keyPath: "transform.scale")
            animation.fromValue = NSNumber(value: 1)
            animation.toValue = NSNumber(value: 3)
            animation.duration = 2
            pulse.add(animation, forKey: "pulse")
            CATransaction.flush()
            clock.advance(by: 1)
            let scale = pulse.presentation()?.value(forKeyPath: "transform.scale") as? CGFloat
            #expect(scale.map { abs($0 - 2) < 1e-9 } == true)
        }
    }

    /// A standalone layer that was never committed has nothing on screen to animate from:
    /// its first property changes apply at once, as on iOS.
    @Test func aNewStandaloneLayerDoesNotAnimateImplicitly() {
        withManualClock { _ in
            let layer = CALayer()
            layer.opacity = 0.5
            layer.position = CGPoint(x: 30, y: 30)
            CATransaction.flush()
            #expect(layer.animationKeys() == nil)
        }
    }

    /// Outside a manual clock's advance, the completion of an empty block arrives from the
    /// main queue on a later turn.
    @Test func emptyBlockCompletionArrivesFromTheMainQueue() async {
        var finished: Bool?
        UIView.animate(withDuration: 0.3, animations: {}, completion: { finished = $0 })
        #expect(finished == nil)
        for _ in 0..<20 where finished == nil { await Task.yield() }
        #expect(finished == true)
    }
}
