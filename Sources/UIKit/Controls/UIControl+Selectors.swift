import Foundation

/// Target–action by selector, as iOS code writes it (`#selector(didTap(_:))`, which the
/// `lamina` command rewrites to `Selector("didTap:")`): the method is found through
/// `SelectorTable`.
extension UIControl {
    /// Sends `action` to `target` for `controlEvents` (nil target: up the responder chain).
    /// The method may take nothing, the sender, or the sender and the event. The control does
    /// not retain `target`, as on iOS.
    public func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) {
        let object = target.map { $0 as AnyObject }
        let identifier = object.map(ObjectIdentifier.init)
        if let index = entries.firstIndex(where: { $0.selector == action && $0.target == identifier }) {
            entries[index].events.formUnion(controlEvents)
            return
        }
        var entry = Entry(events: controlEvents, target: identifier, action: nil, call: { [weak object] control, event in
            if identifier != nil {
                // The target is gone: nothing to send to, as a zeroed weak target on iOS.
                guard let object else { return }
                ActionRouting.send(action, to: object, from: control, event: event)
            } else {
                ActionRouting.send(action, to: nil, from: control, event: event)
            }
        }, selector: action)
        entry.targetObject = object
        entries.append(entry)
    }

    /// Stops sending `action` (nil: every selector action) to `target` (nil: every target)
    /// for `controlEvents`.
    public func removeTarget(_ target: Any?, action: Selector?, for controlEvents: UIControl.Event) {
        let identifier = target.map { ObjectIdentifier($0 as AnyObject) }
        removeEvents(controlEvents) { entry in
            guard entry.action == nil else { return false }
            if identifier != nil, entry.target != identifier { return false }
            if let action { return entry.selector == action }
            return true
        }
    }

    /// The targets of the control's actions (`NSNull` for actions sent up the responder
    /// chain).
    public var allTargets: Set<AnyHashable> {
        var targets = Set<AnyHashable>()
        for entry in entries where entry.action == nil {
            if entry.target == nil { targets.insert(AnyHashable(NSNull())) }
            else if let object = entry.targetObject as? NSObject { targets.insert(AnyHashable(object)) }
        }
        return targets
    }

    /// The selectors' names sent to `target` (nil: the responder chain) for `controlEvent`.
    public func actions(forTarget target: Any?, forControlEvent controlEvent: UIControl.Event) -> [String]? {
        let identifier = target.map { ObjectIdentifier($0 as AnyObject) }
        let names = entries.compactMap { entry -> String? in
            guard let selector = entry.selector, entry.target == identifier, !entry.events.intersection(controlEvent).isEmpty else {
                return nil
            }
            return NSStringFromSelector(selector)
        }
        return names.isEmpty ? nil : names
    }

    /// Sends `action` to `target` (nil: up the responder chain) with this control as the
    /// sender, through the application as iOS does.
    public func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        ActionRouting.send(action, to: target, from: self, event: event)
    }
}
