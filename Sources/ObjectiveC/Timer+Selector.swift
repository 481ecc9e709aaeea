import Foundation

/// A timer made with a target and selector: it keeps its `userInfo` (a `Timer` made from a
/// block has none) and calls the selector with itself.
final class SelectorTimer: Timer {
    var info: Any?
    override var userInfo: Any? { info }
}

/// A target held for a timer's block. `@unchecked Sendable`: the timer fires on the run loop
/// it was added to, the thread that made it in the usual case, as on iOS.
private struct TimerTarget: @unchecked Sendable {
    let target: AnyObject
    let selector: Selector
}

extension Timer {
    /// A timer that calls `aSelector` on `aTarget` (with the timer as its argument) every
    /// `ti` seconds, or once; add it to a run loop to start it. The timer keeps `aTarget`
    /// alive until it is invalidated.
    ///
    /// - Note: Differs from Apple: the timer made by this initializer answers nil for
    ///   `userInfo` (use `scheduledTimer(timeInterval:target:selector:userInfo:repeats:)` to
    ///   keep one).
    public convenience init(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector,
                            userInfo: Any?, repeats yesOrNo: Bool) {
        let held = TimerTarget(target: aTarget as AnyObject, selector: aSelector)
        self.init(timeInterval: ti, repeats: yesOrNo) { timer in
            SelectorTable.send(held.selector, to: held.target, with: [timer])
        }
    }

    /// A timer scheduled on the current run loop in the default mode that calls `aSelector` on
    /// `aTarget` with the timer every `ti` seconds, or once; `userInfo` is kept for the target.
    public class func scheduledTimer(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector,
                                     userInfo: Any?, repeats yesOrNo: Bool) -> Timer {
        let held = TimerTarget(target: aTarget as AnyObject, selector: aSelector)
        let timer = SelectorTimer(timeInterval: ti, repeats: yesOrNo) { timer in
            SelectorTable.send(held.selector, to: held.target, with: [timer])
        }
        timer.info = userInfo
        RunLoop.current.add(timer, forMode: .default)
        return timer
    }
}
