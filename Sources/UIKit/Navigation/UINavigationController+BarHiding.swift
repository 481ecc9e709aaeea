import Foundation

/// The gestures that hide and show a navigation controller's bars (`hidesBarsOnTap`,
/// `hidesBarsOnSwipe`): installed on the controller's view while either is on.
@MainActor
final class NavigationBarHiding {
    /// Toggles the bars on a single tap on the content.
    let tap = UITapGestureRecognizer()
    /// Hides the bars on an upward swipe, shows them on a downward one.
    let swipe = UIPanGestureRecognizer()
    private weak var controller: UINavigationController?

    init(_ controller: UINavigationController) {
        self.controller = controller
        // Taps keep reaching the content (buttons, cells) while they also toggle the bars.
        tap.cancelsTouchesInView = false
        swipe.cancelsTouchesInView = false
        tap.addHandler { [weak self] recognizer in
            guard recognizer.state == .ended, let controller = self?.controller else { return }
            NavigationBarHiding.setBars(of: controller, hidden: !controller.isNavigationBarHidden)
        }
        swipe.addHandler { [weak self] recognizer in
            guard recognizer.state == .ended, let controller = self?.controller,
                  let pan = recognizer as? UIPanGestureRecognizer else { return }
            let dy = pan.translation(in: pan.view).y
            guard abs(dy) > 10 else { return }
            let hidden = dy < 0
            guard hidden != controller.isNavigationBarHidden else { return }
            NavigationBarHiding.setBars(of: controller, hidden: hidden)
        }
    }

    /// Hides or shows the navigation bar, and the toolbar when the top controller has items for it.
    private static func setBars(of controller: UINavigationController, hidden: Bool) {
        controller.setNavigationBarHidden(hidden, animated: true)
        if !(controller.topViewController?.toolbarItems?.isEmpty ?? true) { controller.setToolbarHidden(hidden, animated: true) }
    }

    /// Adds or removes the gestures as the controller's settings ask.
    func update() {
        guard let controller, let view = controller.viewIfLoaded else { return }
        for (recognizer, wanted) in [(tap as UIGestureRecognizer, controller.hidesBarsOnTap), (swipe, controller.hidesBarsOnSwipe)] {
            let installed = view.gestureRecognizers?.contains { $0 === recognizer } ?? false
            if wanted, !installed { view.addGestureRecognizer(recognizer) }
            if !wanted, installed { view.removeGestureRecognizer(recognizer) }
        }
    }
}
