import Foundation

/// A view whose content is larger than itself: the content offset is its bounds' origin, and
/// dragging, the wheel, deceleration, bouncing and paging move it with iOS's physics, on the
/// media clock (so a manual clock makes every frame exact).
///
/// - Note: Differs from Apple: Apple does not publish its bounce spring or the duration of
///   animated offset changes; Lamina's spring is critically damped (settling in about half a
///   second) and animated offsets take 0.3 s on an ease-in-out curve. Deceleration follows
///   iOS's documented rate exactly: velocity × `decelerationRate` per millisecond.
@preconcurrency @MainActor
open class UIScrollView: UIView {
    /// How quickly released content slows: the velocity is multiplied by `rawValue` each
    /// millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998 per millisecond.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99 per millisecond.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// The scroll indicators' colour scheme.
    public enum IndicatorStyle: Int, Sendable {
        case `default`, black, white
    }

    /// Whether dragging dismisses the keyboard.
    public enum KeyboardDismissMode: Int, Sendable {
        case none, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
    }

    /// How the safe area adds to `contentInset` in `adjustedContentInset`.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic, scrollableAxes, never, always
    }

    // MARK: Content

    /// The receiver of scrolling events.
    open weak var delegate: (any UIScrollViewDelegate)?

    /// The point of the content at the view's top-left corner: `bounds.origin`. Setting it
    /// stops any deceleration or animation.
    open var contentOffset: CGPoint {
        get { super.bounds.origin }
        set {
            stopMotion()
            setOffset(newValue)
        }
    }

    /// The size of the content. Constraints inside the scroll view that reach its edges, or
    /// its `contentLayoutGuide`, set it at each layout.
    open var contentSize: CGSize = .zero {
        didSet {
            if contentSize != oldValue, !applyingSolvedSize, let storedContentGuide {
                layoutRoot.constraintState?.engine?.noteItemChanged(storedContentGuide)
            }
        }
    }
    private var applyingSolvedSize = false

    /// The content's rectangle, origin at the content's top-left: constraints between it (or
    /// the scroll view's own edges) and views inside place them in the content and decide
    /// `contentSize`.
    open var contentLayoutGuide: UILayoutGuide {
        if let storedContentGuide { return storedContentGuide }
        let guide = makeGuide(.scrollContent, "UIScrollView-contentLayoutGuide")
        storedContentGuide = guide
        return guide
    }

    /// The scroll view's visible rectangle, which does not scroll: views pinned to it stay
    /// put while the content moves.
    open var frameLayoutGuide: UILayoutGuide {
        if let storedFrameGuide { return storedFrameGuide }
        let guide = makeGuide(.scrollFrame, "UIScrollView-frameLayoutGuide")
        storedFrameGuide = guide
        return guide
    }

    private var storedContentGuide: UILayoutGuide?
    private var storedFrameGuide: UILayoutGuide?

    private func makeGuide(_ kind: UILayoutGuide.SystemGuide, _ identifier: String) -> UILayoutGuide {
        let guide = UILayoutGuide()
        guide.identifier = identifier
        guide.owningView = self
        guide.system = kind
        return guide
    }

    /// Extra room around the content.
    open var contentInset: UIEdgeInsets = .zero {
        didSet { if contentInset != oldValue { insetsChanged() } }
    }

    /// How the safe area is added to `contentInset` (`.automatic` by default).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { if contentInsetAdjustmentBehavior != oldValue { insetsChanged() } }
    }

    /// `contentInset` plus the safe area, as `contentInsetAdjustmentBehavior` says.
    open var adjustedContentInset: UIEdgeInsets {
        let safe = safeAreaInsets
        var inset = contentInset
        let addsVertical: Bool, addsHorizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never:
            if let refreshControl, refreshControl.isRefreshing { inset.top += UIRefreshControl.height }
            return inset
        case .always: addsVertical = true; addsHorizontal = true
        case .scrollableAxes:
            addsVertical = contentSize.height > bounds.height || alwaysBounceVertical
            addsHorizontal = contentSize.width > bounds.width || alwaysBounceHorizontal
        case .automatic:
            addsVertical = true
            addsHorizontal = contentSize.width > bounds.width || alwaysBounceHorizontal
        }
        if addsVertical { inset.top += safe.top; inset.bottom += safe.bottom }
        if addsHorizontal { inset.left += safe.left; inset.right += safe.right }
        if let refreshControl, refreshControl.isRefreshing { inset.top += UIRefreshControl.height }
        return inset
    }

    /// Called when `adjustedContentInset` changed.
    open func adjustedContentInsetDidChange() {}

    private var lastAdjustedInset = UIEdgeInsets.zero

    /// A new safe area changes the adjusted insets; content resting at the top stays there.
    open override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        let old = lastAdjustedInset
        insetsChanged()
        let top = adjustedContentInset.top
        if top != old.top, !isDragging, !isDecelerating, abs(contentOffset.y + old.top) < 0.5 {
            contentOffset = CGPoint(x: contentOffset.x, y: -top)
        }
    }

    /// Told when the content moves (a navigation controller following its top scroll view).
    var offsetObservers: [ObjectIdentifier: () -> Void] = [:]

    private func insetsChanged() {
        let adjusted = adjustedContentInset
        guard adjusted != lastAdjustedInset else { return }
        lastAdjustedInset = adjusted
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    // MARK: Behaviour

    /// Whether dragging scrolls (true by default).
    open var isScrollEnabled = true {
        didSet { if !isScrollEnabled { scrollPan.isEnabled = false; scrollPan.isEnabled = true } }
    }
    /// Whether a drag that starts along one axis stays on it.
    open var isDirectionalLockEnabled = false
    /// Whether the content can be pulled past its edges and springs back (true by default).
    open var bounces = true
    /// Whether vertical dragging bounces even when the content is not taller than the view.
    open var alwaysBounceVertical = false
    /// Whether horizontal dragging bounces even when the content is not wider than the view.
    open var alwaysBounceHorizontal = false
    /// Whether the content comes to rest at multiples of the view's size.
    open var isPagingEnabled = false
    /// How quickly released content slows (`.normal` by default).
    open var decelerationRate: DecelerationRate = .normal
    /// Whether touches on the content wait a moment (0.15 s) to see whether they drag (true
    /// by default): a tap reaches the content when it lifts, a press after the wait, and a
    /// drag that begins in time never reaches it.
    open var delaysContentTouches = true {
        didSet { contentTouchDelay.delays = delaysContentTouches }
    }

    /// Holds touches back from the content while a drag may still begin.
    private let contentTouchDelay = ContentTouchDelayRecognizer()
    /// Whether a drag that begins on the content cancels the content's touches (true by
    /// default).
    open var canCancelContentTouches = true {
        didSet { scrollPan.cancelsTouchesInView = canCancelContentTouches }
    }
    /// Whether the status bar's tap scrolls to the top (true by default).
    open var scrollsToTop = true
    /// Whether dragging dismisses the keyboard (stored).
    open var keyboardDismissMode: KeyboardDismissMode = .none
    /// The pull-to-refresh control shown above the content.
    open var refreshControl: UIRefreshControl? {
        didSet {
            guard refreshControl !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let refreshControl { insertSubview(refreshControl, at: 0) }
            insetsChanged()
            setNeedsLayout()
        }
    }

    /// The refresh control began or ended: the content's top moves by the control's room,
    /// and content resting in that room goes back up when it ends.
    func refreshStateChanged() {
        insetsChanged()
        let lower = range(axis: 1).lowerBound
        if !isDragging, !isDecelerating, contentOffset.y < lower {
            setContentOffset(CGPoint(x: contentOffset.x, y: lower), animated: true)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // The content size the constraints inside decided.
        if let storedContentGuide, let engine = layoutRoot.constraintState?.engine, let r = engine.rect(of: storedContentGuide),
           r.width.isFinite, r.height.isFinite {
            let size = LayoutEngine.snappedFrame(x: 0, y: 0, width: r.width, height: r.height).size
            if size != contentSize {
                applyingSolvedSize = true
                contentSize = size
                applyingSolvedSize = false
            }
        }
        if let refreshControl {
            let top = adjustedContentInset.top - (refreshControl.isRefreshing ? UIRefreshControl.height : 0)
            refreshControl.frame = CGRect(x: 0, y: -top - UIRefreshControl.height, width: bounds.width, height: UIRefreshControl.height)
        }
    }

    /// Whether a finger is on the content (it may not have started dragging yet).
    open private(set) var isTracking = false
    /// Whether the content is following a drag.
    open private(set) var isDragging = false
    /// Whether the content is moving by itself after a drag.
    open private(set) var isDecelerating = false

    // MARK: Indicators

    /// Whether the vertical scroll indicator shows while scrolling (true by default).
    open var showsVerticalScrollIndicator = true
    /// Whether the horizontal scroll indicator shows while scrolling (true by default).
    open var showsHorizontalScrollIndicator = true
    /// The indicators' colours.
    open var indicatorStyle: IndicatorStyle = .default
    /// Where the vertical indicator runs, inset from the view's edges.
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// Where the horizontal indicator runs, inset from the view's edges.
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// Both indicators' insets (reads the vertical one's).
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set { verticalScrollIndicatorInsets = newValue; horizontalScrollIndicatorInsets = newValue }
    }
    /// Whether the indicator insets follow `adjustedContentInset` (true by default).
    open var automaticallyAdjustsScrollIndicatorInsets = true

    /// The indicator bars.
    let indicators = ScrollIndicators()

    /// Shows the scroll indicators for a moment.
    open func flashScrollIndicators() {
        indicators.update(self, show: true)
    }

    // MARK: Zooming

    /// The smallest zoom scale (1 by default).
    open var minimumZoomScale: CGFloat = 1 { didSet { updatePinch() } }
    /// The largest zoom scale (1 by default).
    open var maximumZoomScale: CGFloat = 1 { didSet { updatePinch() } }
    /// Whether zooming past the limits springs back (true by default).
    open var bouncesZoom = true
    /// Whether a zoom is under way.
    open private(set) var isZooming = false
    /// Whether a zoom is springing back within its limits.
    open private(set) var isZoomBouncing = false

    private var storedZoomScale: CGFloat = 1

    /// How much the delegate's `viewForZooming(in:)` view is scaled (1 by default): the view
    /// is transformed by it and the content size becomes its scaled frame.
    open var zoomScale: CGFloat {
        get { storedZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Sets the zoom scale (within the limits) about the middle of the view, over a short
    /// animation when `animated`.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        guard scale.isFinite, scale > 0, let view = delegate?.viewForZooming(in: self) else { return }
        let target = Swift.min(Swift.max(scale, minimumZoomScale), maximumZoomScale)
        let middle = CGPoint(x: bounds.midX, y: bounds.midY)
        let offset = clampedOffset(zoomedOffset(keeping: middle, from: storedZoomScale, to: target), scale: target, view: view)
        if animated {
            stopMotion()
            startMotion(.zoom(fromScale: storedZoomScale, toScale: target, from: contentOffset, to: offset))
        } else {
            applyZoom(target, view: view)
            setOffset(offset)
        }
    }

    /// Zooms so that `rect` (in the zoomed view's own coordinates) fills the view, within the
    /// limits, centred.
    open func zoom(to rect: CGRect, animated: Bool) {
        guard let view = delegate?.viewForZooming(in: self), rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite else { return }
        let fit = Swift.min(bounds.width / rect.width, bounds.height / rect.height)
        let target = Swift.min(Swift.max(fit, minimumZoomScale), maximumZoomScale)
        let wanted = CGPoint(x: rect.midX * target - bounds.width / 2, y: rect.midY * target - bounds.height / 2)
        let offset = clampedOffset(wanted, scale: target, view: view)
        if animated {
            stopMotion()
            startMotion(.zoom(fromScale: storedZoomScale, toScale: target, from: contentOffset, to: offset))
        } else {
            applyZoom(target, view: view)
            setOffset(offset)
        }
    }

    /// Scales the zoomed view, keeps its frame at the content's origin and the content size
    /// its frame's, and tells the delegate.
    private func applyZoom(_ scale: CGFloat, view: UIView) {
        storedZoomScale = scale
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        let size = CGSize(width: view.bounds.width * scale, height: view.bounds.height * scale)
        view.center = CGPoint(x: size.width / 2, y: size.height / 2)
        contentSize = size
        delegate?.scrollViewDidZoom(self)
    }

    /// The offset that keeps the content under `point` (bounds coordinates) in place when the
    /// scale goes from `old` to `new`.
    private func zoomedOffset(keeping point: CGPoint, from old: CGFloat, to new: CGFloat) -> CGPoint {
        let factor = old > 0 ? new / old : 1
        let onScreen = CGPoint(x: point.x - contentOffset.x, y: point.y - contentOffset.y)
        return CGPoint(x: point.x * factor - onScreen.x, y: point.y * factor - onScreen.y)
    }

    /// `offset` held within the range the content will have at `scale`.
    private func clampedOffset(_ offset: CGPoint, scale: CGFloat, view: UIView) -> CGPoint {
        let inset = adjustedContentInset
        let size = CGSize(width: view.bounds.width * scale, height: view.bounds.height * scale)
        let maxX = Swift.max(-inset.left, size.width + inset.right - bounds.width)
        let maxY = Swift.max(-inset.top, size.height + inset.bottom - bounds.height)
        return CGPoint(x: Swift.min(Swift.max(offset.x, -inset.left), maxX), y: Swift.min(Swift.max(offset.y, -inset.top), maxY))
    }

    private var zoomPinch: UIPinchGestureRecognizer?
    private var pinchStartScale: CGFloat = 1

    /// A pinch recognizer exists while the limits allow zooming.
    private func updatePinch() {
        let zooms = maximumZoomScale > minimumZoomScale
        if zooms, zoomPinch == nil {
            let pinch = UIPinchGestureRecognizer()
            pinch.addHandler { [weak self] in self?.handlePinch($0 as! UIPinchGestureRecognizer) }
            pinch.delegate = simultaneity
            zoomPinch = pinch
            addGestureRecognizer(pinch)
        } else if !zooms, let pinch = zoomPinch {
            removeGestureRecognizer(pinch)
            zoomPinch = nil
        }
    }

    /// Lets the pan and the pinch run together, as iOS's scroll view does.
    private let simultaneity = ScrollGestureSimultaneity()

    private func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        guard let view = delegate?.viewForZooming(in: self) else { return }
        let anchor = pinch.location(in: self)
        switch pinch.state {
        case .began:
            stopMotion()
            pinchStartScale = storedZoomScale
            isZooming = true
            delegate?.scrollViewWillBeginZooming(self, with: view)
            fallthrough
        case .changed:
            var target = pinchStartScale * pinch.scale
            guard target.isFinite, target > 0 else { return }
            if target > maximumZoomScale {
                target = bouncesZoom ? maximumZoomScale * (target / maximumZoomScale).squareRoot() : maximumZoomScale
            } else if target < minimumZoomScale {
                target = bouncesZoom ? minimumZoomScale * (target / minimumZoomScale).squareRoot() : minimumZoomScale
            }
            let offset = zoomedOffset(keeping: anchor, from: storedZoomScale, to: target)
            applyZoom(target, view: view)
            setOffset(offset)
        case .ended, .cancelled, .failed:
            isZooming = false
            let clamped = Swift.min(Swift.max(storedZoomScale, minimumZoomScale), maximumZoomScale)
            let offset = clampedOffset(zoomedOffset(keeping: anchor, from: storedZoomScale, to: clamped), scale: clamped, view: view)
            if clamped != storedZoomScale || offset != contentOffset {
                isZoomBouncing = clamped != storedZoomScale
                startMotion(.zoom(fromScale: storedZoomScale, toScale: clamped, from: contentOffset, to: offset))
            } else {
                delegate?.scrollViewDidEndZooming(self, with: view, atScale: clamped)
            }
        default:
            break
        }
    }

    // MARK: Gestures

    private let scrollPan = ScrollViewPanGestureRecognizer()

    /// The pan that drags the content.
    open var panGestureRecognizer: UIPanGestureRecognizer { scrollPan }

    /// The pinch that zooms the content (nil while the limits allow no zooming).
    open var pinchGestureRecognizer: UIPinchGestureRecognizer? { zoomPinch }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpScrolling()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        let clips = (coder as? IBCoder)?.bool("clipsSubviews")
        setUpScrolling()
        if let clips { clipsToBounds = clips }
        if let ib = coder as? IBCoder {
            if let bounces = ib.bool("bounces") { self.bounces = bounces }
            if let paging = ib.bool("pagingEnabled") { isPagingEnabled = paging }
            if let enabled = ib.bool("scrollEnabled") { isScrollEnabled = enabled }
            if let shows = ib.bool("showsHorizontalScrollIndicator") { showsHorizontalScrollIndicator = shows }
            if let shows = ib.bool("showsVerticalScrollIndicator") { showsVerticalScrollIndicator = shows }
            for guide in ib.element.children(named: "viewLayoutGuide") {
                guard let id = guide["id"] else { continue }
                if guide["key"] == "contentLayoutGuide" { ib.load.objects[id] = contentLayoutGuide }
                if guide["key"] == "frameLayoutGuide" { ib.load.objects[id] = frameLayoutGuide }
            }
        }
    }

    private func setUpScrolling() {
        clipsToBounds = true
        scrollPan.allowedScrollTypesMask = .all
        scrollPan.addHandler { [weak self] in self?.handlePan($0) }
        addGestureRecognizer(scrollPan)
        contentTouchDelay.delegate = simultaneity
        scrollPan.delegate = simultaneity
        addGestureRecognizer(contentTouchDelay)
    }

    /// The bounds; a new origin is a scroll (the delegate hears `scrollViewDidScroll` and the
    /// view lays out again, as a list's tiling needs).
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds.origin
            super.bounds = newValue
            if super.bounds.origin != old { didChangeOffset() }
        }
    }

    private func didChangeOffset() {
        setNeedsLayout()
        for observer in offsetObservers.values { observer() }
        let moving = isTracking || isDragging || isDecelerating || motion != nil
        if moving || indicators.isShowing {
            indicators.update(self, show: moving)
            if isTracking { indicators.hold() }
        }
        if let storedFrameGuide { layoutRoot.constraintState?.engine?.noteItemChanged(storedFrameGuide) }
        delegate?.scrollViewDidScroll(self)
    }

    /// `offset` on the screen's pixel grid: where dragging and deceleration put the content,
    /// so that it moves by whole pixels (sharp text, rectangular clips), as iOS's does.
    private func pixelAligned(_ offset: CGPoint) -> CGPoint {
        let scale = UIScreen.mainScale
        return CGPoint(x: (offset.x * scale).rounded() / scale, y: (offset.y * scale).rounded() / scale)
    }

    private func setOffset(_ offset: CGPoint) {
        guard offset.x.isFinite, offset.y.isFinite else { return }
        var b = super.bounds
        guard b.origin != offset else { return }
        b.origin = offset
        bounds = b
    }

    // MARK: Programmatic scrolling

    /// Moves the content to `contentOffset`, over a short animation when `animated` (the
    /// delegate hears `scrollViewDidScroll` each frame and
    /// `scrollViewDidEndScrollingAnimation` at the end).
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.x.isFinite, contentOffset.y.isFinite else { return }
        guard animated else {
            self.contentOffset = contentOffset
            return
        }
        stopMotion()
        guard contentOffset != self.contentOffset else { return }
        startMotion(.animated(from: self.contentOffset, to: contentOffset))
    }

    /// Scrolls the least distance that shows `rect` (in the content's coordinates), or its
    /// top-left part when it is larger than the view.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let inset = adjustedContentInset
        let offset = contentOffset
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ current: CGFloat, _ before: CGFloat, _ length: CGFloat, _ range: ClosedRange<CGFloat>) -> CGFloat {
            let visibleLo = current + before, visibleHi = current + before + length
            var next = current
            if hi - lo > length || lo < visibleLo { next = lo - before } else if hi > visibleHi { next = hi - before - length }
            return Swift.min(Swift.max(next, range.lowerBound), range.upperBound)
        }
        let x = axis(rect.minX, rect.maxX, offset.x, inset.left, bounds.width - inset.left - inset.right, range(axis: 0))
        let y = axis(rect.minY, rect.maxY, offset.y, inset.top, bounds.height - inset.top - inset.bottom, range(axis: 1))
        setContentOffset(CGPoint(x: x, y: y), animated: animated)
    }

    /// Scrolls to the top when `scrollsToTop` and the delegate allow (what a tap on iOS's
    /// status bar does).
    ///
    /// - Note: Differs from Apple: Lamina has no status bar; call this to do what its tap does.
    open func scrollToTop() {
        guard scrollsToTop, delegate?.scrollViewShouldScrollToTop(self) ?? true else { return }
        let top = CGPoint(x: contentOffset.x, y: -adjustedContentInset.top)
        guard top != contentOffset else { return }
        stopMotion()
        startMotion(.animated(from: contentOffset, to: top), toTop: true)
    }

    // MARK: Ranges

    /// The offsets the content rests between on an axis (0: x, 1: y).
    func range(axis: Int) -> ClosedRange<CGFloat> {
        let inset = adjustedContentInset
        if axis == 0 {
            let lower = -inset.left
            return lower...Swift.max(lower, contentSize.width + inset.right - bounds.width)
        }
        let lower = -inset.top
        return lower...Swift.max(lower, contentSize.height + inset.bottom - bounds.height)
    }

    /// `offset` held inside the offsets the content rests between (a non-finite coordinate
    /// keeps the current one).
    func restingOffset(nearest offset: CGPoint) -> CGPoint {
        let x = range(axis: 0), y = range(axis: 1)
        return CGPoint(x: offset.x.isFinite ? Swift.min(Swift.max(offset.x, x.lowerBound), x.upperBound) : contentOffset.x,
                       y: offset.y.isFinite ? Swift.min(Swift.max(offset.y, y.lowerBound), y.upperBound) : contentOffset.y)
    }

    /// Whether a drag moves the content along an axis.
    func scrolls(axis: Int) -> Bool {
        let inset = adjustedContentInset
        if axis == 0 { return alwaysBounceHorizontal || contentSize.width + inset.left + inset.right > bounds.width }
        return alwaysBounceVertical || contentSize.height + inset.top + inset.bottom > bounds.height
    }

    // MARK: Dragging

    /// Where the drag started, as unbanded offsets (an offset past an edge is stored as the
    /// finger position that pulled it there).
    private var dragOrigin = CGPoint.zero
    private var dragTranslation = CGPoint.zero
    private var lockedAxis: Int?
    private var draggingByWheel = false
    private var dragStartPage = CGPoint.zero

    /// The content view that has the touches (they were delivered to it), if any.
    private(set) weak var trackingContent: UIView?

    /// Whether the content should get the touches coming down in `view` (true by default).
    /// Override to keep some content from seeing touches; the scroll view still scrolls.
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        true
    }

    /// Whether a drag may take the touches from `view`, content that is already tracking
    /// them (cancelling them there): by default true unless `view` is a `UIControl`, so
    /// buttons and sliders keep their touches. Asked only when `canCancelContentTouches`.
    open func touchesShouldCancel(in view: UIView) -> Bool {
        !(view is UIControl)
    }

    /// The held touches go to the content now (or are dropped, when `touchesShouldBegin`
    /// says no): called by the delay recognizer as it lets go.
    func contentTouchesReleased(_ touches: Set<UITouch>, with event: UIEvent) -> Bool {
        guard let view = touches.first?.view, view !== self else { return true }
        guard touchesShouldBegin(touches, with: event, in: view) else { return false }
        trackingContent = view
        return true
    }

    /// Whether a drag may begin now: always while the content has not got the touches; once
    /// it has, only when `canCancelContentTouches` and `touchesShouldCancel(in:)` allow.
    func dragMayTakeContentTouches() -> Bool {
        guard let content = trackingContent else { return true }
        return canCancelContentTouches && touchesShouldCancel(in: content)
    }

    /// A finger came down: motion stops where it is.
    func touchDown() {
        trackingContent = nil
        isTracking = true
        if motion != nil {
            stopMotion()
        }
    }

    /// The last finger lifted without a drag: content left past an edge springs back.
    func touchUp() {
        isTracking = false
        if indicators.isShowing { indicators.release() }
        guard !isDragging, motion == nil else { return }
        release(velocity: .zero, notifying: false)
    }

    /// Whether the pan may begin with this movement (window points): not when the view
    /// cannot scroll, nor along an axis it cannot scroll (so an enclosing scroll view gets it).
    func mayBeginDrag(moving delta: CGPoint) -> Bool {
        guard isScrollEnabled else { return false }
        let h = scrolls(axis: 0), v = scrolls(axis: 1)
        if h && v { return true }
        if h { return abs(delta.x) >= abs(delta.y) }
        if v { return abs(delta.y) >= abs(delta.x) }
        return false
    }

    private func handlePan(_ pan: UIGestureRecognizer) {
        switch pan.state {
        case .began: beginDrag()
        case .changed: drag()
        case .ended:
            let v = scrollPan.velocity(in: self)
            endDrag(velocity: CGPoint(x: -v.x, y: -v.y))
        case .cancelled, .failed: endDrag(velocity: .zero)
        default: break
        }
    }

    private func beginDrag() {
        stopMotion()
        // A drag began in time: the held touches never reach the content.
        contentTouchDelay.dragBegan()
        draggingByWheel = scrollPan.numberOfTouches == 0
        dragTranslation = scrollPan.translation(in: self)
        if draggingByWheel { dragTranslation = .zero }
        let offset = contentOffset
        dragOrigin = CGPoint(x: unbanded(offset.x, axis: 0), y: unbanded(offset.y, axis: 1))
        dragStartPage = CGPoint(x: page(of: offset.x, axis: 0).rounded(), y: page(of: offset.y, axis: 1).rounded())
        lockedAxis = nil
        if isDirectionalLockEnabled && !draggingByWheel {
            let t = scrollPan.translation(in: self)
            if abs(t.x) > 2 * abs(t.y) { lockedAxis = 0 } else if abs(t.y) > 2 * abs(t.x) { lockedAxis = 1 }
        }
        delegate?.scrollViewWillBeginDragging(self)
        isDragging = true
        if draggingByWheel { drag() }
    }

    private func drag() {
        guard isDragging else { return }
        let t = scrollPan.translation(in: self)
        var dx = t.x - dragTranslation.x, dy = t.y - dragTranslation.y
        if lockedAxis == 0 { dy = 0 } else if lockedAxis == 1 { dx = 0 }
        let x = scrolls(axis: 0) ? displayed(dragOrigin.x - dx, axis: 0) : contentOffset.x
        let y = scrolls(axis: 1) ? displayed(dragOrigin.y - dy, axis: 1) : contentOffset.y
        setOffset(pixelAligned(CGPoint(x: x, y: y)))
        if let refreshControl, !refreshControl.isRefreshing, y <= range(axis: 1).lowerBound - UIRefreshControl.triggerDistance {
            refreshControl.pulled()
            // The top moved up by the control's room: carry on from where the content shows.
            dragOrigin.y = unbanded(contentOffset.y, axis: 1) + dy
        }
    }

    /// An unbanded offset as shown: inside the range as is, past it on the rubber band (or
    /// held at the edge when the view does not bounce, or when the wheel drives it).
    private func displayed(_ raw: CGFloat, axis: Int) -> CGFloat {
        let r = range(axis: axis)
        let dimension = Double(axis == 0 ? bounds.width : bounds.height)
        let band = bounces && !draggingByWheel
        if raw < r.lowerBound {
            return band ? r.lowerBound - CGFloat(ScrollPhysics.rubberBand(Double(r.lowerBound - raw), dimension: dimension)) : r.lowerBound
        }
        if raw > r.upperBound {
            return band ? r.upperBound + CGFloat(ScrollPhysics.rubberBand(Double(raw - r.upperBound), dimension: dimension)) : r.upperBound
        }
        return raw
    }

    private func unbanded(_ shown: CGFloat, axis: Int) -> CGFloat {
        let r = range(axis: axis)
        let dimension = Double(axis == 0 ? bounds.width : bounds.height)
        if shown < r.lowerBound {
            return r.lowerBound - CGFloat(ScrollPhysics.fingerOvershoot(showing: Double(r.lowerBound - shown), dimension: dimension))
        }
        if shown > r.upperBound {
            return r.upperBound + CGFloat(ScrollPhysics.fingerOvershoot(showing: Double(shown - r.upperBound), dimension: dimension))
        }
        return shown
    }

    private func page(of offset: CGFloat, axis: Int) -> CGFloat {
        let size = axis == 0 ? bounds.width : bounds.height
        return size > 0 ? (offset - range(axis: axis).lowerBound) / size : 0
    }

    private func endDrag(velocity: CGPoint) {
        guard isDragging else { return }
        var v = draggingByWheel ? .zero : velocity
        if !scrolls(axis: 0) || lockedAxis == 1 { v.x = 0 }
        if !scrolls(axis: 1) || lockedAxis == 0 { v.y = 0 }
        release(velocity: v, notifying: true)
    }

    /// The finger (or wheel) let go with `velocity` (points per second, offset direction).
    private func release(velocity v: CGPoint, notifying: Bool) {
        let offset = contentOffset
        let rate = Double(decelerationRate.rawValue)
        // Where the content will come to rest.
        var target = CGPoint.zero
        for axis in 0..<2 {
            let r = range(axis: axis)
            let current = axis == 0 ? offset.x : offset.y
            let speed = axis == 0 ? v.x : v.y
            var rest: CGFloat
            if isPagingEnabled {
                rest = pagingTarget(axis: axis, offset: current, velocity: speed)
            } else if current < r.lowerBound || current > r.upperBound {
                rest = Swift.min(Swift.max(current, r.lowerBound), r.upperBound)
            } else {
                rest = current + CGFloat(ScrollPhysics.projectedDistance(velocity: Double(speed), rate: rate))
                rest = Swift.min(Swift.max(rest, r.lowerBound), r.upperBound)
            }
            if axis == 0 { target.x = rest } else { target.y = rest }
        }
        target = pixelAligned(target)
        let projected = target
        if notifying {
            delegate?.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: v.x / 1000, y: v.y / 1000), targetContentOffset: &target)
            isDragging = false
        }
        let retargeted = target != projected && target.x.isFinite && target.y.isFinite
        var motions: [AxisMotion?] = [nil, nil]
        for axis in 0..<2 {
            let r = range(axis: axis)
            let current = Double(axis == 0 ? offset.x : offset.y)
            let speed = Double(axis == 0 ? v.x : v.y)
            let rest = Double(axis == 0 ? target.x : target.y)
            if retargeted || isPagingEnabled {
                guard abs(rest - current) > AxisMotion.settled || abs(speed) > 1 else { continue }
                motions[axis] = isPagingEnabled && !retargeted
                    ? AxisMotion(springFrom: current, velocity: speed, to: rest)
                    : AxisMotion(approachFrom: current, to: rest, rate: rate)
            } else {
                let outside = current < Double(r.lowerBound) || current > Double(r.upperBound)
                guard outside || abs(speed * 1) > 0 else { continue }
                let motion = AxisMotion(releaseAt: current, velocity: speed, rate: rate, lower: Double(r.lowerBound),
                                        upper: Double(r.upperBound), bounces: bounces)
                if motion.position(at: 0).done { continue }
                motions[axis] = motion
            }
        }
        let decelerates = motions[0] != nil || motions[1] != nil
        if notifying {
            delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
        }
        guard decelerates else { return }
        if notifying { delegate?.scrollViewWillBeginDecelerating(self) }
        isDecelerating = notifying
        startMotion(.release(x: motions[0], y: motions[1], notifies: notifying))
    }

    /// The page a paging release settles on: the next page in the direction of a flick
    /// (faster than 250 points a second), else the nearest; never more than one page from
    /// the page where the drag began.
    ///
    /// - Note: Differs from Apple: the flick threshold is Lamina's choice.
    private func pagingTarget(axis: Int, offset: CGFloat, velocity: CGFloat) -> CGFloat {
        let size = axis == 0 ? bounds.width : bounds.height
        let r = range(axis: axis)
        guard size > 0 else { return offset }
        let here = page(of: offset, axis: axis)
        let start = axis == 0 ? dragStartPage.x : dragStartPage.y
        var target: CGFloat
        if velocity > 250 { target = here.rounded(.down) + 1 } else if velocity < -250 { target = here.rounded(.up) - 1 } else { target = here.rounded() }
        target = Swift.min(Swift.max(target, start - 1), start + 1)
        let lastPage = ((r.upperBound - r.lowerBound) / size).rounded(.up)
        target = Swift.min(Swift.max(target, 0), lastPage)
        return Swift.min(r.lowerBound + target * size, r.upperBound)
    }

    // MARK: Motion on the media clock

    private enum Motion {
        case release(x: AxisMotion?, y: AxisMotion?, notifies: Bool)
        case animated(from: CGPoint, to: CGPoint)
        case zoom(fromScale: CGFloat, toScale: CGFloat, from: CGPoint, to: CGPoint)
    }

    private var motion: Motion?
    private var motionStart: CFTimeInterval = 0
    private var motionLink: CADisplayLink?
    private var motionScrollsToTop = false

    private func startMotion(_ next: Motion, toTop: Bool = false) {
        motion = next
        motionScrollsToTop = toTop
        motionStart = CACurrentMediaTime()
        let link = CADisplayLink(handler: { [weak self] link in self?.stepMotion(at: link.timestamp) })
        motionLink = link
        link.add(to: .main, forMode: .common)
    }

    private func stepMotion(at time: CFTimeInterval) {
        guard let motion else { return }
        let t = time - motionStart
        switch motion {
        case .release(let mx, let my, let notifies):
            let x = mx?.position(at: t), y = my?.position(at: t)
            setOffset(pixelAligned(CGPoint(x: x.map { CGFloat($0.value) } ?? contentOffset.x, y: y.map { CGFloat($0.value) } ?? contentOffset.y)))
            if x?.done ?? true, y?.done ?? true {
                finishMotion()
                if notifies {
                    isDecelerating = false
                    delegate?.scrollViewDidEndDecelerating(self)
                }
            }
        case .animated(let from, let to):
            let p = CGFloat(ScrollPhysics.ease(t / ScrollPhysics.animationDuration))
            setOffset(t >= ScrollPhysics.animationDuration ? to : pixelAligned(CGPoint(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p)))
            if t >= ScrollPhysics.animationDuration {
                let toTop = motionScrollsToTop
                finishMotion()
                if toTop { delegate?.scrollViewDidScrollToTop(self) } else { delegate?.scrollViewDidEndScrollingAnimation(self) }
            }
        case .zoom(let fromScale, let toScale, let from, let to):
            stepZoom(t, fromScale: fromScale, toScale: toScale, from: from, to: to)
        }
    }

    private func stepZoom(_ t: CFTimeInterval, fromScale: CGFloat, toScale: CGFloat, from: CGPoint, to: CGPoint) {
        guard let view = delegate?.viewForZooming(in: self) else {
            finishMotion()
            return
        }
        let done = t >= ScrollPhysics.animationDuration
        let p = done ? 1 : CGFloat(ScrollPhysics.ease(t / ScrollPhysics.animationDuration))
        applyZoom(fromScale + (toScale - fromScale) * p, view: view)
        setOffset(CGPoint(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p))
        guard done else { return }
        finishMotion()
        isZoomBouncing = false
        delegate?.scrollViewDidEndZooming(self, with: view, atScale: toScale)
    }

    private func finishMotion() {
        motion = nil
        motionLink?.invalidate()
        motionLink = nil
    }

    /// Stops deceleration or an animation where it is (no end callback, as when a finger
    /// catches the content).
    private func stopMotion() {
        guard motion != nil else { return }
        finishMotion()
        isDecelerating = false
    }
}

/// The scroll view's own pan: it tells the scroll view when fingers come down and lift, and
/// does not begin along an axis the scroll view cannot scroll.
@MainActor
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    private var scrollView: UIScrollView? { view as? UIScrollView }
    private var firstCentroid: CGPoint?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches == touches.count {
            firstCentroid = location(in: nil)
            scrollView?.touchDown()
        }
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, let scrollView, let firstCentroid {
            let now = location(in: nil)
            let moved = CGPoint(x: now.x - firstCentroid.x, y: now.y - firstCentroid.y)
            if hypot(moved.x, moved.y) >= UIPanGestureRecognizer.hysteresis,
               !scrollView.mayBeginDrag(moving: moved) || !scrollView.dragMayTakeContentTouches() {
                state = .failed
                return
            }
        }
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = numberOfTouches - touches.count
        super.touchesEnded(touches, with: event)
        if remaining <= 0 { scrollView?.touchUp() }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        scrollView?.touchUp()
    }

    override func reset() {
        super.reset()
        firstCentroid = nil
    }
}

/// Lets a scroll view's pan and pinch recognize together.
@MainActor
final class ScrollGestureSimultaneity: UIGestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        otherGestureRecognizer.view === gestureRecognizer.view
    }
}

/// Delays the content's touches while the scroll view decides whether they drag: it fails
/// after 0.15 s or when the fingers lift (releasing the held touches to the content), and
/// recognizes when the drag begins (so they never arrive). Without `delays` it decides at
/// once. Either way the scroll view's `touchesShouldBegin(_:with:in:)` is asked first: when
/// it says no, the recognizer recognizes instead, and the held touches are dropped.
@MainActor
final class ContentTouchDelayRecognizer: UIGestureRecognizer {
    static let delay: TimeInterval = 0.15
    var delays = true

    override init() {
        super.init()
        delaysTouchesBegan = true
        cancelsTouchesInView = true
    }

    private var scrollView: UIScrollView? { view as? UIScrollView }
    private var held: (touches: Set<UITouch>, event: UIEvent)?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        // Only touches on the content wait; the scroll view's own touches do not.
        if let view, touches.allSatisfy({ $0.view === view }) {
            state = .failed
            return
        }
        held = (touches, event)
        guard delays else {
            letGo()
            return
        }
        fire(after: ContentTouchDelayRecognizer.delay) { [weak self] in
            if self?.state == .possible { self?.letGo() }
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { letGo() }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    override func reset() {
        super.reset()
        held = nil
    }

    /// Releases the held touches to the content, unless the scroll view keeps them from it.
    private func letGo() {
        guard let held, let scrollView else {
            state = .failed
            return
        }
        state = scrollView.contentTouchesReleased(held.touches, with: held.event) ? .failed : .ended
    }

    func dragBegan() {
        if state == .possible { state = .ended }
    }
}
