extension CALayer {
    /// The default `display()`: a delegate implementing `display(_:)` provides the contents
    /// itself; otherwise the layer makes a backing store of bounds × contentsScale pixels,
    /// lets the delegate prepare (`layerWillDraw`), draws into it with `draw(in:)` and keeps
    /// the result as `contents`.
    func defaultDisplay() {
        needsDisplayFlag = false
        if let delegate {
            delegateDisplayIsMissing = false
            delegate.display(self)
            if !delegateDisplayIsMissing { return }
        }
        delegate?.layerWillDraw(self)
        guard let context = makeBackingStore() else {
            contents = nil
            return
        }
        drawingProducedNothing = false
        draw(in: context)
        contents = drawingProducedNothing ? nil : context.makeImage()
        drawingProducedNothing = false
    }

    /// A bitmap of bounds × contentsScale (BGRA, or BGRX for opaque layers, like iOS backing
    /// stores) whose CTM maps the layer's bounds with the origin at the top-left.
    func makeBackingStore() -> CGContext? {
        CGContext.topLeftOrigin(bounds: bounds, scale: contentsScale, opaque: isOpaque, maximumPixels: 32_767)
    }

    /// Displays this layer and its descendants if they are marked as needing it.
    func displaySubtreeIfNeeded() {
        // Depth first, each layer before its sublayers, without recursion (trees of any depth).
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            if layer.needsDisplayFlag { layer.display() }
            pending.append(contentsOf: layer.storedSublayers.reversed())
        }
    }
}
