/// Draws a layer subtree into a `CGContext` for `CALayer.render(in:)`.
///
/// Per layer, in its own coordinate space: background (rounded by `cornerRadius`), then the
/// contents placed by `contentsGravity`, then the sublayers in zPosition order, then the border
/// on top. `masksToBounds` clips contents and sublayers to the (rounded) bounds; `opacity`
/// below 1 composites the layer and its sublayers as one group through a transparency layer.
///
/// Shadows come from the composited alpha of the layer and its sublayers (or from
/// `shadowPath`), under the layer; `mask` keeps what its alpha covers, shadow included.
///
/// - Note: Differs from Apple: only the affine part of 3-D transforms is drawn (no
///   perspective).
struct LayerRenderer {
    let context: CGContext
    /// The sublayers of a layer in drawing order: its own by default; the render tree's for
    /// committed snapshots.
    var sublayers: (CALayer) -> [CALayer] = { $0.sublayersInDrawingOrder }
    /// When set, only layers whose drawing may touch this device rectangle are drawn (the
    /// compositor's damage); their sublayers are still visited.
    var cull: CGRect?
    /// A layer's mask: its own by default; the render tree's for committed snapshots.
    var maskOf: (CALayer) -> CALayer? = { $0.mask }
    /// Sublayers for which this answers true are not visited at all (the compositor's cheap
    /// test: nothing of theirs lands in the damage).
    var skip: ((CALayer) -> Bool)?
    /// The opacity of ancestors that do not group (`allowsGroupOpacity` false), applied to
    /// each drawing operation of this layer and its sublayers.
    var inheritedAlpha: CGFloat = 1
    /// A sublayer (with its subtree) as seen `shift` seconds earlier, for a replicator's
    /// delayed copies: presentation layers are re-evaluated from their model layer.
    var shifted: (CALayer, CFTimeInterval) -> CALayer = { layer, shift in
        guard layer.isPresentationCopy, let model = layer.modelLayer else { return layer }
        return model.makePresentation(timeShift: shift) ?? layer
    }

    init(context: CGContext) {
        self.context = context
    }

    init(context: CGContext, sublayers: @escaping (CALayer) -> [CALayer], mask: @escaping (CALayer) -> CALayer?, cull: CGRect?) {
        self.context = context
        self.sublayers = sublayers
        self.maskOf = mask
        self.cull = cull
    }

    func draw(_ layer: CALayer) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let ctx = context
        let opacity = CGFloat(layer.opacity)
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
        let children = sublayers(layer)
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
            ctx.concatenate(mask.transformToSuperlayer)
            draw(mask)
            ctx.endTransparencyLayer()
            ctx.restoreGState()
        }
        if grouped { ctx.endTransparencyLayer() }
        ctx.restoreGState()
    }

    /// How many separately painted things the layer draws itself (background, contents,
    /// class content, border).
    private func paintedElements(of layer: CALayer) -> Int {
        var count = 0
        if let background = layer.backgroundColor, background.alpha > 0 { count += 1 }
        if layer.contents is CGImage { count += 1 }
        // Class content may overlap itself (a shape's fill and stroke): count it as two.
        if layer.drawsOwnContent { count += 2 }
        if layer.borderWidth > 0, let border = layer.borderColor, border.alpha > 0 { count += 1 }
        return count
    }

    /// A device-space box around what the layer paints itself (for culling).
    private func ownDeviceRect(of layer: CALayer) -> CGRect {
        layer.paintedBounds.applying(context.ctm).insetBy(dx: -1, dy: -1)
    }

    private func drawSublayers(_ children: [CALayer], of layer: CALayer, alpha: CGFloat) {
        let ctx = context
        var renderer = self
        renderer.inheritedAlpha = alpha
        for sublayer in children {
            guard !sublayer.isHidden, sublayer.opacity > 0 else { continue }
            if let skip, skip(sublayer) { continue }
            if !sublayer.isDoubleSided && LayerRenderer.showsBack(sublayer, in: layer) { continue }
            ctx.saveGState()
            ctx.concatenate(sublayer.transform(inParent: layer))
            renderer.draw(sublayer)
            ctx.restoreGState()
        }
    }

    /// A replicator's copies: copy i under the instance transform applied i times about the
    /// anchor point, tinted (through a group) when its colour is not white, and evaluated
    /// i × `instanceDelay` earlier.
    private func drawInstances(of replicator: CAReplicatorLayer, children: [CALayer], alpha: CGFloat) {
        let ctx = context
        let count = Swift.min(Swift.max(replicator.instanceCount, 0), 10_000)
        let anchor = replicator.anchorPointInBounds
        let step = replicator.instanceTransform.affinePart
        var accumulated = CGAffineTransform.identity
        for i in 0..<count {
            let tint = replicator.tint(ofInstance: i)
            guard tint.a > 0 else {
                accumulated = accumulated.concatenating(step)
                continue
            }
            let plain = tint.r == 1 && tint.g == 1 && tint.b == 1 && tint.a == 1
            let shift = Double(i) * replicator.instanceDelay
            let copies = shift > 0 ? children.map { shifted($0, shift) } : children
            ctx.saveGState()
            ctx.concatenate(CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
                .concatenating(accumulated).concatenating(CGAffineTransform(translationX: anchor.x, y: anchor.y)))
            if !plain {
                // The composite takes the inherited alpha; the group draws at full strength.
                if alpha < 1 { ctx.setAlpha(alpha) }
                ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            }
            drawSublayers(copies, of: replicator, alpha: plain ? alpha : 1)
            if !plain { ctx.endTransparencyLayer(multiplying: tint) }
            ctx.restoreGState()
            accumulated = accumulated.concatenating(step)
        }
    }

    /// Whether the layer faces away from the viewer: its transform (with the parent's
    /// sublayer transform) turns the layer's front, the +z side, to face −z — the projected
    /// x and y axes swap orientation.
    static func showsBack(_ layer: CALayer, in parent: CALayer) -> Bool {
        let t = CATransform3DConcat(layer.transform, parent.sublayerTransform)
        return t.m11 * t.m22 - t.m12 * t.m21 < 0
    }

    /// The shadow colour with `shadowOpacity` applied, or nil when the layer casts none.
    private func shadowColor(of layer: CALayer) -> CGColor? {
        guard layer.shadowOpacity > 0, let color = layer.shadowColor, color.alpha > 0 else { return nil }
        return color.copy(alpha: color.alpha * CGFloat(Swift.min(layer.shadowOpacity, 1)))
    }

    /// Sets the layer's shadow on the context: the offset and radius are in layer points, so
    /// they go through the CTM into the device space shadows are specified in; Core Graphics'
    /// blur is twice Core Animation's radius (both mean a Gaussian of σ = radius).
    private func setShadow(of layer: CALayer, color: CGColor) {
        let m = context.ctm
        let offset = layer.shadowOffset
        let device = CGSize(width: m.a * offset.width + m.c * offset.height, height: m.b * offset.width + m.d * offset.height)
        let scale = Swift.abs(m.a * m.d - m.b * m.c).squareRoot()
        context.setShadow(offset: device, blur: 2 * Swift.max(layer.shadowRadius, 0) * scale, color: color)
    }

    /// Background, contents, sublayers and border, in the layer's own space (no opacity).
    func drawBody(_ layer: CALayer, descendantsAlpha: CGFloat = 1, children: [CALayer]? = nil) {
        let ctx = context
        let bounds = layer.bounds
        let outline = roundedOutline(layer, bounds)
        if let background = layer.backgroundColor, background.alpha > 0 {
            ctx.setFillColor(background)
            ctx.addPath(outline)
            ctx.fillPath()
        }
        ctx.saveGState()
        if layer.masksToBounds {
            ctx.addPath(outline)
            ctx.clip()
        }
        drawContents(of: layer)
        ctx.saveGState()
        layer.drawOwnContent(in: ctx)
        ctx.restoreGState()
        let children = children ?? sublayers(layer)
        if let replicator = layer as? CAReplicatorLayer {
            drawInstances(of: replicator, children: children, alpha: descendantsAlpha)
        } else {
            drawSublayers(children, of: layer, alpha: descendantsAlpha)
        }
        ctx.restoreGState()
        drawBorder(of: layer, outline: outline)
    }

    /// A transition at progress p: the old rendering (a snapshot) and the new (drawn live),
    /// combined as the type says. A fade is an exact cross-dissolve, old·(1 − p) + new·p,
    /// summed with `plusLighter`; moving types offset the renderings by p of the bounds along
    /// the subtype's direction.
    private func drawTransition(_ transition: TransitionState, of layer: CALayer) {
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
    private func roundedOutline(_ layer: CALayer, _ r: CGRect) -> CGPath {
        RoundedOutline.path(r, radius: layer.cornerRadius, corners: layer.maskedCorners, curve: layer.cornerCurve)
    }

    private func drawContents(of layer: CALayer) {
        guard let contents = layer.contents else { return }
        // `contents` is `Any?`; only CGImage values are drawn.
        guard let image = contents as? CGImage else { return }
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

    private func drawContentsImage(_ image: CGImage, of layer: CALayer) {
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
        let center = layer.contentsCenter.standardized
        if wholeImage, layer.contentsGravity == .resize, center != CGRect(x: 0, y: 0, width: 1, height: 1),
           center.minX >= 0, center.minY >= 0, center.maxX <= 1, center.maxY <= 1 {
            drawNinePart(image, center: center, naturalSize: naturalSize, in: target)
            ctx.restoreGState()
            return
        }
        ctx.drawUpright(image, in: full)
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

    private func drawBorder(of layer: CALayer, outline: CGPath) {
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
