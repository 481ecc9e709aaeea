import UIKit

/// A spinner: a CAShapeLayer arc that turns while its stroke grows and shrinks.
public final class ActivitySpinnerView: UIView {
    private let arcLayer = CAShapeLayer()
    public private(set) var isAnimating = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        arcLayer.fillColor = nil
        arcLayer.strokeColor = tintColor.cgColor
        arcLayer.lineWidth = 5
        arcLayer.lineCap = .round
        arcLayer.strokeEnd = 0.75
        layer.addSublayer(arcLayer)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        arcLayer.frame = bounds
        arcLayer.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 4, dy: 4)).cgPath
    }

    public override func tintColorDidChange() {
        super.tintColorDidChange()
        arcLayer.strokeColor = tintColor.cgColor
    }

    public func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true

        let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
        rotation.fromValue = NSNumber(value: 0)
        rotation.toValue = NSNumber(value: Double.pi * 2)
        rotation.duration = 1.2
        rotation.repeatCount = .infinity
        arcLayer.add(rotation, forKey: "rotation")

        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0.15
        grow.toValue = 0.85
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = NSNumber(value: 1)
        fade.toValue = NSNumber(value: 0.6)
        let pulse = CAAnimationGroup()
        pulse.animations = [grow, fade]
        pulse.duration = 0.8
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        arcLayer.add(pulse, forKey: "pulse")
    }

    public func stopAnimating() {
        isAnimating = false
        arcLayer.removeAllAnimations()
    }
}
