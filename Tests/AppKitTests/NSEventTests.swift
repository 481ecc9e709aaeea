import AppKit
import LaminaPlatform
import Testing

/// Records the events it gets, located in its own coordinates.
final class EventLog: NSView {
    var entries: [String] = []
    override var acceptsFirstResponder: Bool { true }
    private func note(_ name: String, _ event: NSEvent) {
        let p = convert(event.locationInWindow, from: nil)
        entries.append("\(name) \(Int(p.x)),\(Int(p.y))")
    }
    override func mouseDown(with event: NSEvent) { note("down", event) }
    override func mouseDragged(with event: NSEvent) { note("dragged", event) }
    override func mouseUp(with event: NSEvent) { note("up", event) }
    override func mouseEntered(with event: NSEvent) { entries.append("entered") }
    override func mouseExited(with event: NSEvent) { entries.append("exited") }
    override func mouseMoved(with event: NSEvent) { note("moved", event) }
    override func keyDown(with event: NSEvent) { entries.append("key \(event.characters ?? "")") }
}

/// Mouse, tracking-area and key events reaching views as on macOS, from code and from the
/// window's backend.
@MainActor
@Suite struct NSEventTests {
    private func makeWindow() -> (NSWindow, EventLog) {
        let window = NSWindow(contentRect: NSRect(x: 0, y: 0, width: 200, height: 100), styleMask: [.titled],
                              backing: .buffered, defer: false)
        let log = EventLog(frame: NSRect(x: 20, y: 10, width: 100, height: 50))
        window.contentView?.addSubview(log)
        return (window, log)
    }

    private func mouse(_ type: NSEvent.EventType, _ x: CGFloat, _ y: CGFloat, in window: NSWindow) -> NSEvent {
        NSEvent.mouseEvent(with: type, location: NSPoint(x: x, y: y), modifierFlags: [], timestamp: 0,
                           windowNumber: window.windowNumber, context: nil, eventNumber: 0, clickCount: 1, pressure: 1)!
    }

    @Test func aMouseDownsViewGetsTheDragsAndTheMouseUp() {
        let (window, log) = makeWindow()
        window.sendEvent(mouse(.leftMouseDown, 30, 20, in: window))
        // Dragged outside the view: still its events.
        window.sendEvent(mouse(.leftMouseDragged, 150, 90, in: window))
        window.sendEvent(mouse(.leftMouseUp, 150, 90, in: window))
        #expect(log.entries == ["down 10,10", "dragged 130,80", "up 130,80"])
        // Outside any subview the content view takes it (and passes it up the chain).
        log.entries = []
        window.sendEvent(mouse(.leftMouseDown, 180, 90, in: window))
        #expect(log.entries.isEmpty)
        // A mouse down makes an accepting view first responder: keys go to it.
        window.sendEvent(mouse(.leftMouseDown, 30, 20, in: window))
        #expect(window.firstResponder === log)
        let key = NSEvent.keyEvent(with: .keyDown, location: .zero, modifierFlags: [], timestamp: 0, windowNumber: window.windowNumber,
                                   context: nil, characters: "a", charactersIgnoringModifiers: "a", isARepeat: false, keyCode: 0)!
        window.sendEvent(key)
        #expect(log.entries.last == "key a")
    }

    @Test func trackingAreasReportEnteringMovingAndLeaving() {
        let (window, log) = makeWindow()
        let area = NSTrackingArea(rect: log.bounds, options: [.mouseEnteredAndExited, .mouseMoved, .activeInKeyWindow],
                                  owner: log, userInfo: nil)
        log.addTrackingArea(area)
        #expect(log.trackingAreas == [area])
        window.sendEvent(mouse(.mouseMoved, 5, 5, in: window))
        window.sendEvent(mouse(.mouseMoved, 30, 20, in: window))
        window.sendEvent(mouse(.mouseMoved, 40, 20, in: window))
        window.sendEvent(mouse(.mouseMoved, 190, 20, in: window))
        #expect(log.entries == ["entered", "moved 10,10", "moved 20,10", "exited"])
        log.removeTrackingArea(area)
        window.sendEvent(mouse(.mouseMoved, 30, 20, in: window))
        #expect(log.entries.count == 4)
    }

    @Test func theBackendsPointerAndKeysArriveAsAppKitEvents() throws {
        let clock = CAMediaClock(manualTime: 10)
        try clock.withCurrent {
            let (window, log) = makeWindow()
            window.makeKeyAndOrderFront(nil)
            _ = window.renderedImage()
            let surface = try #require(window.surface as? HeadlessSurface)
            // The backend's points run down from the top: y = 60 is 40 up from the bottom.
            surface.send(.pointerDown(.primary, location: CGPoint(x: 30, y: 60), modifiers: [], time: 10))
            surface.send(.pointerMoved(location: CGPoint(x: 40, y: 60), buttonDown: true, modifiers: [], time: 10.1))
            surface.send(.pointerUp(.primary, location: CGPoint(x: 40, y: 60), modifiers: [], time: 10.2))
            #expect(log.entries == ["down 10,30", "dragged 20,30", "up 20,30"])
            surface.send(.key(isDown: true, characters: "x", charactersIgnoringModifiers: "x", keyCode: 27, modifiers: [], time: 10.3))
            #expect(log.entries.last == "key x")
            // Hovering reaches tracking areas.
            log.entries = []
            log.addTrackingArea(NSTrackingArea(rect: log.bounds, options: [.mouseEnteredAndExited, .activeAlways],
                                               owner: log, userInfo: nil))
            surface.send(.pointerMoved(location: CGPoint(x: 30, y: 60), buttonDown: false, modifiers: [], time: 10.4))
            surface.send(.pointerMoved(location: CGPoint(x: 180, y: 60), buttonDown: false, modifiers: [], time: 10.5))
            #expect(log.entries == ["entered", "exited"])
            // Closing the window in the window system closes the AppKit window.
            let delegate = WindowLog()
            window.delegate = delegate
            surface.send(.closeRequested)
            #expect(!window.isVisible && delegate.entries == ["willClose"])
        }
    }
}
