import Testing
import UIKit

@MainActor
@Suite struct UIViewAnimationTests {
    @Test func outsideBlocksViewsDoNotAnimate() {
        withManualClock { _ in
            let view = committedView()
            view.center = CGPoint(x: 300, y: 300)
            view.alpha = 0.5
            CATransaction.flush()
            #expect(view.layer.animationKeys() == nil)
            #expect(view.layer.action(forKey: "position") == nil)
            // A standalone layer animates the same change implicitly.
            let layer = CALayer()
            CATransaction.flush()
            layer.position = CGPoint(x: 300, y: 300)
            CATransaction.flush()
            #expect(layer.animationKeys() == ["position"])
        }
    }

    @Test func animateMovesTheViewAndCompletes() {
        withManualClock { clock in
            let view = committedView()
            var finished: [Bool] = []
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
                view.center = CGPoint(x: 150, y: 50)
                view.alpha = 0
            }, completion: { finished.append($0) })
            #expect(view.center == CGPoint(x: 150, y: 50))
            CATransaction.flush()
            clock.advance(by: 0.5)
            let presentation = view.layer.presentation()
            #expect(presentation?.position == CGPoint(x: 100, y: 50))
            #expect(presentation?.opacity == 0.5)
            #expect(finished.isEmpty)
            clock.advance(by: 0.5)
            #expect(finished == [true])
            #expect(view.layer.animationKeys() == nil)
            #expect(view.layer.presentation()?.position == CGPoint(x: 150, y: 50))
        }
    }

    @Test func curvesDelayRepeatAndAutoreverse() {
        withManualClock { clock in
            let view = committedView()
            UIView.animate(withDuration: 1, delay: 0.5, options: [.curveEaseIn, .repeat, .autoreverse], animations: {
                view.center.x = 150
            })
            CATransaction.flush()
            let animation = view.layer.animation(forKey: "position") as? CABasicAnimation
            #expect(animation?.repeatCount == .infinity)
            #expect(animation?.autoreverses == true)
            #expect(animation?.isAdditive == true)
            clock.advance(by: 0.25)
            // Still in the delay: the old position shows.
            #expect(view.layer.presentation()?.position.x == 50)
            clock.advance(by: 0.75)
            let expected = 50 + 100 * CAMediaTimingFunction(name: .easeIn).progress(at: 0.5)
            #expect(abs(Double(view.layer.presentation()!.position.x) - expected) < 1e-9)
            clock.advance(by: 1)
            // Half-way back in the reversed half-cycle.
            #expect(abs(Double(view.layer.presentation()!.position.x) - expected) < 1e-9)
        }
    }

    /// iOS 8 and later: a new animation of the same property adds to the running one, so the
    /// motion stays continuous; the first completion still reports finished.
    @Test func interruptedAnimationsAddUp() {
        withManualClock { clock in
            let view = committedView()
            var log: [String] = []
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 150 },
                           completion: { log.append("first \($0)") })
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(view.layer.presentation()?.position.x == 100)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 50 },
                           completion: { log.append("second \($0)") })
            CATransaction.flush()
            // Continuous at the moment of change.
            #expect(view.layer.presentation()?.position.x == 100)
            #expect(view.layer.animationKeys() == ["position", "position-2"])
            clock.advance(by: 0.5)
            // First: 150 − 100·0 at its end; second: 50 + 100·0.5.
            #expect(view.layer.presentation()?.position.x == 100)
            #expect(log == ["first true"])
            clock.advance(by: 0.5)
            #expect(view.layer.presentation()?.position.x == 50)
            #expect(log == ["first true", "second true"])
        }
    }

    @Test func beginFromCurrentStateReplacesAndReportsUnfinished() {
        withManualClock { clock in
            let view = committedView()
            var log: [String] = []
            view.backgroundColor = .red
            CATransaction.flush()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 150 },
                           completion: { log.append("first \($0)") })
            CATransaction.flush()
            clock.advance(by: 0.5)
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState],
                           animations: { view.center.x = 50 }, completion: { log.append("second \($0)") })
            CATransaction.flush()
            #expect(log == ["first false"])
            #expect(view.layer.animationKeys() == ["position"])
            clock.advance(by: 0.5)
            #expect(view.layer.presentation()?.position.x == 75)
        }
    }

    @Test func colorsAnimateFromThePresentationValue() {
        withManualClock { clock in
            let view = committedView()
            view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            CATransaction.flush()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            })
            CATransaction.flush()
            clock.advance(by: 0.25)
            #expect(view.layer.presentation()?.backgroundColor?.components == [0.75, 0, 0.25, 1])
        }
    }

    @Test func springSettlesAtItsDuration() {
        withManualClock { clock in
            let view = committedView()
            var finished = false
            UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0, options: [],
                           animations: { view.center.x = 150 }, completion: { finished = $0 })
            CATransaction.flush()
            let spring = view.layer.animation(forKey: "position") as? CASpringAnimation
            #expect(spring != nil)
            #expect(abs((spring?.settlingDuration ?? 0) - 1) < 1e-6)
            clock.advance(by: 0.3)
            // Underdamped: it overshoots the target on the way.
            var overshoot = false
            for _ in 0..<20 {
                clock.advance(by: 0.02)
                if (view.layer.presentation()?.position.x ?? 0) > 150 { overshoot = true }
            }
            #expect(overshoot)
            clock.advance(by: 1)
            #expect(finished)
        }
    }

    @Test func keyframesRunInTheirWindows() {
        withManualClock { clock in
            let view = committedView()
            var done = false
            UIView.animateKeyframes(withDuration: 2, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 150 }
                UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { view.center.x = 250 }
            }, completion: { done = $0 })
            CATransaction.flush()
            let samples: [CGFloat] = [0.5, 0.5, 0.5, 0.25, 0.25].map { step in
                clock.advance(by: step)
                return view.layer.presentation()?.position.x ?? .nan
            }
            #expect(samples == [100, 150, 150, 200, 250])
            #expect(done)
        }
    }

    @Test func performWithoutAnimationAndDisabledAnimations() {
        withManualClock { _ in
            let view = committedView()
            var completed = false
            UIView.animate(withDuration: 1, animations: {
                UIView.performWithoutAnimation { view.center.x = 10 }
                view.alpha = 0.5
            }, completion: { completed = $0 })
            CATransaction.flush()
            #expect(view.layer.animationKeys() == ["opacity"])
            UIView.setAnimationsEnabled(false)
            UIView.animate(withDuration: 1) { view.center.x = 20 }
            UIView.setAnimationsEnabled(true)
            CATransaction.flush()
            #expect(view.layer.animationKeys() == ["opacity"])
            #expect(view.center.x == 20)
            #expect(!completed)
        }
    }

    @Test func nestedBlocksInheritTheDuration() {
        withManualClock { _ in
            let view = committedView()
            UIView.animate(withDuration: 2) {
                #expect(UIView.inheritedAnimationDuration == 2)
                UIView.animate(withDuration: 5) { view.center.x = 10 }
                UIView.animate(withDuration: 5, delay: 0, options: .overrideInheritedDuration, animations: { view.alpha = 0 })
            }
            CATransaction.flush()
            #expect(view.layer.animation(forKey: "position")?.duration == 2)
            #expect(view.layer.animation(forKey: "opacity")?.duration == 5)
            #expect(UIView.inheritedAnimationDuration == 0)
        }
    }

    /// iOS never calls the completion inside `animate`; with nothing to animate it comes on
    /// the next turn of the main run loop, finished.
    @Test func emptyBlocksCompleteOnTheNextTurn() {
        withManualClock { clock in
            var finished: Bool?
            UIView.animate(withDuration: 1, animations: {}, completion: { finished = $0 })
            #expect(finished == nil)
            CATransaction.flush()
            #expect(finished == nil)
            clock.advance(by: 0)
            #expect(finished == true)
        }
    }
}
