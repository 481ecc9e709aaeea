import UIKit

/// Scripted interaction: a window with a card that a pan gesture drags and a square that a tap
/// toggles between blue and green, shown before (left) and after (right) a drag and a tap sent
/// through the same path a display's input takes, on a manual clock.
@MainActor
enum InteractionScene {
    static let windowSize = CGSize(width: 240, height: 180)

    /// The screen's controller: target–action by method reference, as iOS code writes with
    /// `#selector`.
    final class Controller: UIViewController {
        let card = UIView(frame: CGRect(x: 20, y: 20, width: 80, height: 60))
        let toggle = UIView(frame: CGRect(x: 150, y: 100, width: 60, height: 60))

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = UIColor(white: 0.96, alpha: 1)
            card.backgroundColor = .systemOrange
            card.layer.cornerRadius = 12
            card.layer.shadowOpacity = 0.3
            card.layer.shadowRadius = 4
            card.layer.shadowOffset = CGSize(width: 0, height: 3)
            toggle.backgroundColor = .systemBlue
            toggle.layer.cornerRadius = 30
            view.addSubview(toggle)
            view.addSubview(card)
            card.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: Controller.drag))
            toggle.addGestureRecognizer(UITapGestureRecognizer(target: self, action: Controller.toggleColour))
        }

        func drag(_ pan: UIPanGestureRecognizer) {
            let t = pan.translation(in: view)
            card.center = CGPoint(x: card.center.x + t.x, y: card.center.y + t.y)
            pan.setTranslation(.zero, in: view)
        }

        func toggleColour() {
            toggle.backgroundColor = toggle.backgroundColor == .systemBlue ? .systemGreen : .systemBlue
        }
    }

    static func makeView() -> UIView {
        let clock = CAMediaClock(manualTime: 0)
        let (before, after): (CGImage?, CGImage?) = clock.withCurrent {
            let window = UIWindow(frame: CGRect(origin: .zero, size: windowSize))
            let controller = Controller()
            window.rootViewController = controller
            window.makeKeyAndVisible()
            let before = window.renderedImage(atTime: clock.time)
            window.drag(from: CGPoint(x: 60, y: 50), to: CGPoint(x: 90, y: 130), duration: 0.3, steps: 12)
            window.tap(at: CGPoint(x: 180, y: 130))
            let after = window.renderedImage(atTime: clock.time)
            window.isHidden = true
            return (before, after)
        }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 2 * windowSize.width + 30, height: windowSize.height + 20))
        root.backgroundColor = UIColor(white: 0.85, alpha: 1)
        for (index, image) in [before, after].enumerated() {
            let frame = UIImageView(image: image.map { UIImage(cgImage: $0, scale: UIScreen.main.scale, orientation: .up) })
            frame.frame = CGRect(x: 10 + CGFloat(index) * (windowSize.width + 10), y: 10, width: windowSize.width, height: windowSize.height)
            root.addSubview(frame)
        }
        return root
    }
}
