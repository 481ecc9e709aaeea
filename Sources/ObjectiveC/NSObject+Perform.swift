import Foundation

/// The objects `perform(_:)` hands back stay alive until the next call on this thread, as an
/// autorelease pool would keep them (the result is `Unmanaged`, so nothing else holds it).
private final class PerformResults: @unchecked Sendable {
    let lock = NSLock()
    var last: [ObjectIdentifier: AnyObject] = [:]
}

private let performResults = PerformResults()

/// Calls `selector` on `target` through `SelectorTable`, stopping as iOS does when no method
/// answers it; an object result comes back unretained.
private func performRegistered(_ selector: Selector, on target: AnyObject, _ arguments: [Any?]) -> Unmanaged<AnyObject>? {
    guard let result = SelectorTable.send(selector, to: target, with: arguments) else { return nil }
    let object = result as AnyObject
    let thread = ObjectIdentifier(Thread.current)
    performResults.lock.lock()
    performResults.last[thread] = object
    performResults.lock.unlock()
    return Unmanaged.passUnretained(object)
}

extension NSObject {
    /// Whether the object's class (or a superclass) has a method for `aSelector` registered in
    /// `SelectorTable`.
    public func responds(to aSelector: Selector!) -> Bool {
        guard let aSelector else { return false }
        return SelectorTable.responds(self, to: aSelector)
    }

    /// Whether instances of this class answer `aSelector`.
    public class func instancesRespond(to aSelector: Selector!) -> Bool {
        guard let aSelector else { return false }
        return SelectorTable.method(aSelector, in: self) != nil
    }

    /// Calls the method `aSelector` names; stops with "unrecognized selector sent to instance"
    /// when there is none, as iOS does.
    @discardableResult
    public func perform(_ aSelector: Selector!) -> Unmanaged<AnyObject>! {
        performRegistered(aSelector, on: self, [])
    }

    /// Calls the method `aSelector` names with `object`.
    @discardableResult
    public func perform(_ aSelector: Selector!, with object: Any!) -> Unmanaged<AnyObject>! {
        performRegistered(aSelector, on: self, [object])
    }

    /// Calls the method `aSelector` names with two objects.
    @discardableResult
    public func perform(_ aSelector: Selector!, with object1: Any!, with object2: Any!) -> Unmanaged<AnyObject>! {
        performRegistered(aSelector, on: self, [object1, object2])
    }

    /// Calls the method `aSelector` names with `anArgument` on this thread's run loop after
    /// `delay` seconds (in the default mode), unless cancelled first.
    public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval) {
        perform(aSelector, with: anArgument, afterDelay: delay, inModes: [.default])
    }

    /// Calls the method `aSelector` names with `anArgument` after `delay` seconds, in `modes`.
    public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval, inModes modes: [RunLoop.Mode]) {
        DelayedPerforms.schedule(target: self, selector: aSelector, argument: anArgument, delay: delay, modes: modes)
    }

    /// Cancels every `perform(_:with:afterDelay:)` still waiting for `aTarget`.
    public class func cancelPreviousPerformRequests(withTarget aTarget: Any) {
        DelayedPerforms.cancel(target: aTarget as AnyObject, selector: nil, argument: nil)
    }

    /// Cancels the waiting `perform(_:with:afterDelay:)` calls for `aTarget` with this
    /// selector and an argument equal to `anArgument`.
    public class func cancelPreviousPerformRequests(withTarget aTarget: Any, selector aSelector: Selector, object anArgument: Any?) {
        DelayedPerforms.cancel(target: aTarget as AnyObject, selector: aSelector, argument: .some(anArgument))
    }
}

/// Performs waiting on run loops, so they can be cancelled.
enum DelayedPerforms {
    /// One waiting perform. `@unchecked Sendable`: the target and argument are only used on
    /// the run loop's thread, where the timer fires, and read under `lock` to cancel.
    final class Request: @unchecked Sendable {
        let target: AnyObject
        let selector: Selector
        let argument: Any?
        var timer: Timer?
        init(target: AnyObject, selector: Selector, argument: Any?) {
            self.target = target
            self.selector = selector
            self.argument = argument
        }
    }

    private final class Waiting: @unchecked Sendable {
        let lock = NSLock()
        var requests: [ObjectIdentifier: Request] = [:]
    }

    private static let waiting = Waiting()

    static func schedule(target: AnyObject, selector: Selector, argument: Any?, delay: TimeInterval, modes: [RunLoop.Mode]) {
        let request = Request(target: target, selector: selector, argument: argument)
        let key = ObjectIdentifier(request)
        let timer = Timer(timeInterval: Swift.max(0, delay), repeats: false) { _ in
            waiting.lock.lock()
            let pending = waiting.requests.removeValue(forKey: key)
            waiting.lock.unlock()
            guard let pending else { return }
            SelectorTable.send(pending.selector, to: pending.target, with: [pending.argument])
        }
        request.timer = timer
        waiting.lock.lock()
        waiting.requests[key] = request
        waiting.lock.unlock()
        for mode in modes { RunLoop.current.add(timer, forMode: mode) }
    }

    /// `argument` nil: any argument; `.some(x)`: arguments equal to `x`.
    static func cancel(target: AnyObject, selector: Selector?, argument: Any??) {
        waiting.lock.lock()
        let matching = waiting.requests.filter { _, request in
            request.target === target && (selector == nil || request.selector == selector)
                && (argument == nil || sameArgument(request.argument, argument!))
        }
        for key in matching.keys { waiting.requests[key] = nil }
        waiting.lock.unlock()
        for request in matching.values { request.timer?.invalidate() }
    }

    /// Arguments match as `isEqual:` matches them: equal objects, or both nil.
    private static func sameArgument(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a?, b?):
            if let a = a as? NSObject, let b = b as? NSObject { return a.isEqual(b) }
            if let a = a as? AnyHashable, let b = b as? AnyHashable { return a == b }
            return (a as AnyObject) === (b as AnyObject)
        default: return false
        }
    }
}
