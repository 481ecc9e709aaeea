import Foundation

/// Velocity from the samples of the last tenth of a second.
struct VelocityTracker {
    private var samples: [(time: TimeInterval, value: CGPoint)] = []

    mutating func add(_ value: CGPoint, at time: TimeInterval) {
        samples.append((time, value))
        samples.removeAll { time - $0.time > 0.1 }
        if samples.count > 16 { samples.removeFirst(samples.count - 16) }
    }

    mutating func clear() { samples.removeAll() }

    var velocity: CGPoint {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return .zero }
        let dt = CGFloat(last.time - first.time)
        return CGPoint(x: (last.value.x - first.value.x) / dt, y: (last.value.y - first.value.y) / dt)
    }
}

/// Recognizes dragging: it begins once the fingers' centroid has moved 10 points, then
/// reports changes until they all lift. `translation(in:)` is the centroid's movement since
/// the fingers came down (or since `setTranslation(_:in:)`), `velocity(in:)` its speed in
/// points per second.
///
/// - Note: Differs from Apple: the 10-point threshold and the 0.1-s velocity window are
///   Lamina's choices (Apple does not document its own).
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Fewest fingers (1 by default).
    open var minimumNumberOfTouches = 1
    /// Most fingers (unlimited by default).
    open var maximumNumberOfTouches = Int.max
    /// The pointer scrolling that drives the pan as a drag would (none by default): a mouse
    /// wheel is `.discrete`, a trackpad `.continuous`.
    open var allowedScrollTypesMask: UIScrollTypeMask = []

    /// How long after the last scroll step a scroll-driven pan ends.
    static let scrollEndDelay: TimeInterval = 0.15

    static let hysteresis: CGFloat = 10

    /// The accumulated movement in window coordinates.
    var windowTranslation = CGPoint.zero
    private var previousCentroid: CGPoint?
    private var tracker = VelocityTracker()
    private var lastVelocity = CGPoint.zero

    /// The movement so far in `view`'s coordinate system (nil: the window's).
    open func translation(in view: UIView?) -> CGPoint {
        vector(windowTranslation, to: view)
    }

    /// Makes the movement so far equal `translation` (in `view`'s coordinate system).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        windowTranslation = vector(translation, from: view)
        tracker.clear()
    }

    /// The speed of the movement, points per second in `view`'s coordinate system.
    open func velocity(in view: UIView?) -> CGPoint {
        vector(isFinished ? lastVelocity : tracker.velocity, to: view)
    }

    private func vector(_ v: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window = self.view?.window else { return v }
        let a = view.convert(CGPoint.zero, from: window), b = view.convert(v, from: window)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    private func vector(_ v: CGPoint, from view: UIView?) -> CGPoint {
        guard let view, let window = self.view?.window else { return v }
        let a = view.convert(CGPoint.zero, to: window), b = view.convert(v, to: window)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    /// Whether the gesture may begin with these touches (screen-edge pans check the edge).
    func mayBegin(_ touches: Set<UITouch>) -> Bool { true }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible && !mayBegin(touches) {
            state = .failed
            return
        }
        if numberOfTouches > maximumNumberOfTouches {
            if state == .possible { state = .failed }
            for touch in touches { ignore(touch, for: event) }
            return
        }
        previousCentroid = location(in: nil)
        tracker.add(windowTranslation, at: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let centroid = location(in: nil)
        if let previousCentroid {
            windowTranslation.x += centroid.x - previousCentroid.x
            windowTranslation.y += centroid.y - previousCentroid.y
        }
        previousCentroid = centroid
        tracker.add(windowTranslation, at: event.timestamp)
        continueGesture(beginning: numberOfTouches >= minimumNumberOfTouches
            && hypot(windowTranslation.x, windowTranslation.y) >= UIPanGestureRecognizer.hysteresis)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = numberOfTouches - touches.count
        if remaining == 0 {
            lastVelocity = tracker.velocity
            switch state {
            case .began, .changed: state = .ended
            case .possible: state = .failed
            default: break
            }
        } else {
            // The centroid of the fingers still down, so that lifting one does not jump.
            let rest = trackedTouches.filter { !touches.contains($0) }.map(\.windowLocation)
            previousCentroid = GestureMath.centroid(rest)
            if remaining < minimumNumberOfTouches, state == .began || state == .changed { state = .ended }
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        cancelGesture()
    }

    open override func reset() {
        super.reset()
        windowTranslation = .zero
        previousCentroid = nil
        tracker.clear()
    }

    /// A scroll step of `delta` (window points, the movement a drag would make) at `location`:
    /// the pan begins, or changes, and ends a moment after the last step. A pan following
    /// fingers ignores it.
    func scrolled(by delta: CGPoint, at location: CGPoint, time: TimeInterval) {
        guard numberOfTouches == 0, state == .possible || state == .began || state == .changed else { return }
        windowTranslation.x += delta.x
        windowTranslation.y += delta.y
        tracker.add(windowTranslation, at: time)
        lastWindowCentroid = location
        state = state == .possible ? .began : .changed
        fire(after: UIPanGestureRecognizer.scrollEndDelay) { [weak self] in self?.scrollEnded() }
    }

    private func scrollEnded() {
        guard numberOfTouches == 0, state == .began || state == .changed else { return }
        lastVelocity = tracker.velocity
        state = .ended
        state = .possible
    }
}

/// A pan that starts at one of the window's `edges`: the fingers must come down within 20
/// points of it.
///
/// - Note: Differs from Apple: the 20-point edge zone is Lamina's choice.
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges the pan may start from (none by default: it never begins).
    open var edges: UIRectEdge = []

    override func mayBegin(_ touches: Set<UITouch>) -> Bool {
        guard let window = view?.window else { return false }
        let b = window.bounds, zone: CGFloat = 20
        return touches.allSatisfy { touch in
            let p = touch.windowLocation
            return (edges.contains(.left) && p.x - b.minX <= zone) || (edges.contains(.right) && b.maxX - p.x <= zone)
                || (edges.contains(.top) && p.y - b.minY <= zone) || (edges.contains(.bottom) && b.maxY - p.y <= zone)
        }
    }
}

/// A value two-finger gestures measure (scale, rotation): where it started, the finger
/// measure (distance, angle) it is relative to, and its rate.
struct TwoFingerValue {
    let initial: CGFloat
    private(set) var value: CGFloat
    private var base: CGFloat
    /// The finger measure `base` belongs to (nil until two fingers are down).
    private(set) var baseMeasure: CGFloat?
    private var tracker = VelocityTracker()

    init(_ initial: CGFloat) {
        self.initial = initial
        value = initial
        base = initial
    }

    /// The rate of change, per second.
    var velocity: CGFloat { tracker.velocity.x }

    /// Sets the value; later changes are relative to `measure`.
    mutating func set(_ newValue: CGFloat, measure: CGFloat?) {
        value = newValue
        base = newValue
        baseMeasure = measure
        tracker.clear()
    }

    /// The second finger came down: changes are measured from `measure` on.
    mutating func start(measure: CGFloat?, at time: TimeInterval) {
        guard baseMeasure == nil else { return }
        baseMeasure = measure
        tracker.add(CGPoint(x: value, y: 0), at: time)
    }

    /// The value is now `base` combined with the change since the base measure.
    mutating func update(_ change: (CGFloat) -> CGFloat, at time: TimeInterval) {
        value = change(base)
        tracker.add(CGPoint(x: value, y: 0), at: time)
    }

    mutating func reset() {
        set(initial, measure: nil)
    }
}

/// Recognizes two fingers moving apart or together: `scale` is their distance over the
/// distance when the pinch started (times any value set since), `velocity` its rate per
/// second. Begins once the distance has changed by 5 points.
///
/// - Note: Differs from Apple: the 5-point threshold is Lamina's choice.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    private var measured = TwoFingerValue(1)

    /// The scale factor; setting it makes later changes relative to the new value.
    open var scale: CGFloat {
        get { measured.value }
        set { measured.set(newValue, measure: currentDistance) }
    }

    /// The rate of change of `scale`, per second.
    open var velocity: CGFloat { measured.velocity }

    private var currentDistance: CGFloat? {
        guard trackedTouches.count >= 2 else { return nil }
        return GestureMath.distance(trackedTouches[0].windowLocation, trackedTouches[1].windowLocation)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if acceptTwoFingers(touches, event) { measured.start(measure: currentDistance, at: event.timestamp) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let start = measured.baseMeasure, start > 0, let distance = currentDistance else { return }
        measured.update({ $0 * distance / start }, at: event.timestamp)
        continueGesture(beginning: abs(distance - start) >= 5)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        endTwoFingers(lifting: touches)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        cancelGesture()
    }

    open override func reset() {
        super.reset()
        measured.reset()
    }
}

/// Recognizes two fingers turning: `rotation` is the angle (radians, clockwise on screen)
/// their connecting line turned since the gesture started, `velocity` its rate per second.
/// Begins once the line has turned 0.05 rad.
///
/// - Note: Differs from Apple: the 0.05-rad threshold is Lamina's choice.
@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    private var measured = TwoFingerValue(0)

    /// The rotation in radians; setting it makes later changes relative to the new value.
    open var rotation: CGFloat {
        get { measured.value }
        set { measured.set(newValue, measure: currentAngle) }
    }

    /// The rate of change of `rotation`, radians per second.
    open var velocity: CGFloat { measured.velocity }

    private var currentAngle: CGFloat? {
        guard trackedTouches.count >= 2 else { return nil }
        let a = trackedTouches[0].windowLocation, b = trackedTouches[1].windowLocation
        return atan2(b.y - a.y, b.x - a.x)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if acceptTwoFingers(touches, event) { measured.start(measure: currentAngle, at: event.timestamp) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let start = measured.baseMeasure, let angle = currentAngle else { return }
        var turn = angle - start
        while turn > .pi { turn -= 2 * .pi }
        while turn < -.pi { turn += 2 * .pi }
        measured.update({ $0 + turn }, at: event.timestamp)
        continueGesture(beginning: abs(turn) >= 0.05)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        endTwoFingers(lifting: touches)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        cancelGesture()
    }

    open override func reset() {
        super.reset()
        measured.reset()
    }
}

extension UIGestureRecognizer {
    /// A continuous gesture's step: from `.possible` it begins when `beginning` holds; once
    /// begun every step is a change.
    func continueGesture(beginning: Bool) {
        switch state {
        case .possible: if beginning { state = .began }
        case .began, .changed: state = .changed
        default: break
        }
    }

    /// The touches were cancelled: a gesture still deciding fails, one in progress is
    /// cancelled.
    func cancelGesture() {
        state = state == .possible ? .failed : .cancelled
    }

    /// Two-finger gestures: a third finger is ignored. Returns whether two fingers are down.
    func acceptTwoFingers(_ touches: Set<UITouch>, _ event: UIEvent) -> Bool {
        if numberOfTouches > 2 {
            for touch in touches { ignore(touch, for: event) }
            return false
        }
        return numberOfTouches == 2
    }

    /// Two-finger gestures end when fewer than two fingers stay; one that never began fails
    /// when the last lifts.
    func endTwoFingers(lifting touches: Set<UITouch>) {
        let remaining = numberOfTouches - touches.count
        guard remaining < 2 else { return }
        switch state {
        case .began, .changed: state = .ended
        case .possible: if remaining == 0 { state = .failed }
        default: break
        }
    }
}
