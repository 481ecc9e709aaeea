import UIKit

/// A loading placeholder with a moving highlight (a gradient's locations animated).
public final class ShimmerView: UIView {
    private let gradient = CAGradientLayer()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemGray5
        layer.cornerRadius = 8
        layer.masksToBounds = true
        gradient.colors = [UIColor.systemGray5.cgColor, UIColor.systemGray3.cgColor, UIColor.systemGray5.cgColor]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.locations = [0, 0.5, 1]
        layer.addSublayer(gradient)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        gradient.frame = bounds
    }

    public func startShimmering() {
        let sweep = CABasicAnimation(keyPath: "locations")
        sweep.fromValue = [-1.0, -0.5, 0.0]
        sweep.toValue = [1.0, 1.5, 2.0]
        sweep.duration = 1.5
        sweep.repeatCount = .infinity
        gradient.add(sweep, forKey: "shimmer")
    }
}
