import AppKit
import Testing

/// AppKit's basic controls as a preferences window uses them: a push button, check boxes,
/// radio buttons, a label and an editable field, clicked and typed into through the window.
@MainActor
@Suite struct NSControlTests {
    final class Preferences {
        var log: [String] = []
        func save(_ sender: Any?) { log.append("save") }
        func toggled(_ sender: Any?) { log.append("toggled \((sender as? NSButton)?.state == .on)") }
        func picked(_ sender: Any?) { log.append("picked \((sender as? NSButton)?.title ?? "")") }
        func submitted(_ sender: Any?) { log.append("submitted \((sender as? NSTextField)?.stringValue ?? "")") }
    }

    private func click(_ view: NSView, in window: NSWindow) {
        let point = view.convert(NSPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        for type in [NSEvent.EventType.leftMouseDown, .leftMouseUp] {
            window.sendEvent(NSEvent.mouseEvent(with: type, location: point, modifierFlags: [], timestamp: 0,
                                                windowNumber: window.windowNumber, context: nil, eventNumber: 0, clickCount: 1, pressure: 1)!)
        }
    }

    private func type(_ text: String, in window: NSWindow) {
        for character in text {
            let key = NSEvent.keyEvent(with: .keyDown, location: .zero, modifierFlags: [], timestamp: 0, windowNumber: window.windowNumber,
                                       context: nil, characters: String(character), charactersIgnoringModifiers: String(character),
                                       isARepeat: false, keyCode: 0)!
            window.sendEvent(key)
        }
    }

    @Test func buttonsCheckBoxesRadiosAndFields() throws {
        let preferences = Preferences()
        let window = NSWindow(contentRect: NSRect(x: 0, y: 0, width: 320, height: 200), styleMask: [.titled],
                              backing: .buffered, defer: false)
        let content = try #require(window.contentView)
        let save = NSButton(title: "Save", target: preferences, action: Preferences.save)
        save.setFrameOrigin(NSPoint(x: 220, y: 20))
        let check = NSButton(checkboxWithTitle: "Show previews", target: preferences, action: Preferences.toggled)
        check.setFrameOrigin(NSPoint(x: 20, y: 160))
        let small = NSButton(radioButtonWithTitle: "Small", target: preferences, action: Preferences.picked)
        small.setFrameOrigin(NSPoint(x: 20, y: 130))
        let large = NSButton(radioButtonWithTitle: "Large", target: preferences, action: Preferences.picked)
        large.setFrameOrigin(NSPoint(x: 120, y: 130))
        let label = NSTextField(labelWithString: "Name:")
        label.setFrameOrigin(NSPoint(x: 20, y: 90))
        let field = NSTextField(string: "")
        field.placeholderString = "Your name"
        field.frame = NSRect(x: 80, y: 86, width: 200, height: 22)
        field.setAction(target: preferences, action: Preferences.submitted)
        for view in [save, check, small, large, label, field] { content.addSubview(view) }
        window.makeKeyAndOrderFront(nil)

        #expect(save.frame.width >= 60 && save.frame.height == 21)
        #expect(check.state == .off && !label.isEditable && field.isEditable)
        click(check, in: window)
        click(check, in: window)
        click(small, in: window)
        click(large, in: window)
        #expect(check.state == .off && small.state == .off && large.state == .on)
        click(save, in: window)
        click(field, in: window)
        #expect(window.firstResponder === field)
        type("Ada\u{7F}a Lovelace\r", in: window)
        #expect(field.stringValue == "Ada Lovelace")
        #expect(preferences.log == ["toggled true", "toggled false", "picked Small", "picked Large", "save", "submitted Ada Lovelace"])
        // A label ignores clicks and keys.
        click(label, in: window)
        #expect(window.firstResponder !== label)
        // Values as numbers.
        field.integerValue = 42
        #expect(field.stringValue == "42" && field.doubleValue == 42)
        // Disabled controls send nothing.
        save.isEnabled = false
        click(save, in: window)
        #expect(preferences.log.count == 6)
        let image = try #require(window.renderedImage())
        #expect(image.width > 0)
        window.orderOut(nil)
    }

    @Test func buttonsSendTheirSelectorToTheirTargetOrUpTheChain() {
        final class Saver: NSResponder {
            var saves: [String] = []
            func save(_ sender: Any?) { saves.append((sender as? NSButton)?.title ?? "-") }
        }
        SelectorTable.register("save:", on: Saver.self) { (saver: Saver, sender: Any?) in saver.save(sender) }
        let saver = Saver()
        let button = NSButton(title: "Save", target: saver, action: Selector("save:"))
        #expect(button.action == Selector("save:"))
        #expect(button.sendAction())
        // No target: the responder chain from the button up.
        let chained = NSButton(title: "Later", target: nil, action: Selector("save:"))
        chained.nextResponder = saver
        #expect(chained.sendAction())
        #expect(saver.saves == ["Save", "Later"])
        let unanswered = NSButton(title: "Nobody", target: nil, action: Selector("archive:"))
        #expect(!unanswered.sendAction())
    }
}
