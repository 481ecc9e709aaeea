import Foundation

/// Target–action by selector (`Selector("handlePan:")`, found through `SelectorTable`).
extension UIGestureRecognizer {
    /// A recognizer that sends `action` to `target` (held weakly) at each state change; the
    /// method takes nothing or the recognizer. Nil for either adds no target.
    public convenience init(target: Any?, action: Selector?) {
        self.init()
        if let target, let action { addTarget(target, action: action) }
    }

    /// Adds a target and selector.
    public func addTarget(_ target: Any, action: Selector) {
        let object = target as AnyObject
        let identifier = ObjectIdentifier(object)
        if targets.contains(where: { $0.target == identifier && $0.selector == action }) { return }
        targets.append((identifier, { [weak object] recognizer in
            guard let object else { return }
            SelectorTable.send(action, to: object, with: [recognizer])
        }, action))
    }

    /// Removes `target`'s (nil: every target's) actions for `action` (nil: every action).
    public func removeTarget(_ target: Any?, action: Selector?) {
        let identifier = target.map { ObjectIdentifier($0 as AnyObject) }
        targets.removeAll { entry in
            (identifier == nil || entry.target == identifier) && (action == nil || entry.selector == action)
        }
    }
}
