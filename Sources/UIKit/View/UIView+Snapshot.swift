extension UIView {
    /// Draws the view and its subviews as they are seen now — the presentation tree, with
    /// running animations at the current media time — into the current graphics context,
    /// scaled to fill `rect` (in the view's coordinates). With `afterUpdates` pending changes are
    /// committed first. Returns false when there is no current context.
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let ctx = UIGraphicsGetCurrentContext(), rect.isFiniteRect else { return false }
        if afterUpdates { CATransaction.flush() }
        guard bounds.width > 0, bounds.height > 0 else { return true }
        let source = layer.presentation() ?? layer
        ctx.saveGState()
        ctx.translateBy(x: rect.minX, y: rect.minY)
        ctx.scaleBy(x: rect.width / bounds.width, y: rect.height / bounds.height)
        source.render(in: ctx)
        ctx.restoreGState()
        return true
    }

    /// A new view showing an image of this view as it is seen now (see
    /// `drawHierarchy(in:afterScreenUpdates:)`), the size of its bounds.
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = UIScreen.mainScale
        let image = UIGraphicsImageRenderer(size: bounds.size, format: format).image { _ in
            _ = drawHierarchy(in: bounds, afterScreenUpdates: afterUpdates)
        }
        let snapshot = UIImageView(image: image)
        snapshot.frame = CGRect(origin: .zero, size: bounds.size)
        return snapshot
    }
}
