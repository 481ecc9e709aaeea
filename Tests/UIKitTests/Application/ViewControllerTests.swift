import Testing
import UIKit

@MainActor
@Suite struct ViewControllerTests {
    final class Controller: UIViewController {
        var events: [String] = []
        override func loadView() {
            events.append("loadView")
            view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        }
        override func viewDidLoad() {
            super.viewDidLoad()
            events.append("viewDidLoad")
        }
    }

    @Test func viewLoadsLazilyOnce() {
        let controller = Controller()
        #expect(!controller.isViewLoaded)
        #expect(controller.viewIfLoaded == nil)
        let view: UIView = controller.view
        #expect(view.bounds.size == CGSize(width: 100, height: 100))
        _ = controller.view
        #expect(controller.events == ["loadView", "viewDidLoad"])
        #expect(view.next === controller)
    }

    @Test func windowHostsRootController() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let controller = UIViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        #expect(window.isKeyWindow && !window.isHidden)
        #expect(controller.view.superview === window)
        #expect(controller.view.frame == window.bounds)
        #expect(controller.next === window)
        #expect(UIViewController().view.bounds == UIScreen.main.bounds)
    }
}
