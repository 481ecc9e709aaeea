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
        contents = drawingProducedNothing ? nil : context.makeImageTakingPixels()
        drawingProducedNothing = false
    }

    /// A bitmap of bounds × contentsScale (BGRA, or BGRX for opaque layers, like iOS backing
    /// stores) whose CTM maps the layer's bounds with the origin at the top-left — or, under
    /// an odd number of geometry-flipped ancestors (a y-up space, as layers have on macOS), at
    /// the bottom-left, so that what is drawn shows where the layer's geometry puts it.
    func makeBackingStore() -> CGContext? {
        CGContext.topLeftOrigin(bounds: bounds, scale: contentsScale, opaque: isOpaque, maximumPixels: 32_767,
                                yUp: hasFlippedGeometry)
    }

    /// Whether an odd number of this layer's ancestors flip the geometry.
    package var hasFlippedGeometry: Bool {
        var flipped = false
        var layer = superlayer
        while let current = layer {
            if current.isGeometryFlipped { flipped.toggle() }
            layer = current.superlayer
        }
        return flipped
    }

    /// `render(in:)` for a layer whose space runs y-up on the page (an AppKit view's, in a
    /// context whose y runs up): contents, backing stores and text stay upright.
    package func render(in ctx: CGContext, contentsFlipped: Bool) {
        layoutIfNeeded()
        displaySubtreeIfNeeded()
        LayerRenderer.draw(self, in: ctx, contentsFlipped: contentsFlipped)
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
