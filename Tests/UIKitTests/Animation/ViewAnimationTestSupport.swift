import Testing
import UIKit

/// Runs `body` on a manual clock bound to this task, with the main thread's transactions
/// flushed before and after.
@MainActor
func withManualClock(_ body: (CAMediaClock) -> Void) {
    let clock = CAMediaClock(manualTime: 50)
    clock.withCurrent {
        CATransaction.flush()
        body(clock)
        CATransaction.flush()
    }
}

/// A view that has been committed once (so that its layer's changes can animate).
@MainActor
func committedView(_ frame: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100)) -> UIView {
    let view = UIView(frame: frame)
    CATransaction.flush()
    return view
}

