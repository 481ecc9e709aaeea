import Foundation

/// One layer as the render side sees it: every property that places or draws it, as plain
/// data. A commit makes one from each changed layer on the main thread; renderers evaluate
/// animations on copies of it and draw from those, so no `CALayer` (and no user code) is ever
/// touched off the main thread.
struct LayerValue: LayerProperties, Sendable {
    /// The node this value shows: a render tree id, or an index into the tree being drawn.
    var node: Int32 = -1
    /// How many seconds before the frame this value (and its subtree) is evaluated at: a
    /// replicator's delayed copies.
    var timeShift: CFTimeInterval = 0

    var bounds = CGRect.zero
    var position = CGPoint.zero
    var zPosition: CGFloat = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var anchorPointZ: CGFloat = 0
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
    var contents: CGImage?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsGravity = CALayerContentsGravity.resize
    var contentsScale: CGFloat = 1
    var minificationFilter = CALayerContentsFilter.linear
    var magnificationFilter = CALayerContentsFilter.linear
    var backgroundColor: CGColor?
    var cornerRadius: CGFloat = 0
    var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    var cornerCurve = CALayerCornerCurve.circular
    var borderWidth: CGFloat = 0
    var borderColor: CGColor?
    var opacity: Float = 1
    var isHidden = false
    var masksToBounds = false
    var allowsEdgeAntialiasing = false
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1
    var allowsGroupOpacity = true
    var isDoubleSided = true
    var shadowColor: CGColor?
    var shadowOpacity: Float = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: CGPath?
    /// The layer's own timing (its local time for its animations and sublayers).
    var timing = MediaTimingModel()
    /// What the layer's class draws besides its contents.
    var content = LayerContent.none
    /// A contents cross-fade in progress (an animation of `contents` between two images).
    var contentsFade: ContentsFade?
    /// A transition in progress.
    var transitionState: TransitionState?

    var flattensSublayers: Bool {
        if case .transformLayer = content { return false }
        return true
    }

    /// Where the layer itself may paint, in its own coordinates (sublayers aside): its bounds,
    /// what its class draws beyond them (a stroked path), and the reach of its shadow.
    var paintedBounds: CGRect {
        if case .shape(let shape) = content, let path = shape.path, !path.isEmpty {
            let reach = shape.lineWidth * Swift.max(shape.miterLimit, 1)
            return withShadowReach(bounds.union(path.boundingBoxOfPath.insetBy(dx: -reach, dy: -reach)))
        }
        return withShadowReach(bounds)
    }

    /// Whether the class draws anything of its own.
    var drawsOwnContent: Bool {
        switch content {
        case .none, .transformLayer, .replicator: return false
        default: return true
        }
    }

    /// Whether what the layer shows can lie outside its sublayers' footprints (replicated
    /// copies, particles): renderers then repaint everything when it changes.
    var paintsBeyondFootprints: Bool {
        switch content {
        case .replicator, .emitter: return true
        default: return false
        }
    }

    /// Whether the layer looks different at every instant even without animations (particle
    /// emitters): renderers draw it every frame.
    var changesWithTime: Bool {
        if case .emitter(let emitter) = content { return !emitter.cells.isEmpty }
        return false
    }

    /// Draws what the class shows besides its contents, in layer coordinates, above the
    /// background; `time` is the layer's local time (particles depend on it).
    func drawOwnContent(in ctx: CGContext, atLayerTime time: CFTimeInterval) {
        switch content {
        case .shape(let shape): shape.draw(in: ctx)
        case .gradient(let gradient): gradient.draw(in: ctx, bounds: bounds)
        case .tiles(let tiles): for tile in tiles { ctx.drawUpright(tile.image, in: tile.rect) }
        case .emitter(let emitter): emitter.draw(in: ctx, atLayerTime: time)
        case .none, .replicator, .transformLayer: break
        }
    }
}

/// What a layer class shows besides its contents image, as data.
enum LayerContent: Sendable {
    case none
    case shape(ShapeContent)
    case gradient(GradientContent)
    case replicator(ReplicatorContent)
    case emitter(EmitterContent)
    /// A tiled layer's drawn tiles of its current level, each with the rectangle it covers.
    case tiles([(rect: CGRect, image: CGImage)])
    /// A `CATransformLayer`: no drawing of its own, sublayers in its parent's 3-D space.
    case transformLayer
}

extension CALayer {
    /// The layer's state as the render side takes it (contents other than a `CGImage` draw
    /// nothing and are dropped).
    func makeRenderValue(node: Int32 = -1) -> LayerValue {
        var v = LayerValue()
        v.node = node
        v.bounds = bounds
        v.position = position
        v.zPosition = zPosition
        v.anchorPoint = anchorPoint
        v.anchorPointZ = anchorPointZ
        v.transform = transform
        v.sublayerTransform = sublayerTransform
        v.contents = contents.flatMap { $0 as? CGImage }
        v.contentsRect = contentsRect
        v.contentsCenter = contentsCenter
        v.contentsGravity = contentsGravity
        v.contentsScale = contentsScale
        v.minificationFilter = minificationFilter
        v.magnificationFilter = magnificationFilter
        v.backgroundColor = backgroundColor
        v.cornerRadius = cornerRadius
        v.maskedCorners = maskedCorners
        v.cornerCurve = cornerCurve
        v.borderWidth = borderWidth
        v.borderColor = borderColor
        v.opacity = opacity
        v.isHidden = isHidden
        v.masksToBounds = masksToBounds
        v.allowsEdgeAntialiasing = allowsEdgeAntialiasing
        v.shouldRasterize = shouldRasterize
        v.rasterizationScale = rasterizationScale
        v.allowsGroupOpacity = allowsGroupOpacity
        v.isDoubleSided = isDoubleSided
        v.shadowColor = shadowColor
        v.shadowOpacity = shadowOpacity
        v.shadowOffset = shadowOffset
        v.shadowRadius = shadowRadius
        v.shadowPath = shadowPath
        v.timing = timingModel
        v.content = renderContent
        v.contentsFade = contentsFade
        v.transitionState = transitionState
        return v
    }
}
