/// An event delivered to responders (touches, motion, remote control, presses).
@MainActor
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

    /// The kind of this event.
    open var type: EventType { storedType }
    /// When the event happened, in seconds of system uptime.
    open var timestamp: TimeInterval { storedTimestamp }

    let storedType: EventType
    let storedTimestamp: TimeInterval

    /// Creates a touches event at time zero.
    public override init() {
        storedType = .touches
        storedTimestamp = 0
        super.init()
    }
}
