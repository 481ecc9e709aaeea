/// One finger on the screen, from touching down to lifting (or being cancelled). The same
/// object describes the finger through the whole sequence: its phase and location change, and
/// it stays with the view hit-tested when it began.
@preconcurrency @MainActor
open class UITouch: NSObject {
    /// Where a touch is in its sequence.
    public enum Phase: Int, Sendable {
        case began = 0
        case moved = 1
        case stationary = 2
        case ended = 3
        case cancelled = 4
        case regionEntered = 5
        case regionMoved = 6
        case regionExited = 7
    }

    /// What made the touch.
    public enum TouchType: Int, Sendable {
        case direct = 0
        case indirect = 1
        case pencil = 2
        case indirectPointer = 3
    }

    /// The phase in the current event.
    open internal(set) var phase: Phase = .began
    /// When the touch last changed, in media time (the current `CAMediaClock`'s seconds).
    open internal(set) var timestamp: TimeInterval = 0
    /// How many taps in quick succession at about the same place this touch is (1 for a
    /// first tap).
    ///
    /// - Note: Differs from Apple: a tap counts as the next of a series when it begins within
    ///   0.35 s of the previous touch's end and within 40 points of it (Apple's thresholds are
    ///   not documented).
    open internal(set) var tapCount: Int = 1
    /// The kind of touch (`.direct` for fingers and scripted input).
    open internal(set) var type: TouchType = .direct
    /// The view the touch was hit-tested to when it began; it stays there.
    open internal(set) weak var view: UIView?
    /// The window the touch is in.
    open internal(set) weak var window: UIWindow?
    /// Force: 0 on a display without pressure sensing (Lamina's displays).
    open var force: CGFloat { 0 }
    /// The largest possible force: 0 without pressure sensing.
    open var maximumPossibleForce: CGFloat { 0 }
    /// The radius of the touch in points (a typical fingertip for scripted touches).
    open internal(set) var majorRadius: CGFloat = 20
    /// How accurate `majorRadius` is, in points.
    open internal(set) var majorRadiusTolerance: CGFloat = 5
    /// The recognizers that receive this touch (those of its view and the view's ancestors).
    open internal(set) var gestureRecognizers: [UIGestureRecognizer]?

    /// The location in the window's coordinates now and at the previous change.
    var windowLocation: CGPoint = .zero
    var previousWindowLocation: CGPoint = .zero
    /// The scripted or hardware finger this touch stands for.
    var identifier: Int = 0
    /// Whether the view takes part in the touch (false when multiple or exclusive touch rules
    /// kept it from the view).
    var deliversToView = true
    /// Whether the view got `touchesBegan` for this touch (and so is owed an end or a cancel).
    var deliveredBegan = false
    /// Whether the touch was cancelled for its view (by a recognizer or a removal).
    var cancelledForView = false

    public override init() {
        super.init()
    }

    /// The location in `view`'s coordinates (nil: the window's).
    open func location(in view: UIView?) -> CGPoint {
        convert(windowLocation, to: view)
    }

    /// The location at the previous change, in `view`'s coordinates (nil: the window's).
    open func previousLocation(in view: UIView?) -> CGPoint {
        convert(previousWindowLocation, to: view)
    }

    /// The location in `view`'s coordinates with full precision (the same as `location(in:)`
    /// here).
    open func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }

    /// The previous precise location (the same as `previousLocation(in:)` here).
    open func precisePreviousLocation(in view: UIView?) -> CGPoint { previousLocation(in: view) }

    private func convert(_ p: CGPoint, to view: UIView?) -> CGPoint {
        guard let view else { return p }
        return view.convert(p, from: window)
    }
}
