/// An object that manages image-based content and the geometry that places it on screen.
///
/// A layer has geometry (`bounds`, `position`, `anchorPoint`, `transform`; `frame` is derived),
/// contents (an image or a backing store its `display()` fills), style (background, border,
/// corner radius, opacity) and sublayers. Views create one from `layerClass` and act as its
/// delegate.
///
/// Non-finite geometry is ignored: assigning a rectangle or point containing NaN or infinity
/// leaves the property unchanged.
///
/// - Note: Differs from Apple: `init()` is `required` so that `UIView.layerClass` can create
///   instances of any subclass; a subclass overriding it writes `required override init()`.
///   Apple raises an exception for NaN geometry; Lamina ignores it.
open class CALayer: NSObject {
    // MARK: Geometry

    /// The layer's own coordinate space: origin and size in points.
    open var bounds: CGRect = .zero {
        didSet {
            if !bounds.isFiniteRect { bounds = oldValue; return }
            if bounds.size != oldValue.size {
                setNeedsLayout()
                if needsDisplayOnBoundsChange { setNeedsDisplay() }
            }
        }
    }

    /// Where the anchor point sits in the superlayer's coordinate space.
    open var position: CGPoint = .zero {
        didSet { if !position.x.isFinite || !position.y.isFinite { position = oldValue } }
    }

    /// The layer's position on the z axis; sublayers are drawn in increasing zPosition.
    open var zPosition: CGFloat = 0

    /// The point, in unit coordinates of the bounds, that `position` places and that transforms
    /// pivot about. (0.5, 0.5) is the centre.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5) {
        didSet { if !anchorPoint.x.isFinite || !anchorPoint.y.isFinite { anchorPoint = oldValue } }
    }

    /// The anchor point's z component.
    open var anchorPointZ: CGFloat = 0

    /// The transform applied about the anchor point.
    open var transform = CATransform3DIdentity

    /// A transform applied to the sublayers, about this layer's anchor point.
    open var sublayerTransform = CATransform3DIdentity

    /// Whether the layer's geometry is flipped vertically relative to its superlayer.
    open var isGeometryFlipped = false

    // MARK: Tree

    /// The layer this layer is a sublayer of.
    open internal(set) weak var superlayer: CALayer?

    var storedSublayers: [CALayer] = []

    // MARK: Contents and style

    /// The image the layer shows: a `CGImage` (other values are ignored when drawing).
    open var contents: Any?

    /// The part of the contents image shown, in unit coordinates.
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)

    /// How the contents image is fitted into the bounds.
    open var contentsGravity = CALayerContentsGravity.resize

    /// Pixels per point of the contents (and of the backing store `display()` creates).
    open var contentsScale: CGFloat = 1 {
        didSet { if !(contentsScale > 0) || !contentsScale.isFinite { contentsScale = oldValue } }
    }

    /// The filter used when the contents are drawn smaller than their natural size.
    open var minificationFilter = CALayerContentsFilter.linear

    /// The filter used when the contents are drawn larger than their natural size.
    open var magnificationFilter = CALayerContentsFilter.linear

    /// The colour filled behind the contents, with the corner radius applied.
    open var backgroundColor: CGColor?

    /// The radius of the rounded corners of the background and border (and of the clip when
    /// `masksToBounds` is true).
    open var cornerRadius: CGFloat = 0

    /// Which corners `cornerRadius` rounds; all four by default.
    open var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]

    /// The width of the border, drawn inside the bounds above the contents and sublayers.
    open var borderWidth: CGFloat = 0

    /// The border colour; opaque black by default.
    open var borderColor: CGColor? = CGColor(gray: 0, alpha: 1)

    /// The layer's opacity, 0…1, applied to the layer and its sublayers as one group.
    open var opacity: Float = 1

    /// Whether the layer (and its sublayers) is not drawn and not hit-tested.
    open var isHidden = false

    /// Whether contents and sublayers are clipped to the bounds (rounded by `cornerRadius`).
    open var masksToBounds = false

    /// A hint that the layer's contents are fully opaque: backing stores then have no alpha.
    open var isOpaque = false

    /// Whether changing the bounds size marks the contents as needing display.
    open var needsDisplayOnBoundsChange = false

    /// Whether the layer draws its edges anti-aliased when transformed.
    open var allowsEdgeAntialiasing = false

    /// Whether `opacity` applies to the layer and sublayers composited together.
    open var allowsGroupOpacity = true

    /// Whether the layer is drawn when its back faces the viewer.
    open var isDoubleSided = true

    /// A name for finding the layer while debugging.
    open var name: String?

    /// Actions by event name, consulted by `action(forKey:)` after the delegate.
    open var actions: [String: any CAAction]?

    /// The object that supplies contents, layout and actions; a view, for a view's layer.
    open weak var delegate: (any CALayerDelegate)?

    // MARK: State flags

    var needsDisplayFlag = false
    var needsLayoutFlag = false
    /// Set by the default `CALayerDelegate.display(_:)` to report that the delegate does not
    /// implement it.
    package var delegateDisplayIsMissing = false
    /// Set while drawing when the delegate reports that it drew nothing, so `display()` keeps
    /// no backing store.
    package var drawingProducedNothing = false

    /// Creates a layer with default property values.
    public required override init() {
        super.init()
    }

    /// Creates a copy of `layer`'s properties (not its sublayers or delegate).
    public init(layer: Any) {
        super.init()
        guard let other = layer as? CALayer else { return }
        bounds = other.bounds
        position = other.position
        zPosition = other.zPosition
        anchorPoint = other.anchorPoint
        anchorPointZ = other.anchorPointZ
        transform = other.transform
        sublayerTransform = other.sublayerTransform
        contents = other.contents
        contentsRect = other.contentsRect
        contentsGravity = other.contentsGravity
        contentsScale = other.contentsScale
        backgroundColor = other.backgroundColor
        cornerRadius = other.cornerRadius
        maskedCorners = other.maskedCorners
        borderWidth = other.borderWidth
        borderColor = other.borderColor
        opacity = other.opacity
        isHidden = other.isHidden
        masksToBounds = other.masksToBounds
        isOpaque = other.isOpaque
        name = other.name
    }

    /// Archiving is not supported; returns nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Whether the layer's contents are implicitly flipped when drawn: false, as on iOS.
    open func contentsAreFlipped() -> Bool { false }

    /// The preferred size: the bounds size.
    open func preferredFrameSize() -> CGSize { bounds.size }

    // MARK: Overridable behaviour
    //
    // Swift lets subclasses override only members declared in the class body, so the open API
    // lives here and forwards to the implementations in the CALayer+*.swift files.

    /// The rectangle the layer occupies in its superlayer: the bounds mapped through the
    /// transform about the anchor point and placed at `position`. Setting it moves `position`
    /// and resizes `bounds`; `anchorPoint` is unchanged.
    open var frame: CGRect {
        get { derivedFrame }
        set { applyFrame(newValue) }
    }

    /// The sublayers in order, back to front; nil when there are none. Assigning replaces
    /// them all (each new one is removed from its old superlayer first).
    open var sublayers: [CALayer]? {
        get { storedSublayers.isEmpty ? nil : storedSublayers }
        set { replaceAllSublayers(with: newValue) }
    }

    /// Adds `layer` on top of the other sublayers.
    open func addSublayer(_ layer: CALayer) {
        insertSublayerAt(layer, storedSublayers.count)
    }

    /// Inserts `layer` at `idx` in the sublayers (clamped to the end).
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        insertSublayerAt(layer, Int(idx))
    }

    /// Inserts `layer` just below `sibling` (at the bottom if `sibling` is not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insertSublayerAt(layer, indexOfSublayer(sibling) ?? 0)
    }

    /// Inserts `layer` just above `sibling` (at the top if `sibling` is not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insertSublayerAt(layer, indexOfSublayer(sibling).map { $0 + 1 } ?? storedSublayers.count)
    }

    /// Puts `newLayer` where `oldLayer` is; does nothing if `oldLayer` is not a sublayer.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer, let index = indexOfSublayer(oldLayer) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayerAt(newLayer, index)
    }

    /// Detaches the layer from its superlayer.
    open func removeFromSuperlayer() {
        detachFromSuperlayer()
    }

    /// Whether `p` (in this layer's coordinates) is inside the bounds.
    open func contains(_ p: CGPoint) -> Bool {
        bounds.contains(p)
    }

    /// The farthest descendant (or this layer) containing `p`, given in the superlayer's
    /// coordinates; nil if none. Hidden layers are skipped; with `masksToBounds` a point
    /// outside the bounds finds nothing. Front-most sublayers (highest zPosition, then last
    /// added) are tried first.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        defaultHitTest(p)
    }

    /// Marks the contents as needing `display()` at the next display pass.
    open func setNeedsDisplay() {
        needsDisplayFlag = true
    }

    /// Marks part of the contents as needing display (Lamina redraws it all).
    open func setNeedsDisplay(_ r: CGRect) {
        needsDisplayFlag = true
    }

    /// Whether the contents are marked as needing display.
    open func needsDisplay() -> Bool {
        needsDisplayFlag
    }

    /// Calls `display()` now if the layer is marked as needing it.
    open func displayIfNeeded() {
        if needsDisplayFlag { display() }
    }

    /// Updates the contents: through the delegate's `display(_:)` when it implements it,
    /// otherwise by drawing a new backing store with `draw(in:)`.
    open func display() {
        defaultDisplay()
    }

    /// Draws the contents into `ctx`; the default asks the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    /// Marks the layer as needing `layoutSublayers()` at the next layout pass.
    open func setNeedsLayout() {
        needsLayoutFlag = true
    }

    /// Whether the layer is marked as needing layout.
    open func needsLayout() -> Bool {
        needsLayoutFlag
    }

    /// Lays out now: from the highest ancestor that needs layout, through every descendant
    /// that needs it.
    open func layoutIfNeeded() {
        defaultLayoutIfNeeded()
    }

    /// Positions the sublayers; the default asks the delegate's `layoutSublayers(of:)`.
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    /// The action for `event`: the delegate's answer, else `actions[event]`, else the class's
    /// `defaultAction(forKey:)`. `NSNull` from any of them means no action (nil).
    open func action(forKey event: String) -> (any CAAction)? {
        searchAction(forKey: event)
    }

    /// The class-wide action for `event`; none by default.
    open class func defaultAction(forKey event: String) -> (any CAAction)? {
        nil
    }

    /// Whether changing the property `key` should redisplay the layer; false by default.
    open class func needsDisplay(forKey key: String) -> Bool {
        false
    }

    /// Draws the layer and its subtree into `ctx`, in this layer's coordinate space (bounds
    /// coordinates map to the context's user space). Pending layout and display run first.
    open func render(in ctx: CGContext) {
        layoutIfNeeded()
        displaySubtreeIfNeeded()
        LayerRenderer(context: ctx).draw(self)
    }

    open override var description: String {
        "<\(type(of: self)): frame = \(frame)\(name.map { "; name = \($0)" } ?? "")>"
    }
}
