import Testing
import UIKit

/// Each recognizer's state transitions on scripted touches, and arbitration between them.
@MainActor
@Suite struct GestureRecognizerTests {
    private func attach<R: UIGestureRecognizer>(_ recognizer: R, to view: UIView, _ states: StateLog) -> R {
        recognizer.addHandler { states.handle($0) }
        view.addGestureRecognizer(recognizer)
        return recognizer
    }

    @Test func tapRecognizesOnLiftAndResets() {
        withWindow { window, _ in
            let log = StateLog()
            let tap = attach(UITapGestureRecognizer(), to: window, log)
            #expect(tap.view === window && window.gestureRecognizers?.count == 1)
            window.tap(at: CGPoint(x: 40, y: 40))
            #expect(log.states == [.ended])
            #expect(tap.state == .possible)
            #expect(tap.location(in: nil) == CGPoint(x: 40, y: 40))
            // Moving too far fails it.
            window.drag(from: CGPoint(x: 40, y: 40), to: CGPoint(x: 80, y: 40))
            #expect(log.states == [.ended])
            // Two fingers for a one-finger tap fail it.
            window.tap(at: CGPoint(x: 40, y: 40), fingers: 2)
            #expect(log.states == [.ended])
        }
    }

    @Test func twoFingerDoubleTap() {
        withWindow { window, _ in
            let log = StateLog()
            let tap = attach(UITapGestureRecognizer(), to: window, log)
            tap.numberOfTapsRequired = 2
            tap.numberOfTouchesRequired = 2
            window.tap(at: CGPoint(x: 40, y: 40), fingers: 2)
            #expect(log.states.isEmpty)
            window.tap(at: CGPoint(x: 40, y: 40), fingers: 2)
            #expect(log.states == [.ended])
        }
    }

    /// A single tap that requires a double tap to fail: one tap fires the single tap once the
    /// double tap's interval has passed; two taps fire only the double tap.
    @Test func singleTapWaitsForDoubleTapToFail() {
        withWindow { window, clock in
            let events = EventLog()
            let single = StateLog("single", log: events), double = StateLog("double", log: events)
            let singleTap = attach(UITapGestureRecognizer(), to: window, single)
            let doubleTap = attach(UITapGestureRecognizer(), to: window, double)
            doubleTap.numberOfTapsRequired = 2
            singleTap.require(toFail: doubleTap)
            window.tap(at: CGPoint(x: 50, y: 50))
            #expect(events.entries.isEmpty)
            clock.advance(by: 0.2)
            #expect(events.entries.isEmpty)
            clock.advance(by: 0.2)
            #expect(events.entries == ["single ended"])
            #expect(singleTap.state == .possible && doubleTap.state == .possible)
            events.clear()
            clock.advance(by: 1)
            window.tap(at: CGPoint(x: 50, y: 50), tapCount: 2)
            clock.advance(by: 1)
            #expect(events.entries == ["double ended"])
        }
    }

    @Test func longPressBeginsAfterTheDuration() {
        withWindow { window, _ in
            let log = StateLog()
            let press = attach(UILongPressGestureRecognizer(), to: window, log)
            #expect(press.minimumPressDuration == 0.5 && press.allowableMovement == 10)
            window.longPress(at: CGPoint(x: 50, y: 50), duration: 0.3)
            #expect(log.states.isEmpty)
            window.longPress(at: CGPoint(x: 50, y: 50), duration: 0.8)
            #expect(log.states == [.began, .ended])
            // Moving more than the allowable movement before it begins fails it.
            window.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 90, y: 50), duration: 0.3)
            #expect(log.states == [.began, .ended])
        }
    }

    @Test func panTranslationAndVelocity() {
        withWindow { window, _ in
            let log = StateLog()
            let pan = attach(UIPanGestureRecognizer(), to: window, log)
            var translations: [CGPoint] = []
            var endVelocity = CGPoint.zero
            pan.addHandler { recognizer in
                let pan = recognizer as! UIPanGestureRecognizer
                translations.append(pan.translation(in: window))
                if pan.state == .ended { endVelocity = pan.velocity(in: window) }
            }
            window.drag(from: CGPoint(x: 10, y: 20), to: CGPoint(x: 110, y: 20), duration: 0.3, steps: 10)
            #expect(log.states == [.began] + Array(repeating: .changed, count: 9) + [.ended])
            #expect(translations.first == CGPoint(x: 10, y: 0))
            #expect(translations.last == CGPoint(x: 100, y: 0))
            // 10 points every 0.03 s.
            #expect(abs(endVelocity.x - 1000.0 / 3) < 1e-6 && endVelocity.y == 0)
            // After the reset nothing moves.
            #expect(pan.velocity(in: window) == .zero && pan.translation(in: window) == .zero)
        }
    }

    @Test func setTranslationRebases() {
        withWindow { window, _ in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            view.transform = CGAffineTransform(scaleX: 2, y: 2)
            window.addSubview(view)
            let pan = UIPanGestureRecognizer()
            var seen: [CGPoint] = []
            pan.addHandler { recognizer in
                let pan = recognizer as! UIPanGestureRecognizer
                seen.append(pan.translation(in: view))
                if pan.state == .began { pan.setTranslation(.zero, in: view) }
            }
            view.addGestureRecognizer(pan)
            window.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 140, y: 100), duration: 0.1, steps: 4)
            // Window points are half-size in the scaled view: 10 then 30 more → 5, then 15.
            #expect(seen.first == CGPoint(x: 5, y: 0))
            #expect(seen.last == CGPoint(x: 15, y: 0))
        }
    }

    /// A pan and a tap on one view: a drag is the pan's (the tap fails, the view's touches are
    /// cancelled as the pan begins, before its action); a tap is the tap's (the pan fails).
    @Test func panAndTapOnOneView() {
        withWindow { window, _ in
            let events = EventLog()
            let view = LoggingView(frame: window.bounds)
            view.log = events; view.name = "view"
            window.addSubview(view)
            _ = attach(UIPanGestureRecognizer(), to: view, StateLog("pan", log: events))
            _ = attach(UITapGestureRecognizer(), to: view, StateLog("tap", log: events))
            window.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 100, y: 50), steps: 5)
            #expect(events.entries.prefix(3) == ["view began 1", "view cancelled", "pan began"])
            #expect(events.entries.last == "pan ended")
            #expect(!events.entries.contains("tap ended"))
            events.clear()
            window.tap(at: CGPoint(x: 50, y: 50))
            #expect(events.entries == ["view began 1", "view cancelled", "tap ended"])
        }
    }

    final class Simultaneous: UIGestureRecognizerDelegate {
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    }

    /// Pinch and rotation together when a delegate allows it; without, the first to begin wins.
    @Test(arguments: [true, false]) func pinchAndRotation(simultaneous: Bool) {
        withWindow { window, _ in
            let pinchLog = StateLog(), rotationLog = StateLog()
            let pinch = attach(UIPinchGestureRecognizer(), to: window, pinchLog)
            let rotation = attach(UIRotationGestureRecognizer(), to: window, rotationLog)
            let delegate = Simultaneous()
            if simultaneous { pinch.delegate = delegate }
            var scale: CGFloat = 0, angle: CGFloat = 0, scaleVelocity: CGFloat = 0, angleVelocity: CGFloat = 0
            pinch.addHandler {
                let pinch = $0 as! UIPinchGestureRecognizer
                scale = pinch.scale
                if pinch.state == .changed { scaleVelocity = pinch.velocity }
            }
            rotation.addHandler {
                let rotation = $0 as! UIRotationGestureRecognizer
                angle = rotation.rotation
                if rotation.state == .changed { angleVelocity = rotation.velocity }
            }
            window.pinch(center: CGPoint(x: 100, y: 100), from: 50, to: 100, rotation: 0.5, steps: 10)
            if simultaneous {
                #expect(pinchLog.states.first == .began && pinchLog.states.last == .ended)
                #expect(rotationLog.states.first == .began && rotationLog.states.last == .ended)
                #expect(abs(scale - 2) < 1e-9)
                #expect(abs(angle - 0.5) < 1e-9)
                // Both change at a constant rate over 0.3 s: 1/0.3 and 0.5/0.3 per second.
                #expect(abs(scaleVelocity - 1 / 0.3) < 1e-6)
                #expect(abs(angleVelocity - 0.5 / 0.3) < 1e-6)
            } else {
                // The pinch reaches its threshold first (5 points of 50 before 0.05 rad).
                #expect(pinchLog.states.last == .ended)
                #expect(rotationLog.states.isEmpty)
            }
        }
    }

    @Test func swipeDirections() {
        withWindow { window, _ in
            let log = StateLog()
            let swipe = attach(UISwipeGestureRecognizer(), to: window, log)
            #expect(swipe.direction == .right)
            window.drag(from: CGPoint(x: 20, y: 100), to: CGPoint(x: 120, y: 105), duration: 0.2)
            #expect(log.states == [.ended])
            window.drag(from: CGPoint(x: 120, y: 100), to: CGPoint(x: 20, y: 100), duration: 0.2)
            #expect(log.states == [.ended])
            swipe.direction = [.left, .up]
            window.drag(from: CGPoint(x: 120, y: 100), to: CGPoint(x: 20, y: 100), duration: 0.2)
            #expect(log.states == [.ended, .ended])
            // Too slow: fails.
            window.drag(from: CGPoint(x: 120, y: 100), to: CGPoint(x: 20, y: 100), duration: 1.5, steps: 60)
            #expect(log.states == [.ended, .ended])
        }
    }

    @Test func screenEdgePanStartsOnlyAtItsEdge() {
        withWindow { window, _ in
            let log = StateLog()
            let edge = attach(UIScreenEdgePanGestureRecognizer(), to: window, log)
            edge.edges = .left
            window.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 160, y: 100))
            #expect(log.states.isEmpty)
            window.drag(from: CGPoint(x: 5, y: 100), to: CGPoint(x: 65, y: 100))
            #expect(log.states.first == .began && log.states.last == .ended)
        }
    }

    final class Refusing: UIGestureRecognizerDelegate {
        var receive = true
        var begin = true
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { receive }
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { begin }
    }

    @Test func delegateAndEnabledGateRecognition() {
        withWindow { window, _ in
            let log = StateLog()
            let tap = attach(UITapGestureRecognizer(), to: window, log)
            let delegate = Refusing()
            tap.delegate = delegate
            delegate.receive = false
            window.tap(at: CGPoint(x: 50, y: 50))
            delegate.receive = true
            delegate.begin = false
            window.tap(at: CGPoint(x: 50, y: 50))
            delegate.begin = true
            tap.isEnabled = false
            window.tap(at: CGPoint(x: 50, y: 50))
            #expect(log.states.isEmpty)
            tap.isEnabled = true
            window.tap(at: CGPoint(x: 50, y: 50))
            #expect(log.states == [.ended])
        }
    }

    /// `delaysTouchesBegan`: the view hears of the touch only once the recognizer failed.
    /// `cancelsTouchesInView` false: the view keeps its touches when the recognizer wins.
    @Test func delayingAndNotCancellingViewTouches() {
        withWindow { window, _ in
            let events = EventLog()
            let view = LoggingView(frame: window.bounds)
            view.log = events; view.name = "view"
            window.addSubview(view)
            let tap = attach(UITapGestureRecognizer(), to: view, StateLog("tap", log: events))
            tap.delaysTouchesBegan = true
            window.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 90, y: 50), steps: 4)
            // The tap fails on the first 10-point move; the held began arrives, then the moves.
            #expect(events.entries == ["view began 1", "view moved", "view moved", "view moved", "view moved", "view ended"])
            events.clear()
            tap.delaysTouchesBegan = false
            tap.cancelsTouchesInView = false
            window.tap(at: CGPoint(x: 50, y: 50))
            #expect(events.entries == ["view began 1", "tap ended", "view ended"])
        }
    }

    /// Target–action through method references, and `location(in:)` / `numberOfTouches`.
    @Test func targetActionMethodReferences() {
        @MainActor final class Handler {
            var calls: [String] = []
            func handle(_ sender: UITapGestureRecognizer) { calls.append("tap \(sender.numberOfTouches)") }
            func ping() { calls.append("ping") }
        }
        withWindow { window, _ in
            let handler = Handler()
            let tap = UITapGestureRecognizer(target: handler, action: Handler.handle)
            tap.addTarget(handler, action: Handler.ping)
            window.addGestureRecognizer(tap)
            window.tap(at: CGPoint(x: 30, y: 30))
            #expect(handler.calls == ["tap 1", "ping"])
            tap.removeTarget(handler)
            window.tap(at: CGPoint(x: 30, y: 30))
            #expect(handler.calls == ["tap 1", "ping"])
        }
    }

    /// `delaysTouchesEnded` (the default): while a double tap still waits for its second tap,
    /// the view's `touchesEnded` is held; it arrives when the double tap fails.
    @Test func endedTouchesWaitForADecidingRecognizer() {
        withWindow { window, clock in
            let events = EventLog()
            let view = LoggingView(frame: window.bounds)
            view.log = events; view.name = "view"
            window.addSubview(view)
            let double = attach(UITapGestureRecognizer(), to: view, StateLog("double", log: events))
            double.numberOfTapsRequired = 2
            window.tap(at: CGPoint(x: 50, y: 50))
            #expect(events.entries == ["view began 1"])
            clock.advance(by: 0.5)
            #expect(events.entries == ["view began 1", "view ended"])
        }
    }

    /// Recognizers compete only for touches they share: two views tapped at once by two
    /// fingers both recognize; one view's pan and tap compete for the same finger.
    @Test func onlyRecognizersSharingATouchCompete() {
        withWindow { window, _ in
            let left = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
            let right = UIView(frame: CGRect(x: 100, y: 0, width: 100, height: 200))
            window.addSubview(left)
            window.addSubview(right)
            let leftLog = StateLog(), rightLog = StateLog()
            _ = attach(UITapGestureRecognizer(), to: left, leftLog)
            _ = attach(UITapGestureRecognizer(), to: right, rightLog)
            window.sendTouches([.init(finger: 0, location: CGPoint(x: 50, y: 50), phase: .began),
                                .init(finger: 1, location: CGPoint(x: 150, y: 50), phase: .began)])
            window.sendTouches([.init(finger: 0, location: CGPoint(x: 50, y: 50), phase: .ended),
                                .init(finger: 1, location: CGPoint(x: 150, y: 50), phase: .ended)])
            #expect(leftLog.states == [.ended] && rightLog.states == [.ended])
        }
    }
}
