import Testing
import UIKit

@MainActor
@Suite struct UIViewPropertyAnimatorTests {
    private func run(_ body: (CAMediaClock, UIView) -> Void) {
        let clock = CAMediaClock(manualTime: 20)
        clock.withCurrent {
            CATransaction.flush()
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            CATransaction.flush()
            body(clock, view)
            CATransaction.flush()
        }
    }

    private func x(_ view: UIView) -> CGFloat { view.layer.presentation()?.position.x ?? .nan }

    @Test func startsRunsAndCompletesAtTheEnd() {
        run { clock, view in
            var positions: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
            animator.addCompletion { positions.append($0) }
            #expect(animator.state == .inactive && !animator.isRunning)
            animator.startAnimation()
            CATransaction.flush()
            #expect(animator.state == .active && animator.isRunning)
            clock.advance(by: 0.25)
            #expect(abs(x(view) - 75) < 1e-9)
            #expect(abs(animator.fractionComplete - 0.25) < 1e-9)
            clock.advance(by: 0.75)
            #expect(positions == [.end])
            #expect(animator.state == .inactive)
            #expect(view.center.x == 150 && x(view) == 150)
            #expect(view.layer.animationKeys() == nil)
        }
    }

    /// Apps start an animator with `runningPropertyAnimator` and drop it; it still runs to its
    /// end and calls its completion (UIKit keeps a running animator alive).
    @Test func aRunningAnimatorNobodyKeepsStillFinishes() {
        run { clock, view in
            var positions: [UIViewAnimatingPosition] = []
            weak var dropped: UIViewPropertyAnimator?
            do {
                dropped = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.1, delay: 0, options: []) {
                    view.center.x = 150
                } completion: { positions.append($0) }
            }
            CATransaction.flush()
            #expect(dropped != nil)
            clock.advance(by: 0.2)
            #expect(positions == [.end])
            #expect(dropped == nil, "released once finished")
        }
    }

    @Test func pauseScrubAndResume() {
        run { clock, view in
            let animator = UIViewPropertyAnimator(duration: 2, curve: .easeIn) { view.center.x = 150 }
            animator.pauseAnimation()
            CATransaction.flush()
            #expect(animator.state == .active && !animator.isRunning)
            animator.fractionComplete = 0.5
            clock.advance(by: 10)
            // Paused scrubbing is linear in the fraction.
            #expect(abs(x(view) - 100) < 1e-9)
            #expect(animator.fractionComplete == 0.5)
            animator.startAnimation()
            clock.advance(by: 0.5)
            #expect(abs(animator.fractionComplete - 0.75) < 1e-9)
            let expected = 50 + 100 * CAMediaTimingFunction(name: .easeIn).progress(at: 0.75)
            #expect(abs(Double(x(view)) - expected) < 1e-9)
        }
    }

    @Test func reversingFinishesAtTheStart() {
        run { clock, view in
            var positions: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
            animator.addCompletion { positions.append($0) }
            animator.startAnimation()
            CATransaction.flush()
            clock.advance(by: 0.6)
            animator.isReversed = true
            clock.advance(by: 0.2)
            #expect(abs(animator.fractionComplete - 0.4) < 1e-9)
            #expect(abs(x(view) - 90) < 1e-9)
            clock.advance(by: 0.5)
            // The state is in the messages: this once failed in a full parallel run only, with
            // the presentation still at 150 (as if the restored model value had not been
            // committed yet). What is on screen is read after a commit, as a frame would.
            let state = "state \(animator.state.rawValue), running \(animator.isRunning), fraction \(animator.fractionComplete), keys \(view.layer.animationKeys() ?? [])"
            #expect(positions == [.start], "\(state)")
            #expect(view.center.x == 50, "\(state)")
            CATransaction.flush()
            #expect(x(view) == 50, "\(state)")
        }
    }

    @Test func stopKeepsTheCurrentValuesAndFinishCompletes() {
        run { clock, view in
            var positions: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
            animator.addCompletion { positions.append($0) }
            animator.startAnimation()
            CATransaction.flush()
            clock.advance(by: 0.3)
            animator.stopAnimation(false)
            CATransaction.flush()
            #expect(animator.state == .stopped)
            #expect(abs(view.center.x - 80) < 1e-9)
            #expect(view.layer.animationKeys() == nil)
            #expect(positions.isEmpty)
            animator.finishAnimation(at: .current)
            #expect(positions == [.current] && animator.state == .inactive)

            let silent = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
            var called = false
            silent.addCompletion { _ in called = true }
            silent.startAnimation()
            CATransaction.flush()
            clock.advance(by: 0.5)
            silent.stopAnimation(true)
            #expect(silent.state == .inactive && !called)
            #expect(abs(view.alpha - 0.5) < 1e-6)
        }
    }

    /// The scrubbing sequence of interactive transitions: pause, set the fraction, stop,
    /// finish at the current position. The properties stay where the fraction put them.
    @Test func aScrubbedStopKeepsTheInFlightValues() {
        run { clock, view in
            var positions: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
                view.center.x = 250
                view.alpha = 0
            }
            animator.addCompletion { positions.append($0) }
            animator.pauseAnimation()
            animator.fractionComplete = 0.5
            animator.stopAnimation(false)
            animator.finishAnimation(at: .current)
            #expect(positions == [.current])
            #expect(abs(view.center.x - 150) < 1e-9)
            #expect(abs(view.alpha - 0.5) < 1e-6)
            CATransaction.flush()
            clock.advance(by: 2)
            #expect(abs(x(view) - 150) < 1e-9)
            #expect(view.layer.animationKeys() == nil)
        }
    }

    @Test func animationsAddedWhileRunningTakeTheRest() {
        run { clock, view in
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 150 }
            animator.startAnimation()
            CATransaction.flush()
            clock.advance(by: 0.5)
            animator.addAnimations { view.alpha = 0 }
            CATransaction.flush()
            clock.advance(by: 0.25)
            #expect(abs((view.layer.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
            clock.advance(by: 0.25)
            #expect(animator.state == .inactive)
            #expect(view.alpha == 0)
        }
    }

    @Test func runningAnimatorWithDelayAndSpring() {
        run { clock, view in
            var done: UIViewAnimatingPosition?
            let animator = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0.5, options: .curveLinear,
                                                                         animations: { view.center.x = 150 },
                                                                         completion: { done = $0 })
            CATransaction.flush()
            clock.advance(by: 0.25)
            #expect(x(view) == 50)
            clock.advance(by: 0.75)
            #expect(abs(x(view) - 100) < 1e-9)
            clock.advance(by: 0.5)
            #expect(done == .end)
            #expect(animator.state == .inactive)
            let spring = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.5) { view.center.x = 0 }
            spring.startAnimation()
            CATransaction.flush()
            clock.advance(by: 1.01)
            #expect(spring.state == .inactive && abs(x(view)) < 0.2)
        }
    }
}
