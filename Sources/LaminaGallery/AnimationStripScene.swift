import UIKit

/// The seed's view: its layer's delegate answers the custom "moveRight" event with a basic
/// animation whose value function turns 1…300 into a translation along x.
final class MoveRightView: UIView {
    override func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard event == "moveRight" else {
            return super.action(for: layer, forKey: event)
        }
        let animation = CABasicAnimation()
        animation.valueFunction = CAValueFunction(name: .translateX)
        animation.fromValue = 1
        animation.toValue = 300
        animation.duration = 2
        return animation
    }
}

/// Animations frozen at several instants of a manual clock: each frame is the presentation
/// tree rendered at that time.
///
/// Top row: the clock's second hand sweeping (a transform.rotation.z animation, one turn a
/// minute) at 0, 5, 10 and 15 s. Bottom: the seed's `moveRight` action run for "transform" at
/// 0, 0.5, 1, 1.5 and 1.9 s (at 2 s it has ended and the view is back at its model place).
@MainActor
enum AnimationStripScene {
    static let clockFrame = CGSize(width: 120, height: 120)
    static let trackSize = CGSize(width: 380, height: 44)

    static func makeView() -> UIView {
        let clock = CAMediaClock(manualTime: 0)
        return clock.withCurrent {
            CATransaction.flush()
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 4 * clockFrame.width + 50, height: clockFrame.height + 5 * (trackSize.height + 6) + 30))
            root.backgroundColor = .white
            for (index, image) in secondHandFrames(clock).enumerated() {
                let frame = UIImageView(image: image)
                frame.frame = CGRect(x: 10 + CGFloat(index) * (clockFrame.width + 10), y: 10,
                                     width: clockFrame.width, height: clockFrame.height)
                root.addSubview(frame)
            }
            for (index, image) in moveRightFrames(clock).enumerated() {
                let frame = UIImageView(image: image)
                frame.frame = CGRect(x: 10, y: clockFrame.height + 20 + CGFloat(index) * (trackSize.height + 6),
                                     width: trackSize.width, height: trackSize.height)
                root.addSubview(frame)
            }
            CATransaction.flush()
            return root
        }
    }

    /// The clock at 10:10:00 with its second hand animated; snapshots 5 s apart.
    private static func secondHandFrames(_ clock: CAMediaClock) -> [UIImage] {
        let face = ClockScene.makeView(hour: 10, minute: 10, second: 0)
        CATransaction.flush()
        let secondHand = face.subviews[face.subviews.count - 1]
        let sweep = CABasicAnimation(keyPath: "transform.rotation.z")
        sweep.fromValue = 0
        sweep.toValue = 2 * CGFloat.pi
        sweep.duration = 60
        sweep.repeatCount = .infinity
        secondHand.layer.add(sweep, forKey: "sweep")
        CATransaction.flush()
        return (0..<4).map { step in
            if step > 0 { clock.advance(by: 5) }
            return snapshot(face, scale: clockFrame.width / face.bounds.width)
        }
    }

    /// The seed's `moveRight` example on a grey track.
    private static func moveRightFrames(_ clock: CAMediaClock) -> [UIImage] {
        let track = UIView(frame: CGRect(origin: .zero, size: trackSize))
        track.backgroundColor = UIColor(white: 0.92, alpha: 1)
        let view = MoveRightView(frame: CGRect(x: 10, y: 7, width: 60, height: 30))
        view.backgroundColor = .orange
        view.layer.cornerRadius = 6
        track.addSubview(view)
        CATransaction.flush()
        let action = view.layer.action(forKey: "moveRight")
        action?.run(forKey: "transform", object: view.layer, arguments: nil)
        CATransaction.flush()
        var elapsed = 0.0
        return [0, 0.5, 1, 1.5, 1.9].map { instant in
            clock.advance(by: instant - elapsed)
            elapsed = instant
            return snapshot(track, scale: 1)
        }
    }

    /// The view's presentation tree (what is on screen now) drawn into an image.
    private static func snapshot(_ view: UIView, scale: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let size = CGSize(width: view.bounds.width * scale, height: view.bounds.height * scale)
        return UIGraphicsImageRenderer(size: size, format: format).image { context in
            context.cgContext.scaleBy(x: scale, y: scale)
            (view.layer.presentation() ?? view.layer).render(in: context.cgContext)
        }
    }
}
