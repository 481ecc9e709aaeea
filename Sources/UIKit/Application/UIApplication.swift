import Foundation
import LaminaPlatform

/// What an app's delegate hears about the application's life. Every method has a default.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The main window, when the delegate keeps one.
    var window: UIWindow? { get set }
    /// Launching has begun.
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// Launching is done: build the user interface here.
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// The app became active (after launch).
    func applicationDidBecomeActive(_ application: UIApplication)
    /// The app is about to become inactive.
    func applicationWillResignActive(_ application: UIApplication)
    /// The app is about to end.
    func applicationWillTerminate(_ application: UIApplication)
    /// The app went to the background (its window was hidden).
    func applicationDidEnterBackground(_ application: UIApplication)
    /// The app is about to come back from the background.
    func applicationWillEnterForeground(_ application: UIApplication)
    /// Memory is running short.
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
}

extension UIApplicationDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
    public func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
}

/// The running app: it owns the windows, delivers events to them, and sits at the end of the
/// responder chain (before its delegate, when the delegate is a responder).
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// Keys of the launch options dictionary.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
    }

    /// The app's states.
    public enum State: Int, Sendable {
        case active = 0
        case inactive = 1
        case background = 2
    }

    /// The application object.
    public static let shared = UIApplication()

    /// The delegate: told about launch and the app's state.
    open weak var delegate: (any UIApplicationDelegate)?
    /// Keeps a delegate made by `UIApplicationMain` alive.
    var ownedDelegate: (any UIApplicationDelegate)?
    /// Whether `UIApplicationMain` runs the main loop: windows shown from now on composite on
    /// their own threads, and closing the last one ends the process.
    var isRunningMainLoop = false
    /// The app's state: inactive until launched.
    open internal(set) var applicationState = State.inactive

    override init() {
        super.init()
    }

    /// The visible windows, in the order they were shown.
    open var windows: [UIWindow] {
        UIWindow.shownWindows.compactMap(\.window).filter { !$0.isHidden }
    }

    /// The key window.
    open var keyWindow: UIWindow? { UIWindow.keyWindow }

    /// Delivers an event: each window with touches (or presses) in it gets it through its
    /// `sendEvent(_:)`.
    open func sendEvent(_ event: UIEvent) {
        if let presses = event as? UIPressesEvent {
            var targets: [UIWindow] = []
            for press in presses.pressList { if let w = press.window, !targets.contains(where: { $0 === w }) { targets.append(w) } }
            for window in targets { window.sendEvent(event) }
            return
        }
        var targets: [UIWindow] = []
        for touch in event.touchList { if let w = touch.window, !targets.contains(where: { $0 === w }) { targets.append(w) } }
        for window in targets { window.sendEvent(event) }
    }

    /// After the application comes its delegate, when that is a responder.
    open override var next: UIResponder? { delegate as? UIResponder }

    /// Launches: makes the delegate, tells it that launching will and did finish, and makes
    /// the app active.
    /// Posts `didFinishLaunchingNotification` after the delegate's launch callbacks, then
    /// makes the app active (`didBecomeActiveNotification`), and from then on follows the
    /// backend's lifecycle events.
    func launch(delegate: any UIApplicationDelegate, options: [LaunchOptionsKey: Any]? = nil) {
        self.delegate = delegate
        ownedDelegate = delegate
        applicationState = .inactive
        _ = delegate.application(self, willFinishLaunchingWithOptions: options)
        _ = delegate.application(self, didFinishLaunchingWithOptions: options)
        NotificationCenter.default.post(name: UIApplication.didFinishLaunchingNotification, object: self)
        CATransaction.flush()
        Platform.setLifecycleHandler { event in
            if MainQueue.isCurrent {
                MainActor.assumeIsolated { UIApplication.shared.handle(event) }
            } else {
                DispatchQueue.main.async { MainActor.assumeIsolated { UIApplication.shared.handle(event) } }
            }
        }
        becomeActive()
    }
}

/// Starts the app with `delegate`: runs the launch callbacks, then the main run loop, and
/// does not return. Each visible window is composited on a thread of its own, paced by its
/// display and running only while something changes or animates, so an idle app sleeps;
/// events arrive on the main thread, and every turn of the run loop ends with the implicit
/// transaction's commit. Closing the last window tells the delegate the app will terminate,
/// then ends the process.
///
/// - Note: Differs from Apple: Swift on Linux cannot create an object from a class name, so
///   the delegate is passed in (`UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv,
///   nil, delegate: AppDelegate())`), and `@main` on an app delegate is not supported. With
///   `LAMINA_EXIT_AFTER_LAUNCH=1` it returns after launching and drawing one frame of every
///   window (for headless tools and CI).
@preconcurrency @MainActor
@discardableResult
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, delegate: @autoclosure () -> any UIApplicationDelegate) -> Int32 {
    let application = UIApplication.shared
    application.launch(delegate: delegate())
    for window in application.windows { window.renderFrame() }
    if ProcessInfo.processInfo.environment["LAMINA_EXIT_AFTER_LAUNCH"] == "1" { return 0 }
    application.isRunningMainLoop = true
    for window in application.windows { window.startCompositing() }
    RunLoop.main.run()
    return 0
}

extension UIApplication {
    /// Ends the process after the delegate heard `applicationWillTerminate` (the last window
    /// closed), when the app runs in `UIApplicationMain`; elsewhere (tests) it only reports.
    func terminateIfRunning() {
        guard isRunningMainLoop else { return }
        exit(0)
    }
}
