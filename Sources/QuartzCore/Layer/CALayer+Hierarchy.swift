extension CALayer {
    func replaceAllSublayers(with newValue: [CALayer]?) {
        let old = storedSublayers
        for layer in old { layer.superlayer = nil }
        storedSublayers = []
        for layer in old where !(newValue ?? []).contains(where: { $0 === layer }) { layer.runTreeAction(kCAOnOrderOut) }
        for layer in newValue ?? [] { insertSublayerAt(layer, storedSublayers.count) }
        setNeedsLayout()
        runTreeAction("sublayers")
    }

    /// Runs the action for a tree event (`onOrderIn`, `onOrderOut`, `sublayers`) of a
    /// committed layer, as property changes do. These events have no implicit animation.
    func runTreeAction(_ event: String) {
        guard !isPresentationCopy else { return }
        let stack = TransactionStack.current
        stack.noteChange(self)
        guard committedState != nil, !stack.disableActions, let action = action(forKey: event) else { return }
        action.run(forKey: event, object: self, arguments: nil)
    }

    /// Sublayers sorted by zPosition, keeping insertion order among equals.
    var sublayersInDrawingOrder: [CALayer] { CALayer.inDrawingOrder(storedSublayers) }

    /// Inserts `layer` at `index` (clamped), moving it from any previous superlayer. Refuses
    /// to make a layer its own ancestor.
    func insertSublayerAt(_ layer: CALayer, _ requested: Int) {
        // Only a layer with sublayers can be an ancestor of this one (leaves are checked in O(1)).
        guard layer !== self, layer.storedSublayers.isEmpty || !isDescendant(of: layer) else { return }
        var index = requested
        let isNew = layer.superlayer !== self
        if !isNew, let current = storedSublayers.identityIndex(of: layer) {
            storedSublayers.remove(at: current)
            if current < index { index -= 1 }
        } else {
            layer.removeFromSuperlayer()
        }
        index = Swift.min(Swift.max(index, 0), storedSublayers.count)
        storedSublayers.insert(layer, at: index)
        layer.superlayer = self
        setNeedsLayout()
        if isNew { layer.runTreeAction(kCAOnOrderIn) }
        runTreeAction("sublayers")
    }

    func indexOfSublayer(_ layer: CALayer?) -> Int? {
        layer.flatMap { storedSublayers.identityIndex(of: $0) }
    }

    func detachFromSuperlayer() {
        guard let parent = superlayer else { return }
        // Its local time now follows no parent: running animations may be due.
        if !attachedAnimations.isEmpty || !storedSublayers.isEmpty { CALayer.timingDidChange() }
        parent.storedSublayers.removeFirstIdentical(self)
        superlayer = nil
        parent.setNeedsLayout()
        runTreeAction(kCAOnOrderOut)
        parent.runTreeAction("sublayers")
    }

    /// Whether `ancestor` is this layer's superlayer, or one of its superlayers.
    func isDescendant(of ancestor: CALayer) -> Bool {
        var layer = superlayer
        while let current = layer {
            WorkCounter.count()
            if current === ancestor { return true }
            layer = current.superlayer
        }
        return false
    }
}
