/// An object that provides a layer's contents, lays out its sublayers and supplies its actions.
/// Every method is optional: the protocol extension supplies "not implemented" behaviour.
///
/// - Note: Differs from Apple: Swift on Linux has no optional protocol requirements, so the
///   defaults below stand in for "the delegate does not respond". The default `display(_:)`
///   tells the layer that it was not implemented, which is how `display(_:)` still wins over
///   `draw(_:in:)` only when a delegate really implements it.
public protocol CALayerDelegate: AnyObject {
    /// Sets the layer's contents directly (usually its `contents`). When implemented, the layer
    /// does not create a backing store and `draw(_:in:)` is not called.
    func display(_ layer: CALayer)
    /// Draws the layer's contents into `ctx`, a backing store of the layer's bounds ×
    /// `contentsScale`, with the origin at the top-left of the bounds.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before `draw(_:in:)`, to adjust layer state that affects the backing store.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers (called from `layoutSublayers()`).
    func layoutSublayers(of layer: CALayer)
    /// The action for `event` on `layer`: nil to let the layer keep searching, `NSNull()` to
    /// stop the search with no action.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) {
        layer.delegateDisplayIsMissing = true
    }

    public func draw(_ layer: CALayer, in ctx: CGContext) {}

    public func layerWillDraw(_ layer: CALayer) {}

    public func layoutSublayers(of layer: CALayer) {}

    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}
