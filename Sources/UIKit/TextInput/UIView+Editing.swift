import Foundation

extension UIView {
    /// Ends editing in this view or below it: the first responder among them resigns. With
    /// `force`, it resigns whatever it or its delegate says. Returns whether it resigned
    /// (true when nothing here was editing).
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let window, let responder = window.storedFirstResponder as? UIView, responder.isDescendant(of: self) else { return true }
        if force {
            responder.resignFirstResponderForcibly()
            return true
        }
        return responder.resignFirstResponder()
    }
}
