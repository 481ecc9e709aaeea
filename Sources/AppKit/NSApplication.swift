internal import UIKit

/// Told about the application's life.
@preconcurrency @MainActor
public protocol NSApplicationDelegate: AnyObject {
    func applicationWillFinishLaunching(_ notification: Notification)
    func applicationDidFinishLaunching(_ notification: Notification)
    func applicationWillTerminate(_ notification: Notification)
    func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool
}

extension NSApplicationDelegate {
    public func applicationWillFinishLaunching(_ notification: Notification) {}
    public func applicationDidFinishLaunching(_ notification: Notification) {}
    public func applicationWillTerminate(_ notification: Notification) {}
    public func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool { false }
}

/// The application: `shared` (also `NSApp`), its delegate, its windows, and `run()` — the
/// main run loop, on the same backends and compositor as UIKit apps.
///
/// - Note: Differs from Apple: there is no menu bar; `run()` with
///   `LAMINA_EXIT_AFTER_LAUNCH=1` returns after launching and drawing one frame (for CI).
@preconcurrency @MainActor
open class NSApplication: NSResponder {
    public enum ActivationPolicy: Int, Sendable { case regular = 0, accessory = 1, prohibited = 2 }

    public static let shared = NSApplication()
    public static let didFinishLaunchingNotification = Notification.Name("NSApplicationDidFinishLaunchingNotification")
    public static let willFinishLaunchingNotification = Notification.Name("NSApplicationWillFinishLaunchingNotification")
    public static let willTerminateNotification = Notification.Name("NSApplicationWillTerminateNotification")

    open weak var delegate: (any NSApplicationDelegate)?
    private var allWindows: [WeakWindow] = []
    private var shown: [NSWindow] = []
    open internal(set) weak var keyWindow: NSWindow?
    open var mainWindow: NSWindow? { keyWindow }
    open private(set) var isRunning = false
    private var storedPolicy: ActivationPolicy = .regular

    /// The application's windows, oldest first.
    open var windows: [NSWindow] {
        allWindows.compactMap(\.window)
    }

    func register(_ window: NSWindow) {
        allWindows.removeAll { $0.window == nil }
        allWindows.append(WeakWindow(window: window))
    }

    /// Keeps a shown window alive while it is on screen, as the window server does.
    func windowDidShow(_ window: NSWindow) {
        if !shown.contains(where: { $0 === window }) { shown.append(window) }
    }

    func windowDidHide(_ window: NSWindow) {
        shown.removeAll { $0 === window }
        if keyWindow === window { keyWindow = nil }
    }

    func windowDidClose(_ window: NSWindow) {
        windowDidHide(window)
        if keyWindow === window { keyWindow = nil }
        guard isRunning, !windows.contains(where: \.isVisible),
              delegate?.applicationShouldTerminateAfterLastWindowClosed(self) == true else { return }
        terminate(nil)
    }

    open func setActivationPolicy(_ activationPolicy: ActivationPolicy) -> Bool {
        storedPolicy = activationPolicy
        return true
    }

    open func activationPolicy() -> ActivationPolicy { storedPolicy }

    open func activate(ignoringOtherApps flag: Bool) {}
    open func activate() {}

    /// Launches (the delegate's `applicationWillFinishLaunching` and
    /// `applicationDidFinishLaunching`) and runs the main run loop; it does not return.
    open func run() {
        isRunning = true
        let bridge = LaunchBridge(application: self)
        UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, delegate: bridge)
        isRunning = false
    }

    /// Tells the delegate the application will terminate, then ends the process (when running).
    open func terminate(_ sender: Any?) {
        let note = Notification(name: NSApplication.willTerminateNotification, object: self)
        delegate?.applicationWillTerminate(note)
        NotificationCenter.default.post(note)
        if isRunning { exit(0) }
    }

    /// Launch steps outside `run()` (for tests): the delegate hears that launching finished.
    func finishLaunching() {
        let will = Notification(name: NSApplication.willFinishLaunchingNotification, object: self)
        delegate?.applicationWillFinishLaunching(will)
        let did = Notification(name: NSApplication.didFinishLaunchingNotification, object: self)
        delegate?.applicationDidFinishLaunching(did)
        NotificationCenter.default.post(did)
    }
}

/// The application object, as AppKit code refers to it.
@MainActor
public var NSApp: NSApplication! { NSApplication.shared }

/// Runs the shared application (`NSApplication.shared.run()`).
@MainActor
@discardableResult
public func NSApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    NSApplication.shared.run()
    return 0
}

private struct WeakWindow {
    weak var window: NSWindow?
}

/// Lets UIKit's launch sequence and run loop carry an AppKit application.
@MainActor
private final class LaunchBridge: UIResponder, UIApplicationDelegate {
    private let application: NSApplication
    init(application: NSApplication) {
        self.application = application
        super.init()
    }

    required init?(coder: NSCoder) { nil }

    func application(_ app: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        application.finishLaunching()
        return true
    }

    func applicationWillTerminate(_ app: UIApplication) {
        let note = Notification(name: NSApplication.willTerminateNotification, object: application)
        application.delegate?.applicationWillTerminate(note)
    }
}
