import Testing
import UIKit

/// Records what a text field's delegate hears, in order; answers as told.
@MainActor
final class FieldDelegateLog: NSObject, UITextFieldDelegate {
    var entries: [String] = []
    var allowsBegin = true
    var allowsEnd = true
    var allowsReturn = true
    var allowsClear = true
    var refusesCharacters: CharacterSet?

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
        entries.append("shouldBegin")
        return allowsBegin
    }
    func textFieldDidBeginEditing(_ textField: UITextField) { entries.append("didBegin") }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        entries.append("shouldEnd")
        return allowsEnd
    }
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        entries.append("didEnd \(reason == .committed ? "committed" : "cancelled")")
    }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        entries.append("change \(range.location),\(range.length) \"\(string)\"")
        if let refused = refusesCharacters, string.unicodeScalars.contains(where: { refused.contains($0) }) { return false }
        return true
    }
    func textFieldShouldClear(_ textField: UITextField) -> Bool {
        entries.append("shouldClear")
        return allowsClear
    }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        entries.append("shouldReturn")
        return allowsReturn
    }
}

/// Logs the editing events of a control and the text notifications of one object.
@MainActor
final class EditingEventLog {
    var entries: [String] = []
    nonisolated(unsafe) private var observers: [NSObjectProtocol] = []

    func watch(_ control: UIControl, log: ((String) -> Void)? = nil) {
        let names: [(UIControl.Event, String)] = [(.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
                                                  (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit")]
        for (event, name) in names {
            control.addAction(UIAction { [unowned self] _ in
                self.entries.append(name)
                log?(name)
            }, for: event)
        }
    }

    func observe(_ names: [Notification.Name], of object: AnyObject, log: (@MainActor (String) -> Void)? = nil) {
        for name in names {
            observers.append(NotificationCenter.default.addObserver(forName: name, object: object, queue: nil) { [unowned self] note in
                let short = note.name.rawValue.replacingOccurrences(of: "UITextField", with: "").replacingOccurrences(of: "UITextView", with: "")
                MainActor.assumeIsolated {
                    self.entries.append(short)
                    log?(short)
                }
            })
        }
    }

    deinit {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
    }
}

/// A field in a shown window on a manual clock, first responder when `editing`.
@MainActor
func withField(frame: CGRect = CGRect(x: 10, y: 20, width: 180, height: 34), editing: Bool = true,
               _ body: (UITextField, UIWindow) throws -> Void) rethrows {
    let clock = CAMediaClock(manualTime: 1000)
    try clock.withCurrent {
        CATransaction.flush()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.makeKeyAndVisible()
        let field = UITextField(frame: frame)
        field.borderStyle = .roundedRect
        window.addSubview(field)
        if editing { #expect(field.becomeFirstResponder()) }
        try body(field, window)
        window.undoManager?.removeAllActions()
        window.isHidden = true
        CATransaction.flush()
    }
}

extension UITextInput {
    /// The selection as a UTF-16 offset and length.
    var selectedOffsets: NSRange? {
        guard let range = selectedTextRange else { return nil }
        let start = offset(from: beginningOfDocument, to: range.start)
        return NSRange(location: start, length: offset(from: range.start, to: range.end))
    }

    /// Selects `length` units from `location`.
    func selectOffsets(_ location: Int, _ length: Int = 0) {
        guard let start = position(from: beginningOfDocument, offset: location),
              let end = position(from: start, offset: length) else { return }
        selectedTextRange = textRange(from: start, to: end)
    }
}
