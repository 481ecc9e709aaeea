import Dispatch

/// The completion block of one transaction: it runs once every animation added while it was
/// set has finished or been removed, and the transaction has been committed (or the block
/// replaced).
final class CompletionGroup {
    private var block: (() -> Void)?
    private var pending = 0
    private var sealed = false

    init(_ block: @escaping () -> Void) {
        self.block = block
    }

    func enter() { pending += 1 }

    /// One animation is done; returns the block if that was the last one after sealing.
    func leave() -> (() -> Void)? {
        pending -= 1
        return takeIfDone()
    }

    /// No more animations join; returns the block if none is outstanding.
    func seal() -> (() -> Void)? {
        sealed = true
        return takeIfDone()
    }

    private func takeIfDone() -> (() -> Void)? {
        guard sealed, pending <= 0, let block else { return nil }
        self.block = nil
        return block
    }
}

/// A committed animation waiting for its start and end.
package final class AnimationWatch {
    weak var layer: CALayer?
    let animation: CAAnimation
    let groups: [CompletionGroup]
    var started = false
    var done = false

    init(layer: CALayer, animation: CAAnimation, groups: [CompletionGroup]) {
        self.layer = layer
        self.animation = animation
        self.groups = groups
    }
}

/// Per clock: the committed animations whose start or end is still to be reported, and the
/// delivery of those reports (on the advancing thread for manual clocks, on the main queue
/// for the system clock).
package final class AnimationScheduler: @unchecked Sendable {
    unowned(unsafe) var clock: CAMediaClock!
    private let lock = NSLock()
    private var watches: [AnimationWatch] = []
    /// Watches added since the last delivery, and the clock time and timing generation that
    /// delivery checked the rest at: a delivery at the same time and generation (a commit
    /// within one frame) only needs to look at these, so committing stays O(new animations)
    /// however many are running.
    private var unchecked: [AnimationWatch] = []
    private var checkedTime = CFTimeInterval.nan
    private var checkedGeneration = -1
    /// Set when a watch was finished outside a delivery (its animation removed).
    private var hasFinishedWatches = false
    private var wakeScheduled = false
    /// Callbacks run on every delivery (display links), by registration id.
    private var frameCallbacks: [(id: Int, callback: () -> Void)] = []
    private var storedFramesPerSecond: Double = 60

    /// How often frame callbacks (`CADisplayLink`, clock-paced compositors) run on the system
    /// clock: the display's refresh rate, set when a window's surface reports it; 60 before.
    package var displayFramesPerSecond: Double {
        get { lock.withLock { storedFramesPerSecond } }
        set {
            guard newValue.isFinite, newValue >= 1, newValue <= 1000 else { return }
            lock.withLock { storedFramesPerSecond = newValue }
        }
    }
    private var nextCallbackID = 0
    /// Work for the next turn of the main run loop, by ticket; taken once by whichever comes
    /// first, the main queue or (on a manual clock) the next delivery.
    private var nextTurn: [(ticket: Int, work: () -> Void)] = []
    private var nextTicket = 0

    func watch(_ watch: AnimationWatch) {
        lock.lock()
        watches.append(watch)
        unchecked.append(watch)
        lock.unlock()
    }

    /// Runs `work` where this clock delivers: inline for manual clocks and on the main
    /// thread, else on the main queue.
    func deliver(_ work: @escaping () -> Void) {
        if clock.isManual || MainQueue.isCurrent {
            work()
        } else {
            let box = UncheckedBox(work)
            DispatchQueue.main.async { box.value() }
        }
    }

    /// Runs `work` on a later turn of the main run loop, never inside the current call: from
    /// the main queue, or for a manual clock at its next `advance(by:)` if that comes first.
    package func deliverNextTurn(_ work: @escaping () -> Void) {
        lock.lock()
        nextTicket += 1
        let ticket = nextTicket
        nextTurn.append((ticket, work))
        lock.unlock()
        let box = UncheckedBox(self)
        DispatchQueue.main.async { box.value.runNextTurn(only: ticket) }
    }

    /// Runs the next-turn work with `ticket` (nil: all of it) that has not run yet.
    private func runNextTurn(only ticket: Int?) {
        lock.lock()
        let due = nextTurn.filter { ticket == nil || $0.ticket == ticket }
        nextTurn.removeAll { ticket == nil || $0.ticket == ticket }
        lock.unlock()
        for item in due { item.work() }
    }

    /// Calls `callback` once a frame from the next one on (on the system clock, the main
    /// queue wakes for it).
    package func addFrameCallback(_ callback: @escaping () -> Void) -> Int {
        lock.lock()
        nextCallbackID += 1
        let id = nextCallbackID
        frameCallbacks.append((id, callback))
        lock.unlock()
        scheduleWake()
        return id
    }

    package func removeFrameCallback(_ id: Int) {
        lock.lock()
        frameCallbacks.removeAll { $0.id == id }
        lock.unlock()
    }

    /// Reports every start and end that is due at the clock's time: starts first, then ends
    /// (removing finished animations that ask for it), then the completion blocks whose last
    /// animation ended, then (for a new frame) the frame callbacks.
    package func deliverDue(newFrame: Bool = true) {
        if newFrame { runNextTurn(only: nil) }
        let now = clock.time
        let generation = CALayer.timingGeneration.load(ordering: .relaxed)
        lock.lock()
        let onlyNew = !newFrame && now == checkedTime && generation == checkedGeneration
        let current = onlyNew ? unchecked : watches
        unchecked = []
        checkedTime = now
        checkedGeneration = generation
        let callbacks = newFrame ? frameCallbacks.map(\.callback) : []
        lock.unlock()
        var completions: [() -> Void] = []
        var anyDone = false
        WorkCounter.count(current.count)
        for watch in current where !watch.done {
            guard let layer = watch.layer, layer.isAttached(watch.animation) else {
                // Gone with its layer, or removed (the removal reported it).
                watch.done = true
                anyDone = true
                continue
            }
            let t = layer.localTime(fromMediaTime: now)
            let timing = watch.animation.timingModel
            if !watch.started && t >= timing.beginTime {
                watch.started = true
                watch.animation.delegate?.animationDidStart(watch.animation)
            }
            if t >= timing.endTime {
                watch.done = true
                anyDone = true
                if watch.animation.isRemovedOnCompletion { layer.detachFinished(watch.animation) }
                watch.animation.delegate?.animationDidStop(watch.animation, finished: true)
                completions += watch.groups.compactMap { $0.leave() }
            }
        }
        lock.lock()
        if anyDone || hasFinishedWatches {
            watches.removeAll { $0.done }
            hasFinishedWatches = false
        }
        lock.unlock()
        for completion in completions { completion() }
        for callback in callbacks { callback() }
        scheduleWake()
    }

    /// Marks a removed animation's watch as done and returns the completion blocks that its
    /// removal released.
    func finishRemoved(_ watch: AnimationWatch) -> [() -> Void] {
        guard !watch.done else { return [] }
        watch.done = true
        lock.lock()
        hasFinishedWatches = true
        lock.unlock()
        watch.animation.delegate?.animationDidStop(watch.animation, finished: false)
        return watch.groups.compactMap { $0.leave() }
    }

    /// For the system clock: wakes the main queue when the next start or end is due.
    private func scheduleWake() {
        guard !clock.isManual else { return }
        let now = clock.time
        lock.lock()
        var next = CFTimeInterval.infinity
        for watch in watches where !watch.done {
            guard let layer = watch.layer else { continue }
            let timing = watch.animation.timingModel
            let due = watch.started ? timing.endTime : timing.beginTime
            next = Swift.min(next, layer.mediaTime(fromLocalTime: due))
        }
        let hasCallbacks = !frameCallbacks.isEmpty
        if hasCallbacks { next = Swift.min(next, now + 1.0 / storedFramesPerSecond) }
        guard next.isFinite, !wakeScheduled else {
            lock.unlock()
            return
        }
        wakeScheduled = true
        lock.unlock()
        let delay = Swift.max(0, next - now)
        let box = UncheckedBox(self)
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
            let scheduler = box.value
            scheduler.lock.lock()
            scheduler.wakeScheduled = false
            scheduler.lock.unlock()
            scheduler.deliverDue()
        }
    }
}

/// Carries a non-Sendable value to the main queue, where the code that uses it runs.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
