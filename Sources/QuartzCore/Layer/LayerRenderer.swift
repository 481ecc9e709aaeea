/// Draws a layer subtree, as values, into a `CGContext`: for `CALayer.render(in:)` (over the
/// live layers) and for `CARenderer` (over a render tree snapshot).
///
/// Per layer, in its own coordinate space: background (rounded by `cornerRadius`), then the
/// contents placed by `contentsGravity`, then the sublayers in zPosition order, then the border
/// on top. `masksToBounds` clips contents and sublayers to the (rounded) bounds; `opacity`
/// below 1 composites the layer and its sublayers as one group through a transparency layer.
///
/// Shadows come from the composited alpha of the layer and its sublayers (or from
/// `shadowPath`), under the layer; `mask` keeps what its alpha covers, shadow included.
///
/// Transforms that are not 2-D (perspective, rotations out of the plane, z terms) take the
/// 3-D path: the sublayer and its subtree are flattened into an image of its own plane, which
/// is drawn through the plane's projection (`CGContext.draw(_:projecting:)`). A
/// `CATransformLayer` does not flatten: its sublayers (and theirs, through nested transform
/// layers) are each drawn through their accumulated 3-D transform, back to front by depth.
///
/// - Note: Differs from Apple: depth sorting orders whole layers by the depth of their centre
///   and does not split layers that cross in depth; `allowsEdgeAntialiasing` is honoured on
///   the edges of layers drawn under perspective (2-D rotated edges are always antialiased).
/// A rasterized layer's bitmap and the rectangle of the layer's own space it covers.
typealias RasterImage = (image: CGImage, extent: CGRect)

struct LayerRenderer {
    private(set) var context: CGContext
    /// The sublayers of a layer in drawing order (evaluated at its time shift).
    var sublayers: (LayerValue) -> [LayerValue]
    /// A rasterized layer's bitmap: the compositor's cached one while nothing inside the layer
    /// changed, else the one `make` draws (which it keeps). Without it every draw makes one.
    var rasterCache: ((LayerValue, () -> RasterImage?) -> RasterImage?)?
    /// The compositor's copies of images rescaled to their device size (contents drawn
    /// frame after frame at one size are resampled once).
    var imageCache: ResampledImageCache?
    /// When set, only layers whose drawing may touch this device rectangle are drawn (the
    /// compositor's damage); their sublayers are still visited.
    var cull: CGRect?
    /// A layer's mask.
    var maskOf: (LayerValue) -> LayerValue?
    /// Sublayers for which this answers true are not visited at all (the compositor's cheap
    /// test: nothing of theirs lands in the damage).
    var skip: ((LayerValue) -> Bool)?
    /// When set, the sublayers to draw with what `skip` would skip already left out (the
    /// compositor's list, made without reading the skipped values); like `skip`, not used
    /// for offscreen drawing.
    var culledSublayers: ((LayerValue) -> [LayerValue])?
    /// The opacity of ancestors that do not group (`allowsGroupOpacity` false), applied to
    /// each drawing operation of this layer and its sublayers.
    var inheritedAlpha: CGFloat = 1
    /// Whether an odd number of ancestors flip the geometry: this layer's space then runs
    /// y-up on the page, and its contents are drawn flipped back to stay upright.
    var contentsFlipped = false
    /// A layer (with its subtree) as seen `shift` seconds earlier, for a replicator's delayed
    /// copies.
    var shifted: (LayerValue, CFTimeInterval) -> LayerValue
    /// A layer's local time at the frame (particles depend on it).
    var layerTime: (LayerValue) -> CFTimeInterval

    init(context: CGContext, sublayers: @escaping (LayerValue) -> [LayerValue], mask: @escaping (LayerValue) -> LayerValue?,
         shifted: @escaping (LayerValue, CFTimeInterval) -> LayerValue, layerTime: @escaping (LayerValue) -> CFTimeInterval,
         cull: CGRect?) {
        self.context = context
        self.sublayers = sublayers
        self.maskOf = mask
        self.shifted = shifted
        self.layerTime = layerTime
        self.cull = cull
    }

    func draw(_ layer: LayerValue) {
        WorkCounter.count()
        guard !layer.isHidden, layer.opacity > 0, layer.hasRenderableGeometry else { return }
        if !layer.flattensSublayers {
            // A transform layer draws nothing of its own, only its 3-D scene.
            drawScene(of: layer, CATransform3DIdentity, alpha: inheritedAlpha * CGFloat(layer.opacity))
            return
        }
        if layer.shouldRasterize {
            drawRasterized(layer)
            return
        }
        drawLayer(layer, opacity: CGFloat(layer.opacity))
    }

    /// The layer and its subtree at `opacity` (its own, or 1 for a rasterized bitmap).
    private func drawLayer(_ layer: LayerValue, opacity: CGFloat) {
        let ctx = context
        let shadow = shadowColor(of: layer)
        ctx.saveGState()
        if shadow != nil && layer.masksToBounds {
            // The layer's own clip takes its shadow away outside the (rounded) bounds.
            ctx.addPath(roundedOutline(layer, layer.bounds))
            ctx.clip()
        }
        if let shadow, let path = layer.shadowPath {
            // A given shape casts the shadow; the layer's pixels do not.
            ctx.saveGState()
            ctx.setAlpha(opacity)
            setShadow(of: layer, color: shadow)
            ctx.drawShadowOnly {
                ctx.addPath(path)
                ctx.setFillColor(CGColor(gray: 0, alpha: 1))
                ctx.fillPath()
            }
            ctx.restoreGState()
        }
        let castsFromContent = shadow != nil && layer.shadowPath == nil
        let children = culledSublayers?(layer) ?? sublayers(layer)
        // A layer that paints one thing and has no sublayers needs no group for its opacity:
        // the alpha applies to that one thing exactly as it would to the group.
        let paintsOnce = children.isEmpty && layer.transitionState == nil && paintedElements(of: layer) <= 1
        let mask = maskOf(layer)
        // Without group opacity the opacity multiplies into every drawing of the layer and its
        // sublayers instead of into one composite.
        let opacityGroups = opacity < 1 && !paintsOnce && layer.allowsGroupOpacity
        let grouped = opacityGroups || castsFromContent || mask != nil
        let alpha = inheritedAlpha * opacity
        // Inside a group the sublayers draw at full strength; the composite takes the alpha.
        let descendantsAlpha = grouped ? 1 : alpha
        if let cull, !grouped, shadow == nil, !ownDeviceRect(of: layer).intersects(cull) {
            // Nothing of its own lands in the damage; sublayers outside its clip cannot either.
            if !layer.masksToBounds { drawSublayers(children, of: layer, alpha: descendantsAlpha) }
            ctx.restoreGState()
            return
        }
        if layer.backdropBlurRadius > 0, layer.backdropBlurRadius.isFinite {
            // What is drawn behind the layer so far, blurred inside its (rounded) bounds.
            let m = ctx.ctm
            let scale = Swift.abs(m.a * m.d - m.b * m.c).squareRoot()
            ctx.blurBackdrop(under: roundedOutline(layer, layer.bounds), sigma: layer.backdropBlurRadius * scale)
        }
        if alpha < 1 && !grouped { ctx.setAlpha(alpha) }
        if grouped {
            // One composite for the layer and its sublayers: opacity, the shadow of their
            // combined alpha, and the mask apply to it as a whole.
            if alpha < 1 { ctx.setAlpha(alpha) }
            if castsFromContent, let shadow { setShadow(of: layer, color: shadow) }
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        }
        if let transition = layer.transitionState {
            drawTransition(transition, of: layer)
        } else {
            drawBody(layer, descendantsAlpha: descendantsAlpha, children: children)
        }
        if let mask {
            // Keep only what the mask's alpha covers: the mask, drawn as a group, composited
            // with destination-in.
            ctx.saveGState()
            ctx.setBlendMode(.destinationIn)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            ctx.concatenate(mask.transform(inParent: nil))
            draw(mask)
            ctx.endTransparencyLayer()
            ctx.restoreGState()
        }
        if grouped { ctx.endTransparencyLayer() }
        ctx.restoreGState()
    }

    /// How many separately painted things the layer draws itself (background, contents,
    /// class content, border).
    private func paintedElements(of layer: LayerValue) -> Int {
        var count = 0
        if let background = layer.backgroundColor, background.alpha > 0 { count += 1 }
        if layer.contents != nil { count += 1 }
        // Class content may overlap itself (a shape's fill and stroke): count it as two.
        if layer.drawsOwnContent { count += 2 }
        if layer.borderWidth > 0, let border = layer.borderColor, border.alpha > 0 { count += 1 }
        return count
    }

    /// A device-space box around what the layer paints itself (for culling).
    private func ownDeviceRect(of layer: LayerValue) -> CGRect {
        layer.paintedBounds.applying(context.ctm).insetBy(dx: -1, dy: -1)
    }

    private func drawSublayers(_ children: [LayerValue], of layer: LayerValue, alpha: CGFloat) {
        let ctx = context
        var renderer = self
        renderer.inheritedAlpha = alpha
        if layer.isGeometryFlipped { renderer.contentsFlipped.toggle() }
        for sublayer in children {
            guard !sublayer.isHidden, sublayer.opacity > 0 else { continue }
            if let skip, skip(sublayer) { continue }
            if sublayer.isDrawnIn3D(inParent: layer) {
                draw3D(sublayer, in: layer, alpha: alpha)
                continue
            }
            if !sublayer.isDoubleSided && sublayer.showsBack(inParent: layer) { continue }
            ctx.saveGState()
            ctx.concatenate(sublayer.transform(inParent: layer))
            // Chains of any depth: every few hundred levels the walk moves to a fresh stack.
            DeepRecursion.nest { renderer.draw(sublayer) }
            ctx.restoreGState()
        }
    }

    // MARK: 3-D

    /// One flattened layer of a 3-D scene: the layer, its 3-D map into the plane it is drawn
    /// in, and the alpha its transform-layer ancestors pass down.
    private typealias Plane = (layer: LayerValue, transform: CATransform3D, alpha: CGFloat)

    /// A sublayer whose transform is not 2-D, or a transform layer's 3-D scene.
    private func draw3D(_ sublayer: LayerValue, in parent: LayerValue, alpha: CGFloat) {
        let toParent = sublayer.transform3D(inParent: parent)
        guard !sublayer.flattensSublayers else {
            drawPlane((sublayer, toParent, alpha))
            return
        }
        drawScene(of: sublayer, toParent, alpha: alpha * CGFloat(sublayer.opacity))
    }

    /// A transform layer's sublayers, back to front, each through its 3-D map into the
    /// current plane (`toPlane` maps the transform layer there).
    private func drawScene(of transformLayer: LayerValue, _ toPlane: CATransform3D, alpha: CGFloat) {
        var planes: [Plane] = []
        collectPlanes(of: transformLayer, toPlane, alpha: alpha, into: &planes, depth: 0)
        // Back to front: farther centres (smaller z after projection) first; ties keep order.
        let depths = planes.map { plane -> CGFloat in
            let b = plane.layer.bounds
            let p = plane.transform.homogeneous(b.midX, b.midY, 0)
            return p.w > 0 ? p.z / p.w : -.infinity
        }
        let order = planes.indices.sorted { (depths[$0], $0) < (depths[$1], $1) }
        for i in order { drawPlane(planes[i]) }
    }

    /// The flattening sublayers of transform layer `layer` (mapped into the drawing plane by
    /// `toPlane`), through nested transform layers.
    private func collectPlanes(of layer: LayerValue, _ toPlane: CATransform3D, alpha: CGFloat, into planes: inout [Plane], depth: Int) {
        guard depth < 64 else { return }
        for child in sublayers(layer) where !child.isHidden && child.opacity > 0 {
            let m = CATransform3DConcat(child.transform3D(inParent: layer), toPlane)
            if child.flattensSublayers {
                planes.append((child, m, alpha))
            } else {
                collectPlanes(of: child, m, alpha: alpha * CGFloat(child.opacity), into: &planes, depth: depth + 1)
            }
        }
    }

    /// Draws a flattened layer through its 3-D map into the current plane: straight through
    /// the context when the map is affine on its plane, else as a projected image.
    private func drawPlane(_ plane: Plane) {
        let h = plane.transform.planeProjection
        let b = plane.layer.bounds
        // The orientation in the drawing plane at the layer's centre: det(J) = det(H) / w³.
        let w = Double(b.midX) * h.m13 + Double(b.midY) * h.m23 + h.m33
        let det = h.m11 * (h.m22 * h.m33 - h.m23 * h.m32) - h.m12 * (h.m21 * h.m33 - h.m23 * h.m31)
            + h.m13 * (h.m21 * h.m32 - h.m22 * h.m31)
        if !plane.layer.isDoubleSided && det * w < 0 { return }
        var renderer = self
        renderer.inheritedAlpha = plane.alpha
        if h.isAffine {
            context.saveGState()
            context.concatenate(h.affine)
            renderer.draw(plane.layer)
            context.restoreGState()
            return
        }
        drawProjected(plane.layer, through: h, alpha: plane.alpha)
    }

    /// The layer and its subtree drawn into an image of their own plane, at about the
    /// resolution they cover on the device, then drawn through `h` (layer to current user
    /// space).
    private func drawProjected(_ layer: LayerValue, through h: ProjectiveTransform, alpha: CGFloat) {
        let ctx = context
        let extent = subtreeExtent(of: layer, depth: 0)
        guard extent.isFiniteRect, !extent.isNull, extent.width > 0, extent.height > 0 else { return }
        guard let box = h.concatenating(ProjectiveTransform(ctx.ctm)).projectedBounds(of: extent) else { return }
        // Device pixels per layer point along the faster axis, capped so that grazing planes
        // cannot ask for huge images.
        var scale = Swift.max(box.width / extent.width, box.height / extent.height)
        scale = Swift.min(Swift.max(scale, 1.0 / 16), 8, 4096 / extent.width, 4096 / extent.height,
                          (16_777_216 / (extent.width * extent.height)).squareRoot())
        guard scale.isFinite, scale > 0 else { return }
        let width = Swift.max(1, Int((extent.width * scale).rounded(.up)))
        let height = Swift.max(1, Int((extent.height * scale).rounded(.up)))
        guard let offscreen = LayerRenderer.bitmap(width, height),
              let image = offscreenImage(offscreen, extent: extent, draw: { $0.draw(layer) }) else { return }
        let imageToLayer = CGAffineTransform(a: extent.width / CGFloat(width), b: 0, c: 0, d: extent.height / CGFloat(height),
                                             tx: extent.minX, ty: extent.minY)
        ctx.saveGState()
        ctx.setAlpha(alpha)
        ctx.setShouldAntialias(layer.allowsEdgeAntialiasing)
        ctx.interpolationQuality = .default
        ctx.draw(image, projecting: ProjectiveTransform(imageToLayer).concatenating(h))
        ctx.restoreGState()
    }

    private static func bitmap(_ width: Int, _ height: Int) -> CGContext? {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    }

    /// Draws into `offscreen` (transparent) with `extent` of layer space filling it, through
    /// a renderer with this one's tree providers, and returns the image.
    private func offscreenImage(_ offscreen: CGContext, extent: CGRect, draw: (LayerRenderer) -> Void) -> CGImage? {
        let sx = CGFloat(offscreen.width) / extent.width, sy = CGFloat(offscreen.height) / extent.height
        // Layer space (y down) onto the image: its first row is extent.minY.
        offscreen.translateBy(x: 0, y: CGFloat(offscreen.height))
        offscreen.scaleBy(x: sx, y: -sy)
        offscreen.translateBy(x: -extent.minX, y: -extent.minY)
        // The same tree providers; nothing culled or skipped, nothing inherited.
        var renderer = self
        renderer.context = offscreen
        renderer.cull = nil
        renderer.skip = nil
        renderer.culledSublayers = nil
        renderer.inheritedAlpha = 1
        draw(renderer)
        return offscreen.makeImage()
    }

    // MARK: Rasterization

    /// A rasterized layer: its subtree drawn at full opacity into a bitmap of its own space
    /// at `rasterizationScale` pixels per point (on whole pixels of that grid), composited at
    /// its opacity. The compositor keeps the bitmap while nothing inside changes.
    private func drawRasterized(_ layer: LayerValue) {
        let make = { () -> RasterImage? in
            var scale = layer.rasterizationScale
            guard scale.isFinite, scale > 0 else { return nil }
            var extent = self.subtreeExtent(of: layer, depth: 0)
            guard extent.isFiniteRect, !extent.isNull, extent.width > 0, extent.height > 0 else { return nil }
            // No bitmap side beyond 4096 pixels: larger layers are rasterized more coarsely.
            scale = Swift.min(scale, 4096 / extent.width, 4096 / extent.height)
            let x0 = (extent.minX * scale).rounded(.down), y0 = (extent.minY * scale).rounded(.down)
            let x1 = (extent.maxX * scale).rounded(.up), y1 = (extent.maxY * scale).rounded(.up)
            extent = CGRect(x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
            guard let offscreen = LayerRenderer.bitmap(Swift.max(1, Int(x1 - x0)), Swift.max(1, Int(y1 - y0))),
                  let image = self.offscreenImage(offscreen, extent: extent, draw: { $0.drawLayer(layer, opacity: 1) })
            else { return nil }
            return (image, extent)
        }
        guard let raster = rasterCache?(layer, make) ?? make() else { return }
        let ctx = context
        if let cull, !raster.extent.applying(ctx.ctm).intersects(cull) { return }
        ctx.saveGState()
        ctx.setAlpha(inheritedAlpha * CGFloat(layer.opacity))
        ctx.interpolationQuality = .default
        ctx.drawUpright(raster.image, in: raster.extent)
        ctx.restoreGState()
    }

    /// What the layer and its visible sublayers may paint, in its own coordinates (its
    /// bounds only when it masks to them).
    private func subtreeExtent(of layer: LayerValue, depth: Int) -> CGRect {
        if layer.masksToBounds && layer.flattensSublayers { return layer.bounds }
        var r = layer.flattensSublayers ? layer.paintedBounds : .null
        guard depth < 64 else { return r }
        for child in sublayers(layer) where !child.isHidden && child.opacity > 0 {
            let e = subtreeExtent(of: child, depth: depth + 1)
            guard !e.isNull else { continue }
            if child.isDrawnIn3D(inParent: layer) {
                if let box = child.transform3D(inParent: layer).planeProjection.projectedBounds(of: e) { r = r.union(box) }
            } else {
                r = r.union(e.applying(child.transform(inParent: layer)))
            }
        }
        return r
    }


    /// A replicator's copies: copy i under the instance transform applied i times about the
    /// anchor point, tinted (through a group) when its colour is not white, and evaluated
    /// i × `instanceDelay` earlier.
    private func drawInstances(of layer: LayerValue, _ replicator: ReplicatorContent, children: [LayerValue], alpha: CGFloat) {
        let ctx = context
        let count = Swift.min(Swift.max(replicator.instanceCount, 0), 10_000)
        let anchor = layer.anchorPointInBounds
        let step = replicator.instanceTransform.affinePart
        var accumulated = CGAffineTransform.identity
        for i in 0..<count {
            let tint = replicator.tint(ofInstance: i)
            guard tint.a > 0 else {
                accumulated = accumulated.concatenating(step)
                continue
            }
            let placement = CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
                .concatenating(accumulated).concatenating(CGAffineTransform(translationX: anchor.x, y: anchor.y))
            // The finiteness gate of a layer's own geometry, for its copies: a copy placed by a
            // NaN or infinite (or overflowing) instance transform draws nothing.
            let device = placement.concatenating(ctx.ctm)
            guard device.a.isFinite, device.b.isFinite, device.c.isFinite, device.d.isFinite,
                  device.tx.isFinite, device.ty.isFinite else {
                accumulated = accumulated.concatenating(step)
                continue
            }
            let plain = tint.r == 1 && tint.g == 1 && tint.b == 1 && tint.a == 1
            let shift = Double(i) * replicator.instanceDelay
            let copies = shift > 0 ? children.map { shifted($0, shift) } : children
            ctx.saveGState()
            ctx.concatenate(placement)
            if !plain {
                // The composite takes the inherited alpha; the group draws at full strength.
                if alpha < 1 { ctx.setAlpha(alpha) }
                ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            }
            drawSublayers(copies, of: layer, alpha: plain ? alpha : 1)
            if !plain { ctx.endTransparencyLayer(multiplying: tint) }
            ctx.restoreGState()
            accumulated = accumulated.concatenating(step)
        }
    }

    /// The shadow colour with `shadowOpacity` applied, or nil when the layer casts none.
    private func shadowColor(of layer: LayerValue) -> CGColor? {
        guard layer.shadowOpacity > 0, let color = layer.shadowColor, color.alpha > 0 else { return nil }
        return color.copy(alpha: color.alpha * CGFloat(Swift.min(layer.shadowOpacity, 1)))
    }

    /// Sets the layer's shadow on the context: the offset and radius are in layer points, so
    /// they go through the CTM into the device space shadows are specified in; Core Graphics'
    /// blur is twice Core Animation's radius (both mean a Gaussian of σ = radius).
    private func setShadow(of layer: LayerValue, color: CGColor) {
        let m = context.ctm
        let offset = layer.shadowOffset
        let device = CGSize(width: m.a * offset.width + m.c * offset.height, height: m.b * offset.width + m.d * offset.height)
        let scale = Swift.abs(m.a * m.d - m.b * m.c).squareRoot()
        context.setShadow(offset: device, blur: 2 * Swift.max(layer.shadowRadius, 0) * scale, color: color)
    }

    /// Background, contents, sublayers and border, in the layer's own space (no opacity).
    func drawBody(_ layer: LayerValue, descendantsAlpha: CGFloat = 1, children: [LayerValue]? = nil) {
        let ctx = context
        let bounds = layer.bounds
        // The (rounded) outline, made only for what needs it.
        var madeOutline: CGPath?
        func outline() -> CGPath {
            if let madeOutline { return madeOutline }
            let path = roundedOutline(layer, bounds)
            madeOutline = path
            return path
        }
        if let background = layer.backgroundColor, background.alpha > 0 {
            ctx.setFillColor(background)
            ctx.addPath(outline())
            ctx.fillPath()
        }
        ctx.saveGState()
        if layer.masksToBounds {
            ctx.addPath(outline())
            ctx.clip()
        }
        if contentsFlipped && layer.contents != nil {
            ctx.saveGState()
            ctx.concatenate(layer.geometryFlip)
            drawContents(of: layer)
            ctx.restoreGState()
        } else {
            drawContents(of: layer)
        }
        if layer.drawsOwnContent {
            ctx.saveGState()
            if contentsFlipped && layer.ownContentIsUpright { ctx.concatenate(layer.geometryFlip) }
            // Only particles depend on the time (finding it walks the ancestors' timing).
            layer.drawOwnContent(in: ctx, atLayerTime: layer.changesWithTime ? layerTime(layer) : 0)
            ctx.restoreGState()
        }
        let children = children ?? sublayers(layer)
        if case .replicator(let replicator) = layer.content {
            drawInstances(of: layer, replicator, children: children, alpha: descendantsAlpha)
        } else {
            drawSublayers(children, of: layer, alpha: descendantsAlpha)
        }
        ctx.restoreGState()
        if layer.borderWidth > 0 { drawBorder(of: layer, outline: outline()) }
    }

    /// A transition at progress p: the old rendering (a snapshot) and the new (drawn live),
    /// combined as the type says. A fade is an exact cross-dissolve, old·(1 − p) + new·p,
    /// summed with `plusLighter`; moving types offset the renderings by p of the bounds along
    /// the subtype's direction.
    private func drawTransition(_ transition: TransitionState, of layer: LayerValue) {
        let ctx = context
        let p = CGFloat(Swift.min(Swift.max(transition.progress, 0), 1))
        let bounds = layer.bounds
        // The unit direction the new rendering travels in.
        let direction: CGPoint
        switch transition.subtype {
        case .fromRight: direction = CGPoint(x: -1, y: 0)
        case .fromTop: direction = CGPoint(x: 0, y: 1)
        case .fromBottom: direction = CGPoint(x: 0, y: -1)
        default: direction = CGPoint(x: 1, y: 0)
        }
        let span = CGPoint(x: direction.x * bounds.width, y: direction.y * bounds.height)
        func drawOld(offset t: CGFloat, alpha: CGFloat = 1) {
            ctx.saveGState()
            ctx.setAlpha(alpha)
            ctx.translateBy(x: span.x * t, y: span.y * t)
            ctx.drawUpright(transition.snapshot.image, in: transition.snapshot.bounds)
            ctx.restoreGState()
        }
        func drawNew(offset t: CGFloat) {
            ctx.saveGState()
            ctx.translateBy(x: span.x * t, y: span.y * t)
            drawBody(layer)
            ctx.restoreGState()
        }
        switch transition.type {
        case .flip:
            // First half: the old rendering narrows to the axis; second half: the new widens.
            let vertical = transition.subtype == .fromTop || transition.subtype == .fromBottom
            let squeeze = abs(cos(p * .pi))
            ctx.saveGState()
            ctx.translateBy(x: bounds.midX, y: bounds.midY)
            ctx.scaleBy(x: vertical ? 1 : squeeze, y: vertical ? squeeze : 1)
            ctx.translateBy(x: -bounds.midX, y: -bounds.midY)
            if p < 0.5 { ctx.drawUpright(transition.snapshot.image, in: transition.snapshot.bounds) } else { drawBody(layer) }
            ctx.restoreGState()
        case .push:
            drawOld(offset: p)
            drawNew(offset: p - 1)
        case .moveIn:
            drawOld(offset: 0)
            drawNew(offset: p - 1)
        case .reveal:
            drawNew(offset: 0)
            drawOld(offset: p)
        default:
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            drawOld(offset: 0, alpha: 1 - p)
            ctx.saveGState()
            ctx.setAlpha(p)
            ctx.setBlendMode(.plusLighter)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            drawBody(layer)
            ctx.endTransparencyLayer()
            ctx.restoreGState()
            ctx.endTransparencyLayer()
        }
    }

    /// The bounds as a path, with the masked corners rounded in the layer's corner curve.
    private func roundedOutline(_ layer: LayerValue, _ r: CGRect) -> CGPath {
        RoundedOutline.path(r, radius: layer.cornerRadius, corners: layer.maskedCorners, curve: layer.cornerCurve)
    }

    private func drawContents(of layer: LayerValue) {
        guard let image = layer.contents else { return }
        guard let fade = layer.contentsFade else {
            drawContentsImage(image, of: layer)
            return
        }
        // An exact cross-dissolve: old·(1 − p) + new·p, summed with plusLighter.
        let ctx = context
        let p = CGFloat(Swift.min(Swift.max(fade.progress, 0), 1))
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.saveGState()
        ctx.setAlpha(1 - p)
        drawContentsImage(fade.from, of: layer)
        ctx.setAlpha(p)
        ctx.setBlendMode(.plusLighter)
        drawContentsImage(image, of: layer)
        ctx.restoreGState()
        ctx.endTransparencyLayer()
    }

    private func drawContentsImage(_ image: CGImage, of layer: LayerValue) {
        let crop = layer.contentsRect.standardized
        guard crop.width > 0, crop.height > 0 else { return }
        let scale = layer.contentsScale
        let naturalSize = CGSize(
            width: CGFloat(image.width) * crop.width / scale, height: CGFloat(image.height) * crop.height / scale)
        let target = layer.contentsGravity.rect(forContentSize: naturalSize, in: layer.bounds)
        guard target.width > 0, target.height > 0 else { return }
        // The whole image rectangle such that the `contentsRect` part lands on `target`.
        let fullWidth = target.width / crop.width, fullHeight = target.height / crop.height
        let full = CGRect(
            x: target.minX - crop.minX * fullWidth, y: target.minY - crop.minY * fullHeight,
            width: fullWidth, height: fullHeight)
        let ctx = context
        ctx.saveGState()
        let wholeImage = crop == CGRect(x: 0, y: 0, width: 1, height: 1)
        if !wholeImage { ctx.clip(to: target) }
        let magnifying = target.width > naturalSize.width || target.height > naturalSize.height
        let filter = magnifying ? layer.magnificationFilter : layer.minificationFilter
        ctx.interpolationQuality = filter == .nearest ? .none : .default
        // Trilinear: reductions blend the two nearest levels of the image's reduction pyramid.
        ctx.trilinearFiltering = filter == .trilinear
        let center = layer.contentsCenter.standardized
        if wholeImage, layer.contentsGravity == .resize, center != CGRect(x: 0, y: 0, width: 1, height: 1),
           center.minX >= 0, center.minY >= 0, center.maxX <= 1, center.maxY <= 1 {
            drawNinePart(image, center: center, naturalSize: naturalSize, in: target)
            ctx.restoreGState()
            return
        }
        ctx.drawUpright(image, in: full, cache: imageCache)
        ctx.restoreGState()
    }

    /// Nine-part stretching: the image parts outside `center` (unit coordinates of the image)
    /// keep their natural size at the corners and edges of `target`, and only the centre part
    /// stretches. When the target is smaller than the fixed edges, they shrink in proportion.
    private func drawNinePart(_ image: CGImage, center: CGRect, naturalSize: CGSize, in target: CGRect) {
        let ctx = context
        // Source cuts in image pixels, destination cuts in layer points, per axis.
        func cuts(_ lo: CGFloat, _ hi: CGFloat, natural: CGFloat, pixels: Int, start: CGFloat, length: CGFloat)
            -> (source: [Int], destination: [CGFloat]) {
            let p = CGFloat(pixels)
            let source = [0, Int((lo * p).rounded()), Int((hi * p).rounded()), pixels]
            var first = lo * natural, last = (1 - hi) * natural
            let fixed = first + last
            if fixed > length, fixed > 0 {
                first *= length / fixed
                last *= length / fixed
            }
            return (source, [start, start + first, start + length - last, start + length])
        }
        var xs = cuts(center.minX, center.maxX, natural: naturalSize.width, pixels: image.width, start: target.minX, length: target.width)
        var ys = cuts(center.minY, center.maxY, natural: naturalSize.height, pixels: image.height, start: target.minY, length: target.height)
        // Inner cuts on whole device pixels, so that neighbouring parts meet without a seam.
        let m = ctx.ctm
        if m.b == 0, m.c == 0, m.a != 0, m.d != 0 {
            for i in 1...2 {
                xs.destination[i] = ((xs.destination[i] * m.a + m.tx).rounded() - m.tx) / m.a
                ys.destination[i] = ((ys.destination[i] * m.d + m.ty).rounded() - m.ty) / m.d
            }
        }
        for row in 0..<3 {
            for column in 0..<3 {
                let sx = xs.source[column], sw = xs.source[column + 1] - sx
                let sy = ys.source[row], sh = ys.source[row + 1] - sy
                let dx = xs.destination[column], dw = xs.destination[column + 1] - dx
                let dy = ys.destination[row], dh = ys.destination[row + 1] - dy
                guard sw > 0, sh > 0, dw > 0, dh > 0,
                      let part = image.cropping(to: CGRect(x: sx, y: sy, width: sw, height: sh)) else { continue }
                ctx.drawUpright(part, in: CGRect(x: dx, y: dy, width: dw, height: dh))
            }
        }
    }

    private func drawBorder(of layer: LayerValue, outline: CGPath) {
        let width = layer.borderWidth
        guard width > 0, let color = layer.borderColor, color.alpha > 0 else { return }
        let r = layer.bounds
        let inner = r.insetBy(dx: width, dy: width)
        let ctx = context
        ctx.setFillColor(color)
        ctx.addPath(outline)
        if !inner.isNull && inner.width > 0 && inner.height > 0 {
            ctx.addPath(RoundedOutline.path(inner, radius: Swift.max(0, layer.cornerRadius - width), corners: layer.maskedCorners,
                                            curve: layer.cornerCurve))
            ctx.fillPath(using: .evenOdd)
        } else {
            ctx.fillPath()
        }
    }
}

/// Live layers drawn through `LayerRenderer` on the main thread (`render(in:)`, transition
/// snapshots): each layer met gets a node index, and its value is made from its current
/// properties (a presentation layer's are already animated).
final class LiveLayerTree {
    private var layers: [CALayer] = []
    /// Per node, its sublayers' values in drawing order and its mask's, when made ahead.
    private var preparedChildren: [[LayerValue]?] = []
    private var preparedMask: [LayerValue?] = []

    /// The value of `layer`, registering it.
    func value(of layer: CALayer) -> LayerValue {
        layers.append(layer)
        preparedChildren.append(nil)
        preparedMask.append(nil)
        return layer.makeRenderValue(node: Int32(layers.count - 1))
    }

    private func layer(_ value: LayerValue) -> CALayer? {
        value.node >= 0 && Int(value.node) < layers.count ? layers[Int(value.node)] : nil
    }

    /// The value of `root` with every layer below it made ahead, walking without recursion:
    /// drawing then reads only values (and may move to other stacks for deep trees).
    func prepare(_ root: CALayer) -> LayerValue {
        let top = value(of: root)
        var pending = [top.node]
        while let node = pending.popLast() {
            let layer = layers[Int(node)]
            let children = layer.sublayersInDrawingOrder.map { value(of: $0) }
            preparedChildren[Int(node)] = children
            pending += children.map(\.node)
            if let mask = layer.mask {
                let maskValue = value(of: mask)
                preparedMask[Int(node)] = maskValue
                pending.append(maskValue.node)
            }
        }
        return top
    }

    private func children(of value: LayerValue) -> [LayerValue] {
        let i = Int(value.node)
        if i >= 0, i < preparedChildren.count, let children = preparedChildren[i] { return children }
        return layer(value)?.sublayersInDrawingOrder.map { self.value(of: $0) } ?? []
    }

    private func mask(of value: LayerValue) -> LayerValue? {
        let i = Int(value.node)
        if i >= 0, i < preparedChildren.count, preparedChildren[i] != nil { return preparedMask[i] }
        return layer(value)?.mask.map { self.value(of: $0) }
    }

    /// A renderer drawing into `context` from this tree.
    func renderer(_ context: CGContext) -> LayerRenderer {
        LayerRenderer(
            context: context,
            sublayers: { [self] value in children(of: value) },
            mask: { [self] value in mask(of: value) },
            shifted: { [self] value, shift in
                // Presentation layers are re-evaluated from their model layer.
                guard let live = layer(value), live.isPresentationCopy, let model = live.modelLayer,
                      let earlier = model.makePresentation(timeShift: shift) else { return value }
                return self.value(of: earlier)
            },
            layerTime: { [self] value in layer(value)?.currentLocalTime ?? 0 },
            cull: nil)
    }
}

extension LayerRenderer {
    /// Draws `layer` and its subtree as they are now into `ctx`, in the layer's coordinates.
    /// With `contentsFlipped`, the layer's space runs y-up on the page (as under AppKit's
    /// windows): contents are kept upright.
    static func draw(_ layer: CALayer, in ctx: CGContext, contentsFlipped: Bool = false) {
        let tree = LiveLayerTree()
        let root = tree.prepare(layer)
        var renderer = tree.renderer(ctx)
        renderer.contentsFlipped = contentsFlipped
        renderer.draw(root)
    }
}
