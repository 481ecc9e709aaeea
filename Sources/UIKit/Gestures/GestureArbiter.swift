/// Arbitration between gesture recognizers, and the touch deliveries to views they hold back.
///
/// Recognizers that share a touch compete: when one begins (or recognizes), every other one
/// that may not recognize simultaneously with it is prevented (fails if still possible, is
/// cancelled if it had begun). A recognizer that must wait for others to fail holds its
/// transition until they have (then it goes ahead) or one of them recognizes (then it fails).
/// `cancelsTouchesInView` turns the winner's touches into `touchesCancelled` for their views;
/// `delaysTouchesBegan` / `delaysTouchesEnded` hold deliveries while a recognizer is still
/// deciding.
@MainActor
final class GestureArbiter {
    static let shared = GestureArbiter()

    /// Recognizers that received touches since their last reset.
    private var involved: [UIGestureRecognizer] = []
    /// View deliveries held back, in order.
    private var held: [(touch: UITouch, phase: UITouch.Phase, event: UIEvent)] = []

    enum RequirementStatus { case go, wait, fail }

    func noteInvolved(_ recognizer: UIGestureRecognizer) {
        if !recognizer.isInvolved {
            recognizer.isInvolved = true
            involved.append(recognizer)
        }
    }

    /// Whether two recognizers compete: they received a touch in common in the current
    /// sequence.
    private func shareTouches(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.isInvolved && b.isInvolved && a.sequenceTouches.contains { touch in b.sequenceTouches.contains { $0 === touch } }
    }

    static func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// Whether `recognizer` may leave `.possible` now, must wait, or has lost.
    func requirementStatus(of recognizer: UIGestureRecognizer) -> RequirementStatus {
        var candidates = recognizer.explicitRequirements
        for other in involved where other !== recognizer && !candidates.contains(where: { $0 === other }) {
            candidates.append(other)
        }
        var status = RequirementStatus.go
        for other in candidates where recognizer.mustWait(for: other) {
            // A recognizer that never saw these touches cannot recognize them: treat it as failed.
            guard other.isInvolved, other.isEnabled else { continue }
            switch other.state {
            case .failed: continue
            case .possible: status = .wait
            default: return .fail
            }
        }
        return status
    }

    /// `winner` began or recognized: prevent its competitors, fail those waiting for it to
    /// fail, and take its touches from their views.
    func didRecognize(_ winner: UIGestureRecognizer) {
        for other in involved where other !== winner && !other.isFinished {
            if other.mustWait(for: winner) {
                other.prevent()
                continue
            }
            guard shareTouches(winner, other), !GestureArbiter.simultaneous(winner, other),
                  winner.canPrevent(other), other.canBePrevented(by: winner) else { continue }
            other.prevent()
        }
        if winner.cancelsTouchesInView { cancelViewTouches(of: winner) }
    }

    /// `loser` failed: recognizers waiting only for failures may go ahead.
    func didFail(_ loser: UIGestureRecognizer) {
        for other in involved where other.heldState != nil && other !== loser {
            if requirementStatus(of: other) == .go { other.releaseHeldState() }
        }
    }

    /// The winner's touches: their views get `touchesCancelled` (for what they had begun);
    /// held deliveries of them are dropped.
    private func cancelViewTouches(of recognizer: UIGestureRecognizer) {
        var touches: [UITouch] = []
        for touch in EventRouter.shared.activeTouches where touch.gestureRecognizers?.contains(where: { $0 === recognizer }) == true {
            touches.append(touch)
        }
        for touch in recognizer.trackedTouches where !touches.contains(where: { $0 === touch }) { touches.append(touch) }
        var cancelled: [UITouch] = []
        for touch in touches where !touch.cancelledForView {
            touch.cancelledForView = true
            held.removeAll { $0.touch === touch }
            cancelled.append(touch)
        }
        deliver(cancelled.map { ($0, .cancelled) }, event: EventRouter.shared.currentEvent ?? UIEvent())
    }

    // MARK: Held deliveries

    /// Whether the view's delivery of `phase` for `touch` must wait.
    private func mustHold(_ touch: UITouch, _ phase: UITouch.Phase) -> Bool {
        held.contains(where: { $0.touch === touch }) || isDeciding(touch, phase)
    }

    /// Whether a recognizer of the touch that delays this phase is still deciding.
    private func isDeciding(_ touch: UITouch, _ phase: UITouch.Phase) -> Bool {
        let deciding = (touch.gestureRecognizers ?? []).filter { $0.isInvolved && $0.state == .possible && $0.isEnabled }
        switch phase {
        case .began: return deciding.contains { $0.delaysTouchesBegan }
        case .ended: return deciding.contains { $0.delaysTouchesEnded }
        default: return false
        }
    }

    /// Delivers touches to their views (grouped by view and phase), holding those a deciding
    /// recognizer delays.
    func deliverToViews(_ touches: [UITouch], event: UIEvent) {
        var ready: [(touch: UITouch, phase: UITouch.Phase)] = []
        for touch in touches where touch.deliversToView && !touch.cancelledForView {
            if mustHold(touch, touch.phase) {
                held.append((touch, touch.phase, event))
            } else {
                ready.append((touch, touch.phase))
            }
        }
        deliver(ready, event: event)
    }

    /// Delivers each touch's phase to its view, grouped by view and phase; phases after
    /// `.began` only to views that got the `.began`.
    func deliver(_ entries: [(touch: UITouch, phase: UITouch.Phase)], event: UIEvent) {
        var groups: [(view: UIView, phase: UITouch.Phase, touches: [UITouch])] = []
        for (touch, phase) in entries {
            guard let view = touch.view else { continue }
            if phase == .began { touch.deliveredBegan = true } else if !touch.deliveredBegan { continue }
            if let index = groups.firstIndex(where: { $0.view === view && $0.phase == phase }) {
                groups[index].touches.append(touch)
            } else {
                groups.append((view, phase, [touch]))
            }
        }
        for group in groups {
            let saved = group.touches.map(\.phase)
            for touch in group.touches { touch.phase = group.phase }
            let set = Set(group.touches)
            switch group.phase {
            case .began: group.view.touchesBegan(set, with: event)
            case .moved, .stationary: group.view.touchesMoved(set, with: event)
            case .ended: group.view.touchesEnded(set, with: event)
            default: group.view.touchesCancelled(set, with: event)
            }
            for (touch, phase) in zip(group.touches, saved) { touch.phase = phase }
        }
    }

    /// After an event or a timer: release held deliveries whose recognizers have decided, and
    /// reset recognizers whose gesture is over.
    func settle() {
        var blocked: [UITouch] = []
        var remaining: [(touch: UITouch, phase: UITouch.Phase, event: UIEvent)] = []
        let pending = held
        held.removeAll()
        for entry in pending {
            if entry.touch.cancelledForView { continue }
            if blocked.contains(where: { $0 === entry.touch }) || isDeciding(entry.touch, entry.phase) {
                blocked.append(entry.touch)
                remaining.append(entry)
                continue
            }
            deliver([(entry.touch, entry.phase)], event: entry.event)
        }
        held = remaining + held
        for recognizer in involved where recognizer.isFinished && recognizer.trackedTouches.isEmpty
            && !held.contains(where: { $0.touch.gestureRecognizers?.contains { $0 === recognizer } == true }) {
            recognizer.resetNow()
        }
        involved.removeAll { !$0.isInvolved }
    }

    /// Drops everything (tests start from a clean slate).
    func clear() {
        for recognizer in involved { recognizer.resetNow() }
        involved.removeAll()
        held.removeAll()
    }
}
