import Foundation
import LaminaPlatform
import Testing
import UIKit

/// The application's state notifications, as iOS posts them: launch, then focus and
/// visibility changes reported by the backend.
@MainActor
@Suite struct UIApplicationLifecycleTests {
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        var log: [String] = []
        func applicationWillResignActive(_ application: UIApplication) { log.append("willResignActive") }
        func applicationDidEnterBackground(_ application: UIApplication) { log.append("didEnterBackground") }
        func applicationWillEnterForeground(_ application: UIApplication) { log.append("willEnterForeground") }
        func applicationDidBecomeActive(_ application: UIApplication) { log.append("didBecomeActive") }
        func applicationDidReceiveMemoryWarning(_ application: UIApplication) { log.append("memoryWarning") }
    }

    /// Collects the application notifications posted while it lives.
    /// Notifications are posted synchronously on the main thread, where the test reads them.
    final class Recorder: @unchecked Sendable {
        var names: [String] = []
        private var tokens: [NSObjectProtocol] = []
        init() {
            let watched: [Notification.Name] = [
                UIApplication.didFinishLaunchingNotification, UIApplication.didBecomeActiveNotification,
                UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
                UIApplication.willEnterForegroundNotification, UIApplication.didReceiveMemoryWarningNotification,
            ]
            for name in watched {
                tokens.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                    self?.names.append(note.name.rawValue.replacingOccurrences(of: "UIApplication", with: "")
                        .replacingOccurrences(of: "Notification", with: ""))
                })
            }
        }
        deinit { tokens.forEach(NotificationCenter.default.removeObserver) }
    }

    @Test func launchFocusAndBackgroundPostTheNotificationsInOrder() {
        setenv("LAMINA_EXIT_AFTER_LAUNCH", "1", 1)
        defer { unsetenv("LAMINA_EXIT_AFTER_LAUNCH") }
        let recorder = Recorder()
        let delegate = AppDelegate()
        CAMediaClock(manualTime: 0).withCurrent {
            _ = UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, delegate: delegate)
        }
        let application = UIApplication.shared
        #expect(recorder.names == ["DidFinishLaunching", "DidBecomeActive"])
        #expect(application.applicationState == .active)

        Platform.deliver(.focusLost)
        #expect(application.applicationState == .inactive)
        Platform.deliver(.enteredBackground)
        #expect(application.applicationState == .background)
        Platform.deliver(.focusGained)
        #expect(application.applicationState == .active)
        Platform.deliver(.memoryWarning)
        #expect(recorder.names == ["DidFinishLaunching", "DidBecomeActive", "WillResignActive", "DidEnterBackground",
                                   "WillEnterForeground", "DidBecomeActive", "DidReceiveMemoryWarning"])
        #expect(delegate.log == ["didBecomeActive", "willResignActive", "didEnterBackground", "willEnterForeground",
                                 "didBecomeActive", "memoryWarning"])
        // Hiding straight from active resigns first.
        Platform.deliver(.enteredBackground)
        #expect(delegate.log.suffix(2) == ["willResignActive", "didEnterBackground"])
        Platform.deliver(.focusGained)
        #expect(application.applicationState == .active)
        application.delegate = nil
    }
}
