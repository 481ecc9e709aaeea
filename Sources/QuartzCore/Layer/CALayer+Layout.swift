extension CALayer {
    /// Lays out, top-down, every layer of the subtree that needs it.
    package func layoutSubtreeIfNeeded() {
        // Depth first, each layer before its sublayers, without recursion (trees of any depth).
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            if layer.needsLayoutFlag {
                layer.needsLayoutFlag = false
                layer.layoutSublayers()
            }
            pending.append(contentsOf: layer.storedSublayers.reversed())
        }
    }

    /// The default `layoutIfNeeded()`: climbs to the highest ancestor that needs layout, then
    /// lays out the whole tree beneath it.
    func defaultLayoutIfNeeded() {
        var top = self
        while let parent = top.superlayer, parent.needsLayoutFlag { top = parent }
        top.layoutSubtreeIfNeeded()
    }
}
