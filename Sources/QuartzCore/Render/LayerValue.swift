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

    /// The properties, shared between copies until one of them changes (values are copied
    /// per frame and per drawing step, so a copy costs one reference, not a kilobyte).
    /// `@unchecked Sendable`: a storage is changed only through `unique`, while no other value
    /// refers to it; shared storage is only read, as an array's buffer is.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var bounds: CGRect = CGRect.zero
        @exclusivity(unchecked) var position: CGPoint = CGPoint.zero
        @exclusivity(unchecked) var zPosition: CGFloat = 0
        @exclusivity(unchecked) var anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5)
        @exclusivity(unchecked) var anchorPointZ: CGFloat = 0
        @exclusivity(unchecked) var transform: CATransform3D = CATransform3DIdentity
        @exclusivity(unchecked) var sublayerTransform: CATransform3D = CATransform3DIdentity
        @exclusivity(unchecked) var isGeometryFlipped: Bool = false
        @exclusivity(unchecked) var contents: CGImage?
        @exclusivity(unchecked) var contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        @exclusivity(unchecked) var contentsCenter: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        @exclusivity(unchecked) var contentsGravity: CALayerContentsGravity = CALayerContentsGravity.resize
        @exclusivity(unchecked) var contentsScale: CGFloat = 1
        @exclusivity(unchecked) var minificationFilter: CALayerContentsFilter = CALayerContentsFilter.linear
        @exclusivity(unchecked) var magnificationFilter: CALayerContentsFilter = CALayerContentsFilter.linear
        @exclusivity(unchecked) var backgroundColor: CGColor?
        @exclusivity(unchecked) var cornerRadius: CGFloat = 0
        @exclusivity(unchecked) var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        @exclusivity(unchecked) var cornerCurve: CALayerCornerCurve = CALayerCornerCurve.circular
        @exclusivity(unchecked) var borderWidth: CGFloat = 0
        @exclusivity(unchecked) var borderColor: CGColor?
        @exclusivity(unchecked) var opacity: Float = 1
        @exclusivity(unchecked) var isHidden: Bool = false
        @exclusivity(unchecked) var masksToBounds: Bool = false
        @exclusivity(unchecked) var allowsEdgeAntialiasing: Bool = false
        @exclusivity(unchecked) var shouldRasterize: Bool = false
        @exclusivity(unchecked) var rasterizationScale: CGFloat = 1
        @exclusivity(unchecked) var allowsGroupOpacity: Bool = true
        @exclusivity(unchecked) var isDoubleSided: Bool = true
        @exclusivity(unchecked) var shadowColor: CGColor?
        @exclusivity(unchecked) var shadowOpacity: Float = 0
        @exclusivity(unchecked) var shadowOffset: CGSize = CGSize(width: 0, height: -3)
        @exclusivity(unchecked) var shadowRadius: CGFloat = 3
        @exclusivity(unchecked) var shadowPath: CGPath?
        @exclusivity(unchecked) var backdropBlurRadius: CGFloat = 0
        @exclusivity(unchecked) var timing: MediaTimingModel = MediaTimingModel()
        @exclusivity(unchecked) var content: LayerContent = LayerContent.none
        @exclusivity(unchecked) var contentsFade: ContentsFade?
        @exclusivity(unchecked) var transitionState: TransitionState?

        init() {}

        init(copying other: Storage) {
            bounds = other.bounds
            position = other.position
            zPosition = other.zPosition
            anchorPoint = other.anchorPoint
            anchorPointZ = other.anchorPointZ
            transform = other.transform
            sublayerTransform = other.sublayerTransform
            isGeometryFlipped = other.isGeometryFlipped
            contents = other.contents
            contentsRect = other.contentsRect
            contentsCenter = other.contentsCenter
            contentsGravity = other.contentsGravity
            contentsScale = other.contentsScale
            minificationFilter = other.minificationFilter
            magnificationFilter = other.magnificationFilter
            backgroundColor = other.backgroundColor
            cornerRadius = other.cornerRadius
            maskedCorners = other.maskedCorners
            cornerCurve = other.cornerCurve
            borderWidth = other.borderWidth
            borderColor = other.borderColor
            opacity = other.opacity
            isHidden = other.isHidden
            masksToBounds = other.masksToBounds
            allowsEdgeAntialiasing = other.allowsEdgeAntialiasing
            shouldRasterize = other.shouldRasterize
            rasterizationScale = other.rasterizationScale
            allowsGroupOpacity = other.allowsGroupOpacity
            isDoubleSided = other.isDoubleSided
            shadowColor = other.shadowColor
            shadowOpacity = other.shadowOpacity
            shadowOffset = other.shadowOffset
            shadowRadius = other.shadowRadius
            backdropBlurRadius = other.backdropBlurRadius
            shadowPath = other.shadowPath
            timing = other.timing
            content = other.content
            contentsFade = other.contentsFade
            transitionState = other.transitionState
        }
    }

    private var storage = Storage()

    /// The storage, made this value's own before a change.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
            return storage
        }
    }

    var bounds: CGRect {
        get { storage.bounds }
        set { unique.bounds = newValue }
    }
    var position: CGPoint {
        get { storage.position }
        set { unique.position = newValue }
    }
    var zPosition: CGFloat {
        get { storage.zPosition }
        set { unique.zPosition = newValue }
    }
    var anchorPoint: CGPoint {
        get { storage.anchorPoint }
        set { unique.anchorPoint = newValue }
    }
    var anchorPointZ: CGFloat {
        get { storage.anchorPointZ }
        set { unique.anchorPointZ = newValue }
    }
    var transform: CATransform3D {
        get { storage.transform }
        set { unique.transform = newValue }
    }
    var sublayerTransform: CATransform3D {
        get { storage.sublayerTransform }
        set { unique.sublayerTransform = newValue }
    }
    var isGeometryFlipped: Bool {
        get { storage.isGeometryFlipped }
        set { unique.isGeometryFlipped = newValue }
    }
    var contents: CGImage? {
        get { storage.contents }
        set { unique.contents = newValue }
    }
    var contentsRect: CGRect {
        get { storage.contentsRect }
        set { unique.contentsRect = newValue }
    }
    var contentsCenter: CGRect {
        get { storage.contentsCenter }
        set { unique.contentsCenter = newValue }
    }
    var contentsGravity: CALayerContentsGravity {
        get { storage.contentsGravity }
        set { unique.contentsGravity = newValue }
    }
    var contentsScale: CGFloat {
        get { storage.contentsScale }
        set { unique.contentsScale = newValue }
    }
    var minificationFilter: CALayerContentsFilter {
        get { storage.minificationFilter }
        set { unique.minificationFilter = newValue }
    }
    var magnificationFilter: CALayerContentsFilter {
        get { storage.magnificationFilter }
        set { unique.magnificationFilter = newValue }
    }
    var backgroundColor: CGColor? {
        get { storage.backgroundColor }
        set { unique.backgroundColor = newValue }
    }
    var cornerRadius: CGFloat {
        get { storage.cornerRadius }
        set { unique.cornerRadius = newValue }
    }
    var maskedCorners: CACornerMask {
        get { storage.maskedCorners }
        set { unique.maskedCorners = newValue }
    }
    var cornerCurve: CALayerCornerCurve {
        get { storage.cornerCurve }
        set { unique.cornerCurve = newValue }
    }
    var borderWidth: CGFloat {
        get { storage.borderWidth }
        set { unique.borderWidth = newValue }
    }
    var borderColor: CGColor? {
        get { storage.borderColor }
        set { unique.borderColor = newValue }
    }
    var opacity: Float {
        get { storage.opacity }
        set { unique.opacity = newValue }
    }
    var isHidden: Bool {
        get { storage.isHidden }
        set { unique.isHidden = newValue }
    }
    var masksToBounds: Bool {
        get { storage.masksToBounds }
        set { unique.masksToBounds = newValue }
    }
    var allowsEdgeAntialiasing: Bool {
        get { storage.allowsEdgeAntialiasing }
        set { unique.allowsEdgeAntialiasing = newValue }
    }
    var shouldRasterize: Bool {
        get { storage.shouldRasterize }
        set { unique.shouldRasterize = newValue }
    }
    var rasterizationScale: CGFloat {
        get { storage.rasterizationScale }
        set { unique.rasterizationScale = newValue }
    }
    var allowsGroupOpacity: Bool {
        get { storage.allowsGroupOpacity }
        set { unique.allowsGroupOpacity = newValue }
    }
    var isDoubleSided: Bool {
        get { storage.isDoubleSided }
        set { unique.isDoubleSided = newValue }
    }
    var shadowColor: CGColor? {
        get { storage.shadowColor }
        set { unique.shadowColor = newValue }
    }
    var shadowOpacity: Float {
        get { storage.shadowOpacity }
        set { unique.shadowOpacity = newValue }
    }
    var shadowOffset: CGSize {
        get { storage.shadowOffset }
        set { unique.shadowOffset = newValue }
    }
    var shadowRadius: CGFloat {
        get { storage.shadowRadius }
        set { unique.shadowRadius = newValue }
    }
    /// How much what lies behind the layer is blurred (points; 0: not at all).
    var backdropBlurRadius: CGFloat {
        get { storage.backdropBlurRadius }
        set { unique.backdropBlurRadius = newValue }
    }
    var shadowPath: CGPath? {
        get { storage.shadowPath }
        set { unique.shadowPath = newValue }
    }
    /// The layer's own timing (its local time for its animations and sublayers).
    var timing: MediaTimingModel {
        get { storage.timing }
        set { unique.timing = newValue }
    }
    /// What the layer's class draws besides its contents.
    var content: LayerContent {
        get { storage.content }
        set { unique.content = newValue }
    }
    /// A contents cross-fade in progress (an animation of `contents` between two images).
    var contentsFade: ContentsFade? {
        get { storage.contentsFade }
        set { unique.contentsFade = newValue }
    }
    /// A transition in progress.
    var transitionState: TransitionState? {
        get { storage.transitionState }
        set { unique.transitionState = newValue }
    }

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
    /// Whether the class content is an image of text or tiles, kept upright like contents
    /// (shapes and gradients follow the layer's geometry).
    var ownContentIsUpright: Bool {
        switch content {
        case .text, .tiles: return true
        default: return false
        }
    }

    func drawOwnContent(in ctx: CGContext, atLayerTime time: CFTimeInterval) {
        switch content {
        case .shape(let shape): shape.draw(in: ctx)
        case .gradient(let gradient): gradient.draw(in: ctx, bounds: bounds)
        case .tiles(let tiles): for tile in tiles { ctx.drawUpright(tile.image, in: tile.rect) }
        case .emitter(let emitter): emitter.draw(in: ctx, atLayerTime: time)
        case .text(let text): text.draw(in: ctx, bounds: bounds)
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
    /// A text layer's string and settings.
    case text(TextContent)
}

/// An object a layer takes as `contents` besides a `CGImage` (AppKit's `NSImage`): it gives
/// the bitmap to show at the layer's contents scale.
package protocol LayerContentsImageProviding: AnyObject {
    func layerContentsImage(scale: CGFloat) -> CGImage?
}

extension CALayer {
    /// The image `contents` shows: a `CGImage`, or what a contents provider gives for `scale`.
    static func contentsImage(_ contents: Any?, scale: CGFloat) -> CGImage? {
        guard let contents else { return nil }
        if let image = contents as? CGImage { return image }
        return (contents as? any LayerContentsImageProviding)?.layerContentsImage(scale: scale)
    }

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
        v.isGeometryFlipped = isGeometryFlipped
        v.contents = CALayer.contentsImage(contents, scale: contentsScale)
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
        v.backdropBlurRadius = backdropBlurRadius
        v.timing = timingModel
        v.content = renderContent
        v.contentsFade = contentsFade
        v.transitionState = transitionState
        return v
    }
}
