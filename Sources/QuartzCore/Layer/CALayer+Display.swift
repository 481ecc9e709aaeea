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
        let scale = contentsScale
        let pixelWidth = (bounds.width * scale).rounded(.up)
        let pixelHeight = (bounds.height * scale).rounded(.up)
        guard pixelWidth >= 1, pixelHeight >= 1, pixelWidth < 32_768, pixelHeight < 32_768 else { return nil }
        let alpha = isOpaque ? CGImageAlphaInfo.noneSkipFirst : CGImageAlphaInfo.premultipliedFirst
        guard let context = CGContext(
            data: nil, width: Int(pixelWidth), height: Int(pixelHeight), bitsPerComponent: 8,
            bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: alpha.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        context.translateBy(x: 0, y: pixelHeight)
        context.scaleBy(x: scale, y: -scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        return context
    }

    /// Displays this layer and its descendants if they are marked as needing it.
    func displaySubtreeIfNeeded() {
        if needsDisplayFlag { display() }
        for sublayer in storedSublayers { sublayer.displaySubtreeIfNeeded() }
    }
}
