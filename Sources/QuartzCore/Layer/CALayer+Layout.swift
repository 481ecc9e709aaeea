extension CALayer {
    /// Lays out, top-down, every layer of the subtree that needs it.
    func layoutSubtreeIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        for sublayer in storedSublayers { sublayer.layoutSubtreeIfNeeded() }
    }

    /// The default `layoutIfNeeded()`: climbs to the highest ancestor that needs layout, then
    /// lays out the whole tree beneath it.
    func defaultLayoutIfNeeded() {
        var top = self
        while let parent = top.superlayer, parent.needsLayoutFlag { top = parent }
        top.layoutSubtreeIfNeeded()
    }
}
