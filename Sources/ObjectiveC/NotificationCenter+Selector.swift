import Foundation

/// Observers added with a selector: the block observers Foundation made for them, by observer,
/// so `removeObserver(_:)` can find them.
private final class SelectorObservers: @unchecked Sendable {
    struct Registration {
        weak var observer: AnyObject?
        let token: NSObjectProtocol
        let name: NSNotification.Name?
        weak var object: AnyObject?
        let hadObject: Bool
        weak var center: NotificationCenter?
    }

    let lock = NSLock()
    var registrations: [Registration] = []
}

private let selectorObservers = SelectorObservers()

/// The observer and selector a notification is delivered to. `@unchecked Sendable`: delivered
/// on the posting thread, as iOS delivers selector observers.
private struct SelectorDelivery: @unchecked Sendable {
    weak var observer: AnyObject?
    let selector: Selector
}

extension NotificationCenter {
    /// Calls `aSelector` on `observer` with each notification named `aName` (nil: any) from
    /// `anObject` (nil: any sender), on the posting thread. The center does not keep
    /// `observer` alive; once it is gone its registrations are dropped, as on iOS 9 and later.
    public func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?) {
        let target = observer as AnyObject
        let delivery = SelectorDelivery(observer: target, selector: aSelector)
        let token = addObserver(forName: aName, object: anObject, queue: nil) { notification in
            guard let observer = delivery.observer else { return }
            SelectorTable.send(delivery.selector, to: observer, with: [notification])
        }
        let registration = SelectorObservers.Registration(observer: target, token: token, name: aName,
                                                          object: anObject.map { $0 as AnyObject }, hadObject: anObject != nil,
                                                          center: self)
        selectorObservers.lock.lock()
        selectorObservers.registrations.append(registration)
        selectorObservers.lock.unlock()
        pruneSelectorObservers()
    }

    /// Removes every registration of `observer`, those added with a selector included.
    public func removeObserver(_ observer: AnyObject) {
        removeSelectorObservers { $0.observer === observer }
        removeObserver(observer as Any)
    }

    /// Removes `observer`'s registrations for `aName` (nil: any) from `anObject` (nil: any),
    /// those added with a selector included.
    public func removeObserver(_ observer: AnyObject, name aName: NSNotification.Name?, object anObject: Any?) {
        let sender = anObject.map { $0 as AnyObject }
        removeSelectorObservers { registration in
            registration.observer === observer && (aName == nil || registration.name == aName)
                && (sender == nil || registration.object === sender)
        }
        removeObserver(observer as Any, name: aName, object: anObject)
    }

    private func removeSelectorObservers(where matches: (SelectorObservers.Registration) -> Bool) {
        selectorObservers.lock.lock()
        var removed: [NSObjectProtocol] = []
        selectorObservers.registrations.removeAll { registration in
            guard registration.center === self, matches(registration) else { return false }
            removed.append(registration.token)
            return true
        }
        selectorObservers.lock.unlock()
        for token in removed { removeObserver(token as Any) }
    }

    /// Drops the registrations of observers that are gone.
    private func pruneSelectorObservers() {
        removeSelectorObservers { $0.observer == nil }
    }
}
