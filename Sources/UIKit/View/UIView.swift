/// A rectangular area that handles events and manages a `CALayer` showing its content.
///
/// The view creates its layer from `layerClass` and is the layer's delegate; `frame`, `bounds`,
/// `center` (the layer's `position`), `transform`, `alpha`, `isHidden`, `clipsToBounds` and
/// `backgroundColor` are the layer's own properties seen through the view. A view gets a
/// backing store only if its class overrides `draw(_:)`; the layer reaches `draw(_:)` through
/// `draw(_:in:)`, and a `display(_:)` override takes precedence over both.
///
/// - Note: Differs from Apple: `isOpaque` does not make the backing store alpha-less, so parts
///   a `draw(_:)` leaves untouched show the background instead of black.
@preconcurrency @MainActor
open class UIView: UIResponder, @preconcurrency CALayerDelegate {
    /// The layer class a view of this class creates; override to use a `CALayer` subclass.
    open class var layerClass: AnyClass { CALayer.self }

    /// The layer that shows this view. The view is its delegate.
    public let layer: CALayer

    /// The view's parent, if it has been added to one.
    open internal(set) weak var superview: UIView?
    var storedSubviews: [UIView] = []
    /// The interactions attached with `addInteraction(_:)` (kept alive by the view).
    var storedInteractions: [any UIInteraction] = []
    /// The window this view is in, kept by the move-to-window notifications (which visit every
    /// view that moves), so `window` costs O(1) instead of a walk up the tree.
    weak var storedWindow: UIWindow?
    /// The view controller whose root view this is.
    weak var owningViewController: UIViewController?
    let drawsContent: Bool

    /// An integer to find the view by with `viewWithTag(_:)`.
    open var tag: Int = 0
    var storedTintColor: UIColor?
    /// The tint inherited from the ancestors (undimmed) and the adjustment mode in force, as
    /// last found; cleared for a subtree when it moves or an ancestor's tint or mode changes,
    /// so that reading them is O(1) however deep the view sits.
    var inheritedTintCache: UIColor?
    var tintModeCache: TintAdjustmentMode?
    var storedBackgroundColor: UIColor?
    /// Each subtree view's traits just before an appearance override changes.
    var traitSnapshot: [(UIView, UITraitCollection)] = []
    /// The appearance properties set on this view itself (appearance proxies leave them).
    var explicitAppearanceKeys: Set<String> = []
    /// `registerForTraitChanges` registrations.
    var traitRegistrations: [TraitChangeRegistration] = []
    /// Insets a container gives its child controller's view (a large title's area).
    package var systemSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { if systemSafeAreaInsets != oldValue { noteSafeAreaChanged() } }
    }
    /// Whether touches are delivered to this view; false makes `hitTest` skip it.
    open var isUserInteractionEnabled = true
    /// Whether the view takes more than one touch at a time (false: touches beyond the first
    /// are not delivered to it).
    open var isMultipleTouchEnabled = false
    /// Whether the view takes touches only while no other view in its window does, and keeps
    /// other views from getting touches while it has one.
    open var isExclusiveTouch = false
    var storedGestureRecognizers: [UIGestureRecognizer] = []
    /// Whether subviews are resized by their `autoresizingMask` when the bounds change.
    open var autoresizesSubviews = true
    /// How the view resizes when its superview's bounds change.
    open var autoresizingMask: AutoresizingMask = [] {
        didSet { if autoresizingMask != oldValue && constraintState?.itemEngine != nil { LayoutEngine.noteStructureChange() } }
    }
    var storedLayoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// Constraints, anchors, guides and layout priorities, made when first used.
    var constraintState: ConstraintState?
    /// Properties few views set (a mask view, content size limits), made when first set.
    var rareState: RareViewState?
    /// Whether the view's autoresizing mask and frame stand for constraints (true for views
    /// made in code); set false for views positioned by constraints.
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet {
            guard translatesAutoresizingMaskIntoConstraints != oldValue else { return }
            LayoutEngine.noteStructureChange()
            superview?.setNeedsLayout()
        }
    }
    /// What the view's content means for its layout direction (`.unspecified`: the
    /// interface's); `.forceRightToLeft` puts its leading edges on the right.
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
        didSet {
            guard semanticContentAttribute != oldValue else { return }
            LayoutEngine.noteStructureChange()
            superview?.setNeedsLayout()
            setNeedsLayout()
        }
    }
    /// Whether the view is fully opaque (a drawing hint).
    open var isOpaque = true
    /// Whether the backing store is cleared before `draw(_:)`.
    open var clearsContextBeforeDrawing = true
    /// How the layer's contents are fitted to the bounds (maps to `contentsGravity`).
    open var contentMode: ContentMode = .scaleToFill {
        didSet {
            layer.contentsGravity = contentMode.gravity
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
        }
    }

    deinit {
        // A deep chain of subviews is let go in a loop, not in nested deinits.
        IterativeRelease.release(&storedSubviews)
    }

    /// Creates a view with the given frame.
    public init(frame: CGRect) {
        let layerType = (Self.layerClass as? CALayer.Type) ?? CALayer.self
        layer = layerType.init()
        drawsContent = DrawOverrideDetector.overridesDraw(Self.self)
        super.init()
        layer.delegate = self
        // As on iOS, a view's layer draws at the main screen's scale (a standalone layer's
        // contentsScale stays 1).
        layer.contentsScale = UIScreen.mainScale
        layer.frame = frame
        if drawsContent { layer.setNeedsDisplay() }
    }

    /// Creates a view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// Archives are not supported; returns nil.
    /// A view from a storyboard or nib: its Interface Builder attributes, subviews and
    /// constraints come from the coder.
    public required init?(coder: NSCoder) {
        let layerType = (Self.layerClass as? CALayer.Type) ?? CALayer.self
        layer = layerType.init()
        drawsContent = DrawOverrideDetector.overridesDraw(Self.self)
        super.init(coder: coder)
        layer.delegate = self
        layer.contentsScale = UIScreen.mainScale
        if let coder = coder as? IBCoder { coder.decodeView(self) }
        if drawsContent { layer.setNeedsDisplay() }
    }

    // MARK: Geometry (the layer's)

    /// Whether layout holds the view at its frame: it translates its autoresizing mask, or it
    /// is a view controller's view placed directly in a window, which the window sizes by frame
    /// whatever the flag says (as iOS keeps a root view at the window's size).
    var isPlacedByFrame: Bool {
        translatesAutoresizingMaskIntoConstraints || (owningViewController != nil && superview is UIWindow)
    }

    /// The view's rectangle in its superview's coordinates (the layer's frame).
    open var frame: CGRect {
        get { layer.frame }
        set {
            let old = layer.bounds.size
            // A view held at its frame moves the constraints that refer to it: a new size is
            // told by `boundsSizeDidChange`, a move alone here.
            let engine = isPlacedByFrame ? constraintState?.itemEngine : nil
            let origin = engine == nil ? .zero : layer.frame.origin
            layer.frame = newValue
            if layer.bounds.size != old {
                boundsSizeDidChange(from: old)
            } else if let engine, layer.frame.origin != origin {
                engine.noteItemChanged(self)
            }
        }
    }

    /// The view's own coordinate space (the layer's bounds). A size change resizes the
    /// subviews by their autoresizing masks and asks for layout.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let old = layer.bounds.size
            layer.bounds = newValue
            if layer.bounds.size != old { boundsSizeDidChange(from: old) }
        }
    }

    /// The centre of the view in its superview's coordinates: the layer's `position`.
    open var center: CGPoint {
        get { layer.position }
        set {
            let moved = layer.position != newValue
            layer.position = newValue
            if moved, isPlacedByFrame, let engine = constraintState?.itemEngine { engine.noteItemChanged(self) }
        }
    }

    /// The 2-D transform about the centre (the layer's affine transform).
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    /// The 3-D transform (the layer's transform).
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    /// The view's opacity (the layer's `opacity`).
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    /// Whether the view is hidden (the layer's `isHidden`).
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            let changed = newValue != layer.isHidden
            layer.isHidden = newValue
            // A stack view closes up around a hidden arranged view.
            if changed, let stack = superview as? UIStackView { stack.arrangedViewVisibilityChanged(self) }
        }
    }

    /// Whether subviews are clipped to the bounds (the layer's `masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// The background colour, stored as the layer's `backgroundColor`.
    /// Dynamic colours resolve with the view's traits, again whenever they change.
    open var backgroundColor: UIColor? {
        get {
            guard let color = layer.backgroundColor else { return nil }
            if let stored = storedBackgroundColor, stored.resolvedColor(with: traitCollection).cgColor == color { return stored }
            return UIColor(cgColor: color)
        }
        set {
            storedBackgroundColor = newValue
            layer.backgroundColor = newValue?.resolvedColor(with: traitCollection).cgColor
            if AppearanceRegistry.isActive { appearanceSet("backgroundColor") { $0.backgroundColor = newValue } }
        }
    }

    // MARK: Responder chain

    /// The view controller owning this view, else the superview.
    open override var next: UIResponder? {
        if let owningViewController { return owningViewController }
        return superview
    }

    override var responderWindow: UIWindow? { window }

    // MARK: Gesture recognizers

    /// The recognizers attached to this view.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { storedGestureRecognizers.isEmpty ? nil : storedGestureRecognizers }
        set {
            for recognizer in storedGestureRecognizers { recognizer.view = nil }
            storedGestureRecognizers = []
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches a recognizer (moving it from any other view).
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        storedGestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches a recognizer.
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.view === self else { return }
        storedGestureRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.view = nil
    }

    /// Whether a recognizer attached to an ancestor may begin for touches in this view (true
    /// by default; controls override it to keep their own tracking).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: Hierarchy

    /// The subviews, back to front.
    open var subviews: [UIView] { storedSubviews }

    /// The window the view is in, if any.
    open var window: UIWindow? {
        if let window = self as? UIWindow { return window }
        return storedWindow
    }

    /// Adds `view` on top of the subviews, removing it from its old superview first. Its
    /// layer goes to the end of this view's layer's sublayers, above any plain sublayers
    /// added earlier.
    open func addSubview(_ view: UIView) {
        insertSubview(view, placement: .end)
    }

    /// Inserts `view`'s layer at `index` among this view's layer's sublayers (clamped), as
    /// iOS does; `subviews` follows the layer order, so plain sublayers count in `index`.
    open func insertSubview(_ view: UIView, at index: Int) {
        insertSubview(view, placement: .index(index))
    }

    /// Inserts `view` just below `siblingSubview`; at the top if that is not a subview.
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        insertSubview(view, placement: .below(siblingSubview))
    }

    /// Inserts `view` just above `siblingSubview`; at the top if that is not a subview.
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        insertSubview(view, placement: .above(siblingSubview))
    }

    /// Removes the view from its superview (and its layer from the superview's layer).
    open func removeFromSuperview() {
        detachFromSuperview()
    }

    /// Moves `view` to the front: its layer becomes the last sublayer.
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        layer.addSublayer(view.layer)
        syncSubviewOrder()
    }

    /// Moves `view` to the back: its layer becomes the first sublayer.
    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        layer.insertSublayer(view.layer, at: 0)
        syncSubviewOrder()
    }

    /// Swaps the subviews at two indexes, their layers trading places among the sublayers.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard storedSubviews.indices.contains(index1), storedSubviews.indices.contains(index2), index1 != index2 else { return }
        exchangeLayers(of: storedSubviews[Swift.min(index1, index2)], storedSubviews[Swift.max(index1, index2)])
    }

    /// Whether this view is `view` or one of its descendants.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let v = current {
            WorkCounter.count()
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// The first view in this subtree (this view included, depth first) with `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in storedSubviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Called after `subview` was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed.
    open func willRemoveSubview(_ subview: UIView) {}
    /// Called before the view moves to `newSuperview` (nil: removal).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view's superview changed.
    open func didMoveToSuperview() {}
    /// Called before the view moves to `newWindow`.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view's window changed.
    open func didMoveToWindow() {}

    // MARK: Traits and tint

    /// The view's traits: its superview's (or the screen's), with the appearance its view
    /// controller or it overrides.
    open var traitCollection: UITraitCollection { inheritedTraits() }

    /// Called after the view's traits changed (an `overrideUserInterfaceStyle` here or
    /// above, or a move under a superview with other traits).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The appearance this view and its subviews use whatever their superview's is;
    /// `.unspecified` inherits.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        willSet {
            UIView.appearanceOverridden = true
            traitSnapshot = subtreeTraits()
        }
        didSet { deliverTraitChanges() }
    }

    /// The tint of the view's controls and template images: its own, else its superview's,
    /// else the system blue. Setting nil inherits again.
    /// While the effective `tintAdjustmentMode` is `.dimmed` (an alert is up, say), the tint
    /// is shown desaturated: its luminance as a gray, at its own alpha.
    /// - Note: Differs from Apple: Apple does not publish the dimmed colour; Lamina uses the
    ///   tint's Rec. 601 luminance.
    open var tintColor: UIColor! {
        get {
            WorkCounter.count()
            let tint = undimmedTintColor
            return effectiveTintAdjustmentMode == .dimmed ? UIView.dimmed(tint) : tint
        }
        set {
            let old = tintColor
            storedTintColor = newValue
            clearTintCaches()
            if !(old?.isEqual(tintColor) ?? false) { deliverTintChange() }
            if AppearanceRegistry.isActive { appearanceSet("tintColor") { $0.tintColor = newValue } }
        }
    }

    /// Whether the tint shows dimmed; `.automatic` follows the superview.
    open var tintAdjustmentMode: TintAdjustmentMode = .automatic {
        didSet {
            guard oldValue != tintAdjustmentMode else { return }
            clearTintCaches()
            deliverTintChange(modeChanged: true)
        }
    }

    /// The mode in force: the view's own, else its nearest ancestor's that sets one, else
    /// `.normal`. Found by walking up to the nearest view that knows it, once.
    var effectiveTintAdjustmentMode: TintAdjustmentMode {
        if tintAdjustmentMode != .automatic { return tintAdjustmentMode }
        if let tintModeCache { return tintModeCache }
        var found = TintAdjustmentMode.normal
        var view = superview
        while let current = view {
            WorkCounter.count()
            if current.tintAdjustmentMode != .automatic { found = current.tintAdjustmentMode; break }
            if let cached = current.tintModeCache { found = cached; break }
            view = current.superview
        }
        tintModeCache = found
        return found
    }

    /// The inherited tint before dimming (dimming is applied once, where it is read), found
    /// as the mode is.
    private var undimmedTintColor: UIColor {
        if let storedTintColor { return storedTintColor }
        if let inheritedTintCache { return inheritedTintCache }
        var found = UIView.defaultTintColor
        var view = superview
        while let current = view {
            WorkCounter.count()
            if let own = current.storedTintColor { found = own; break }
            if let cached = current.inheritedTintCache { found = cached; break }
            view = current.superview
        }
        inheritedTintCache = found
        return found
    }

    /// Forgets the inherited tint and mode of this view and every view below it (without
    /// recursion: subtrees of any depth).
    func clearTintCaches() {
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            view.inheritedTintCache = nil
            view.tintModeCache = nil
            pending.append(contentsOf: view.storedSubviews)
        }
    }

    static func dimmed(_ tint: UIColor) -> UIColor {
        UIColor { traits in
            var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
            guard tint.resolvedColor(with: traits).getRed(&r, green: &g, blue: &b, alpha: &a) else { return tint }
            return UIColor(white: 0.299 * r + 0.587 * g + 0.114 * b, alpha: a)
        }
    }

    /// Called when the view's effective tint colour or adjustment mode changed.
    open func tintColorDidChange() {}

    // MARK: Layout

    /// Lays out the subviews; the default places those positioned by constraints
    /// (`translatesAutoresizingMaskIntoConstraints == false`) where the constraints put them.
    /// Called during layout passes.
    open func layoutSubviews() {
        applyConstraintLayout()
    }

    /// Marks the view as needing `layoutSubviews()` (through its layer).
    open func setNeedsLayout() {
        layer.setNeedsLayout()
    }

    /// Runs pending layout now, from the highest ancestor that needs it down.
    open func layoutIfNeeded() {
        layer.layoutIfNeeded()
    }

    /// The size that best fits `size`; the default is the current bounds size.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        bounds.size
    }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its frame's origin.
    open func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        guard size.width.isFinite, size.height.isFinite else { return }
        frame = CGRect(origin: frame.origin, size: size)
    }

    // MARK: Constraints

    /// Updates the view's constraints before layout; an override makes its changes and calls
    /// `super` last.
    open func updateConstraints() {
        constraintState?.needsUpdateConstraints = false
    }

    /// Whether the view needs constraint-based layout even without constraints of its own.
    open class var requiresConstraintBasedLayout: Bool { false }

    /// The size the view's constraints give it, as close to `targetSize` as possible
    /// (`layoutFittingCompressedSize` for the smallest). The view is not resized.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's constraints give it, each dimension held to the target at its
    /// priority (`.required` fixes it, `.fittingSizeLevel` lets the constraints decide).
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                      verticalFittingPriority: UILayoutPriority) -> CGSize {
        LayoutEngine.fittingSize(of: self, target: targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }

    // MARK: Layout metrics

    /// The view's natural size from its content; views without content have none
    /// (`noIntrinsicMetric` in both dimensions).
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Where text in the view has its first and last baselines, from the view's vertical
    /// centre (text drawn centred); nil for views without text, whose baselines are their
    /// bottom edge.
    var baselineOffsetsFromCenter: (first: CGFloat, last: CGFloat)? { nil }

    /// The view whose first baseline stands for this view's in constraints (itself by default).
    open var forFirstBaselineLayout: UIView { self }

    /// The view whose last baseline stands for this view's in constraints (itself by default).
    open var forLastBaselineLayout: UIView { self }

    /// Tells layout that `intrinsicContentSize` changed.
    open func invalidateIntrinsicContentSize() {
        constraintState?.itemEngine?.noteIntrinsicSizeChanged(self)
        superview?.setNeedsLayout()
    }

    /// The default spacing inside the view's edges for laying out content (8 points each
    /// side by default). Read, it is the margins in effect: moved inside the safe area
    /// (`insetsLayoutMarginsFromSafeArea`) and widened to the superview's margins
    /// (`preservesSuperviewLayoutMargins`); set, it is the view's own.
    open var layoutMargins: UIEdgeInsets {
        get { effectiveLayoutMargins }
        set {
            guard newValue != storedLayoutMargins else { return }
            storedLayoutMargins = newValue
            marginsDidChange()
        }
    }

    /// The layout margins by leading and trailing edge (left-to-right).
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let margins = layoutMargins
            return NSDirectionalEdgeInsets(top: margins.top, leading: margins.left, bottom: margins.bottom, trailing: margins.right)
        }
        set { layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing) }
    }

    /// Called after the layout margins changed; the default asks for layout.
    open func layoutMarginsDidChange() {
        setNeedsLayout()
    }

    /// The parts of the view covered by bars (a large navigation title's area) and its
    /// controller's `additionalSafeAreaInsets`, with what of its superview's safe area it
    /// overlaps. A desktop window or headless screen has no notch or rounded corners: a
    /// window's own insets are zero, unless it covers the screen of the device `LAMINA_DEVICE`
    /// names, whose insets it then has.
    open var safeAreaInsets: UIEdgeInsets {
        var insets = systemSafeAreaInsets
        if let extra = owningViewController?.additionalSafeAreaInsets, extra != .zero {
            insets = UIEdgeInsets(top: insets.top + extra.top, left: insets.left + extra.left,
                                  bottom: insets.bottom + extra.bottom, right: insets.right + extra.right)
        }
        // One walk up: each superview's safe area from its own and its superview's.
        guard let superview else { return insets }
        let parent = superview.safeAreaInsets
        guard parent != .zero else { return insets }
        let area = superview.bounds.inset(by: parent)
        let f = frame
        return UIEdgeInsets(top: Swift.max(insets.top, area.minY - f.minY), left: Swift.max(insets.left, area.minX - f.minX),
                            bottom: Swift.max(insets.bottom, f.maxY - area.maxY), right: Swift.max(insets.right, f.maxX - area.maxX))
    }

    /// Called when `safeAreaInsets` changed.
    open func safeAreaInsetsDidChange() {}

    /// Tells this view and its descendants that their safe areas may have changed.
    func noteSafeAreaChanged() {
        safeAreaInsetsDidChange()
        noteGuidesChanged()
        setNeedsLayout()
        for subview in storedSubviews { subview.noteSafeAreaChanged() }
    }

    // MARK: Drawing

    /// Draws the view's content into the current context (`UIGraphicsGetCurrentContext()`),
    /// whose origin is the top-left of the bounds. The default draws nothing; a view whose
    /// class does not override this gets no backing store.
    open func draw(_ rect: CGRect) {}

    /// Marks the whole view as needing `draw(_:)`.
    open func setNeedsDisplay() {
        layer.setNeedsDisplay()
    }

    /// Marks part of the view as needing `draw(_:)`.
    open func setNeedsDisplay(_ rect: CGRect) {
        layer.setNeedsDisplay(rect)
    }

    // MARK: Layer delegate

    /// Not implemented by UIView: the layer goes on to draw a backing store, which reaches
    /// `draw(_:in:)`. Subclasses override this to set the layer's contents themselves.
    ///
    /// - Note: Differs from Apple: calling `super.display(_:)` does not crash; the layer then
    ///   draws as if `display(_:)` were not overridden.
    open func display(_ layer: CALayer) {
        layer.delegateDisplayIsMissing = true
    }

    /// Draws the layer's backing store by calling `draw(_:)` with `ctx` as the current
    /// context. A view that does not override `draw(_:)` draws nothing and keeps no store.
    open func draw(_ layer: CALayer, in ctx: CGContext) {
        guard layer === self.layer else { return }
        guard drawsContent else {
            layer.drawingProducedNothing = true
            return
        }
        // Dynamic colours used while drawing resolve with the view's traits, as on iOS.
        UIGraphicsPushContext(ctx)
        traitCollection.performAsCurrent { draw(layer.bounds) }
        UIGraphicsPopContext()
    }

    /// Called before the layer draws; the default does nothing.
    open func layerWillDraw(_ layer: CALayer) {}

    /// Runs `layoutSubviews()` when the view's own layer lays out.
    open func layoutSublayers(of layer: CALayer) {
        guard layer === self.layer else { return }
        if let owningViewController { owningViewController.layoutView { layoutSubviews() } } else { layoutSubviews() }
    }

    /// A view's layer changes without implicit animation: `NSNull` for every event, except
    /// inside an animation block (`UIView.animate`…), where changes of the view's own layer
    /// get the block's animation.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard layer === self.layer, UIView.areAnimationsEnabled, let context = ViewAnimationContext.current,
              let action = context.action(for: layer, forKey: event) else {
            return NSNull()
        }
        return action
    }

    // MARK: Hit testing and conversion

    /// The deepest visible, interaction-enabled descendant (or self) containing `point`, given
    /// in this view's coordinates. Hidden views, views with alpha below 0.01 and views with
    /// interaction disabled are skipped with their subviews; subviews are tried front to back
    /// and only where `point(inside:with:)` holds for this view.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha >= 0.01, !isAnimatingWithoutInteraction else { return nil }
        guard self.point(inside: point, with: event) else { return nil }
        for subview in storedSubviews.reversed() {
            let local = subview.convert(point, from: self)
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }

    /// Whether `point` (in this view's coordinates) is inside the bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// Converts a point from this view's coordinates to `view`'s (nil: the window's, or the
    /// root view's when not in a window).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: view?.layer)
    }

    /// Converts a point from `view`'s coordinates (nil: the window's) to this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: view?.layer)
    }

    /// Converts a rectangle from this view's coordinates to `view`'s.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: view?.layer)
    }

    /// Converts a rectangle from `view`'s coordinates to this view's.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: view?.layer)
    }
}
