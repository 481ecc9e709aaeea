import Foundation

extension UIWindow {
    /// One finger in an input sample: which finger, where (window coordinates), and its phase.
    ///
    /// - Note: Lamina addition: what a display backend or a script reports for each input
    ///   event.
    public struct TouchSample: Sendable {
        public var finger: Int
        public var location: CGPoint
        public var phase: UITouch.Phase

        public init(finger: Int = 0, location: CGPoint, phase: UITouch.Phase) {
            self.finger = finger
            self.location = location
            self.phase = phase
        }
    }

    /// Delivers one input sample the way a display does: new fingers are hit-tested, the
    /// event goes to `UIApplication.shared.sendEvent(_:)`, then to this window's
    /// `sendEvent(_:)`, its gesture recognizers and its views. `timestamp` defaults to the
    /// current media time.
    ///
    /// - Note: Lamina addition: backends and scripted input (`tap(at:)`, `drag(along:)`,
    ///   `pinch(…)`) call it.
    public func sendTouches(_ samples: [TouchSample], timestamp: TimeInterval? = nil, modifierFlags: UIKeyModifierFlags = []) {
        let event = EventRouter.shared.makeEvent(samples, in: self, timestamp: timestamp ?? CACurrentMediaTime())
        event.storedModifierFlags = modifierFlags
        UIApplication.shared.sendEvent(event)
        UndoManager.closeEventGroups()
    }

    /// Delivers a key press (down, then up unless `phase` says otherwise) to the first
    /// responder, or to the window when there is none; unhandled presses travel up the
    /// responder chain.
    ///
    /// - Note: Lamina addition for backends and scripts. Presses do not reach gesture
    ///   recognizers.
    public func sendKey(_ key: UIKey, phase: UIPress.Phase, timestamp: TimeInterval? = nil) {
        let event = UIPressesEvent(timestamp: timestamp ?? CACurrentMediaTime())
        let press = UIPress()
        press.phase = phase
        press.key = key
        press.window = self
        press.timestamp = event.timestamp
        press.responder = storedFirstResponder ?? self
        event.pressList = [press]
        event.storedModifierFlags = key.modifierFlags
        UIApplication.shared.sendEvent(event)
        UndoManager.closeEventGroups()
    }

    func deliverPresses(_ event: UIPressesEvent) {
        for press in event.pressList where press.window === self {
            let responder = press.responder ?? self
            let set: Set<UIPress> = [press]
            switch press.phase {
            case .began: responder.pressesBegan(set, with: event)
            case .changed, .stationary: responder.pressesChanged(set, with: event)
            case .ended: responder.pressesEnded(set, with: event)
            case .cancelled: responder.pressesCancelled(set, with: event)
            }
        }
    }
}
