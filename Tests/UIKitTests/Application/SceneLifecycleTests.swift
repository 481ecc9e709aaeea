import Foundation
import LaminaPlatform
import Testing
@testable import UIKit

/// What the test apps' delegates heard, in order.
@MainActor var sceneTestLog: [String] = []

/// An app delegate as Xcode's app template writes it (iOS 13 and later): launch, the scene
/// configuration by name, discarded sessions.
final class SceneTestAppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication,
                     willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        sceneTestLog.append("app willFinishLaunching")
        return true
    }

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        sceneTestLog.append("app didFinishLaunching")
        return true
    }

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        sceneTestLog.append("app configurationForConnecting")
        return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
        sceneTestLog.append("app didDiscardSceneSessions \(sceneSessions.count)")
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        sceneTestLog.append("app didBecomeActive")
    }

    func applicationWillTerminate(_ application: UIApplication) {
        sceneTestLog.append("app willTerminate")
    }
}

/// A scene delegate as the template writes it: a window for the scene in `willConnectTo`.
final class SceneTestSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        sceneTestLog.append("scene willConnectTo")
        guard let windowScene = (scene as? UIWindowScene) else { return }
        let window = UIWindow(windowScene: windowScene)
        let controller = UIViewController()
        controller.view.backgroundColor = .systemTeal
        window.rootViewController = controller
        window.makeKeyAndVisible()
        self.window = window
    }

    func sceneDidDisconnect(_ scene: UIScene) { sceneTestLog.append("sceneDidDisconnect") }
    func sceneDidBecomeActive(_ scene: UIScene) { sceneTestLog.append("sceneDidBecomeActive") }
    func sceneWillResignActive(_ scene: UIScene) { sceneTestLog.append("sceneWillResignActive") }
    func sceneWillEnterForeground(_ scene: UIScene) { sceneTestLog.append("sceneWillEnterForeground") }
    func sceneDidEnterBackground(_ scene: UIScene) { sceneTestLog.append("sceneDidEnterBackground") }
}

/// A scene delegate for a storyboard scene: UIKit makes its window.
final class SceneTestStoryboardSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        sceneTestLog.append("storyboard scene willConnectTo window \(window?.rootViewController is UINavigationController) "
                            + "hidden \(window?.isHidden ?? false)")
    }
}

/// An app delegate with a window property, for a main storyboard.
final class SceneTestWindowAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        sceneTestLog.append("app didFinishLaunching window \(window?.rootViewController is UINavigationController)")
        return true
    }
}

/// An app delegate that names its scene delegate's class itself, with no manifest entry for it.
final class SceneTestClassConfiguringDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Made in code", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneTestSceneDelegate.self
        return configuration
    }
}

/// Apps that start as Xcode's template makes them: `UIApplicationMain` with the app delegate's
/// class name, an `Info.plist` scene manifest, a scene delegate that makes the window; the
/// scene's life follows its desktop window (focus, close).
@MainActor
@Suite(.serialized) struct SceneLifecycleTests {
    /// Writes an `Info.plist` with `manifest` into a fresh folder and launches the app whose
    /// delegate class is `delegateClass` with it as the app's bundle, headless, on a manual clock.
    private func launch(delegateClass: AnyClass, manifest: [String: Any]?, extraInfo: [String: Any] = [:]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("SceneLifecycleTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: StoryboardTests.app.appendingPathComponent("Main.storyboard"),
                                         to: folder.appendingPathComponent("Main.storyboard"))
        var info: [String: Any] = ["CFBundleName": "SceneTest"]
        info.merge(extraInfo) { $1 }
        if let manifest { info["UIApplicationSceneManifest"] = manifest }
        let data = try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
        try data.write(to: folder.appendingPathComponent("Info.plist"))
        setenv("LAMINA_APP_BUNDLE", folder.path, 1)
        setenv("LAMINA_EXIT_AFTER_LAUNCH", "1", 1)
        defer {
            unsetenv("LAMINA_APP_BUNDLE")
            unsetenv("LAMINA_EXIT_AFTER_LAUNCH")
            try? FileManager.default.removeItem(at: folder)
        }
        sceneTestLog = []
        let status = CAMediaClock(manualTime: 0).withCurrent {
            UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(delegateClass))
        }
        #expect(status == 0)
    }

    private static let templateManifest: [String: Any] = [
        "UIApplicationSupportsMultipleScenes": false,
        "UISceneConfigurations": [
            "UIWindowSceneSessionRoleApplication": [[
                "UISceneConfigurationName": "Default Configuration",
                "UISceneDelegateClassName": "$(PRODUCT_MODULE_NAME).SceneTestSceneDelegate",
            ]],
        ],
    ]

    /// Leaves the application as an app without scenes finds it.
    private func finish() {
        let application = UIApplication.shared
        for scene in application.sceneList {
            for window in (scene as? UIWindowScene)?.windows ?? [] { window.isHidden = true }
            application.disconnectScene(scene)
        }
        for window in application.storyboardWindows { window.isHidden = true }
        application.storyboardWindows = []
        application.infoDictionary = [:]
        application.delegate = nil
    }

    @Test func theTemplateAppConnectsItsSceneAtLaunch() throws {
        try launch(delegateClass: SceneTestAppDelegate.self, manifest: Self.templateManifest)
        defer { finish() }
        // The app delegate launches; the scene delegate, not the app delegate, hears activation.
        #expect(sceneTestLog == ["app willFinishLaunching", "app didFinishLaunching", "app configurationForConnecting",
                                 "scene willConnectTo", "sceneWillEnterForeground", "sceneDidBecomeActive"])
        let application = UIApplication.shared
        #expect(application.delegate is SceneTestAppDelegate)
        #expect(application.applicationState == .active)
        #expect(!application.supportsMultipleScenes)
        #expect(application.connectedScenes.count == 1)
        #expect(application.openSessions.count == 1)
        let scene = try #require(application.connectedScenes.first as? UIWindowScene)
        #expect(scene.activationState == .foregroundActive)
        #expect(scene.session.role == .windowApplication)
        #expect(scene.session.scene === scene)
        #expect(scene.session.configuration.name == "Default Configuration")
        // The manifest's delegate class completed the delegate's configuration by name.
        #expect(scene.session.configuration.delegateClass == SceneTestSceneDelegate.self)
        let sceneDelegate = try #require(scene.delegate as? SceneTestSceneDelegate)
        let window = try #require(sceneDelegate.window)
        #expect(window.windowScene === scene)
        #expect(scene.windows.count == 1 && scene.windows[0] === window)
        #expect(scene.keyWindow === window)
        #expect(window.frame == UIScreen.main.bounds)
        #expect(scene.screen === UIScreen.main)
        #expect(scene.interfaceOrientation == .portrait)
        #expect(scene.traitCollection.horizontalSizeClass == .compact)
        // The window was drawn at launch.
        let surface = try #require(window.surface as? HeadlessSurface)
        #expect(surface.lastFrame != nil)
        // The scene's title is its desktop window's.
        scene.title = "Notes"
        #expect(surface.title == "Notes")
    }

    @Test func focusAndClosingTheWindowMoveTheScene() throws {
        try launch(delegateClass: SceneTestAppDelegate.self, manifest: Self.templateManifest)
        defer { finish() }
        let application = UIApplication.shared
        let scene = try #require(application.connectedScenes.first as? UIWindowScene)
        let surface = try #require(scene.windows.first?.surface as? HeadlessSurface)
        var resigned = 0, activated = 0
        let observers = [
            NotificationCenter.default.addObserver(forName: UIScene.willDeactivateNotification, object: scene, queue: nil) { _ in
                MainActor.assumeIsolated { resigned += 1 }
            },
            NotificationCenter.default.addObserver(forName: UIScene.didActivateNotification, object: scene, queue: nil) { _ in
                MainActor.assumeIsolated { activated += 1 }
            },
        ]
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        sceneTestLog = []
        surface.send(.focusChanged(false))
        #expect(scene.activationState == .foregroundInactive)
        #expect(application.applicationState == .inactive)
        surface.send(.focusChanged(true))
        #expect(scene.activationState == .foregroundActive)
        #expect(application.applicationState == .active)
        #expect(resigned == 1 && activated == 1)
        // Closing the scene's window: it resigns, leaves the screen and is disconnected, its
        // session discarded; it was the last window, so the app will terminate.
        surface.send(.closeRequested)
        #expect(sceneTestLog == ["sceneWillResignActive", "sceneDidBecomeActive", "sceneWillResignActive",
                                 "sceneDidEnterBackground", "sceneDidDisconnect", "app didDiscardSceneSessions 1",
                                 "app willTerminate"])
        #expect(scene.activationState == .unattached)
        #expect(scene.session.scene == nil)
        #expect(application.connectedScenes.isEmpty && application.openSessions.isEmpty)
    }

    @Test func aConfigurationMadeInCodeNamesItsDelegateClass() throws {
        let manifest: [String: Any] = ["UISceneConfigurations": [String: Any]()]
        try launch(delegateClass: SceneTestClassConfiguringDelegate.self, manifest: manifest)
        defer { finish() }
        let scene = try #require(UIApplication.shared.connectedScenes.first as? UIWindowScene)
        #expect(scene.session.configuration.name == "Made in code")
        #expect(scene.delegate is SceneTestSceneDelegate)
        #expect(sceneTestLog == ["scene willConnectTo", "sceneWillEnterForeground", "sceneDidBecomeActive"])
    }

    @Test func withoutAManifestTheAppDelegateHearsActivation() throws {
        try launch(delegateClass: SceneTestAppDelegate.self, manifest: nil)
        defer { finish() }
        #expect(sceneTestLog == ["app willFinishLaunching", "app didFinishLaunching", "app didBecomeActive"])
        #expect(UIApplication.shared.connectedScenes.isEmpty)
    }

    @Test func aStoryboardSceneGetsItsWindowBeforeConnecting() throws {
        let manifest: [String: Any] = [
            "UISceneConfigurations": [
                "UIWindowSceneSessionRoleApplication": [[
                    "UISceneConfigurationName": "Default Configuration",
                    "UISceneDelegateClassName": "$(PRODUCT_MODULE_NAME).SceneTestStoryboardSceneDelegate",
                    "UISceneStoryboardFile": "Main",
                ]],
            ],
        ]
        try launch(delegateClass: SceneTestClassConfiguringDelegate.self, manifest: manifest)
        defer { finish() }
        let scene = try #require(UIApplication.shared.connectedScenes.first as? UIWindowScene)
        // The app delegate's configuration has no delegate class or storyboard of its own:
        // "Made in code" is not in the manifest, so its class (SceneTestSceneDelegate) serves.
        #expect(scene.delegate is SceneTestSceneDelegate)
        finish()
        try launch(delegateClass: SceneTestAppDelegate.self, manifest: manifest)
        let storyboardScene = try #require(UIApplication.shared.connectedScenes.first as? UIWindowScene)
        let delegate = try #require(storyboardScene.delegate as? SceneTestStoryboardSceneDelegate)
        #expect(sceneTestLog.contains("storyboard scene willConnectTo window true hidden true"))
        let window = try #require(delegate.window)
        #expect(!window.isHidden && window.isKeyWindow)
        #expect(window.windowScene === storyboardScene)
        let navigation = try #require(window.rootViewController as? UINavigationController)
        #expect(navigation.viewControllers.first is StoryboardTestListController)
        #expect(navigation.viewControllers.first?.isViewLoaded == true)
    }

    @Test func aMainStoryboardGivesTheAppDelegateItsWindow() throws {
        try launch(delegateClass: SceneTestWindowAppDelegate.self, manifest: nil, extraInfo: ["UIMainStoryboardFile": "Main"])
        defer { finish() }
        #expect(sceneTestLog == ["app didFinishLaunching window true"])
        let delegate = try #require(UIApplication.shared.delegate as? SceneTestWindowAppDelegate)
        let window = try #require(delegate.window)
        #expect(!window.isHidden && window.isKeyWindow)
        #expect(window.frame == UIScreen.main.bounds)
        window.isHidden = true
    }

    @Test func sizeRestrictionsReachTheDesktopWindow() throws {
        try launch(delegateClass: SceneTestAppDelegate.self, manifest: Self.templateManifest)
        defer { finish() }
        let scene = try #require(UIApplication.shared.connectedScenes.first as? UIWindowScene)
        let restrictions = try #require(scene.sizeRestrictions)
        #expect(restrictions.minimumSize == .zero)
        let surface = try #require(scene.windows.first?.surface as? HeadlessSurface)
        restrictions.minimumSize = CGSize(width: 320, height: 480)
        restrictions.maximumSize = CGSize(width: 1024, height: 1366)
        let limits = surface.sizeLimits
        let scale = Int(UIScreen.main.scale)
        #expect(limits.minimum?.width == 320 * scale && limits.minimum?.height == 480 * scale)
        #expect(limits.maximum?.width == 1024 * scale && limits.maximum?.height == 1366 * scale)
    }

    @Test func windowsMoveBetweenScenes() throws {
        try launch(delegateClass: SceneTestAppDelegate.self, manifest: Self.templateManifest)
        defer { finish() }
        let scene = try #require(UIApplication.shared.connectedScenes.first as? UIWindowScene)
        let extra = UIWindow(windowScene: scene)
        #expect(scene.windows.count == 2)
        extra.windowScene = nil
        #expect(scene.windows.count == 1)
        #expect(!scene.windows.contains { $0 === extra })
    }

    @Test func anUnknownDelegateClassStopsTheAppWithUIKitsMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                setenv("LAMINA_EXIT_AFTER_LAUNCH", "1", 1)
                _ = UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, "UIKitTests.NoSuchAppDelegate")
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Unable to instantiate the UIApplication delegate instance. No class named UIKitTests.NoSuchAppDelegate is loaded."))
    }
}
