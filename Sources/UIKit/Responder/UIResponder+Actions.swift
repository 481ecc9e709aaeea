import Foundation

/// Actions sent by selector: to a target, or up the responder chain.
@MainActor
enum ActionRouting {
    /// Sends `action` to `target` with `sender` and `event` (as many as the method takes);
    /// a nil target finds the first responder that can perform it, starting at the key
    /// window's first responder, else at `sender`. Returns whether a method ran; a named
    /// target without the method stops the app as iOS does.
    @discardableResult
    static func send(_ action: Selector, to target: Any?, from sender: Any?, event: UIEvent?) -> Bool {
        if let target {
            SelectorTable.send(action, to: target as AnyObject, with: [sender, event])
            return true
        }
        let start: UIResponder? = UIWindow.keyWindow?.storedFirstResponder ?? (sender as? UIResponder)
        guard let receiver = start?.target(forAction: action, withSender: sender) else { return false }
        SelectorTable.send(action, to: receiver as AnyObject, with: [sender, event])
        return true
    }
}

extension UIApplication {
    /// Sends `action` to `target` with `sender` and `event`; a nil target sends it to the
    /// first responder (else `sender`) and on up the responder chain to the first object that
    /// can perform it. Returns whether one did.
    @discardableResult
    public func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        ActionRouting.send(action, to: target, from: sender, event: event)
    }
}
