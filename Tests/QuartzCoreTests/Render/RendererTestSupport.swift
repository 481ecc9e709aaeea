import LaminaTestSupport
import QuartzCore

/// Commits `change` at once with actions disabled (no implicit animations).
func withoutActions(_ change: () -> Void) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    change()
    CATransaction.commit()
}

/// `render(in:)` of `root`'s presentation tree (its model before any commit) at `scale` pixels
/// per point: what a renderer of that size must show.
func renderInPixels(_ root: CALayer, scale: CGFloat = 2) -> [UInt8] {
    let ctx = ReferenceImage.layerCanvas(root.bounds.size, scale: scale)
    (root.presentation() ?? root).render(in: ctx)
    return ReferenceImage.pixels(of: ctx.makeImage()!)
}

/// Whether the renderer's bitmap equals `render(in:)` of `root` at the same scale.
func frameMatchesRenderIn(_ renderer: CARenderer, _ root: CALayer, scale: CGFloat = 2) -> Bool {
    ReferenceImage.pixels(of: renderer.makeImage()!) == renderInPixels(root, scale: scale)
}
