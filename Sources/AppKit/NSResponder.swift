/// An object in the responder chain: mouse and key events go to the view under the pointer
/// (or the first responder) and, unhandled, on to `nextResponder` — a view's superview, then
/// its window.
@preconcurrency @MainActor
open class NSResponder: NSObject {
    /// Where unhandled events go next.
    open weak var nextResponder: NSResponder?

    public override init() { super.init() }

    /// Whether the responder takes key events as first responder (false).
    open var acceptsFirstResponder: Bool { false }
    open func becomeFirstResponder() -> Bool { true }
    open func resignFirstResponder() -> Bool { true }

    open func mouseDown(with event: NSEvent) { nextResponder?.mouseDown(with: event) }
    open func mouseDragged(with event: NSEvent) { nextResponder?.mouseDragged(with: event) }
    open func mouseUp(with event: NSEvent) { nextResponder?.mouseUp(with: event) }
    open func mouseMoved(with event: NSEvent) { nextResponder?.mouseMoved(with: event) }
    open func mouseEntered(with event: NSEvent) { nextResponder?.mouseEntered(with: event) }
    open func mouseExited(with event: NSEvent) { nextResponder?.mouseExited(with: event) }
    open func rightMouseDown(with event: NSEvent) { nextResponder?.rightMouseDown(with: event) }
    open func rightMouseUp(with event: NSEvent) { nextResponder?.rightMouseUp(with: event) }
    open func scrollWheel(with event: NSEvent) { nextResponder?.scrollWheel(with: event) }
    open func keyDown(with event: NSEvent) { nextResponder?.keyDown(with: event) }
    open func keyUp(with event: NSEvent) { nextResponder?.keyUp(with: event) }
    open func flagsChanged(with event: NSEvent) { nextResponder?.flagsChanged(with: event) }
}

/// A mouse, key or scroll event: where (`locationInWindow`, y-up from the window's bottom
/// left), when, with which modifier keys and characters.
@preconcurrency @MainActor
open class NSEvent: NSObject {
    public enum EventType: UInt, Sendable {
        case leftMouseDown = 1, leftMouseUp = 2, rightMouseDown = 3, rightMouseUp = 4, mouseMoved = 5
        case leftMouseDragged = 6, rightMouseDragged = 7, mouseEntered = 8, mouseExited = 9
        case keyDown = 10, keyUp = 11, flagsChanged = 12, scrollWheel = 22
    }

    public struct ModifierFlags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let capsLock = ModifierFlags(rawValue: 1 << 16)
        public static let shift = ModifierFlags(rawValue: 1 << 17)
        public static let control = ModifierFlags(rawValue: 1 << 18)
        public static let option = ModifierFlags(rawValue: 1 << 19)
        public static let command = ModifierFlags(rawValue: 1 << 20)
        public static let numericPad = ModifierFlags(rawValue: 1 << 21)
        public static let help = ModifierFlags(rawValue: 1 << 22)
        public static let function = ModifierFlags(rawValue: 1 << 23)
        public static let deviceIndependentFlagsMask = ModifierFlags(rawValue: 0xFFFF_0000)
    }

    public let type: EventType
    public let locationInWindow: NSPoint
    public let modifierFlags: ModifierFlags
    public let timestamp: TimeInterval
    public private(set) weak var window: NSWindow?
    public let clickCount: Int
    public let characters: String?
    public let charactersIgnoringModifiers: String?
    public let keyCode: UInt16
    public let isARepeat: Bool
    public let scrollingDeltaX: CGFloat
    public let scrollingDeltaY: CGFloat
    /// The tracking area of an entered or exited event.
    public private(set) var trackingArea: NSTrackingArea?

    init(type: EventType, location: NSPoint, modifierFlags: ModifierFlags = [], timestamp: TimeInterval, window: NSWindow?,
         clickCount: Int = 0, characters: String? = nil, charactersIgnoringModifiers: String? = nil, keyCode: UInt16 = 0,
         isARepeat: Bool = false, scrollingDelta: CGPoint = .zero, trackingArea: NSTrackingArea? = nil) {
        self.type = type
        locationInWindow = location
        self.modifierFlags = modifierFlags
        self.timestamp = timestamp
        self.window = window
        self.clickCount = clickCount
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.keyCode = keyCode
        self.isARepeat = isARepeat
        scrollingDeltaX = scrollingDelta.x
        scrollingDeltaY = scrollingDelta.y
        self.trackingArea = trackingArea
        super.init()
    }

    /// A mouse event made by code (as `NSEvent.mouseEvent(with:…)` does on macOS).
    public class func mouseEvent(with type: EventType, location: NSPoint, modifierFlags flags: ModifierFlags,
                                 timestamp time: TimeInterval, windowNumber wNum: Int, context unusedPassNil: NSGraphicsContext?,
                                 eventNumber eNum: Int, clickCount cNum: Int, pressure: Float) -> NSEvent? {
        NSEvent(type: type, location: location, modifierFlags: flags, timestamp: time,
                window: NSApplication.shared.windows.first { $0.windowNumber == wNum }, clickCount: cNum)
    }

    /// A key event made by code.
    public class func keyEvent(with type: EventType, location: NSPoint, modifierFlags flags: ModifierFlags,
                               timestamp time: TimeInterval, windowNumber wNum: Int, context: NSGraphicsContext?,
                               characters keys: String, charactersIgnoringModifiers ukeys: String, isARepeat flag: Bool,
                               keyCode code: UInt16) -> NSEvent? {
        NSEvent(type: type, location: location, modifierFlags: flags, timestamp: time,
                window: NSApplication.shared.windows.first { $0.windowNumber == wNum },
                characters: keys, charactersIgnoringModifiers: ukeys, keyCode: code, isARepeat: flag)
    }
}

/// A region of a view that reports the pointer entering, leaving and moving in it.
@preconcurrency @MainActor
open class NSTrackingArea: NSObject {
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let mouseEnteredAndExited = Options(rawValue: 0x01)
        public static let mouseMoved = Options(rawValue: 0x02)
        public static let cursorUpdate = Options(rawValue: 0x04)
        public static let activeWhenFirstResponder = Options(rawValue: 0x10)
        public static let activeInKeyWindow = Options(rawValue: 0x20)
        public static let activeInActiveApp = Options(rawValue: 0x40)
        public static let activeAlways = Options(rawValue: 0x80)
        public static let assumeInside = Options(rawValue: 0x100)
        public static let inVisibleRect = Options(rawValue: 0x200)
        public static let enabledDuringMouseDrag = Options(rawValue: 0x400)
    }

    /// The region, in the view's coordinates (ignored with `.inVisibleRect`: the view's
    /// visible bounds).
    public let rect: NSRect
    public let options: Options
    /// The object told of the events (a weak reference, as on macOS).
    public private(set) weak var owner: AnyObject?
    public let userInfo: [AnyHashable: Any]?
    /// Whether the pointer was inside at the last event.
    var pointerInside = false

    public init(rect: NSRect, options: Options, owner: Any?, userInfo: [AnyHashable: Any]?) {
        self.rect = rect
        self.options = options
        self.owner = owner as AnyObject?
        self.userInfo = userInfo
        pointerInside = options.contains(.assumeInside)
        super.init()
    }
}
