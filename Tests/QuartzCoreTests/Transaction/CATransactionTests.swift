import QuartzCore
import Testing

private final class AnsweringDelegate: NSObject, CALayerDelegate {
    var answers: [String: any CAAction] = [:]
    var asked: [String] = []
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        asked.append(event)
        return answers[event]
    }
}

@Suite struct CATransactionTests {
    @Test func valuesNestAndDefault() {
        withManualClock { _ in
            #expect(CATransaction.animationDuration() == 0.25)
            #expect(CATransaction.disableActions() == false)
            #expect(CATransaction.animationTimingFunction() == nil)
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            CATransaction.setValue("outer", forKey: "custom")
            CATransaction.begin()
            #expect(CATransaction.animationDuration() == 2)
            CATransaction.setAnimationDuration(3)
            #expect(CATransaction.animationDuration() == 3)
            #expect(CATransaction.value(forKey: "custom") as? String == "outer")
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 2)
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 0.25)
        }
    }

    @Test func implicitAnimationRunsFromThePresentationValue() {
        withManualClock { clock in
            let layer = committedLayer { $0.position = CGPoint(x: 0, y: 0) }
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.position = CGPoint(x: 100, y: 0)
            CATransaction.commit()
            let implicit = layer.animation(forKey: "position") as? CABasicAnimation
            #expect(implicit?.fromValue as? CGPoint == CGPoint(x: 0, y: 0))
            #expect(implicit?.toValue == nil)
            #expect(implicit?.duration == 1)
            clock.advance(by: 0.5)
            #expect(layer.presentation()?.position.x == 50)
            // Retargeting mid-flight starts from where the layer is seen, not from the model.
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.position = CGPoint(x: 0, y: 0)
            CATransaction.commit()
            #expect((layer.animation(forKey: "position") as? CABasicAnimation)?.fromValue as? CGPoint == CGPoint(x: 50, y: 0))
            clock.advance(by: 0.5)
            #expect(layer.presentation()?.position.x == 25)
            clock.advance(by: 0.5)
            #expect(layer.presentation()?.position.x == 0)
            #expect(layer.animationKeys() == nil)
        }
    }

    @Test func implicitAnimationUsesTheDefaultCurve() {
        withManualClock { clock in
            let layer = committedLayer()
            layer.opacity = 0
            CATransaction.flush()
            let implicit = layer.animation(forKey: "opacity") as? CABasicAnimation
            var points: [Float] = [0, 0]
            implicit?.timingFunction?.getControlPoint(at: 1, values: &points)
            #expect(points == [0.25, 0.1])
            #expect(implicit?.duration == 0.25)
            clock.advance(by: 0.125)
            let expected = 1 - CAMediaTimingFunction(name: .default).progress(at: 0.5)
            #expect(abs(Double(layer.presentation()!.opacity) - expected) < 1e-6)
        }
    }

    @Test func noImplicitAnimationBeforeTheFirstCommitOrWithActionsDisabled() {
        withManualClock { _ in
            let fresh = CALayer()
            fresh.opacity = 0.5
            #expect(fresh.animationKeys() == nil)
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let delegate = AnsweringDelegate()
            fresh.delegate = delegate
            fresh.opacity = 0.1
            CATransaction.commit()
            #expect(fresh.animationKeys() == nil)
            #expect(delegate.asked.isEmpty)
        }
    }

    @Test func actionPrecedence() {
        withManualClock { _ in
            let layer = committedLayer()
            let delegate = AnsweringDelegate()
            layer.delegate = delegate
            let fromStyle = CABasicAnimation(), fromActions = CABasicAnimation(), fromDelegate = CABasicAnimation()
            layer.style = ["actions": ["opacity": fromStyle] as [String: any CAAction]]
            #expect(layer.action(forKey: "opacity") as? CABasicAnimation === fromStyle)
            layer.actions = ["opacity": fromActions]
            #expect(layer.action(forKey: "opacity") as? CABasicAnimation === fromActions)
            delegate.answers["opacity"] = fromDelegate
            #expect(layer.action(forKey: "opacity") as? CABasicAnimation === fromDelegate)
            delegate.answers["opacity"] = NSNull()
            #expect(layer.action(forKey: "opacity") == nil)
            // NSNull in `actions` hides the style's and the implicit animation.
            delegate.answers = [:]
            layer.actions = ["opacity": NSNull()]
            #expect(layer.action(forKey: "opacity") == nil)
            layer.opacity = 0.3
            CATransaction.flush()
            #expect(layer.animationKeys() == nil)
            #expect(delegate.asked.last == "opacity")
        }
    }

    @Test func completionWaitsForItsAnimations() {
        withManualClock { clock in
            let layer = committedLayer()
            var events: [String] = []
            let log = AnimationLog("fade")
            CATransaction.begin()
            CATransaction.setCompletionBlock { events.append("outer") }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = 0
            fade.duration = 2
            fade.delegate = log
            layer.add(fade, forKey: "fade")
            CATransaction.begin()
            CATransaction.setCompletionBlock { events.append("inner") }
            let move = CABasicAnimation(keyPath: "position.x")
            move.toValue = 10
            move.duration = 1
            layer.add(move, forKey: "move")
            CATransaction.commit()
            CATransaction.commit()
            #expect(events.isEmpty)
            clock.advance(by: 1)
            #expect(events == ["inner"])
            clock.advance(by: 1)
            #expect(events == ["inner", "outer"])
            #expect(log.events == ["start fade", "stop fade true"])
        }
    }

    @Test func completionRunsRightAfterCommitWithoutAnimations() {
        withManualClock { clock in
            var events: [String] = []
            CATransaction.begin()
            CATransaction.setCompletionBlock { events.append("first") }
            // Replacing the block releases the first one: nothing was added for it.
            CATransaction.setCompletionBlock { events.append("second") }
            #expect(events == ["first"])
            CATransaction.commit()
            #expect(events == ["first", "second"])
            // Added before the block was set: not waited for.
            let layer = committedLayer()
            CATransaction.begin()
            let move = CABasicAnimation(keyPath: "position.x")
            move.toValue = 10
            move.duration = 1
            layer.add(move, forKey: nil)
            CATransaction.setCompletionBlock { events.append("third") }
            CATransaction.commit()
            #expect(events == ["first", "second", "third"])
            clock.advance(by: 2)
        }
    }

    @Test func removedAnimationsReleaseTheCompletion() {
        withManualClock { clock in
            let layer = committedLayer()
            var done = false
            CATransaction.begin()
            CATransaction.setCompletionBlock { done = true }
            let move = CABasicAnimation(keyPath: "position.x")
            move.toValue = 10
            move.duration = 100
            layer.add(move, forKey: "move")
            CATransaction.commit()
            clock.advance(by: 1)
            #expect(!done)
            layer.removeAnimation(forKey: "move")
            CATransaction.flush()
            #expect(done)
        }
    }

    @Test func explicitTransactionInsideAnImplicitOneWaits() {
        withManualClock { _ in
            let layer = committedLayer()
            layer.name = "opens an implicit transaction"
            CATransaction.setDisableActions(true)
            CATransaction.begin()
            layer.opacity = 0.4
            CATransaction.commit()
            // The implicit transaction is still open: nothing reached the screen yet.
            #expect(layer.presentation()?.opacity == 1)
            CATransaction.flush()
            #expect(layer.presentation()?.opacity == 0.4)
        }
    }

    @Test func lockIsRecursive() {
        CATransaction.lock()
        CATransaction.lock()
        CATransaction.unlock()
        CATransaction.unlock()
    }

    /// A layer changed and freed before the commit can leave its identity to a new layer made
    /// right after; the new layer's changes must still be committed.
    @Test func changesOfALayerReusingAFreedLayersIdentityAreCommitted() {
        withManualClock { _ in
            for _ in 0..<50 {
                do {
                    let doomed = CALayer()
                    doomed.opacity = 0.5
                }
                let survivor = CALayer()
                survivor.opacity = 0.25
                CATransaction.flush()
                #expect(survivor.presentation()?.opacity == 0.25)
            }
        }
    }
}
