import Foundation

/// Turns raw input (finger positions and phases from a backend or a script) into UIKit's
/// touches and events, and carries them through recognizers to views.
@MainActor
final class EventRouter {
    static let shared = EventRouter()

    /// Touches that have begun and not yet ended or been cancelled, by finger.
    private var touchesByFinger: [Int: UITouch] = [:]
    /// Where and when the last touch ended, and its tap count (for the next tap's count).
    private var lastEnded: (time: TimeInterval, location: CGPoint, count: Int)?
    private weak var lastEndedWindow: UIWindow?
    /// The event being delivered.
    private(set) var currentEvent: UIEvent?

    var activeTouches: [UITouch] { Array(touchesByFinger.values) }

    /// Builds the event for one input sample: new touches are hit-tested in `window` and
    /// given their recognizers; existing ones move, end or are cancelled; fingers not in the
    /// sample are stationary.
    func makeEvent(_ samples: [UIWindow.TouchSample], in window: UIWindow, timestamp: TimeInterval) -> UIEvent {
        let event = UIEvent(type: .touches, timestamp: timestamp)
        var changed = Set<Int>()
        for sample in samples {
            guard sample.location.x.isFinite, sample.location.y.isFinite, !changed.contains(sample.finger) else { continue }
            if let touch = touchesByFinger[sample.finger] {
                guard sample.phase != .began else { continue }
                touch.previousWindowLocation = touch.windowLocation
                touch.windowLocation = sample.location
                touch.phase = sample.phase == .stationary ? .stationary : sample.phase
                touch.timestamp = timestamp
            } else {
                guard sample.phase == .began else { continue }
                let touch = begin(sample, in: window, timestamp: timestamp, event: event)
                touchesByFinger[sample.finger] = touch
            }
            changed.insert(sample.finger)
        }
        for (finger, touch) in touchesByFinger where !changed.contains(finger) {
            touch.phase = .stationary
            touch.previousWindowLocation = touch.windowLocation
        }
        event.touchList = touchesByFinger.sorted { $0.key < $1.key }.map(\.value)
        return event
    }

    private func begin(_ sample: UIWindow.TouchSample, in window: UIWindow, timestamp: TimeInterval, event: UIEvent) -> UITouch {
        let touch = UITouch()
        touch.identifier = sample.finger
        touch.phase = .began
        touch.timestamp = timestamp
        touch.window = window
        touch.windowLocation = sample.location
        touch.previousWindowLocation = sample.location
        if let last = lastEnded, lastEndedWindow === window, timestamp - last.time <= 0.35,
           GestureMath.distance(last.location, sample.location) <= 40 {
            touch.tapCount = last.count + 1
        }
        let view = window.hitTest(sample.location, with: event)
        touch.view = view
        if let view {
            // Multiple-touch and exclusive-touch rules decide whether the view takes part.
            let others = touchesByFinger.values.filter { $0.deliversToView && $0.window === window }
            if !view.isMultipleTouchEnabled && others.contains(where: { $0.view === view }) { touch.deliversToView = false }
            if view.isExclusiveTouch && others.contains(where: { $0.view !== view }) { touch.deliversToView = false }
            if others.contains(where: { $0.view?.isExclusiveTouch == true && $0.view !== view }) { touch.deliversToView = false }
            var recognizers: [UIGestureRecognizer] = []
            var current: UIView? = view
            while let v = current {
                for recognizer in v.storedGestureRecognizers where recognizer.isEnabled
                    && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) != false {
                    recognizers.append(recognizer)
                }
                current = v.superview
            }
            touch.gestureRecognizers = recognizers
        } else {
            touch.gestureRecognizers = []
        }
        return touch
    }

    /// Carries a touch event through `window`: its recognizers first, then the views (as the
    /// recognizers allow), then settles arbitration.
    func dispatch(_ event: UIEvent, in window: UIWindow) {
        let previous = currentEvent
        currentEvent = event
        defer { currentEvent = previous }
        let changed = event.touchList.filter { $0.window === window && $0.phase != .stationary }
        // Recognizers, grouped by recognizer and phase in the order they appear.
        var groups: [(recognizer: UIGestureRecognizer, phase: UITouch.Phase, touches: [UITouch])] = []
        for touch in changed {
            for recognizer in touch.gestureRecognizers ?? [] {
                if touch.phase == .began, recognizer.isFinished { continue }
                if touch.phase != .began, !recognizer.trackedTouches.contains(where: { $0 === touch }) { continue }
                if let index = groups.firstIndex(where: { $0.recognizer === recognizer && $0.phase == touch.phase }) {
                    groups[index].touches.append(touch)
                } else {
                    groups.append((recognizer, touch.phase, [touch]))
                }
            }
        }
        for group in groups {
            let recognizer = group.recognizer
            let set = Set(group.touches)
            switch group.phase {
            case .began:
                guard !recognizer.isFinished, recognizer.isEnabled else { continue }
                GestureArbiter.shared.noteInvolved(recognizer)
                recognizer.trackedTouches += group.touches
                recognizer.sequenceTouches += group.touches
                recognizer.updateCentroid()
                recognizer.touchesBegan(set, with: event)
            case .moved:
                recognizer.updateCentroid()
                if !recognizer.isFinished { recognizer.touchesMoved(set, with: event) }
            case .ended:
                recognizer.updateCentroid()
                if !recognizer.isFinished { recognizer.touchesEnded(set, with: event) }
                recognizer.trackedTouches.removeAll { set.contains($0) }
            default:
                if !recognizer.isFinished { recognizer.touchesCancelled(set, with: event) }
                recognizer.trackedTouches.removeAll { set.contains($0) }
            }
        }
        GestureArbiter.shared.deliverToViews(changed, event: event)
        for touch in changed where touch.phase == .ended || touch.phase == .cancelled {
            if let finger = touchesByFinger.first(where: { $0.value === touch })?.key { touchesByFinger[finger] = nil }
            if touch.phase == .ended {
                lastEnded = (touch.timestamp, touch.windowLocation, touch.tapCount)
                lastEndedWindow = window
            }
        }
        GestureArbiter.shared.settle()
    }

    /// A view left its window: touches it (or a view inside it) was following are cancelled.
    func cancelTouches(inside root: UIView) {
        var cancelled: [UITouch] = []
        for touch in touchesByFinger.values where touch.deliveredBegan && !touch.cancelledForView {
            guard let view = touch.view, view === root || view.isDescendant(of: root) else { continue }
            touch.cancelledForView = true
            cancelled.append(touch)
        }
        GestureArbiter.shared.deliver(cancelled.map { ($0, .cancelled) }, event: currentEvent ?? UIEvent())
    }

    /// Forgets every touch and recognizer in progress (for tests and new windows).
    func reset() {
        touchesByFinger.removeAll()
        lastEnded = nil
        GestureArbiter.shared.clear()
    }
}
