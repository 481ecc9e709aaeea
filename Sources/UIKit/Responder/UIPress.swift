/// Modifier keys held with a key press.
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// A key's USB HID usage code.
///
/// - Note: Differs from Apple: a struct of raw values with the common keys as constants
///   (Apple's is an enum of every code), so `switch` statements need a `default`.
public struct UIKeyboardHIDUsage: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let keyboardA = UIKeyboardHIDUsage(rawValue: 0x04)
    public static let keyboardB = UIKeyboardHIDUsage(rawValue: 0x05)
    public static let keyboardC = UIKeyboardHIDUsage(rawValue: 0x06)
    public static let keyboardZ = UIKeyboardHIDUsage(rawValue: 0x1D)
    public static let keyboard1 = UIKeyboardHIDUsage(rawValue: 0x1E)
    public static let keyboard0 = UIKeyboardHIDUsage(rawValue: 0x27)
    public static let keyboardReturnOrEnter = UIKeyboardHIDUsage(rawValue: 0x28)
    public static let keyboardEscape = UIKeyboardHIDUsage(rawValue: 0x29)
    public static let keyboardDeleteOrBackspace = UIKeyboardHIDUsage(rawValue: 0x2A)
    public static let keyboardTab = UIKeyboardHIDUsage(rawValue: 0x2B)
    public static let keyboardSpacebar = UIKeyboardHIDUsage(rawValue: 0x2C)
    public static let keyboardHome = UIKeyboardHIDUsage(rawValue: 0x4A)
    public static let keyboardPageUp = UIKeyboardHIDUsage(rawValue: 0x4B)
    public static let keyboardDeleteForward = UIKeyboardHIDUsage(rawValue: 0x4C)
    public static let keyboardEnd = UIKeyboardHIDUsage(rawValue: 0x4D)
    public static let keyboardPageDown = UIKeyboardHIDUsage(rawValue: 0x4E)
    public static let keyboardRightArrow = UIKeyboardHIDUsage(rawValue: 0x4F)
    public static let keyboardLeftArrow = UIKeyboardHIDUsage(rawValue: 0x50)
    public static let keyboardDownArrow = UIKeyboardHIDUsage(rawValue: 0x51)
    public static let keyboardUpArrow = UIKeyboardHIDUsage(rawValue: 0x52)
    public static let keyboardLeftControl = UIKeyboardHIDUsage(rawValue: 0xE0)
    public static let keyboardLeftShift = UIKeyboardHIDUsage(rawValue: 0xE1)
    public static let keyboardLeftAlt = UIKeyboardHIDUsage(rawValue: 0xE2)
    public static let keyboardLeftGUI = UIKeyboardHIDUsage(rawValue: 0xE3)

    /// The letter keys a…z, in order.
    static func letter(_ c: Character) -> UIKeyboardHIDUsage? {
        guard let ascii = c.lowercased().unicodeScalars.first?.value, (97...122).contains(ascii) else { return nil }
        return UIKeyboardHIDUsage(rawValue: 0x04 + Int(ascii - 97))
    }
}

/// A key on a hardware keyboard, as a press reports it.
@preconcurrency @MainActor
open class UIKey: NSObject {
    /// The characters the key produces with the modifiers held.
    open var characters: String { storedCharacters }
    /// The characters the key produces without modifiers.
    open var charactersIgnoringModifiers: String { storedIgnoringModifiers }
    /// The modifiers held.
    open var modifierFlags: UIKeyModifierFlags { storedModifiers }
    /// The key's HID usage code.
    open var keyCode: UIKeyboardHIDUsage { storedKeyCode }

    let storedCharacters: String
    let storedIgnoringModifiers: String
    let storedModifiers: UIKeyModifierFlags
    let storedKeyCode: UIKeyboardHIDUsage

    /// A key for scripted input or a backend.
    ///
    /// - Note: Lamina addition: Apple's keys are made only by the system.
    public init(characters: String, charactersIgnoringModifiers: String? = nil, modifierFlags: UIKeyModifierFlags = [],
                keyCode: UIKeyboardHIDUsage? = nil) {
        storedCharacters = characters
        storedIgnoringModifiers = charactersIgnoringModifiers ?? characters.lowercased()
        storedModifiers = modifierFlags
        storedKeyCode = keyCode ?? characters.first.flatMap(UIKeyboardHIDUsage.letter) ?? UIKeyboardHIDUsage(rawValue: 0)
        super.init()
    }
}

/// A physical button or key going down and up.
@preconcurrency @MainActor
open class UIPress: NSObject {
    /// Where a press is in its sequence.
    public enum Phase: Int, Sendable {
        case began = 0
        case changed = 1
        case stationary = 2
        case ended = 3
        case cancelled = 4
    }

    /// Which button (remote and game-controller buttons; keyboard keys report `key`).
    public enum PressType: Int, Sendable {
        case upArrow = 0
        case downArrow = 1
        case leftArrow = 2
        case rightArrow = 3
        case select = 4
        case menu = 5
        case playPause = 6
        case pageUp = 30
        case pageDown = 31
    }

    open internal(set) var phase: Phase = .began
    open internal(set) var timestamp: TimeInterval = 0
    open internal(set) var type: PressType = .select
    /// The keyboard key, for key presses.
    open internal(set) var key: UIKey?
    open internal(set) weak var window: UIWindow?
    /// The responder the press is delivered to first.
    open internal(set) weak var responder: UIResponder?
    /// Force: 0 or 1 for digital keys.
    open internal(set) var force: CGFloat = 1
    open internal(set) var gestureRecognizers: [UIGestureRecognizer]?

    public override init() {
        super.init()
    }
}

/// An event of presses.
@preconcurrency @MainActor
open class UIPressesEvent: UIEvent {
    var pressList: [UIPress] = []

    init(timestamp: TimeInterval) {
        super.init(type: .presses, timestamp: timestamp)
    }

    /// Every press of the event.
    open var allPresses: Set<UIPress> { Set(pressList) }

    /// The presses a gesture recognizer receives.
    open func presses(for gesture: UIGestureRecognizer) -> Set<UIPress> {
        Set(pressList.filter { $0.gestureRecognizers?.contains { $0 === gesture } ?? false })
    }
}

/// A keyboard shortcut's key strings: what `UIKey.characters` reports for keys that type
/// no text.
///
/// - Note: Differs from Apple: only the input constants and the shortcut's description
///   (`input`, `modifierFlags`, `title`); Lamina has no menu-command system to register
///   shortcuts with, so `keyCommands` are not consulted.
@preconcurrency @MainActor
open class UIKeyCommand: NSObject {
    nonisolated public static let inputUpArrow = "UIKeyInputUpArrow"
    nonisolated public static let inputDownArrow = "UIKeyInputDownArrow"
    nonisolated public static let inputLeftArrow = "UIKeyInputLeftArrow"
    nonisolated public static let inputRightArrow = "UIKeyInputRightArrow"
    nonisolated public static let inputEscape = "UIKeyInputEscape"
    nonisolated public static let inputPageUp = "UIKeyInputPageUp"
    nonisolated public static let inputPageDown = "UIKeyInputPageDown"
    nonisolated public static let inputHome = "UIKeyInputHome"
    nonisolated public static let inputEnd = "UIKeyInputEnd"
    nonisolated public static let inputDelete = "UIKeyInputDelete"

    /// The key's characters.
    open var input: String?
    /// The modifiers held with it.
    open var modifierFlags: UIKeyModifierFlags = []
    /// The shortcut's name in menus and the shortcut overlay.
    open var title: String = ""

    public override init() {
        super.init()
    }
}
