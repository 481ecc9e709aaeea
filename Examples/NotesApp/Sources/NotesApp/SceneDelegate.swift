import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        // The storyboard named in Info.plist made the window and its root controller.
        guard let _ = (scene as? UIWindowScene) else { return }
        // UI tests (and screenshots) can open the first note at launch.
        if ProcessInfo.processInfo.arguments.contains("-OpenFirstNote"),
           let navigation = window?.rootViewController as? UINavigationController,
           let notes = navigation.topViewController as? NotesViewController {
            notes.loadViewIfNeeded()
            notes.openNote(at: 0)
        }
    }

    func sceneDidDisconnect(_ scene: UIScene) {
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
    }

    func sceneWillResignActive(_ scene: UIScene) {
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        NoteStore.shared.save()
    }
}
