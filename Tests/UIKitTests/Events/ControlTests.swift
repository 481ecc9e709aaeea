import Testing
import UIKit

/// Controls: tracking, the control events of taps and drags, target–action and `UIAction`,
/// buttons' primary action, and controls winning over an enclosing view's tap recognizer.
@MainActor
@Suite struct ControlTests {
    private func eventNames(_ events: UIControl.Event) -> [String] {
        let names: [(UIControl.Event, String)] = [
            (.touchDown, "down"), (.touchDownRepeat, "downRepeat"), (.touchDragInside, "dragInside"),
            (.touchDragOutside, "dragOutside"), (.touchDragEnter, "enter"), (.touchDragExit, "exit"),
            (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
            (.primaryActionTriggered, "primary"),
        ]
        return names.filter { events.contains($0.0) }.map(\.1)
    }

    private func record(_ control: UIControl, into log: EventLog) {
        for event in [UIControl.Event.touchDown, .touchDownRepeat, .touchDragInside, .touchDragOutside, .touchDragEnter,
                      .touchDragExit, .touchUpInside, .touchUpOutside, .touchCancel, .primaryActionTriggered] {
            control.addAction(UIAction { _ in log.add(self.eventNames(event).first!) }, for: event)
        }
    }

    @Test func tapAndDragEvents() {
        withWindow { window, clock in
            let log = EventLog()
            let control = UIControl(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            window.addSubview(control)
            record(control, into: log)
            #expect(control.state == .normal)
            window.tap(at: CGPoint(x: 20, y: 20))
            #expect(log.entries == ["down", "upInside"])
            log.clear()
            // A quick second touch at the same place is a repeat.
            window.tap(at: CGPoint(x: 20, y: 20))
            #expect(log.entries == ["down", "downRepeat", "upInside"])
            log.clear()
            clock.advance(by: 1)
            // Out past the 70-point slop and back in, lifting outside.
            window.drag(along: [CGPoint(x: 20, y: 20), CGPoint(x: 60, y: 20), CGPoint(x: 150, y: 20), CGPoint(x: 60, y: 20),
                                CGPoint(x: 150, y: 20)])
            #expect(log.entries == ["down", "dragInside", "dragOutside", "exit", "dragInside", "enter", "dragOutside", "exit",
                                    "upOutside"])
            #expect(!control.isHighlighted && !control.isTracking)
        }
    }

    @Test func highlightFollowsTheTouch() {
        withWindow { window, _ in
            let control = UIControl(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            window.addSubview(control)
            window.sendTouches([.init(location: CGPoint(x: 10, y: 10), phase: .began)])
            #expect(control.isHighlighted && control.isTracking && control.state == .highlighted)
            window.sendTouches([.init(location: CGPoint(x: 190, y: 190), phase: .moved)])
            #expect(!control.isHighlighted && !control.isTouchInside)
            window.sendTouches([.init(location: CGPoint(x: 190, y: 190), phase: .ended)])
            control.isEnabled = false
            control.isSelected = true
            #expect(control.state == [.disabled, .selected])
        }
    }

    @Test func buttonPrimaryActionAndTargets() {
        @MainActor final class Screen {
            var log: [String] = []
            func tapped(_ sender: UIButton) { log.append("tapped \(sender.buttonType == .system)") }
            func plain() { log.append("plain") }
            func withEvent(_ sender: UIButton, _ event: UIEvent?) { log.append("event \(event?.type == .touches)") }
        }
        withWindow { window, _ in
            let screen = Screen()
            var sender: AnyObject?
            let button = UIButton(configuration: .filled(), primaryAction: UIAction(title: "Go") { action in
                sender = action.sender
                screen.log.append("primary")
            })
            button.frame = CGRect(x: 10, y: 10, width: 80, height: 40)
            button.addTarget(screen, action: Screen.tapped, for: .touchUpInside)
            button.addTarget(screen, action: Screen.plain, for: .touchDown)
            button.addTarget(screen, action: Screen.withEvent, for: .touchUpInside)
            window.addSubview(button)
            window.tap(at: CGPoint(x: 50, y: 30))
            #expect(screen.log == ["plain", "tapped true", "event true", "primary"])
            #expect(sender === button)
            screen.log.removeAll()
            button.removeTarget(screen, for: .allEvents)
            button.isEnabled = false
            window.tap(at: CGPoint(x: 50, y: 30))
            #expect(screen.log.isEmpty)
            button.isEnabled = true
            button.sendActions(for: .primaryActionTriggered)
            #expect(screen.log == ["primary"])
            #expect(button.allControlEvents == .primaryActionTriggered)
        }
    }

    @Test func buttonConfigurationStyles() {
        let filled = UIButton(configuration: .filled())
        filled.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        filled.layoutIfNeeded()
        #expect(filled.layer.backgroundColor == UIColor.systemBlue.cgColor)
        #expect(filled.layer.cornerRadius == 8)
        var capsule = UIButton.Configuration.gray()
        capsule.cornerStyle = .capsule
        capsule.title = "Hi"
        let gray = UIButton(configuration: capsule)
        gray.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        gray.layoutIfNeeded()
        #expect(gray.layer.cornerRadius == 20)
        #expect(gray.currentTitle == "Hi")
        let custom = UIButton(type: .custom)
        custom.setTitle("Normal", for: .normal)
        custom.setTitle("Down", for: .highlighted)
        #expect(custom.title(for: .highlighted) == "Down" && custom.title(for: .selected) == "Normal")
        #expect(custom.currentTitle == "Normal")
    }

    @Test func aControlWinsOverAnEnclosingTap() {
        withWindow { window, _ in
            let log = StateLog()
            let tap = UITapGestureRecognizer()
            tap.addHandler { log.handle($0) }
            window.addGestureRecognizer(tap)
            var pressed = 0
            let button = UIButton(primaryAction: UIAction { _ in pressed += 1 })
            button.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            window.addSubview(button)
            window.tap(at: CGPoint(x: 25, y: 25))
            #expect(pressed == 1 && log.states.isEmpty)
            window.tap(at: CGPoint(x: 150, y: 150))
            #expect(log.states == [.ended])
        }
    }

    /// A control subclass tracks through begin/continue/end, and stops tracking when
    /// `continueTracking` says so.
    @Test func trackingCallbacks() {
        final class Slider: UIControl {
            var calls: [String] = []
            var moves = 0
            override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
                calls.append("begin")
                return true
            }
            override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
                moves += 1
                calls.append("continue")
                return moves < 2
            }
            override func endTracking(_ touch: UITouch?, with event: UIEvent?) { calls.append("end") }
            override func cancelTracking(with event: UIEvent?) { calls.append("cancel") }
        }
        withWindow { window, _ in
            let slider = Slider(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
            window.addSubview(slider)
            window.drag(from: CGPoint(x: 10, y: 20), to: CGPoint(x: 100, y: 20), steps: 4)
            #expect(slider.calls == ["begin", "continue", "continue", "end"])
            slider.calls.removeAll()
            window.sendTouches([.init(location: CGPoint(x: 10, y: 20), phase: .began)])
            window.sendTouches([.init(location: CGPoint(x: 10, y: 20), phase: .cancelled)])
            #expect(slider.calls == ["begin", "cancel"])
        }
    }
}
