import Foundation

/// What an accessibility element is and what state it is in.
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 28)
}

/// Assistive-technology state and announcements.
///
/// - Note: Differs from Apple: Linux has no VoiceOver, so every `is…Running`/`…Enabled`
///   query answers false and posted notifications reach no assistive technology. Posting is
///   still recorded (`postedNotifications`) so that tests can check what an app announces.
public enum UIAccessibility {
    /// A notification an app posts to assistive technologies.
    public struct Notification: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// A large part of the screen changed.
        public static let screenChanged = Notification(rawValue: 1000)
        /// The layout of the screen changed.
        public static let layoutChanged = Notification(rawValue: 1001)
        /// Text to read out.
        public static let announcement = Notification(rawValue: 1008)
        /// A scroll finished; the argument describes the new position.
        public static let pageScrolled = Notification(rawValue: 1009)
    }

    nonisolated(unsafe) private static var posted: [(Notification, Any?)] = []
    private static let lock = NSLock()

    /// Tells assistive technologies about a change; `argument` is the element to focus or the
    /// text to announce.
    public static func post(notification: Notification, argument: Any?) {
        lock.lock()
        posted.append((notification, argument))
        if posted.count > 256 { posted.removeFirst(posted.count - 256) }
        lock.unlock()
    }

    /// The notifications posted so far (the last 256), oldest first.
    ///
    /// - Note: Lamina addition, for tests.
    public static var postedNotifications: [(notification: Notification, argument: Any?)] {
        lock.lock()
        defer { lock.unlock() }
        return posted.map { (notification: $0.0, argument: $0.1) }
    }

    /// Whether VoiceOver is on (never, on Linux).
    public static var isVoiceOverRunning: Bool { false }
    /// Whether Switch Control is on (never, on Linux).
    public static var isSwitchControlRunning: Bool { false }
    /// Whether the user asked for less motion (no).
    public static var isReduceMotionEnabled: Bool { false }
    /// Whether the user asked for less transparency (no).
    public static var isReduceTransparencyEnabled: Bool { false }
    /// Whether the user asked for bold text (no).
    public static var isBoldTextEnabled: Bool { false }
    /// Whether the user asked for grayscale (no).
    public static var isGrayscaleEnabled: Bool { false }
    /// Whether the user asked for inverted colours (no).
    public static var isInvertColorsEnabled: Bool { false }
    /// Whether the user asked for darker system colours (no).
    public static var isDarkerSystemColorsEnabled: Bool { false }

    /// Posted when VoiceOver turns on or off.
    public static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")
    /// Posted when the reduce-motion setting changes.
    public static let reduceMotionStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
}
