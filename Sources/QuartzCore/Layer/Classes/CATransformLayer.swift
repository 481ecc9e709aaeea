/// A layer for true 3-D hierarchies: it does not flatten its sublayers into its plane, so
/// they (and the sublayers of transform layers among them) share one 3-D space, where the
/// renderer sorts them by depth and draws each through its own perspective.
///
/// As on Apple's platforms only the sublayers are rendered: the transform layer's own
/// background, contents, border, shadow, `mask` and `masksToBounds` are ignored, and its
/// `opacity` applies to each sublayer separately (it is not a compositing group).
///
/// - Note: Differs from Apple: depth sorting orders whole sublayers by the depth of their
///   centre (painter's order); layers that intersect in depth are not split. `hitTest(_:)`,
///   which Apple says must not be called on a transform layer, tests its sublayers through
///   their 2-D (affine) parts.
open class CATransformLayer: CALayer {
    public required init() {
        super.init()
    }

    public required init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) { nil }

    override var flattensSublayers: Bool { false }
    override var renderContent: LayerContent { .transformLayer }
}
