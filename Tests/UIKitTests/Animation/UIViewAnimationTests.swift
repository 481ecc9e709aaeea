import Testing
import UIKit

/// Runs `body` on a manual clock bound to this task, with the main thread's transactions
/// flushed before and after.
@MainActor
private func withManualClock(_ body: (CAMediaClock) -> Void) {
    let clock = CAMediaClock(manualTime: 50)
    clock.withCurrent {
        CATransaction.flush()
        body(clock)
        CATransaction.flush()
    }
}

/// A view that has been committed once (so that its layer's changes can animate).
@MainActor
private func committedView(_ frame: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100)) -> UIView {
    let view = UIView(frame: frame)
    CATransaction.flush()
    return view
}

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

    @Test func emptyBlocksCompleteRightAway() {
        withManualClock { _ in
            var finished: Bool?
            UIView.animate(withDuration: 1, animations: {}, completion: { finished = $0 })
            CATransaction.flush()
            #expect(finished == true)
        }
    }
}

@MainActor
@Suite struct UIViewTransitionTests {
    @Test func crossDissolveCapturesTheOldRendering() {
        withManualClock { clock in
            let container = committedView(CGRect(x: 0, y: 0, width: 20, height: 20))
            container.backgroundColor = .red
            CATransaction.flush()
            var finished: Bool?
            UIView.transition(with: container, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
                container.backgroundColor = .blue
            }, completion: { finished = $0 })
            CATransaction.flush()
            #expect(container.layer.animationKeys() == [kCATransition])
            clock.advance(by: 0.5)
            let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: {
                let f = UIGraphicsImageRendererFormat(); f.scale = 1; return f
            }()).image { context in container.layer.presentation()!.render(in: context.cgContext) }
            let pixel = image.cgImage!.dataProvider!.data! as Data
            #expect(abs(Int(pixel[0]) - 128) <= 1 && abs(Int(pixel[2]) - 128) <= 1)
            clock.advance(by: 0.5)
            #expect(finished == true)
        }
    }

    @Test func transitionFromViewToView() {
        withManualClock { clock in
            let container = committedView()
            let first = UIView(frame: container.bounds), second = UIView(frame: container.bounds)
            container.addSubview(first)
            CATransaction.flush()
            var done = false
            UIView.transition(from: first, to: second, duration: 0.5, options: .transitionFlipFromLeft) { done = $0 }
            CATransaction.flush()
            #expect(container.subviews.count == 1 && container.subviews.first === second)
            #expect(first.superview == nil)
            clock.advance(by: 0.5)
            #expect(done)
        }
    }
}

@MainActor
@Suite struct UIViewAnimationInteractionTests {
    @Test func animatingViewsTakeNoTouchesUnlessAllowed() {
        withManualClock { clock in
            let root = committedView(CGRect(x: 0, y: 0, width: 200, height: 200))
            let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            root.addSubview(child)
            CATransaction.flush()
            UIView.animate(withDuration: 1) { child.alpha = 0.5 }
            CATransaction.flush()
            #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === root)
            clock.advance(by: 1)
            #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === child)
            UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { child.alpha = 1 })
            CATransaction.flush()
            #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === child)
        }
    }

    /// On the main queue an implicit transaction commits at the end of the run-loop turn.
    @Test func implicitTransactionsCommitAtTheEndOfTheTurn() async {
        let layer = CALayer()
        #expect(layer.presentation() == nil)
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
        #expect(layer.presentation() != nil)
    }
}

@MainActor
@Suite struct UIViewSnapshotTests {
    @Test func drawHierarchyShowsTheInFlightFrame() {
        withManualClock { clock in
            let container = committedView(CGRect(x: 0, y: 0, width: 40, height: 20))
            container.backgroundColor = .white
            let dot = UIView(frame: CGRect(x: 0, y: 5, width: 10, height: 10))
            dot.backgroundColor = .red
            container.addSubview(dot)
            CATransaction.flush()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { dot.center.x = 35 })
            clock.advance(by: 0.5)
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            // The animation block committed at once (no implicit transaction was open): at
            // 0.5 s the dot is half-way, x 15…25.
            let image = UIGraphicsImageRenderer(size: container.bounds.size, format: format).image { _ in
                #expect(container.drawHierarchy(in: container.bounds, afterScreenUpdates: true))
            }
            clock.advance(by: 0.5)
            let later = UIGraphicsImageRenderer(size: container.bounds.size, format: format).image { _ in
                container.drawHierarchy(in: container.bounds, afterScreenUpdates: false)
            }
            let first = image.cgImage!.dataProvider!.data! as Data, second = later.cgImage!.dataProvider!.data! as Data
            #expect(first[(10 * 40 + 20) * 4 + 1] == 0 && first[(10 * 40 + 2) * 4 + 1] == 255)
            // Ended: at the model position, x 30…40.
            #expect(second[(10 * 40 + 35) * 4 + 1] == 0 && second[(10 * 40 + 20) * 4 + 1] == 255)
            #expect(container.snapshotView(afterScreenUpdates: false)?.bounds.size == container.bounds.size)
            #expect(!UIView().drawHierarchy(in: .zero, afterScreenUpdates: false))
        }
    }
}

private final class RedView: UIView {
    override func draw(_ rect: CGRect) {
        UIColor.red.setFill()
        UIRectFill(bounds)
    }
}

@MainActor
@Suite struct CompositorViewTests {
    /// Commits lay out and display, so the render side gets a view's drawn backing store.
    @Test func committedViewsCarryTheirDrawing() throws {
        try withManualClockThrowing { clock in
            let view = RedView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 20, pixelHeight: 10))
            renderer.layer = view.layer
            renderer.beginFrame(atTime: clock.time)
            _ = renderer.updateBounds()
            renderer.render()
            renderer.endFrame()
            let data = renderer.makeImage()!.dataProvider!.data! as Data
            #expect(data[(5 * 20 + 10) * 4] == 255 && data[(5 * 20 + 10) * 4 + 1] == 0 && data[(5 * 20 + 10) * 4 + 3] == 255)
        }
    }
}

@MainActor
private func withManualClockThrowing(_ body: (CAMediaClock) throws -> Void) throws {
    let clock = CAMediaClock(manualTime: 50)
    try clock.withCurrent {
        CATransaction.flush()
        try body(clock)
        CATransaction.flush()
    }
}
