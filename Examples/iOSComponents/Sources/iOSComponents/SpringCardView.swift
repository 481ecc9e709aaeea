import UIKit

/// A card that pops in with a spring and carries a badge that orbits along a path.
public final class SpringCardView: UIView {
    private let badge = CALayer()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = Theme.shared.accent
        layer.cornerRadius = Theme.shared.cornerRadius
        badge.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
        badge.cornerRadius = 8
        badge.backgroundColor = UIColor.white.cgColor
        badge.position = CGPoint(x: 20, y: 20)
        layer.addSublayer(badge)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    public override func awakeFromNib() {
        super.awakeFromNib()
        backgroundColor = Theme.shared.accent
    }

    /// Scales the card up from half size with a bouncy spring.
    public func popIn() {
        transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        UIView.animate(withDuration: 0.9, delay: 0, usingSpringWithDamping: 0.45, initialSpringVelocity: 0,
                       options: [.allowUserInteraction], animations: {
            self.transform = .identity
        }, completion: nil)
    }

    /// Moves the badge around the card's corners with a keyframe animation of boxed points.
    public func orbitBadge() {
        let inset: CGFloat = 20
        let orbit = CAKeyframeAnimation(keyPath: "position")
        orbit.values = [
            NSValue(cgPoint: CGPoint(x: inset, y: inset)),
            NSValue(cgPoint: CGPoint(x: bounds.width - inset, y: inset)),
            NSValue(cgPoint: CGPoint(x: bounds.width - inset, y: bounds.height - inset)),
            NSValue(cgPoint: CGPoint(x: inset, y: bounds.height - inset)),
            NSValue(cgPoint: CGPoint(x: inset, y: inset)),
        ]
        orbit.keyTimes = [0, 0.25, 0.5, 0.75, 1]
        orbit.duration = 2
        orbit.repeatCount = .infinity
        badge.add(orbit, forKey: "orbit")
    }
}
