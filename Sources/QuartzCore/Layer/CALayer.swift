import Synchronization
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
open class CALayer: NSObject, CAMediaTiming {
    // MARK: Geometry

    /// The layer's own coordinate space: origin and size in points.
    @exclusivity(unchecked) open var bounds: CGRect = .zero {
        didSet {
            if !bounds.isFiniteRect { bounds = oldValue; return }
            propertyDidChange("bounds", from: oldValue)
            if bounds.size != oldValue.size {
                setNeedsLayout()
                if needsDisplayOnBoundsChange { setNeedsDisplay() }
            }
        }
    }

    /// Where the anchor point sits in the superlayer's coordinate space.
    @exclusivity(unchecked) open var position: CGPoint = .zero {
        didSet {
            if !position.x.isFinite || !position.y.isFinite { position = oldValue; return }
            propertyDidChange("position", from: oldValue)
        }
    }

    /// The layer's position on the z axis; sublayers are drawn in increasing zPosition.
    @exclusivity(unchecked) open var zPosition: CGFloat = 0 { didSet { propertyDidChange("zPosition", from: oldValue) } }

    /// The point, in unit coordinates of the bounds, that `position` places and that transforms
    /// pivot about. (0.5, 0.5) is the centre.
    @exclusivity(unchecked) open var anchorPoint = CGPoint(x: 0.5, y: 0.5) {
        didSet {
            if !anchorPoint.x.isFinite || !anchorPoint.y.isFinite { anchorPoint = oldValue; return }
            propertyDidChange("anchorPoint", from: oldValue)
        }
    }

    /// The anchor point's z component.
    @exclusivity(unchecked) open var anchorPointZ: CGFloat = 0 { didSet { propertyDidChange("anchorPointZ", from: oldValue) } }

    /// The transform applied about the anchor point.
    @exclusivity(unchecked) open var transform = CATransform3DIdentity { didSet { propertyDidChange("transform", from: oldValue) } }

    /// A transform applied to the sublayers, about this layer's anchor point.
    @exclusivity(unchecked) open var sublayerTransform = CATransform3DIdentity {
        didSet { propertyDidChange("sublayerTransform", from: oldValue) }
    }

    /// Whether the geometry of the layer's sublayers is flipped vertically: their positions
    /// (and everything below them) measure y from the bottom of this layer's bounds up. It
    /// does not turn contents over: images, drawn backing stores and text stay upright
    /// (a backing store under an odd number of flipped ancestors is drawn with y up).
    @exclusivity(unchecked) open var isGeometryFlipped = false { didSet { propertyDidChange("geometryFlipped", from: oldValue) } }

    // MARK: Tree

    /// The layer this layer is a sublayer of.
    @exclusivity(unchecked) open internal(set) weak var superlayer: CALayer?

    @exclusivity(unchecked) var storedSublayers: [CALayer] = []

    // MARK: Contents and style

    /// The image the layer shows: a `CGImage` — or, through AppKit, an `NSImage` (other
    /// values are ignored when drawing).
    @exclusivity(unchecked) open var contents: Any? { didSet { propertyDidChange("contents", from: oldValue) } }

    /// The part of the contents image shown, in unit coordinates.
    @exclusivity(unchecked) open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1) {
        didSet { propertyDidChange("contentsRect", from: oldValue) }
    }

    /// The stretchable part of the contents, in unit coordinates: outside it the image keeps
    /// its size when the layer is resized (nine-part stretching).
    @exclusivity(unchecked) open var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1) {
        didSet { propertyDidChange("contentsCenter", from: oldValue) }
    }

    /// How the contents image is fitted into the bounds.
    @exclusivity(unchecked) open var contentsGravity = CALayerContentsGravity.resize { didSet { propertyDidChange("contentsGravity", from: oldValue) } }

    /// Pixels per point of the contents (and of the backing store `display()` creates).
    @exclusivity(unchecked) open var contentsScale: CGFloat = 1 {
        didSet {
            if !(contentsScale > 0) || !contentsScale.isFinite { contentsScale = oldValue; return }
            propertyDidChange("contentsScale", from: oldValue)
        }
    }

    /// The filter used when the contents are drawn smaller than their natural size.
    @exclusivity(unchecked) open var minificationFilter = CALayerContentsFilter.linear { didSet { propertyDidChange("minificationFilter", from: oldValue) } }

    /// The filter used when the contents are drawn larger than their natural size.
    @exclusivity(unchecked) open var magnificationFilter = CALayerContentsFilter.linear { didSet { propertyDidChange("magnificationFilter", from: oldValue) } }

    /// The colour filled behind the contents, with the corner radius applied.
    @exclusivity(unchecked) open var backgroundColor: CGColor? { didSet { propertyDidChange("backgroundColor", from: oldValue) } }

    /// The radius of the rounded corners of the background and border (and of the clip when
    /// `masksToBounds` is true).
    @exclusivity(unchecked) open var cornerRadius: CGFloat = 0 { didSet { propertyDidChange("cornerRadius", from: oldValue) } }

    /// Which corners `cornerRadius` rounds; all four by default.
    @exclusivity(unchecked) open var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ] {
        didSet { propertyDidChange("maskedCorners", from: oldValue) }
    }

    /// The shape of the rounded corners; `.circular` by default.
    @exclusivity(unchecked) open var cornerCurve = CALayerCornerCurve.circular {
        didSet { propertyDidChange("cornerCurve", from: oldValue) }
    }

    /// How much farther than `cornerRadius` along each edge a corner of `curve` reaches: 1 for
    /// circular corners, 1.528665 for continuous ones.
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? RoundedOutline.continuousReach : 1
    }

    /// The width of the border, drawn inside the bounds above the contents and sublayers.
    @exclusivity(unchecked) open var borderWidth: CGFloat = 0 { didSet { propertyDidChange("borderWidth", from: oldValue) } }

    /// The border colour; opaque black by default.
    @exclusivity(unchecked) open var borderColor: CGColor? = CGColor(gray: 0, alpha: 1) {
        didSet { propertyDidChange("borderColor", from: oldValue) }
    }

    /// The layer's opacity, 0…1, applied to the layer and its sublayers as one group.
    @exclusivity(unchecked) open var opacity: Float = 1 { didSet { propertyDidChange("opacity", from: oldValue) } }

    /// Whether the layer (and its sublayers) is not drawn and not hit-tested.
    @exclusivity(unchecked) open var isHidden = false { didSet { propertyDidChange("hidden", from: oldValue) } }

    /// Whether contents and sublayers are clipped to the bounds (rounded by `cornerRadius`).
    @exclusivity(unchecked) open var masksToBounds = false { didSet { propertyDidChange("masksToBounds", from: oldValue) } }

    /// A hint that the layer's contents are fully opaque: backing stores then have no alpha.
    @exclusivity(unchecked) open var isOpaque = false { didSet { propertyDidChange("opaque", from: oldValue) } }

    /// Whether changing the bounds size marks the contents as needing display.
    @exclusivity(unchecked) open var needsDisplayOnBoundsChange = false

    /// A hint that `draw(in:)` may run in the background. Lamina records it and draws the
    /// same way either way, on the main thread, so the result is identical.
    @exclusivity(unchecked) open var drawsAsynchronously = false

    /// Whether the layer draws its edges anti-aliased when transformed.
    @exclusivity(unchecked) open var allowsEdgeAntialiasing = false { didSet { propertyDidChange("allowsEdgeAntialiasing", from: oldValue) } }

    /// Whether the layer and its sublayers are drawn once into a bitmap (at
    /// `rasterizationScale` pixels per point of the layer's own space) that later frames reuse
    /// while nothing inside changes. Shadow and mask are part of the bitmap; `opacity` is not.
    @exclusivity(unchecked) open var shouldRasterize = false { didSet { propertyDidChange("shouldRasterize", from: oldValue) } }

    /// Pixels per point of the bitmap `shouldRasterize` draws into (1 by default, so set it to
    /// the screen's scale to stay sharp there). Animatable.
    @exclusivity(unchecked) open var rasterizationScale: CGFloat = 1 {
        didSet { propertyDidChange("rasterizationScale", from: oldValue) }
    }

    /// Whether `opacity` applies to the layer and sublayers composited together.
    @exclusivity(unchecked) open var allowsGroupOpacity = true { didSet { propertyDidChange("allowsGroupOpacity", from: oldValue) } }

    /// Whether the layer is drawn when its back faces the viewer.
    @exclusivity(unchecked) open var isDoubleSided = true { didSet { propertyDidChange("doubleSided", from: oldValue) } }

    // MARK: Shadow

    /// The shadow's colour; opaque black by default.
    @exclusivity(unchecked) open var shadowColor: CGColor? = CGColor(gray: 0, alpha: 1) {
        didSet { propertyDidChange("shadowColor", from: oldValue) }
    }

    /// The shadow's opacity, 0…1; 0 (no shadow) by default.
    @exclusivity(unchecked) open var shadowOpacity: Float = 0 { didSet { propertyDidChange("shadowOpacity", from: oldValue) } }

    /// The shadow's offset; (0, −3) by default.
    @exclusivity(unchecked) open var shadowOffset = CGSize(width: 0, height: -3) {
        didSet { propertyDidChange("shadowOffset", from: oldValue) }
    }

    /// The shadow's blur radius; 3 by default.
    @exclusivity(unchecked) open var shadowRadius: CGFloat = 3 { didSet { propertyDidChange("shadowRadius", from: oldValue) } }
    /// How much the compositor blurs what lies behind the layer before drawing it (points;
    /// 0: not at all) — the backdrop of `UIVisualEffectView`. Not animatable.
    ///
    /// - Note: Lamina addition (iOS does this with a private backdrop layer class).
    package var backdropBlurRadius: CGFloat = 0 {
        didSet {
            guard backdropBlurRadius != oldValue else { return }
            hasVisualChange = true
            hasAppearanceChange = true
            TransactionStack.current.noteChange(self)
        }
    }

    /// The shape that casts the shadow instead of the layer's composited alpha.
    @exclusivity(unchecked) open var shadowPath: CGPath? { didSet { propertyDidChange("shadowPath", from: oldValue) } }

    // MARK: Mask

    /// A layer whose alpha masks this layer (its contents, sublayers and shadow): positioned
    /// in this layer's coordinates like a sublayer, but not one (it has no superlayer).
    @exclusivity(unchecked) open var mask: CALayer? { didSet { propertyDidChange("mask", from: oldValue) } }

    // MARK: Timing (CAMediaTiming)

    /// Counts changes that can move an animation's start or end in media time without the
    /// clock moving: a layer's timing, a layer changing superlayer, an animation re-timed in
    /// place. The animation scheduler re-checks every animation when it has changed.
    package static let timingGeneration = Atomic<Int>(0)

    package static func timingDidChange() {
        timingGeneration.add(1, ordering: .relaxed)
    }

    /// When the layer's local time begins, in its superlayer's time.
    @exclusivity(unchecked) open var beginTime: CFTimeInterval = 0 { didSet { if beginTime != oldValue { CALayer.timingDidChange() } } }
    /// A layer's duration; layers are not limited by it.
    @exclusivity(unchecked) open var duration: CFTimeInterval = 0 { didSet { if duration != oldValue { CALayer.timingDidChange() } } }
    /// How fast the layer's local time (and its animations and sublayers) runs; 0 pauses.
    @exclusivity(unchecked) open var speed: Float = 1 { didSet { if speed != oldValue { CALayer.timingDidChange() } } }
    /// An offset added to the layer's local time.
    @exclusivity(unchecked) open var timeOffset: CFTimeInterval = 0 { didSet { if timeOffset != oldValue { CALayer.timingDidChange() } } }
    /// Stored for `CAMediaTiming`; layers do not repeat.
    @exclusivity(unchecked) open var repeatCount: Float = 0 { didSet { if repeatCount != oldValue { CALayer.timingDidChange() } } }
    /// Stored for `CAMediaTiming`; layers do not repeat.
    @exclusivity(unchecked) open var repeatDuration: CFTimeInterval = 0 { didSet { if repeatDuration != oldValue { CALayer.timingDidChange() } } }
    /// Stored for `CAMediaTiming`; layers do not reverse.
    @exclusivity(unchecked) open var autoreverses = false { didSet { if autoreverses != oldValue { CALayer.timingDidChange() } } }
    /// Stored for `CAMediaTiming`.
    @exclusivity(unchecked) open var fillMode = CAMediaTimingFillMode.removed { didSet { if fillMode != oldValue { CALayer.timingDidChange() } } }

    /// A name for finding the layer while debugging.
    @exclusivity(unchecked) open var name: String?

    /// Actions by event name, consulted by `action(forKey:)` after the delegate.
    @exclusivity(unchecked) open var actions: [String: any CAAction]?

    /// Default values for properties not set, consulted by `value(forKey:)` after the layer's
    /// own values; its `"actions"` entry (a `[String: CAAction]`) joins the action search after
    /// `actions`. Nested `"style"` entries are searched in turn.
    @exclusivity(unchecked) open var style: [AnyHashable: Any]?

    /// The object that supplies contents, layout and actions; a view, for a view's layer.
    @exclusivity(unchecked) open weak var delegate: (any CALayerDelegate)?

    // MARK: State flags

    @exclusivity(unchecked) var needsDisplayFlag = false
    /// The layer's node in the render tree (-1 until its first commit).
    @exclusivity(unchecked) package var renderID: Int32 = -1
    /// Whether a property that changes the layer's own appearance changed since its last
    /// commit (as opposed to only its sublayer list).
    @exclusivity(unchecked) var hasVisualChange = true
    /// Whether a property that changes what the layer itself looks like in its own space
    /// changed since its last commit: any but where it is placed (position, transform,
    /// opacity, …). A rasterized layer's bitmap survives placement changes.
    @exclusivity(unchecked) var hasAppearanceChange = true
    /// Values stored under keys that are not properties (custom animatable properties).
    @exclusivity(unchecked) var customValues: [String: Any] = [:]
    /// The animations attached to the layer, in the order added.
    @exclusivity(unchecked) var attachedAnimations: [AttachedAnimation] = []
    /// The layer's state at the last transaction commit; nil until its first commit.
    @exclusivity(unchecked) var committedState: CALayer?
    /// The same state as the render side takes it; nil until its first commit.
    @exclusivity(unchecked) var committedValue: LayerValue?
    /// For a presentation layer, the model layer it was made from.
    @exclusivity(unchecked) weak var modelLayer: CALayer?
    /// On a presentation layer, the contents cross-fade it shows now.
    @exclusivity(unchecked) var contentsFade: ContentsFade?
    /// On a presentation layer, the transition it shows now.
    @exclusivity(unchecked) var transitionState: TransitionState?
    /// Whether this is a presentation copy (changes to it never start actions).
    @exclusivity(unchecked) var isPresentationCopy = false
    /// The key, model value and presentation value before the change whose action is being
    /// looked up (UIKit's animation blocks build their animations from it).
    /// Set while a change of a never-committed layer runs its action search.
    @exclusivity(unchecked) var suppressesImplicitAnimation = false
    @exclusivity(unchecked) package var changeInProgress: (key: String, oldModelValue: Any?, oldPresentationValue: Any?)?
    @exclusivity(unchecked) var needsLayoutFlag = false
    /// Set by the default `CALayerDelegate.display(_:)` to report that the delegate does not
    /// implement it.
    @exclusivity(unchecked) package var delegateDisplayIsMissing = false
    /// Set while drawing when the delegate reports that it drew nothing, so `display()` keeps
    /// no backing store.
    @exclusivity(unchecked) package var drawingProducedNothing = false

    /// Creates a layer with default property values.
    public required override init() {
        super.init()
        TransactionStack.current.noteChange(self)
    }

    /// Creates a copy of `layer`'s properties (not its sublayers or delegate).
    ///
    /// Core Animation makes presentation layers with it, so a subclass with stored properties
    /// overrides it to copy them.
    ///
    /// - Note: Differs from Apple: it is `required` (Swift cannot otherwise create copies of
    ///   subclasses), so an override is written `required init(layer: Any)`.
    public required init(layer: Any) {
        super.init()
        guard let other = layer as? CALayer else { return }
        isPresentationCopy = true
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
        cornerCurve = other.cornerCurve
        borderWidth = other.borderWidth
        borderColor = other.borderColor
        opacity = other.opacity
        isHidden = other.isHidden
        masksToBounds = other.masksToBounds
        isOpaque = other.isOpaque
        name = other.name
        contentsCenter = other.contentsCenter
        minificationFilter = other.minificationFilter
        magnificationFilter = other.magnificationFilter
        isGeometryFlipped = other.isGeometryFlipped
        needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
        allowsEdgeAntialiasing = other.allowsEdgeAntialiasing
        drawsAsynchronously = other.drawsAsynchronously
        allowsGroupOpacity = other.allowsGroupOpacity
        shouldRasterize = other.shouldRasterize
        rasterizationScale = other.rasterizationScale
        isDoubleSided = other.isDoubleSided
        shadowColor = other.shadowColor
        shadowOpacity = other.shadowOpacity
        shadowOffset = other.shadowOffset
        shadowRadius = other.shadowRadius
        shadowPath = other.shadowPath
        backdropBlurRadius = other.backdropBlurRadius
        mask = other.mask
        copyTiming(from: other)
        actions = other.actions
        style = other.style
        customValues = other.customValues
    }

    /// Archiving is not supported; returns nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    deinit {
        if renderID >= 0 { RenderTree.shared.release(renderID) }
        // A deep chain of sublayers is let go in a loop, not in nested deinits.
        IterativeRelease.release(&storedSublayers)
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
    /// and resizes `bounds`; `anchorPoint` is unchanged. Under a transform, `bounds.size`
    /// becomes the size whose transformed box fills the frame (a 0.5× scale and a 100 × 100
    /// frame give 200 × 200 bounds), so the frame reads back as set.
    ///
    /// - Note: Differs from Apple: where the transform leaves more than one such size (a turn
    ///   of 45°), the bounds keep their aspect ratio and match the frame's width; Apple leaves
    ///   this case undocumented.
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

    /// Marks the contents as needing `display()`, which the next commit runs (this opens an
    /// implicit transaction when none is open, as any change does).
    open func setNeedsDisplay() {
        markNeedsDisplay()
    }

    /// Marks part of the contents as needing display (Lamina redraws it all).
    open func setNeedsDisplay(_ r: CGRect) {
        markNeedsDisplay()
    }

    /// Sets the flag and notes the layer in the transaction, once until it is displayed.
    func markNeedsDisplay() {
        guard !needsDisplayFlag else { return }
        needsDisplayFlag = true
        TransactionStack.current.noteChange(self)
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
        guard !needsLayoutFlag else { return }
        needsLayoutFlag = true
        TransactionStack.current.noteChange(self)
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
        LayerRenderer.draw(self, in: ctx)
    }

    // MARK: Key-value coding

    /// The value of the property `key` names (Core Animation's names: `"position"`,
    /// `"hidden"`, `"opacity"`, …), or the value stored under any other key, or else the
    /// class's `defaultValue(forKey:)`.
    ///
    /// - Note: Differs from Apple: Foundation on Linux has no key-value coding, so layers
    ///   implement it themselves for their own properties; a subclass's stored properties are
    ///   reachable by overriding these methods, or by keeping them in the layer's key-value
    ///   storage (`get { value(forKey: "k") } set { setValue(newValue, forKey: "k") }`), which
    ///   also makes them animatable.
    open func value(forKey key: String) -> Any? {
        KeyValueBox.box(propertyValue(forKey: key))
    }

    /// Sets the property `key` names (numbers of any numeric type are converted), or stores the
    /// value under the key. Setting starts the key's action, as assigning the property does.
    open func setValue(_ value: Any?, forKey key: String) {
        setPropertyValue(value, forKey: key)
    }

    /// The value at a key path: a key, then members of structures (`"position.x"`,
    /// `"bounds.size"`, `"transform.rotation.z"`, `"transform.scale"`, `"transform.translation"`).
    open func value(forKeyPath keyPath: String) -> Any? {
        valueForKeyPath(keyPath)
    }

    /// Sets the value at a key path; the whole property of the first key is reassigned.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        setValueForKeyPath(value, keyPath)
    }

    /// The value of `key` when none has been set; nil for keys that are not properties.
    open class func defaultValue(forKey key: String) -> Any? {
        nil
    }

    /// Whether `key`'s value is archived; always true.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: Animations

    /// Attaches a copy of `anim` under `key` (replacing an animation with the same key); it
    /// starts when the current transaction commits. A zero duration becomes the transaction's
    /// animation duration.
    open func add(_ anim: CAAnimation, forKey key: String?) {
        attach(anim, forKey: key)
    }

    /// The animation attached under `key` (the layer's copy; do not change it).
    open func animation(forKey key: String) -> CAAnimation? {
        attachedAnimations.last { $0.key == key }?.animation
    }

    /// Detaches the animation under `key`; its delegate hears that it stopped unfinished.
    open func removeAnimation(forKey key: String) {
        detachAnimations { $0.key == key }
    }

    /// Detaches every animation.
    open func removeAllAnimations() {
        detachAnimations { _ in true }
    }

    /// The keys of the attached animations, in the order added; nil when there are none.
    open func animationKeys() -> [String]? {
        let keys = attachedAnimations.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// A copy of the layer as currently seen: the last committed state with the running
    /// animations applied at the current media time (its sublayers are presentation layers
    /// too). Nil until the layer has been committed in a transaction.
    open func presentation() -> Self? {
        makePresentation() as? Self
    }

    /// For a presentation layer, the model layer it shows; for a model layer, itself.
    open func model() -> Self {
        (modelLayer as? Self) ?? self
    }

    // MARK: Time

    /// Converts `t` from `l`'s local time (nil: media time) to this layer's.
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        localTime(fromMediaTime: l.map { $0.mediaTime(fromLocalTime: t) } ?? t)
    }

    /// Converts `t` from this layer's local time to `l`'s (nil: media time).
    open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLocalTime: t)
        return l.map { $0.localTime(fromMediaTime: media) } ?? media
    }

    /// Whether changes of `key` animate: the animatable properties, keys the class redisplays
    /// for, and custom keys. Layer classes add their own.
    package func isAnimatable(_ key: String) -> Bool {
        CALayer.animatableKeys.contains(key) || type(of: self).needsDisplay(forKey: key) || customValues[key] != nil
    }

    /// What the layer class shows besides its contents image (a shape layer's path, a
    /// gradient layer's gradient), as data the render side draws: none for plain layers.
    var renderContent: LayerContent { .none }

    /// Whether the layer flattens its sublayers into its own plane (every class but
    /// `CATransformLayer`).
    var flattensSublayers: Bool { true }

    open override var description: String {
        "<\(type(of: self)): frame = \(frame)\(name.map { "; name = \($0)" } ?? "")>"
    }
}
