import Dispatch

/// One open transaction: its values (duration, timing function, disabled actions, …) and its
/// completion block.
final class TransactionFrame {
    let isImplicit: Bool
    var values: [String: Any] = [:]
    var completion: CompletionGroup?

    init(isImplicit: Bool) {
        self.isImplicit = isImplicit
    }
}

/// A thread's transactions: the stack of open frames, and what changed since the last commit
/// (layers, added and removed animations), which the outermost commit hands to the render
/// side.
///
/// Invariants: changes always happen inside some frame (an implicit one is opened on demand);
/// only the commit that empties the stack commits changes. On the main thread an implicit
/// frame is committed at the end of the current run-loop turn.
final class TransactionStack {
    private(set) var frames: [TransactionFrame] = []
    private var changedLayers: [WeakLayer] = []
    /// Where each changed layer is in `changedLayers`. An identifier can outlive its layer
    /// (a layer changed and freed before the commit) and be reused by a new one, so a hit is
    /// checked against the entry's layer.
    private var changedIDs: [ObjectIdentifier: Int] = [:]
    private var addedAnimations: [(layer: WeakLayer, animation: CAAnimation, groups: [CompletionGroup])] = []
    private var removedWatches: [AnimationWatch] = []
    private var committing = false

    private static let threadKey = "Lamina.CATransaction"

    /// The main queue's stack, whichever thread drains the queue.
    nonisolated(unsafe) private static let mainStack = TransactionStack()

    /// This thread's stack (the main queue's, on the main queue).
    static var current: TransactionStack {
        if MainQueue.isCurrent { return mainStack }
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[threadKey] as? TransactionStack { return stack }
        let stack = TransactionStack()
        dictionary[threadKey] = stack
        return stack
    }

    // MARK: Frames

    /// Opens an implicit frame if none is open.
    private func ensureOpen() {
        guard frames.isEmpty else { return }
        frames.append(TransactionFrame(isImplicit: true))
        if MainQueue.isCurrent {
            // The end of this run-loop turn.
            DispatchQueue.main.async { TransactionStack.current.commitImplicit() }
        }
    }

    func begin() {
        frames.append(TransactionFrame(isImplicit: false))
    }

    /// Closes the innermost frame; when that empties the stack, commits the changes.
    func commit() {
        guard let frame = frames.popLast() else { return }
        let released = frame.completion?.seal()
        if frames.isEmpty { commitChanges() }
        if let released { CAMediaClock.current.scheduler.deliver(released) }
    }

    /// Commits the implicit frame if it is the only one open.
    func commitImplicit() {
        guard frames.count == 1, frames[0].isImplicit else {
            if frames.isEmpty { commitChanges() }
            return
        }
        commit()
    }

    // MARK: Values

    func value(forKey key: String) -> Any? {
        for frame in frames.reversed() {
            if let v = frame.values[key] { return v }
        }
        return nil
    }

    func setValue(_ value: Any?, forKey key: String) {
        ensureOpen()
        if key == kCATransactionCompletionBlock {
            // A block typed as main-actor isolated does not cast to a plain function type.
            if let block = value as? () -> Void {
                setCompletion(block)
            } else if let block = value as? @MainActor () -> Void {
                setCompletion { MainActor.assumeIsolated(block) }
            } else {
                setCompletion(nil)
            }
            return
        }
        frames[frames.count - 1].values[key] = value
    }

    var disableActions: Bool {
        AnimationNumber.bool(value(forKey: kCATransactionDisableActions)) ?? false
    }

    func completionBlock() -> (() -> Void)? {
        frames.last?.values[kCATransactionCompletionBlock] as? () -> Void
    }

    func setCompletion(_ block: (() -> Void)?) {
        ensureOpen()
        let frame = frames[frames.count - 1]
        // A replaced block no longer waits for animations added from now on.
        if let released = frame.completion?.seal() { CAMediaClock.current.scheduler.deliver(released) }
        frame.completion = block.map(CompletionGroup.init)
        frame.values[kCATransactionCompletionBlock] = block
    }

    // MARK: Changes

    func noteChange(_ layer: CALayer) {
        ensureOpen()
        let id = ObjectIdentifier(layer)
        if let index = changedIDs[id] {
            if changedLayers[index].layer === layer { return }
            // A freed layer's identifier, now another layer's.
            changedLayers[index] = WeakLayer(layer)
            return
        }
        changedIDs[id] = changedLayers.count
        changedLayers.append(WeakLayer(layer))
    }

    func noteAnimationAdded(_ animation: CAAnimation, to layer: CALayer) {
        noteChange(layer)
        let groups = frames.compactMap(\.completion)
        for group in groups { group.enter() }
        addedAnimations.append((WeakLayer(layer), animation, groups))
    }

    func noteAnimationRemoved(_ animation: CAAnimation, watch: AnimationWatch?) {
        ensureOpen()
        if let watch {
            removedWatches.append(watch)
            return
        }
        // Added and removed before any commit: it never ran, but it no longer holds back the
        // completion blocks it joined.
        guard let index = addedAnimations.firstIndex(where: { $0.animation === animation }) else { return }
        let released = addedAnimations[index].groups.compactMap { $0.leave() }
        addedAnimations.remove(at: index)
        for block in released { CAMediaClock.current.scheduler.deliver(block) }
    }

    /// Hands the changes to the render side: snapshots the changed layers, starts the added
    /// animations (a zero begin time becomes the layer's current time), reports removals, and
    /// delivers whatever became due.
    private func commitChanges() {
        guard !committing else { return }
        committing = true
        defer { committing = false }
        // Layout and display first, as Core Animation's commit does, so that the snapshots
        // carry laid-out geometry and drawn backing stores. They may change more layers;
        // redrawn contents do not animate.
        let quiet = TransactionFrame(isImplicit: false)
        quiet.values[kCATransactionDisableActions] = true
        frames.append(quiet)
        for _ in 0..<2 {
            let pending = changedLayers.compactMap(\.layer)
            for layer in pending where layer.needsLayout() { layer.layoutIfNeeded() }
            for layer in pending where layer.needsDisplay() { layer.displayIfNeeded() }
        }
        frames.removeLast()
        let layers = changedLayers.compactMap(\.layer)
        let added = addedAnimations, removed = removedWatches
        changedLayers = []
        changedIDs = [:]
        addedAnimations = []
        removedWatches = []
        let clock = CAMediaClock.current
        let scheduler = clock.scheduler
        WorkCounter.count(layers.count + added.count + removed.count)
        for layer in layers {
            layer.committedState = type(of: layer).init(layer: layer)
            layer.committedValue = layer.makeRenderValue()
        }
        let now = clock.time
        for (box, animation, groups) in added {
            guard let layer = box.layer, layer.isAttached(animation) else {
                let released = groups.compactMap { $0.leave() }
                for block in released { scheduler.deliver(block) }
                continue
            }
            if animation.beginTime == 0 { animation.beginTime = layer.localTime(fromMediaTime: now) }
            let watch = AnimationWatch(layer: layer, animation: animation, groups: groups)
            layer.setWatch(watch, for: animation)
            scheduler.watch(watch)
        }
        var released: [() -> Void] = []
        for watch in removed { released += scheduler.finishRemoved(watch) }
        for block in released { scheduler.deliver(block) }
        // Layers whose animations were removed commit their animation lists too.
        RenderTree.shared.commit(layers + removed.compactMap(\.layer).filter { layer in !layers.contains { $0 === layer } })
        // Layers animating a key their class redraws for are redrawn every frame from now on.
        for (box, _, _) in added { if let layer = box.layer { AnimatedRedraw.follow(layer, on: clock) } }
        scheduler.deliverDue(newFrame: false)
    }
}

/// A weak reference to a layer.
struct WeakLayer {
    weak var layer: CALayer?
    init(_ layer: CALayer) { self.layer = layer }
}
