import Foundation
import LaminaPlatform

extension UIApplication {
    // Apple declares these outside the main actor: any code may observe them.
    nonisolated public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    nonisolated public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    nonisolated public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    nonisolated public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    nonisolated public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
    nonisolated public static let significantTimeChangeNotification = Notification.Name("UIApplicationSignificantTimeChangeNotification")

    /// Follows a backend's lifecycle event through iOS's states: focus moves between active
    /// and inactive; hiding goes inactive then background; showing goes inactive then active.
    /// An app with scenes moves its scenes, and its state follows theirs.
    func handle(_ event: PlatformLifecycleEvent) {
        switch event {
        case .focusGained:
            if usesScenes { return moveScenes(to: .foregroundActive) }
            if applicationState == .background { enterForeground() }
            becomeActive()
        case .focusLost:
            if usesScenes { return moveScenes(to: .foregroundInactive) }
            resignActive()
        case .enteredBackground:
            if usesScenes { return moveScenes(to: .background) }
            resignActive()
            enterBackground()
        case .enteringForeground:
            if usesScenes { return moveScenes(to: .foregroundInactive) }
            enterForeground()
        case .memoryWarning:
            delegate?.applicationDidReceiveMemoryWarning(self)
            post(UIApplication.didReceiveMemoryWarningNotification)
        case .willTerminate:
            delegate?.applicationWillTerminate(self)
            post(UIApplication.willTerminateNotification)
        }
    }

    // With scenes, the scenes' delegates hear these; the app's delegate does not.

    func becomeActive() {
        guard applicationState != .active else { return }
        applicationState = .active
        if !usesScenes { delegate?.applicationDidBecomeActive(self) }
        post(UIApplication.didBecomeActiveNotification)
    }

    func resignActive() {
        guard applicationState == .active else { return }
        if !usesScenes { delegate?.applicationWillResignActive(self) }
        post(UIApplication.willResignActiveNotification)
        applicationState = .inactive
    }

    func enterBackground() {
        guard applicationState != .background else { return }
        applicationState = .background
        if !usesScenes { delegate?.applicationDidEnterBackground(self) }
        post(UIApplication.didEnterBackgroundNotification)
    }

    func enterForeground() {
        guard applicationState == .background else { return }
        if !usesScenes { delegate?.applicationWillEnterForeground(self) }
        post(UIApplication.willEnterForegroundNotification)
        applicationState = .inactive
    }

    private func post(_ name: Notification.Name) {
        NotificationCenter.default.post(name: name, object: self)
    }
}
