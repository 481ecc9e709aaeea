import Testing
import UIKit

/// An ordered record of callbacks.
@MainActor
final class EventLog {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    func clear() { entries.removeAll() }
}

/// A view that records the touches it gets (then passes them on like any view).
@MainActor
final class LoggingView: UIView {
    var log: EventLog?
    var name = ""
    var forwards = false
    var lastTouches: Set<UITouch> = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log?.add("\(name) began \(touches.count)")
        lastTouches = touches
        if forwards { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        log?.add("\(name) moved")
        lastTouches = touches
        if forwards { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log?.add("\(name) ended")
        lastTouches = touches
        if forwards { super.touchesEnded(touches, with: event) }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        log?.add("\(name) cancelled")
        if forwards { super.touchesCancelled(touches, with: event) }
    }
}

/// A shown 200 × 200 window on a manual clock bound to the test.
@MainActor
func withWindow(_ body: (UIWindow, CAMediaClock) -> Void) {
    let clock = CAMediaClock(manualTime: 1000)
    clock.withCurrent {
        CATransaction.flush()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.makeKeyAndVisible()
        body(window, clock)
        window.isHidden = true
        CATransaction.flush()
    }
}

/// Records a recognizer's states as its actions arrive.
@MainActor
final class StateLog {
    private(set) var states: [UIGestureRecognizer.State] = []
    let name: String
    let log: EventLog?
    init(_ name: String = "", log: EventLog? = nil) {
        self.name = name
        self.log = log
    }
    func handle(_ recognizer: UIGestureRecognizer) {
        states.append(recognizer.state)
        log?.add("\(name) \(recognizer.state)")
    }
}
