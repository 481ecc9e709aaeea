/// The properties a layer is placed and drawn by, shared by live layers (`CALayer`) and the
/// values the render side draws (`LayerValue`): the geometry arithmetic below is written once
/// for both.
protocol LayerProperties {
    var bounds: CGRect { get }
    var position: CGPoint { get }
    var zPosition: CGFloat { get }
    var anchorPoint: CGPoint { get }
    var anchorPointZ: CGFloat { get }
    var transform: CATransform3D { get }
    var sublayerTransform: CATransform3D { get }
    var isGeometryFlipped: Bool { get }
    var contentsScale: CGFloat { get }
    var rasterizationScale: CGFloat { get }
    var cornerRadius: CGFloat { get }
    var borderWidth: CGFloat { get }
    var shadowColor: CGColor? { get }
    var shadowOpacity: Float { get }
    var shadowOffset: CGSize { get }
    var shadowRadius: CGFloat { get }
    /// Whether the layer flattens its sublayers into its own plane (every class but
    /// `CATransformLayer`, whose sublayers share its parent's 3-D space).
    var flattensSublayers: Bool { get }
}

extension LayerProperties {
    /// `layers` sorted by `zPosition`, keeping their order among equal positions.
    static func inDrawingOrder(_ layers: [Self]) -> [Self] {
        guard layers.contains(where: { $0.zPosition != 0 }) else { return layers }
        return layers.enumerated()
            .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
            .map(\.element)
    }

    /// The anchor point in the layer's own (bounds) coordinates.
    var anchorPointInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// Maps this layer's coordinates to `parent`'s (its superlayer): anchor-relative
    /// transform, then position, then the parent's sublayer transform about its own anchor.
    func transform(inParent parent: Self?) -> CGAffineTransform {
        let anchor = anchorPointInBounds
        var m = CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(transform.affinePart)
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
        if let parent, !CATransform3DIsIdentity(parent.sublayerTransform) {
            let parentAnchor = parent.anchorPointInBounds
            m = m.concatenating(CGAffineTransform(translationX: -parentAnchor.x, y: -parentAnchor.y))
                .concatenating(parent.sublayerTransform.affinePart)
                .concatenating(CGAffineTransform(translationX: parentAnchor.x, y: parentAnchor.y))
        }
        if let parent, parent.isGeometryFlipped { m = m.concatenating(parent.geometryFlip) }
        return m
    }

    /// A geometry-flipped layer's map of its sublayers' space onto its bounds: y runs the
    /// other way, about the middle of the bounds.
    var geometryFlip: CGAffineTransform {
        CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: bounds.minY + bounds.maxY)
    }

    /// The full 3-D map from this layer's coordinates to `parent`'s: the transform about the
    /// anchor point (`anchorPointZ` included), then `position` and `zPosition`, then the
    /// parent's sublayer transform about its anchor point. Its plane projection is what the
    /// renderer draws through; for 2-D transforms it equals `transform(inParent:)`.
    func transform3D(inParent parent: Self?) -> CATransform3D {
        let anchor = anchorPointInBounds
        var m = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ), transform),
            CATransform3DMakeTranslation(position.x, position.y, zPosition))
        if let parent, !CATransform3DIsIdentity(parent.sublayerTransform) {
            let a = parent.anchorPointInBounds
            let z = parent.anchorPointZ
            m = CATransform3DConcat(
                m, CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-a.x, -a.y, -z), parent.sublayerTransform),
                                       CATransform3DMakeTranslation(a.x, a.y, z)))
        }
        if let parent, parent.isGeometryFlipped { m = CATransform3DConcat(m, CATransform3DMakeAffineTransform(parent.geometryFlip)) }
        return m
    }

    /// Whether drawing this layer in `parent` needs the 3-D path: a transform (or the parent's
    /// sublayer transform) that is not 2-D, or either being a transform layer.
    func isDrawnIn3D(inParent parent: Self?) -> Bool {
        !transform.isAffine2D || !(parent?.sublayerTransform.isAffine2D ?? true) || !flattensSublayers
            || !(parent?.flattensSublayers ?? true)
    }

    /// Whether the layer faces away from the viewer in `parent`: its transform (with the
    /// parent's sublayer transform) turns the layer's front, the +z side, to face −z — the
    /// projected x and y axes swap orientation.
    func showsBack(inParent parent: Self) -> Bool {
        let t = CATransform3DConcat(transform, parent.sublayerTransform)
        return t.m11 * t.m22 - t.m12 * t.m21 < 0
    }

    /// Whether the layer's geometry can be drawn: bounds, position, anchor point, z values,
    /// transforms and shadow geometry finite and within `CALayer.renderableMagnitude`. Both
    /// renderers skip a layer (and its sublayers) that fails, so hostile values draw nothing
    /// instead of trapping in rectangle arithmetic.
    ///
    /// - Note: Differs from Apple: Core Animation raises an exception for NaN geometry.
    var hasRenderableGeometry: Bool {
        let limit = CALayer.renderableMagnitude
        @inline(__always) func ok(_ v: CGFloat) -> Bool { v.isFinite && abs(v) <= limit }
        @inline(__always) func ok(_ t: CATransform3D) -> Bool {
            ok(t.m11) && ok(t.m12) && ok(t.m13) && ok(t.m14) && ok(t.m21) && ok(t.m22) && ok(t.m23) && ok(t.m24)
                && ok(t.m31) && ok(t.m32) && ok(t.m33) && ok(t.m34) && ok(t.m41) && ok(t.m42) && ok(t.m43) && ok(t.m44)
        }
        let b = bounds
        guard ok(b.origin.x), ok(b.origin.y), ok(b.size.width), ok(b.size.height), ok(position.x), ok(position.y),
              ok(anchorPoint.x), ok(anchorPoint.y), ok(zPosition), ok(anchorPointZ), ok(transform), ok(sublayerTransform),
              ok(contentsScale), ok(rasterizationScale) else { return false }
        if shadowOpacity > 0 {
            guard ok(shadowRadius), ok(shadowOffset.width), ok(shadowOffset.height) else { return false }
        }
        return ok(cornerRadius) && ok(borderWidth)
    }

    /// Whether the layer casts a shadow at all.
    var castsShadow: Bool { shadowOpacity > 0 && shadowColor != nil }

    /// How far the blur spreads a shadow beyond its shape (three blur radii and a point).
    var shadowSpread: CGFloat { Swift.max(shadowRadius, 0) * 3 + 1 }

    /// `r` together with where its shadow falls (offset, spread three blur radii).
    func withShadowReach(_ r: CGRect) -> CGRect {
        guard castsShadow else { return r }
        let spread = shadowSpread
        return r.union(r.offsetBy(dx: shadowOffset.width, dy: shadowOffset.height).insetBy(dx: -spread, dy: -spread))
    }
}

extension CALayer: LayerProperties {
    /// The largest coordinate, size or transform entry (in magnitude) a drawn layer may have:
    /// beyond it, pixel arithmetic loses all precision.
    static let renderableMagnitude: CGFloat = 1e12
}
