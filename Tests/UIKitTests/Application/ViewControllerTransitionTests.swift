import Testing
import UIKit

/// Resizing a window tells its root controller before the change, with a coordinator.
@MainActor
@Suite struct ViewControllerTransitionTests {
    final class SizeWatcher: UIViewController {
        var log: [String] = []
        override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            log.append("will \(Int(size.width))x\(Int(size.height)) from \(Int(view.bounds.width))")
            coordinator.animate(alongsideTransition: { _ in self.log.append("alongside") },
                                completion: { _ in self.log.append("done \(Int(self.view.bounds.width))") })
        }
    }

    @Test func resizingTheWindowTellsTheRootController() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let controller = SizeWatcher()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.frame = CGRect(x: 0, y: 0, width: 480, height: 320)
        #expect(controller.log == ["will 480x320 from 320", "alongside", "done 480"])
        window.frame = CGRect(x: 10, y: 0, width: 480, height: 320)
        #expect(controller.log.count == 3)
        window.isHidden = true
    }
}
