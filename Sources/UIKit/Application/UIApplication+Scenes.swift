import Foundation

extension UIApplication {
    /// The scenes connected to the app.
    public var connectedScenes: Set<UIScene> { Set(sceneList) }

    /// The sessions open in the app (one for each connected scene).
    public var openSessions: Set<UISceneSession> { Set(sessionList) }

    /// Whether the scene manifest says the app may show several scenes at once.
    public var supportsMultipleScenes: Bool {
        sceneManifest?["UIApplicationSupportsMultipleScenes"] as? Bool ?? false
    }

    /// The `Info.plist` scene manifest: an app with one has scenes (iOS 13's life cycle).
    var sceneManifest: [String: Any]? { infoDictionary["UIApplicationSceneManifest"] as? [String: Any] }

    /// Whether the app's life follows scenes: its delegate then hears launch and termination,
    /// and each scene's delegate the rest.
    var usesScenes: Bool { sceneManifest != nil }

    /// The manifest's configuration for `role`: the one called `name`, or the first without a
    /// name; nil when the manifest has none.
    func manifestConfiguration(for role: UISceneSession.Role, named name: String?) -> UISceneConfiguration? {
        guard let roles = sceneManifest?["UISceneConfigurations"] as? [String: Any],
              let entries = roles[role.rawValue] as? [[String: Any]], !entries.isEmpty
        else { return nil }
        let entry: [String: Any]
        if let name {
            guard let named = entries.first(where: { $0["UISceneConfigurationName"] as? String == name }) else { return nil }
            entry = named
        } else {
            entry = entries[0]
        }
        let module = ownedDelegate.map { AppBundle.module(of: type(of: $0)) } ?? nil
        func lookUp(_ key: String) -> AnyClass? {
            guard let className = entry[key] as? String, !className.isEmpty else { return nil }
            guard let found = AppBundle.lookUpClass(named: className, module: module) else {
                ConsoleLog.report("[SceneConfiguration] Info.plist names \(key) \"\(className)\", but no class by that name is loaded.")
                return nil
            }
            return found
        }
        let configuration = UISceneConfiguration(name: entry["UISceneConfigurationName"] as? String, sessionRole: role)
        configuration.sceneClass = lookUp("UISceneClassName")
        configuration.delegateClass = lookUp("UISceneDelegateClassName")
        configuration.storyboardName = entry["UISceneStoryboardFile"] as? String
        return configuration
    }

    /// Connects a new session's scene: asks the app delegate for its configuration (completed
    /// from the manifest's configuration of the same name, as UIKit does), makes the scene and
    /// its delegate, tells the delegate it will connect, and brings it on screen and active.
    @discardableResult
    func connectScene(role: UISceneSession.Role, options: UIScene.ConnectionOptions) -> UIScene {
        let session = UISceneSession(role: role, configuration: UISceneConfiguration(name: nil, sessionRole: role))
        let configuration = delegate?.application(self, configurationForConnecting: session, options: options)
            ?? manifestConfiguration(for: role, named: nil)
            ?? UISceneConfiguration(name: nil, sessionRole: role)
        if let listed = manifestConfiguration(for: role, named: configuration.name ?? ""),
           listed.name == configuration.name, listed !== configuration {
            if configuration.sceneClass == nil { configuration.sceneClass = listed.sceneClass }
            if configuration.delegateClass == nil { configuration.delegateClass = listed.delegateClass }
            if configuration.storyboardName == nil { configuration.storyboardName = listed.storyboardName }
        }
        session.configuration = configuration
        let sceneType: UIScene.Type
        if let requested = configuration.sceneClass {
            if let type = requested as? UIScene.Type {
                sceneType = type
            } else {
                ConsoleLog.report("[SceneConfiguration] \(String(reflecting: requested)) is not a UIScene subclass; a UIWindowScene is made.")
                sceneType = UIWindowScene.self
            }
        } else {
            sceneType = UIWindowScene.self
        }
        let scene = sceneType.init(session: session, connectionOptions: options)
        if let delegateClass = configuration.delegateClass {
            if let type = delegateClass as? UIResponder.Type, let made = type.init(coder: NSCoder()) as? any UISceneDelegate {
                scene.delegate = made
            } else {
                ConsoleLog.report("[SceneConfiguration] \(String(reflecting: delegateClass)) is not a UIResponder subclass "
                                  + "adopting UISceneDelegate; the scene has no delegate.")
            }
        }
        session.scene = scene
        sessionList.append(session)
        sceneList.append(scene)
        // A storyboard scene: its window, with the initial controller, is the delegate's before
        // it hears of the connection, and is shown after.
        var storyboardWindow: UIWindow?
        if let name = configuration.storyboardName, let windowScene = scene as? UIWindowScene {
            let window = UIWindow(windowScene: windowScene)
            window.rootViewController = UIStoryboard(name: name, bundle: appBundle).instantiateInitialViewController()
            (scene.delegate as? any UIWindowSceneDelegate)?.window = window
            storyboardWindows.append(window)
            storyboardWindow = window
        }
        scene.delegate?.scene(scene, willConnectTo: session, options: options)
        scene.post(UIScene.willConnectNotification)
        if let storyboardWindow, storyboardWindow.isHidden { storyboardWindow.makeKeyAndVisible() }
        scene.move(to: .foregroundActive)
        sceneStatesChanged()
        return scene
    }

    /// Disconnects a scene whose windows were all closed: it resigns, goes to the background
    /// and is disconnected; its session is discarded.
    func disconnectScene(_ scene: UIScene) {
        guard let index = sceneList.firstIndex(where: { $0 === scene }) else { return }
        scene.move(to: .unattached)
        sceneList.remove(at: index)
        scene.delegate?.sceneDidDisconnect(scene)
        scene.post(UIScene.didDisconnectNotification)
        let session = scene.session
        session.scene = nil
        storyboardWindows.removeAll { $0.windowScene === scene }
        sessionList.removeAll { $0 === session }
        sceneStatesChanged()
        delegate?.application(self, didDiscardSceneSessions: [session])
    }

    /// Moves every connected scene to `state` (the whole app went to the background, or came
    /// back).
    func moveScenes(to state: UIScene.ActivationState) {
        for scene in sceneList { scene.move(to: state) }
        sceneStatesChanged()
    }

    /// The app's state follows its scenes': active while one is, in the background once all
    /// are, inactive otherwise. The app's notifications are posted; with scenes its delegate is
    /// not told (the scenes' delegates were).
    func sceneStatesChanged() {
        let states = sceneList.map(\.activationState)
        let state: State
        if states.contains(.foregroundActive) {
            state = .active
        } else if !states.isEmpty, states.allSatisfy({ $0 == .background || $0 == .unattached }) {
            state = .background
        } else {
            state = .inactive
        }
        switch (applicationState, state) {
        case (.active, .active), (.inactive, .inactive), (.background, .background):
            break
        case (.active, _):
            resignActive()
            if state == .background { enterBackground() }
        case (.background, _):
            enterForeground()
            if state == .active { becomeActive() }
        case (.inactive, .active):
            becomeActive()
        case (.inactive, _):
            enterBackground()
        }
    }
}
