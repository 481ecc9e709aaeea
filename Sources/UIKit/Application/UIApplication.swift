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
    /// The configuration for a scene about to connect. By default, the `Info.plist` scene
    /// manifest's first configuration for the session's role.
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration
    /// Sessions were discarded (their scenes' windows were closed).
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
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
    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                            options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        application.manifestConfiguration(for: connectingSceneSession.role, named: nil)
            ?? UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
    }
    public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}

    /// Starts the app with this delegate class, as `@main` does: `UIApplicationMain` with no
    /// principal class and this class as the delegate.
    ///
    /// - Note: Differs from Apple: the delegate is made through `UIResponder`'s required
    ///   `init?(coder:)`, so it must be a `UIResponder` subclass (as Xcode's template makes it).
    public static func main() {
        UIApplicationMain(principalClass: nil, delegateClass: Self.self)
    }
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

    /// The application object: the principal class `UIApplicationMain` was given, else a
    /// `UIApplication`, made when first asked for.
    public class var shared: UIApplication {
        if let instance = UIApplication.instance { return instance }
        let instance = UIApplication()
        UIApplication.instance = instance
        return instance
    }
    static var instance: UIApplication?

    /// The delegate: told about launch and the app's state.
    open weak var delegate: (any UIApplicationDelegate)?
    /// Keeps a delegate made by `UIApplicationMain` alive.
    var ownedDelegate: (any UIApplicationDelegate)?
    /// Whether `UIApplicationMain` runs the main loop: windows shown from now on composite on
    /// their own threads, and closing the last one ends the process.
    var isRunningMainLoop = false
    /// The app's state: inactive until launched.
    open internal(set) var applicationState = State.inactive
    /// The app's bundle (see `AppBundle`), found at launch.
    var appBundle = Bundle.main
    /// Its `Info.plist`.
    var infoDictionary: [String: Any] = [:]
    /// The connected scenes, in the order they connected.
    var sceneList: [UIScene] = []
    /// The open sessions, in the order they opened.
    var sessionList: [UISceneSession] = []
    /// Windows UIKit made from storyboards, kept whether or not a delegate keeps them.
    var storyboardWindows: [UIWindow] = []

    override init() {
        super.init()
    }

    /// Makes the principal class `UIApplicationMain` names.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
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

    /// Launches: tells the delegate that launching will and did finish, then connects the
    /// scene the `Info.plist` scene manifest describes (it becomes active), or, for an app
    /// without scenes, makes the app active. From then on it follows the backend's lifecycle
    /// events. Posts `didFinishLaunchingNotification` after the delegate's launch callbacks.
    func launch(delegate: (any UIApplicationDelegate)?, options: [LaunchOptionsKey: Any]? = nil) {
        self.delegate = delegate
        ownedDelegate = delegate
        appBundle = AppBundle.relocate()
        infoDictionary = AppBundle.infoDictionary(of: appBundle)
        AppFonts.register(in: appBundle)
        StoryboardActions.registerGenerated()
        applicationState = .inactive
        _ = delegate?.application(self, willFinishLaunchingWithOptions: options)
        // An app without scenes may name a main storyboard: its window, with the initial
        // controller, is the delegate's before launching finishes, and is shown after.
        var mainWindow: UIWindow?
        if !usesScenes, let name = infoDictionary["UIMainStoryboardFile"] as? String {
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = UIStoryboard(name: name, bundle: appBundle).instantiateInitialViewController()
            delegate?.window = window
            storyboardWindows.append(window)
            mainWindow = window
        }
        _ = delegate?.application(self, didFinishLaunchingWithOptions: options)
        if let mainWindow, mainWindow.isHidden { mainWindow.makeKeyAndVisible() }
        NotificationCenter.default.post(name: UIApplication.didFinishLaunchingNotification, object: self)
        CATransaction.flush()
        Platform.setLifecycleHandler { event in
            if MainQueue.isCurrent {
                MainActor.assumeIsolated { UIApplication.shared.handle(event) }
            } else {
                DispatchQueue.main.async { MainActor.assumeIsolated { UIApplication.shared.handle(event) } }
            }
        }
        if usesScenes {
            connectScene(role: .windowApplication, options: UIScene.ConnectionOptions())
        } else {
            becomeActive()
        }
        CATransaction.flush()
    }
}

/// Starts the app: makes the application object (an instance of the class
/// `principalClassName` names, else `UIApplication`) and the delegate (of the class
/// `delegateClassName` names), runs the launch callbacks and connects the app's scene, then runs
/// the main run loop, and does not return. Each visible window is composited on a thread of its
/// own, paced by its display and running only while something changes or animates, so an idle
/// app sleeps; events arrive on the main thread, and every turn of the run loop ends with the
/// implicit transaction's commit. Closing the last window tells the delegate the app will
/// terminate, then ends the process.
///
/// Classes are looked up by their qualified names (`"MyApp.AppDelegate"`), as
/// `NSStringFromClass` spells them; an unknown name stops the app with UIKit's message.
///
/// - Note: Differs from Apple: Swift on Linux finds only top-level classes by name, and makes
///   them through `UIResponder`'s required `init?(coder:)`. With `LAMINA_EXIT_AFTER_LAUNCH=1` it
///   returns after launching and drawing one frame of every window (for headless tools and CI);
///   `LAMINA_SCREENSHOT=<file.png>` writes the key window's first frame there, and
///   `LAMINA_VIEW_DUMP=<file.txt>` its views (class, frame, text) as an outline.
///   `LAMINA_SCRIPT=<input.json>` plays scripted input (see `HeadlessScript`) and
///   `LAMINA_AT=<seconds>` runs on to that time before the screenshot, on a manual media clock,
///   then returns; `LAMINA_DEVICE=<name>` makes the screen that device's.
@preconcurrency @MainActor
@discardableResult
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Int32 {
    func lookUp(_ name: String?, _ what: String) -> AnyClass? {
        guard let name, !name.isEmpty else { return nil }
        guard let found = AppBundle.lookUpClass(named: name, module: nil) else {
            fatalError("Unable to instantiate the UIApplication \(what) instance. No class named \(name) is loaded.")
        }
        return found
    }
    let principal = lookUp(principalClassName, "subclass")
    let delegate = lookUp(delegateClassName, "delegate")
    return UIApplicationMain(principalClass: principal, delegateClass: delegate)
}

/// Starts the app with `delegate`, as `UIApplicationMain(_:_:_:_:)` does with a delegate class.
///
/// - Note: Lamina addition: hands over a delegate already made.
@preconcurrency @MainActor
@discardableResult
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, delegate: @autoclosure () -> any UIApplicationDelegate) -> Int32 {
    let principal = principalClassName.flatMap { AppBundle.lookUpClass(named: $0, module: nil) }
    return runApplication(principalClass: principal, delegate: delegate())
}

/// Makes the application object and delegate from their classes, then runs the app.
@MainActor
@discardableResult
func UIApplicationMain(principalClass: AnyClass?, delegateClass: AnyClass?) -> Int32 {
    var delegate: (any UIApplicationDelegate)?
    if let delegateClass {
        guard let responder = delegateClass as? UIResponder.Type,
              let made = responder.init(coder: NSCoder()) as? any UIApplicationDelegate
        else {
            fatalError("Unable to instantiate the UIApplication delegate instance: \(String(reflecting: delegateClass)) "
                       + "must be a UIResponder subclass adopting UIApplicationDelegate.")
        }
        delegate = made
    }
    return runApplication(principalClass: principalClass, delegate: delegate)
}

@MainActor
private func runApplication(principalClass: AnyClass?, delegate: (any UIApplicationDelegate)?) -> Int32 {
    if let principalClass {
        guard let type = principalClass as? UIApplication.Type else {
            fatalError("Unable to instantiate the UIApplication subclass instance: \(String(reflecting: principalClass)) "
                       + "is not a UIApplication subclass.")
        }
        if let existing = UIApplication.instance, !existing.isKind(of: type) {
            ConsoleLog.report("UIApplicationMain: the application object already exists; \(String(reflecting: type)) is not made.")
        } else if UIApplication.instance == nil {
            UIApplication.instance = type.init(coder: NSCoder())
        }
    }
    let environment = ProcessInfo.processInfo.environment
    // A scripted headless run (`LAMINA_SCRIPT`, `LAMINA_AT`) runs on a manual media clock.
    let scripted: (script: HeadlessScript, end: Double)?
    do throws(ScriptError) {
        scripted = try HeadlessScript.requested(by: environment)
    } catch {
        ConsoleLog.report("LAMINA_SCRIPT \(environment["LAMINA_SCRIPT"] ?? ""): \(error.description)")
        return 1
    }
    let clock = scripted.map { _ in CAMediaClock(manualTime: 0) }
    if let clock { CAMediaClock.main = clock }
    let application = UIApplication.shared
    application.launch(delegate: delegate)
    for window in application.windows { window.renderFrame() }
    if let clock, let scripted {
        var player = ScriptPlayer(application: application, clock: clock)
        do {
            try player.play(scripted.script, until: scripted.end)
        } catch {
            ConsoleLog.report("LAMINA_SCRIPT: \(error.description)")
            return 1
        }
    }
    if let path = environment["LAMINA_SCREENSHOT"], !path.isEmpty {
        application.writeScreenshot(to: URL(fileURLWithPath: path))
    }
    if let path = environment["LAMINA_VIEW_DUMP"], !path.isEmpty {
        application.writeViewDump(to: URL(fileURLWithPath: path))
    }
    if environment["LAMINA_EXIT_AFTER_LAUNCH"] == "1" || clock != nil { return 0 }
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

extension UIApplication {
    /// Writes the key window's (else the first visible window's) last frame as a PNG, as the
    /// surface holds it (headless), or drawn again from its layers (other backends).
    func writeScreenshot(to url: URL) {
        guard let window = keyWindow ?? windows.first(where: { !$0.isHidden }) else {
            ConsoleLog.report("LAMINA_SCREENSHOT: no window to write.")
            return
        }
        var image = (window.surface as? HeadlessSurface)?.lastFrame
        if image == nil {
            let renderer = UIGraphicsImageRenderer(bounds: window.bounds)
            image = renderer.image { _ in _ = window.drawHierarchy(in: window.bounds, afterScreenUpdates: true) }.cgImage
        }
        guard let image, let data = UIImage(cgImage: image).pngData() else {
            ConsoleLog.report("LAMINA_SCREENSHOT: the window has no frame to write.")
            return
        }
        do {
            try data.write(to: url)
        } catch {
            ConsoleLog.report("LAMINA_SCREENSHOT: could not write \(url.path): \(error.localizedDescription)")
        }
    }
}

extension UIApplication {
    /// Writes the key window's views as an indented outline: class, frame, and the text a
    /// label, button or text field shows (for checking an app from outside its process).
    func writeViewDump(to url: URL) {
        guard let window = keyWindow ?? windows.first(where: { !$0.isHidden }) else { return }
        var lines: [String] = []
        func visit(_ view: UIView, _ depth: Int) {
            var line = String(repeating: "  ", count: depth) + String(describing: type(of: view))
            let f = view.frame
            line += " (\(f.origin.x) \(f.origin.y); \(f.size.width) \(f.size.height))"
            if view.isHidden { line += " hidden" }
            if let label = view as? UILabel, let text = label.text { line += " text=\"\(text)\"" }
            if let button = view as? UIButton, let title = button.currentTitle { line += " title=\"\(title)\"" }
            if let field = view as? UITextField {
                if let text = field.text, !text.isEmpty { line += " text=\"\(text)\"" }
                if let placeholder = field.placeholder { line += " placeholder=\"\(placeholder)\"" }
            }
            lines.append(line)
            for subview in view.subviews { visit(subview, depth + 1) }
        }
        visit(window, 0)
        try? Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    }
}
