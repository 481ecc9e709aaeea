import Foundation

/// Which way up the device is held.
public enum UIDeviceOrientation: Int, Sendable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 3
    case landscapeRight = 4
    case faceUp = 5
    case faceDown = 6

    /// Whether the orientation is one of the two portrait ones.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether the orientation is one of the two landscape ones.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    /// Whether the device lies flat.
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    /// Whether the interface can be drawn this way up (portrait or landscape).
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}

/// The device the app runs on.
///
/// - Note: Differs from Apple: headless Lamina presents an iPhone running iOS 17.0 held in
///   portrait, with no battery or proximity sensor; `name` is the machine's host name.
@preconcurrency @MainActor
open class UIDevice: NSObject {
    /// The state of the battery.
    public enum BatteryState: Int, Sendable {
        case unknown = 0
        case unplugged = 1
        case charging = 2
        case full = 3
    }

    /// The device.
    public static let current = UIDevice()

    /// Posted when the orientation changes (while notifications are being generated).
    nonisolated public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
    /// Posted when the battery state changes.
    nonisolated public static let batteryStateDidChangeNotification = Notification.Name("UIDeviceBatteryStateDidChangeNotification")
    /// Posted when the battery level changes.
    nonisolated public static let batteryLevelDidChangeNotification = Notification.Name("UIDeviceBatteryLevelDidChangeNotification")

    override init() {
        super.init()
    }

    /// The device's name.
    open var name: String { ProcessInfo.processInfo.hostName }
    /// The kind of device: `"iPhone"`.
    open var model: String { "iPhone" }
    /// The kind of device in the user's language.
    open var localizedModel: String { "iPhone" }
    /// The operating system's name: `"iOS"`.
    open var systemName: String { "iOS" }
    /// The operating system's version.
    open var systemVersion: String { "17.0" }
    /// The interface idiom: `.phone`.
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    /// An identifier of the app's vendor on this device, stable for the process.
    open var identifierForVendor: UUID? { UIDevice.vendorIdentifier }
    private static let vendorIdentifier = UUID()

    /// The physical orientation: portrait.
    open private(set) var orientation: UIDeviceOrientation = .portrait
    /// Whether orientation notifications are being generated.
    open private(set) var isGeneratingDeviceOrientationNotifications = false

    /// Starts orientation notifications (calls nest).
    open func beginGeneratingDeviceOrientationNotifications() {
        orientationNotificationRequests += 1
        isGeneratingDeviceOrientationNotifications = true
    }

    /// Stops orientation notifications when every begin has been matched.
    open func endGeneratingDeviceOrientationNotifications() {
        orientationNotificationRequests = Swift.max(0, orientationNotificationRequests - 1)
        isGeneratingDeviceOrientationNotifications = orientationNotificationRequests > 0
    }

    private var orientationNotificationRequests = 0

    /// Whether battery state and level are monitored.
    open var isBatteryMonitoringEnabled = false
    /// The battery level 0…1, or −1 when unknown (always, here).
    open var batteryLevel: Float { -1 }
    /// The battery state (always unknown, here).
    open var batteryState: BatteryState { .unknown }
    /// Whether the proximity sensor is monitored (it cannot be turned on, here).
    open var isProximityMonitoringEnabled: Bool {
        get { false }
        set {}
    }
    /// Whether something is close to the proximity sensor (never).
    open var proximityState: Bool { false }
    /// Whether the device runs apps side by side.
    open var isMultitaskingSupported: Bool { true }

    /// Plays the keyboard click (silently, here).
    open func playInputClick() {}
}
