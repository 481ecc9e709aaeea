/// An event delivered to responders: for touches, the set of all touches on the screen at one
/// instant, each with its phase.
@preconcurrency @MainActor
open class UIEvent: NSObject {
    /// The kinds of event.
    public enum EventType: Int, Sendable {
        case touches = 0
        case motion = 1
        case remoteControl = 2
        case presses = 3
        case scroll = 10
        case hover = 11
        case transform = 14
    }

    /// Finer kinds of event (motion and remote-control events).
    public enum EventSubtype: Int, Sendable {
        case none = 0
        case motionShake = 1
        case remoteControlPlay = 100
        case remoteControlPause = 101
        case remoteControlStop = 102
        case remoteControlTogglePlayPause = 103
        case remoteControlNextTrack = 104
        case remoteControlPreviousTrack = 105
        case remoteControlBeginSeekingBackward = 106
        case remoteControlEndSeekingBackward = 107
        case remoteControlBeginSeekingForward = 108
        case remoteControlEndSeekingForward = 109
    }

    /// The kind of this event.
    open var type: EventType { storedType }
    /// The finer kind (`.none` for touches).
    open var subtype: EventSubtype { .none }
    /// When the event happened, in media time.
    open var timestamp: TimeInterval { storedTimestamp }

    /// The modifier keys held when the event happened (shift-click extends a text
    /// selection, for one).
    open var modifierFlags: UIKeyModifierFlags { storedModifierFlags }

    let storedType: EventType
    var storedTimestamp: TimeInterval
    var storedModifierFlags: UIKeyModifierFlags = []
    var touchList: [UITouch] = []

    /// Creates a touches event at time zero.
    public override init() {
        storedType = .touches
        storedTimestamp = 0
        super.init()
    }

    init(type: EventType, timestamp: TimeInterval) {
        storedType = type
        storedTimestamp = timestamp
        super.init()
    }

    /// Every touch of the event.
    open var allTouches: Set<UITouch>? {
        storedType == .touches ? Set(touchList) : nil
    }

    /// The touches that belong to `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        Set(touchList.filter { $0.window === window })
    }

    /// The touches that belong to `view`.
    open func touches(for view: UIView) -> Set<UITouch>? {
        Set(touchList.filter { $0.view === view })
    }

    /// The touches a gesture recognizer receives.
    open func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
        Set(touchList.filter { $0.gestureRecognizers?.contains { $0 === gesture } ?? false })
    }
}
