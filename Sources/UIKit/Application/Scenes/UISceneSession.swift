import Foundation

/// One instance of the app's user interface, kept across the scene's connections: its role, its
/// configuration and the scene connected to it.
@preconcurrency @MainActor
open class UISceneSession: NSObject {
    /// What a session's scene is for.
    public struct Role: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Interactive windows on the device's display (a desktop window, on Lamina).
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
        /// Noninteractive windows on an external display.
        @available(*, deprecated, message: "Use windowExternalDisplayNonInteractive")
        public static let windowExternalDisplay = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplay")
        /// Noninteractive windows on an external display.
        public static let windowExternalDisplayNonInteractive = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }

    /// The connected scene, nil while disconnected.
    open internal(set) weak var scene: UIScene?
    /// The session's role.
    public let role: Role
    /// The configuration its scene was made from.
    open internal(set) var configuration: UISceneConfiguration
    /// A string that identifies the session for as long as it exists.
    public let persistentIdentifier: String
    /// What the app keeps with the session.
    open var userInfo: [String: Any]?
    /// The activity that restores the session's state.
    open var stateRestorationActivity: NSUserActivity?

    init(role: Role, configuration: UISceneConfiguration) {
        self.role = role
        self.configuration = configuration
        persistentIdentifier = UUID().uuidString
        super.init()
    }
}

/// Which classes and storyboard make a scene: read from the `Info.plist` scene manifest, or
/// made by the app delegate's `application(_:configurationForConnecting:options:)`.
@preconcurrency @MainActor
open class UISceneConfiguration: NSObject, NSCopying {
    /// The configuration's name (`UISceneConfigurationName` in the manifest).
    public let name: String?
    /// The role of the sessions it configures.
    public let role: UISceneSession.Role
    /// The scene's class: `UIWindowScene` when nil.
    open var sceneClass: AnyClass?
    /// The scene delegate's class (it must adopt `UISceneDelegate`).
    open var delegateClass: AnyClass?

    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        role = sessionRole
        super.init()
    }

    /// A configuration whose role the system chooses (the app's window role).
    public convenience init(name: String?) {
        self.init(name: name, sessionRole: .windowApplication)
    }

    public convenience override init() {
        self.init(name: nil, sessionRole: .windowApplication)
    }

    nonisolated public func copy(with zone: NSZone? = nil) -> Any {
        MainActor.assumeIsolated { makeCopy() }
    }

    private func makeCopy() -> UISceneConfiguration {
        let copy = UISceneConfiguration(name: name, sessionRole: role)
        copy.sceneClass = sceneClass
        copy.delegateClass = delegateClass
        copy.storyboardName = storyboardName
        return copy
    }

    /// The manifest's storyboard (`UISceneStoryboardFile`), whose initial view controller
    /// becomes the root of the scene's window.
    var storyboardName: String?
}
