import Foundation
import Testing
import UIKit

/// Views laid out by Auto Layout go away when their owner lets them go, as on iOS: the
/// engine a hierarchy's root keeps does not keep the root (or a window, or a controller
/// shown in it) alive.
@MainActor
@Suite struct LayoutLifetimeTests {
    @Test func aLaidOutHierarchyIsReleased() {
        weak var weakRoot: UIView?
        weak var weakLabel: UIView?
        do {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let label = UILabel()
            label.text = "Hello"
            label.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(label)
            label.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor, constant: 20).isActive = true
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 20).isActive = true
            root.layoutIfNeeded()
            #expect(abs(label.frame.minX - 20) < 0.001 && abs(label.frame.minY - 20) < 0.001)
            weakRoot = root
            weakLabel = label
        }
        #expect(weakRoot == nil)
        #expect(weakLabel == nil)
    }

    @Test func aWindowAndItsControllerAreReleased() {
        weak var weakWindow: UIWindow?
        weak var weakController: UIViewController?
        weak var weakField: UITextField?
        do {
            let controller = UIViewController()
            let field = UITextField()
            field.translatesAutoresizingMaskIntoConstraints = false
            controller.view.addSubview(field)
            NSLayoutConstraint.activate([
                field.leadingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.leadingAnchor),
                field.topAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.topAnchor, constant: 8),
            ])
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = controller
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            window.isHidden = true
            weakWindow = window
            weakController = controller
            weakField = field
        }
        CATransaction.flush()
        #expect(weakWindow == nil)
        #expect(weakController == nil)
        #expect(weakField == nil)
    }
}
