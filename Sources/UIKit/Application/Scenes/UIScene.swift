import Foundation

/// One instance of the app's user interface. UIKit makes a scene for each session it connects
/// (at launch, from the `Info.plist` scene manifest or the app delegate's configuration), gives
/// it its delegate, and moves it through its activation states; on a desktop each window scene
/// is a window, and closing that window disconnects the scene.
@preconcurrency @MainActor
open class UIScene: UIResponder {
    /// Where a scene stands in its life.
    public enum ActivationState: Int, Sendable {
        /// Not connected to the app.
        case unattached = -1
        /// On screen and receiving events.
        case foregroundActive = 0
        /// On screen, not receiving events.
        case foregroundInactive = 1
        /// Off screen.
        case background = 2
    }

    /// What a scene was connected with: URLs, activities and the like that caused it.
    @preconcurrency @MainActor
    open class ConnectionOptions: NSObject {
        /// URLs the scene opens.
        open internal(set) var urlContexts: Set<UIOpenURLContext> = []
        /// The bundle identifier of the app that asked for the scene.
        open internal(set) var sourceApplication: String?
        /// The type of a Handoff activity the scene continues.
        open internal(set) var handoffUserActivityType: String?
        /// Activities the scene continues.
        open internal(set) var userActivities: Set<NSUserActivity> = []

        override init() {
            super.init()
        }
    }

    /// Options for opening a URL from a scene.
    @preconcurrency @MainActor
    open class OpenURLOptions: NSObject {
        /// The bundle identifier of the app that asked to open the URL.
        open internal(set) var sourceApplication: String?
        /// Information the opening app attached.
        open internal(set) var annotation: Any?
        /// Whether the file is to be opened in place.
        open internal(set) var openInPlace = false

        override init() {
            super.init()
        }
    }

    // Apple declares these outside the main actor: any code may observe them.
    nonisolated public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    nonisolated public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    nonisolated public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    nonisolated public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")

    /// The session the scene is connected to.
    open var session: UISceneSession { storedSession }
    private let storedSession: UISceneSession
    /// The scene's delegate, which the scene keeps (a strong reference, as on iOS).
    open var delegate: (any UISceneDelegate)?
    /// Where the scene stands in its life.
    open internal(set) var activationState = ActivationState.unattached
    /// The scene's title: a desktop shows it as its windows' title.
    open var title: String! {
        didSet { titleDidChange() }
    }
    /// A secondary title (shown by desktops that have one; none on Lamina's).
    open var subtitle = ""
    /// The activity that opened the scene, if any.
    open var userActivity: NSUserActivity?

    /// Makes a scene for `session`; UIKit does this when it connects a session.
    public required init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        storedSession = session
        super.init()
    }

    /// Scenes are not archived.
    public required init?(coder: NSCoder) {
        nil
    }

    /// Called when the title changes (window scenes retitle their windows).
    func titleDidChange() {}

    /// Opens a URL in another app.
    ///
    /// - Note: Differs from Apple: there are no other apps to open it in; the completion is
    ///   called with false.
    open func open(_ url: URL, options: UIScene.OpenExternalURLOptions?, completionHandler completion: ((Bool) -> Void)? = nil) {
        completion?(false)
    }

    /// Options for opening a URL in another app.
    @preconcurrency @MainActor
    open class OpenExternalURLOptions: NSObject {
        /// Whether only an app that claims the URL as a universal link may open it.
        open var universalLinksOnly = false

        public override init() {
            super.init()
        }
    }

    // MARK: Life

    /// Moves the scene to `state`, through the states between, telling the delegate and
    /// posting the notifications of each step.
    func move(to state: ActivationState) {
        while activationState != state {
            switch (activationState, state) {
            case (.foregroundActive, _):
                delegate?.sceneWillResignActive(self)
                post(UIScene.willDeactivateNotification)
                activationState = .foregroundInactive
            case (.foregroundInactive, .foregroundActive):
                activationState = .foregroundActive
                delegate?.sceneDidBecomeActive(self)
                post(UIScene.didActivateNotification)
            case (.foregroundInactive, _):
                activationState = .background
                delegate?.sceneDidEnterBackground(self)
                post(UIScene.didEnterBackgroundNotification)
            case (.background, .unattached), (.unattached, .background):
                activationState = state
            case (.background, _), (.unattached, _):
                delegate?.sceneWillEnterForeground(self)
                post(UIScene.willEnterForegroundNotification)
                activationState = .foregroundInactive
            }
        }
    }

    func post(_ name: Notification.Name) {
        NotificationCenter.default.post(name: name, object: self)
    }
}

/// A URL for a scene to open, with how it came.
@preconcurrency @MainActor
open class UIOpenURLContext: NSObject {
    /// The URL.
    public let url: URL
    /// How it is to be opened.
    public let options: UIScene.OpenURLOptions

    init(url: URL, options: UIScene.OpenURLOptions = UIScene.OpenURLOptions()) {
        self.url = url
        self.options = options
        super.init()
    }
}

/// What a scene's delegate hears about its life. Every method has a default that does nothing.
@preconcurrency @MainActor
public protocol UISceneDelegate: AnyObject {
    /// The scene is being connected: set up its windows here.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    /// The scene was disconnected (its window closed): release what it held.
    func sceneDidDisconnect(_ scene: UIScene)
    /// The scene became active: it receives events.
    func sceneDidBecomeActive(_ scene: UIScene)
    /// The scene is about to stop receiving events.
    func sceneWillResignActive(_ scene: UIScene)
    /// The scene is about to come on screen.
    func sceneWillEnterForeground(_ scene: UIScene)
    /// The scene went off screen.
    func sceneDidEnterBackground(_ scene: UIScene)
    /// The scene is asked to open URLs.
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
    /// The activity that restores the scene's state when it reconnects.
    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
    public func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? { nil }
}
