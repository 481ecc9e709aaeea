import LaminaTestSupport
import Testing
import UIKit

/// UISwitch: its fixed size, the events a tap and a drag send (and that code sends none), and
/// how it looks in every state in both appearances.
@MainActor
@Suite struct UISwitchTests {
    /// Logs the events a control sends, as an app's target would see them.
    @MainActor final class EventRecorder {
        var events: [String] = []
        func watch(_ control: UIControl) {
            let names: [(UIControl.Event, String)] = [(.touchDown, "touchDown"), (.valueChanged, "valueChanged"),
                                                      (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
                                                      (.touchCancel, "touchCancel")]
            for (event, name) in names {
                control.addAction(UIAction { [unowned self] _ in self.events.append(name) }, for: event)
            }
        }
    }

    @Test func aSwitchIsAlways51By31Points() {
        let toggle = UISwitch(frame: CGRect(x: 10, y: 20, width: 200, height: 100))
        #expect(toggle.frame == CGRect(x: 10, y: 20, width: 51, height: 31))
        toggle.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        #expect(toggle.frame == CGRect(x: 5, y: 5, width: 51, height: 31))
        #expect(UISwitch().bounds.size == CGSize(width: 51, height: 31))
        #expect(toggle.intrinsicContentSize == CGSize(width: 51, height: 31))
        #expect(toggle.sizeThatFits(.zero) == CGSize(width: 51, height: 31))
        #expect(!toggle.isOn && toggle.onTintColor == nil && toggle.thumbTintColor == nil)
        #expect(toggle.style == .sliding && toggle.preferredStyle == .automatic)
    }

    @Test func aTapTogglesAndSaysSo() {
        withWindow { window, clock in
            let toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
            window.addSubview(toggle)
            let recorder = EventRecorder()
            recorder.watch(toggle)
            window.tap(at: CGPoint(x: 45, y: 35))
            #expect(toggle.isOn)
            #expect(recorder.events == ["touchDown", "valueChanged", "touchUpInside"])
            window.tap(at: CGPoint(x: 45, y: 35))
            #expect(!toggle.isOn)
            #expect(recorder.events.filter { $0 == "valueChanged" }.count == 2)
            // Code changes the value silently.
            recorder.events.removeAll()
            toggle.setOn(true, animated: true)
            toggle.isOn = false
            #expect(recorder.events.isEmpty)
            // Disabled, it ignores touches.
            toggle.isEnabled = false
            window.tap(at: CGPoint(x: 45, y: 35))
            #expect(!toggle.isOn && recorder.events.isEmpty)
            _ = clock
        }
    }

    @Test func aDragLeavesTheValueWhereTheThumbIs() {
        withWindow { window, clock in
            let toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
            window.addSubview(toggle)
            let recorder = EventRecorder()
            recorder.watch(toggle)
            // From the thumb on the left to the right half: on.
            window.drag(from: CGPoint(x: 30, y: 35), to: CGPoint(x: 65, y: 35), duration: 0.3, steps: 6)
            #expect(toggle.isOn)
            #expect(recorder.events == ["touchDown", "valueChanged", "touchUpInside"])
            // Dragged right again while on: it stays on and says nothing.
            recorder.events.removeAll()
            window.drag(from: CGPoint(x: 50, y: 35), to: CGPoint(x: 68, y: 35), duration: 0.3, steps: 6)
            #expect(toggle.isOn)
            #expect(recorder.events == ["touchDown", "touchUpInside"])
            // Over to the left and back to the right before lifting: still on, no change.
            recorder.events.removeAll()
            window.drag(along: [CGPoint(x: 60, y: 35), CGPoint(x: 40, y: 35), CGPoint(x: 25, y: 35), CGPoint(x: 45, y: 35), CGPoint(x: 66, y: 35)])
            #expect(toggle.isOn && !recorder.events.contains("valueChanged"))
            // To the left: off.
            window.drag(from: CGPoint(x: 60, y: 35), to: CGPoint(x: 24, y: 35), duration: 0.3, steps: 6)
            #expect(!toggle.isOn)
            #expect(recorder.events.last(where: { $0 == "valueChanged" }) != nil)
            _ = clock
        }
    }

    @Test func theThumbSlidesOverAQuarterSecond() {
        withWindow { window, clock in
            let toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
            window.addSubview(toggle)
            CATransaction.flush()
            toggle.setOn(true, animated: true)
            CATransaction.flush()
            // The thumb is the topmost sublayer drawn: at rest it is 2 points from the left
            // (off) or the right (on) edge.
            let thumb = try! #require(toggle.layer.sublayers?.last?.sublayers?.last)
            #expect(thumb.frame == CGRect(x: 22, y: 2, width: 27, height: 27))
            clock.advance(by: 0.125)
            let halfway = thumb.presentation()!.frame.minX
            #expect(abs(halfway - 12) < 1e-3)
            clock.advance(by: 0.2)
            #expect(thumb.presentation()!.frame.minX == 22)
        }
    }

    /// Every state in one row: off, on, on with a custom tint, disabled off, disabled on.
    private func row(_ style: UIUserInterfaceStyle) throws -> CGImage {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 5 * 61 + 10, height: 51))
        root.overrideUserInterfaceStyle = style
        root.backgroundColor = .systemBackground
        let states: [(Bool, UIColor?, Bool)] = [(false, nil, true), (true, nil, true), (true, .systemBlue, true),
                                                (false, nil, false), (true, nil, false)]
        for (index, (on, tint, enabled)) in states.enumerated() {
            let toggle = UISwitch(frame: CGRect(x: 10 + CGFloat(index) * 61, y: 10, width: 0, height: 0))
            toggle.isOn = on
            toggle.onTintColor = tint
            toggle.isEnabled = enabled
            root.addSubview(toggle)
        }
        return try controlSnapshot(root)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func everyStateLooksRight(_ style: UIUserInterfaceStyle) throws {
        let name = style == .dark ? "states-dark" : "states-light"
        let message = ReferenceImage.mismatch(try row(style), suite: "UISwitchTests", name: name)
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
