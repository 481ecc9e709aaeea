/// A rectangle of a window that draws and takes mouse and key events, AppKit's way: its
/// `frame` is in its superview's coordinates and `bounds` in its own, both with y running up
/// from the bottom-left unless the view `isFlipped`.
///
/// A view uses Core Animation only when it opts in: setting `wantsLayer` makes it (and its
/// subviews) layer-backed — AppKit makes each layer with `makeBackingLayer()`, is its delegate,
/// keeps its geometry in step with the view's, and fills it from `draw(_:)` (or lets
/// `updateLayer()` style it when `wantsUpdateLayer`). Assigning `layer` before setting
/// `wantsLayer` makes the view layer-hosting: the layer is the app's, with its own sublayer
/// tree. Changes to a backed view's layer never animate on their own; they animate inside
/// `NSAnimationContext.runAnimationGroup` with `allowsImplicitAnimation`, or through
/// `animator()`.
///
/// - Note: Differs from Apple: views that are not layer-backed are drawn through layers of
///   their own all the same (macOS draws them into the window's backing store); `layer` is
///   nil for them, as on macOS. `canDrawSubviewsIntoLayer` is kept but subviews keep their own
///   layers. `animator()` returns the view itself, marked so that the next property change
///   made through it animates.
@preconcurrency @MainActor
open class NSView: NSResponder, @preconcurrency CALayerDelegate {
    /// How a view resizes with its superview.
    public struct AutoresizingMask: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let none = AutoresizingMask([])
        public static let minXMargin = AutoresizingMask(rawValue: 1)
        public static let width = AutoresizingMask(rawValue: 2)
        public static let maxXMargin = AutoresizingMask(rawValue: 4)
        public static let minYMargin = AutoresizingMask(rawValue: 8)
        public static let height = AutoresizingMask(rawValue: 16)
        public static let maxYMargin = AutoresizingMask(rawValue: 32)
    }

    /// When a layer-backed view's layer is redrawn.
    public enum LayerContentsRedrawPolicy: Int, Sendable {
        case never = 0, onSetNeedsDisplay = 1, duringViewResize = 2, beforeViewResize = 3, crossfade = 4
    }

    /// Where a layer-backed view's contents go when its size changes without a redraw.
    public enum LayerContentsPlacement: Int, Sendable {
        case scaleAxesIndependently = 0, scaleProportionallyToFit = 1, scaleProportionallyToFill = 2
        case center = 3, top = 4, topRight = 5, right = 6, bottomRight = 7, bottom = 8, bottomLeft = 9, left = 10, topLeft = 11
    }

    /// How a subview is placed relative to another.
    public enum WindowOrderingMode: Int, Sendable { case below = -1, out = 0, above = 1 }

    private var storedFrame: NSRect
    private var storedBounds: NSRect
    private var storedSubviews: [NSView] = []
    /// The layer the view is drawn through (see the type's notes).
    private(set) var renderLayer = CALayer()
    private var backing: Backing = .none
    private enum Backing { case none, backed, hosting }
    weak var hostingWindow: NSWindow?
    /// Set by `animator()`: the next property change animates.
    var animatesNextChange = false

    public init(frame frameRect: NSRect) {
        storedFrame = frameRect
        storedBounds = NSRect(origin: .zero, size: frameRect.size)
        super.init()
        renderLayer.delegate = self
        renderLayer.anchorPoint = .zero
        renderLayer.setNeedsDisplay()
        syncLayerGeometry()
    }

    public required init?(coder: NSCoder) {
        storedFrame = .zero
        storedBounds = .zero
        super.init()
        renderLayer.delegate = self
        renderLayer.anchorPoint = .zero
    }

    public convenience override init() {
        self.init(frame: .zero)
    }

    // MARK: Geometry

    /// Where the view is, in its superview's coordinates.
    open var frame: NSRect {
        get { storedFrame }
        set {
            performChange {
                setFrameOrigin(newValue.origin)
                setFrameSize(newValue.size)
            }
        }
    }

    /// The view's own coordinate space: origin and size (the size follows the frame's).
    open var bounds: NSRect {
        get { storedBounds }
        set {
            guard newValue.isFiniteRect else { return }
            performChange {
                storedBounds = newValue
                syncLayerGeometry()
            }
            needsDisplay = true
        }
    }

    open func setFrameOrigin(_ newOrigin: NSPoint) {
        guard newOrigin.x.isFinite, newOrigin.y.isFinite, newOrigin != storedFrame.origin else { return }
        performChange {
            storedFrame.origin = newOrigin
            syncLayerGeometry()
        }
    }

    open func setFrameSize(_ newSize: NSSize) {
        guard newSize.width.isFinite, newSize.height.isFinite, newSize != storedFrame.size else { return }
        let old = storedFrame.size
        performChange {
            storedFrame.size = newSize
            storedBounds.size = newSize
            syncLayerGeometry()
            if autoresizesSubviews { resizeSubviews(withOldSize: old) }
        }
        needsLayout = true
        if backing == .none || layerContentsRedrawPolicy != .never { needsDisplay = true }
    }

    open func setBoundsOrigin(_ newOrigin: NSPoint) { bounds.origin = newOrigin }
    open func setBoundsSize(_ newSize: NSSize) { bounds.size = newSize }

    /// Whether y runs down in this view (false: up, from the bottom-left).
    open var isFlipped: Bool { false }
    /// Whether the view fills its frame with opaque drawing (false).
    open var isOpaque: Bool { false }

    open var isHidden = false {
        didSet { renderLayer.isHidden = isHidden }
    }

    /// The view's opacity (it is the layer's `opacity`).
    open var alphaValue: CGFloat {
        get { CGFloat(renderLayer.opacity) }
        set { performChange { renderLayer.opacity = Float(Swift.min(Swift.max(newValue.isFinite ? newValue : 1, 0), 1)) } }
    }

    /// The frame's centre turned by `frameCenterRotation` degrees (counterclockwise).
    open var frameCenterRotation: CGFloat = 0 {
        didSet { syncLayerGeometry() }
    }

    // MARK: Hierarchy

    open var subviews: [NSView] {
        get { storedSubviews }
        set {
            for view in storedSubviews where !newValue.contains(where: { $0 === view }) { view.removeFromSuperview() }
            for view in newValue { addSubview(view) }
        }
    }

    open private(set) weak var superview: NSView?

    /// The window the view is in (through its superviews).
    open var window: NSWindow? { superview?.window ?? hostingWindow }

    open func addSubview(_ view: NSView) {
        addSubview(view, positioned: .above, relativeTo: nil)
    }

    /// Adds `view` above or below `otherView` (nil: above or below all).
    open func addSubview(_ view: NSView, positioned place: WindowOrderingMode, relativeTo otherView: NSView?) {
        guard view !== self, !isDescendant(of: view) else { return }
        let oldWindow = view.window
        if view.superview != nil { view.detach() }
        var index = place == .below ? 0 : storedSubviews.count
        if let otherView, let i = storedSubviews.firstIndex(where: { $0 === otherView }) {
            index = place == .below ? i : i + 1
        }
        view.viewWillMove(toSuperview: self)
        if view.window !== window { view.viewWillMove(toWindow: window) }
        storedSubviews.insert(view, at: index)
        view.superview = self
        view.nextResponder = self
        if view.renderLayer.superlayer != nil { view.renderLayer.removeFromSuperlayer() }
        insertSublayer(of: view, at: index)
        view.syncLayerGeometry()
        view.updateBacking()
        view.viewDidMoveToSuperview()
        if oldWindow !== window { view.notifyMovedToWindow() }
        didAddSubview(view)
        needsLayout = true
    }

    private func insertSublayer(of view: NSView, at index: Int) {
        // Subviews' layers come after any sublayers the app added, in subview order.
        let after = storedSubviews[(index + 1)...].first { $0.renderLayer.superlayer === renderLayer }
        if let after {
            renderLayer.insertSublayer(view.renderLayer, below: after.renderLayer)
        } else {
            renderLayer.addSublayer(view.renderLayer)
        }
    }

    open func removeFromSuperview() {
        guard let superview else { return }
        superview.willRemoveSubview(self)
        let hadWindow = window != nil
        viewWillMove(toSuperview: nil)
        if hadWindow { viewWillMove(toWindow: nil) }
        detach()
        updateBacking()
        viewDidMoveToSuperview()
        if hadWindow { notifyMovedToWindow() }
    }

    private func detach() {
        superview?.storedSubviews.removeAll { $0 === self }
        superview = nil
        nextResponder = nil
        renderLayer.removeFromSuperlayer()
    }

    open func replaceSubview(_ oldView: NSView, with newView: NSView) {
        guard let index = storedSubviews.firstIndex(where: { $0 === oldView }) else { return }
        let below = index + 1 < storedSubviews.count ? storedSubviews[index + 1] : nil
        oldView.removeFromSuperview()
        if let below { addSubview(newView, positioned: .below, relativeTo: below) } else { addSubview(newView) }
    }

    open func isDescendant(of view: NSView) -> Bool {
        var current: NSView? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    open func viewWillMove(toSuperview newSuperview: NSView?) {}
    open func viewDidMoveToSuperview() {}
    open func viewWillMove(toWindow newWindow: NSWindow?) {}
    open func viewDidMoveToWindow() {}
    open func didAddSubview(_ subview: NSView) {}
    open func willRemoveSubview(_ subview: NSView) {}

    func notifyMovedToWindow() {
        // Backing stores at the window's pixels per point, as AppKit gives them.
        if backing != .hosting, let scale = window?.backingScaleFactor, renderLayer.contentsScale != scale {
            renderLayer.contentsScale = scale
            renderLayer.setNeedsDisplay()
        }
        viewDidMoveToWindow()
        for subview in storedSubviews { subview.notifyMovedToWindow() }
    }

    // MARK: Autoresizing

    /// How the view follows its superview's size changes (none by default).
    open var autoresizingMask: AutoresizingMask = []
    /// Whether subviews follow this view's size changes (true).
    open var autoresizesSubviews = true

    /// Tells each subview that this view's size changed from `oldSize`.
    open func resizeSubviews(withOldSize oldSize: NSSize) {
        for subview in storedSubviews { subview.resize(withOldSuperviewSize: oldSize) }
    }

    /// Applies the autoresizing mask for a superview whose size changed from `oldSize`: along
    /// each axis the change is shared evenly among the flexible parts — the margin at minimum
    /// coordinates, the size, the margin at maximum coordinates (AppKit's rule; UIKit shares in
    /// proportion instead).
    open func resize(withOldSuperviewSize oldSize: NSSize) {
        guard let superview, !autoresizingMask.isEmpty else { return }
        let newSize = superview.bounds.size
        var f = storedFrame
        func distribute(_ delta: CGFloat, _ minFlex: Bool, _ sizeFlex: Bool, _ maxFlex: Bool,
                        _ origin: inout CGFloat, _ length: inout CGFloat) {
            let count = (minFlex ? 1 : 0) + (sizeFlex ? 1 : 0) + (maxFlex ? 1 : 0)
            guard delta != 0, delta.isFinite, count > 0 else { return }
            let share = delta / CGFloat(count)
            if minFlex { origin += share }
            if sizeFlex { length = Swift.max(0, length + share) }
        }
        distribute(newSize.width - oldSize.width, autoresizingMask.contains(.minXMargin), autoresizingMask.contains(.width),
                   autoresizingMask.contains(.maxXMargin), &f.origin.x, &f.size.width)
        distribute(newSize.height - oldSize.height, autoresizingMask.contains(.minYMargin), autoresizingMask.contains(.height),
                   autoresizingMask.contains(.maxYMargin), &f.origin.y, &f.size.height)
        frame = f
    }

    // MARK: Layout

    open var needsLayout = false {
        didSet { if needsLayout { window?.setNeedsUpdate() } }
    }

    /// Lays out the subviews; the default does nothing.
    open func layout() {}

    /// Lays out this view and its subviews where they need it.
    open func layoutSubtreeIfNeeded() {
        var pending: [NSView] = [self]
        while let view = pending.popLast() {
            if view.needsLayout {
                view.needsLayout = false
                view.layout()
            }
            pending.append(contentsOf: view.storedSubviews.reversed())
        }
    }

    // MARK: Drawing

    /// Whether the view is to be redrawn.
    open var needsDisplay: Bool {
        get { renderLayer.needsDisplay() }
        set {
            guard newValue else { return }
            if backing == .hosting { return }
            if backing == .backed, layerContentsRedrawPolicy == .never { return }
            renderLayer.setNeedsDisplay()
            window?.setNeedsUpdate()
        }
    }

    /// Marks `invalidRect` (bounds coordinates) as needing to be redrawn.
    open func setNeedsDisplay(_ invalidRect: NSRect) {
        needsDisplay = true
    }

    /// Redraws the view and its subviews now.
    open func display() {
        var pending: [NSView] = [self]
        while let view = pending.popLast() {
            if view.backing != .hosting { view.renderLayer.setNeedsDisplay() }
            view.renderLayer.displayIfNeeded()
            pending.append(contentsOf: view.storedSubviews)
        }
    }

    /// Redraws what needs it, in this view and its subviews.
    open func displayIfNeeded() {
        var pending: [NSView] = [self]
        while let view = pending.popLast() {
            view.renderLayer.displayIfNeeded()
            pending.append(contentsOf: view.storedSubviews)
        }
    }

    /// Draws the view's content into the current context (`NSGraphicsContext.current`), in
    /// bounds coordinates. The default draws nothing.
    open func draw(_ dirtyRect: NSRect) {}

    /// The visible part of the bounds (the bounds clipped by the superviews').
    open var visibleRect: NSRect {
        guard let superview else { return bounds.isFiniteRect ? bounds : .zero }
        // A frame that is not finite shows nothing (and must not reach `intersection`).
        let above = superview.visibleRect
        guard frame.isFiniteRect, above.isFiniteRect else { return .zero }
        let inSuper = above.intersection(frame)
        guard !inSuper.isNull else { return .zero }
        let local = convert(inSuper, from: superview)
        return local.isFiniteRect ? local : .zero
    }

    // MARK: Layers

    /// Whether the view uses a Core Animation layer (false). Setting it makes the layer with
    /// `makeBackingLayer()` — or, when `layer` was assigned first, hosts that layer.
    open var wantsLayer = false {
        didSet { if wantsLayer != oldValue { updateBacking() } }
    }

    /// The view's layer: nil unless the view is layer-backed (it or an ancestor wants a layer)
    /// or layer-hosting. Assigning a layer makes the view layer-hosting.
    open var layer: CALayer? {
        get { backing == .none ? nil : renderLayer }
        set {
            guard let newValue else {
                if backing == .hosting {
                    backing = .none
                    adopt(CALayer(), asDelegate: true)
                    updateBacking()
                }
                return
            }
            backing = .hosting
            adopt(newValue, asDelegate: false)
        }
    }

    /// Makes the layer of a layer-backed view: a plain `CALayer` (override it for another
    /// class).
    open func makeBackingLayer() -> CALayer { CALayer() }

    /// Whether the view styles its layer in `updateLayer()` instead of drawing (false).
    open var wantsUpdateLayer: Bool { false }

    /// Styles the layer of a layer-backed view when it needs display and `wantsUpdateLayer`.
    open func updateLayer() {}

    /// When a layer-backed view is redrawn (`.duringViewResize`).
    open var layerContentsRedrawPolicy: LayerContentsRedrawPolicy = .duringViewResize
    /// Where a layer's contents go when the view resizes without redrawing.
    open var layerContentsPlacement: LayerContentsPlacement = .scaleAxesIndependently {
        didSet { renderLayer.contentsGravity = gravity(for: layerContentsPlacement) }
    }
    /// Whether subviews draw into this view's layer (kept; see the type's notes).
    open var canDrawSubviewsIntoLayer = false

    /// Whether the view itself asks for a layer (or hosts one): it and its subviews then have
    /// layers.
    private var asksForLayer: Bool { wantsLayer || backing == .hosting }

    /// Becomes layer-backed (making its layer) or stops being, and so do its subviews: a view
    /// is backed when it or an ancestor asks for a layer (the ancestors are looked at once).
    func updateBacking() {
        var above = false
        var ancestor = superview
        while let current = ancestor, !above {
            above = current.asksForLayer
            ancestor = current.superview
        }
        var pending: [(view: NSView, ancestorAsks: Bool)] = [(self, above)]
        while let (view, ancestorAsks) = pending.popLast() {
            let wanted = ancestorAsks || view.asksForLayer
            if view.backing != .hosting {
                if wanted && view.backing == .none {
                    view.backing = .backed
                    view.adopt(view.makeBackingLayer(), asDelegate: true)
                } else if !wanted && view.backing == .backed {
                    view.backing = .none
                    view.adopt(CALayer(), asDelegate: true)
                }
            }
            pending.append(contentsOf: view.storedSubviews.map { ($0, wanted) })
        }
    }

    /// Makes `layer` the one the view is drawn through, in place of the current one: it takes
    /// the current one's place in the tree and the subviews' layers.
    private func adopt(_ layer: CALayer, asDelegate: Bool) {
        let old = renderLayer
        guard layer !== old else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if let parent = old.superlayer {
            parent.insertSublayer(layer, above: old)
            old.removeFromSuperlayer()
        }
        for subview in storedSubviews where subview.renderLayer.superlayer === old { layer.addSublayer(subview.renderLayer) }
        if old.delegate === self { old.delegate = nil }
        renderLayer = layer
        if asDelegate {
            layer.delegate = self
            layer.anchorPoint = .zero
            layer.isHidden = isHidden
            layer.opacity = old.opacity
            layer.contentsScale = old.contentsScale
            layer.contentsGravity = gravity(for: layerContentsPlacement)
            layer.setNeedsDisplay()
        }
        syncLayerGeometry()
        CATransaction.commit()
    }

    /// Puts the layer where the view is: AppKit owns a backed layer's geometry. The layer's
    /// sublayer space runs the way this view's coordinates do (`isGeometryFlipped` when this
    /// view's flippedness differs from its superview's).
    func syncLayerGeometry() {
        let layer = renderLayer
        do {
            if backing != .hosting { layer.anchorPoint = .zero }
            layer.bounds = storedBounds
            let anchor = layer.anchorPoint
            var position = NSPoint(x: storedFrame.minX + anchor.x * storedFrame.width, y: storedFrame.minY + anchor.y * storedFrame.height)
            if frameCenterRotation != 0 {
                // About the frame's centre, counterclockwise in a y-up superview.
                let superFlipped = superview?.isFlipped ?? false
                let angle = frameCenterRotation * .pi / 180 * (superFlipped ? -1 : 1)
                let center = NSPoint(x: storedFrame.midX, y: storedFrame.midY)
                let turn = CGAffineTransform(rotationAngle: angle)
                let offset = CGPoint(x: position.x - center.x, y: position.y - center.y).applying(turn)
                position = NSPoint(x: center.x + offset.x, y: center.y + offset.y)
                layer.setAffineTransform(turn)
            } else if backing != .hosting {
                layer.setAffineTransform(.identity)
            }
            layer.position = position
            layer.isGeometryFlipped = isFlipped != (superview?.isFlipped ?? false)
        }
    }

    /// Runs a property change: its layer changes animate when the view was asked through
    /// `animator()` (or an animation group allows implicit animation), else they are at once.
    func performChange(_ change: () -> Void) {
        let animates = animatesNextChange
        animatesNextChange = false
        guard animates else {
            change()
            return
        }
        let context = NSAnimationContext.current
        context.animatingViews.append(ObjectIdentifier(self))
        change()
        context.animatingViews.removeLast()
    }

    private func gravity(for placement: LayerContentsPlacement) -> CALayerContentsGravity {
        // Names in a y-up layer: `.top` is the layer's maximum y.
        switch placement {
        case .scaleAxesIndependently: return .resize
        case .scaleProportionallyToFit: return .resizeAspect
        case .scaleProportionallyToFill: return .resizeAspectFill
        case .center: return .center
        case .top: return .top
        case .topRight: return .topRight
        case .right: return .right
        case .bottomRight: return .bottomRight
        case .bottom: return .bottom
        case .bottomLeft: return .bottomLeft
        case .left: return .left
        case .topLeft: return .topLeft
        }
    }

    /// The view itself, marked so that the next property change (frame, bounds, alpha…)
    /// animates in the current animation context.
    open func animator() -> Self {
        animatesNextChange = true
        return self
    }

    // MARK: CALayerDelegate

    /// Fills the layer: `updateLayer()` for a layer-backed view that `wantsUpdateLayer`,
    /// otherwise (not implemented here) the layer draws a backing store through
    /// `draw(_:in:)`.
    open func display(_ layer: CALayer) {
        guard layer === renderLayer else { return }
        if backing == .backed, wantsUpdateLayer {
            updateLayer()
        } else if drawsContent {
            layer.delegateDisplayIsMissing = true
        }
        // A view that does not draw leaves its layer's contents as they are.
    }

    /// Whether the view's class overrides `draw(_:)`.
    private lazy var drawsContent = DrawOverrideDetector.overridesDraw(type(of: self))

    /// Draws the backing store by calling `draw(_:)` with `ctx` current, in the view's own
    /// coordinates (y-up unless flipped). A view that does not override `draw(_:)` keeps no
    /// store.
    open func draw(_ layer: CALayer, in ctx: CGContext) {
        guard layer === renderLayer else { return }
        guard drawsContent else {
            layer.drawingProducedNothing = true
            return
        }
        // The backing store's y runs up under an odd number of flipped layers (as under the
        // window's); the view draws in its own orientation.
        if layer.hasFlippedGeometry == isFlipped { ctx.concatenate(verticalFlip) }
        NSGraphicsContext.drawing(in: NSGraphicsContext(cgContext: ctx, flipped: isFlipped)) {
            draw(bounds)
        }
    }

    open func layerWillDraw(_ layer: CALayer) {}

    open func layoutSublayers(of layer: CALayer) {}

    /// No implicit animation for the view's own layer, except when the view animates: a
    /// change through `animator()`, or inside an animation group that allows implicit
    /// animation — then a basic animation of the group's duration and timing.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard layer === renderLayer, backing != .hosting else { return nil }
        let context = NSAnimationContext.current
        guard context.allowsImplicitAnimation || context.animatingViews.contains(ObjectIdentifier(self)),
              context.duration > 0, let change = layer.changeInProgress, change.key == event else { return NSNull() }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = change.oldPresentationValue
        animation.duration = context.duration
        animation.timingFunction = context.timingFunction ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    // MARK: Conversion and hit testing

    /// This view's coordinates to its window's (y-up from the window's bottom-left).
    private var transformToWindow: CGAffineTransform {
        var m = CGAffineTransform.identity
        var view: NSView? = self
        while let current = view {
            m = m.concatenating(current.transformToSuperview)
            view = current.superview
        }
        return m
    }

    /// This view's bounds coordinates to its superview's (or, for the window's content view,
    /// the window's y-up coordinates).
    private var transformToSuperview: CGAffineTransform {
        var m = CGAffineTransform(translationX: -storedBounds.minX, y: -storedBounds.minY)
        let superFlipped = superview?.isFlipped ?? false
        if isFlipped != superFlipped {
            m = m.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: storedBounds.height))
        }
        if frameCenterRotation != 0 {
            let angle = frameCenterRotation * .pi / 180 * (superFlipped ? -1 : 1)
            let c = CGPoint(x: storedFrame.width / 2, y: storedFrame.height / 2)
            m = m.concatenating(CGAffineTransform(translationX: -c.x, y: -c.y))
                .concatenating(CGAffineTransform(rotationAngle: angle))
                .concatenating(CGAffineTransform(translationX: c.x, y: c.y))
        }
        return m.concatenating(CGAffineTransform(translationX: storedFrame.minX, y: storedFrame.minY))
    }

    /// The map from `view`'s coordinates (nil: the window's) to this view's.
    private func map(from view: NSView?) -> CGAffineTransform {
        (view?.transformToWindow ?? .identity).concatenating(transformToWindow.inverted())
    }

    /// The map from this view's coordinates to `view`'s (nil: the window's).
    private func map(to view: NSView?) -> CGAffineTransform {
        transformToWindow.concatenating((view?.transformToWindow ?? .identity).inverted())
    }

    /// Converts `point` from `view`'s coordinates (nil: the window's) to this view's.
    open func convert(_ point: NSPoint, from view: NSView?) -> NSPoint { point.applying(map(from: view)) }

    /// Converts `point` from this view's coordinates to `view`'s (nil: the window's).
    open func convert(_ point: NSPoint, to view: NSView?) -> NSPoint { point.applying(map(to: view)) }

    open func convert(_ rect: NSRect, from view: NSView?) -> NSRect { rect.applying(map(from: view)) }

    open func convert(_ rect: NSRect, to view: NSView?) -> NSRect { rect.applying(map(to: view)) }

    open func convert(_ size: NSSize, from view: NSView?) -> NSSize {
        convert(NSRect(origin: .zero, size: size), from: view).size
    }

    open func convert(_ size: NSSize, to view: NSView?) -> NSSize {
        convert(NSRect(origin: .zero, size: size), to: view).size
    }

    /// The deepest visible descendant (or self) under `point`, given in the superview's
    /// coordinates (the window's for the content view); nil when outside.
    open func hitTest(_ point: NSPoint) -> NSView? {
        guard !isHidden, frame.isFiniteRect, bounds.isFiniteRect else { return nil }
        let local = point.applying(transformToSuperview.inverted())
        guard local.x.isFinite, local.y.isFinite, bounds.contains(local) else { return nil }
        for subview in storedSubviews.reversed() {
            if let hit = subview.hitTest(local) { return hit }
        }
        return self
    }

    /// Whether `point` (view coordinates) lies in `rect`, the way the view's flippedness says.
    open func mouse(_ point: NSPoint, in rect: NSRect) -> Bool {
        point.x >= rect.minX && point.x < rect.maxX
            && (isFlipped ? point.y >= rect.minY && point.y < rect.maxY : point.y > rect.minY && point.y <= rect.maxY)
    }

    /// y turned over about the middle of the bounds.
    private var verticalFlip: CGAffineTransform {
        CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: storedBounds.minY + storedBounds.maxY)
    }

    // MARK: Caching the display

    /// A bitmap to cache `rect` of the view in, at the window's pixels per point.
    open func bitmapImageRepForCachingDisplay(in rect: NSRect) -> NSBitmapImageRep? {
        let scale = window?.backingScaleFactor ?? 1
        let width = Int((rect.width * scale).rounded(.up)), height = Int((rect.height * scale).rounded(.up))
        guard rect.isFiniteRect, width > 0, height > 0, width <= 16_384, height <= 16_384 else { return nil }
        return NSBitmapImageRep(pixelsWide: width, pixelsHigh: height, size: rect.size)
    }

    /// Draws `rect` of the view and its subviews, as they show in the window, into `bitmapImageRep`.
    open func cacheDisplay(in rect: NSRect, to bitmapImageRep: NSBitmapImageRep) {
        layoutSubtreeIfNeeded()
        displayIfNeeded()
        let width = bitmapImageRep.pixelsWide, height = bitmapImageRep.pixelsHigh
        guard rect.width > 0, rect.height > 0, width > 0, height > 0,
              let ctx = CGContext.appKitBitmap(width: width, height: height)
        else { return }
        // Whether the layer's space runs up on the page: under a window's y-up root, or as if
        // under one.
        let upward = window != nil ? renderLayer.hasFlippedGeometry : !renderLayer.hasFlippedGeometry
        var area = rect
        if upward == isFlipped { area = rect.applying(verticalFlip) }
        let sx = CGFloat(width) / area.width, sy = CGFloat(height) / area.height
        if upward {
            ctx.scaleBy(x: sx, y: sy)
        } else {
            ctx.translateBy(x: 0, y: CGFloat(height))
            ctx.scaleBy(x: sx, y: -sy)
        }
        ctx.translateBy(x: -area.minX, y: -area.minY)
        renderLayer.render(in: ctx, contentsFlipped: upward)
        bitmapImageRep.cgImage = ctx.makeImage()
    }

    /// Views take the first mouse down of an inactive window (false).
    open func acceptsFirstMouse(for event: NSEvent?) -> Bool { false }

    // MARK: Tracking areas

    open private(set) var trackingAreas: [NSTrackingArea] = []

    open func addTrackingArea(_ trackingArea: NSTrackingArea) {
        trackingAreas.append(trackingArea)
    }

    open func removeTrackingArea(_ trackingArea: NSTrackingArea) {
        trackingAreas.removeAll { $0 === trackingArea }
    }

    /// Called when the tracking areas may need rebuilding (the view moved or resized).
    open func updateTrackingAreas() {}
}
