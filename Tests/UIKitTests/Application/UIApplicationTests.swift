import Foundation
import LaminaPlatform
import Testing
import UIKit

/// `UIApplicationMain` with a delegate: launch callbacks in order, the delegate's window shown
/// and drawn, the application's windows and state.
@MainActor
@Suite struct UIApplicationTests {
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        var log: [String] = []

        func application(_ application: UIApplication,
                         willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            log.append("willFinishLaunching \(application.applicationState == .inactive)")
            return true
        }

        func application(_ application: UIApplication,
                         didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            log.append("didFinishLaunching")
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
            window.rootViewController = UIViewController()
            window.rootViewController?.view.backgroundColor = .red
            window.makeKeyAndVisible()
            self.window = window
            return true
        }

        func applicationDidBecomeActive(_ application: UIApplication) {
            log.append("didBecomeActive \(application.applicationState == .active)")
        }
    }

    @Test func launchThroughUIApplicationMain() throws {
        setenv("LAMINA_EXIT_AFTER_LAUNCH", "1", 1)
        defer { unsetenv("LAMINA_EXIT_AFTER_LAUNCH") }
        let delegate = AppDelegate()
        let status = CAMediaClock(manualTime: 0).withCurrent {
            UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, delegate: delegate)
        }
        #expect(status == 0)
        #expect(delegate.log == ["willFinishLaunching true", "didFinishLaunching", "didBecomeActive true"])
        let application = UIApplication.shared
        #expect(application.delegate === delegate)
        #expect(application.keyWindow === delegate.window)
        #expect(application.windows.contains { $0 === delegate.window })
        // The window was drawn once: its surface holds a red frame.
        let frame = try #require((delegate.window?.surface as? HeadlessSurface)?.lastFrame)
        #expect(frame.width == 180 && frame.height == 120)
        delegate.window?.isHidden = true
        application.delegate = nil
    }
}
