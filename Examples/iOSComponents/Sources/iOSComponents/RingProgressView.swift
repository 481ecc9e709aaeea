import UIKit

/// A progress ring drawn in draw(_:): a full-circle track and a round-capped arc.
public final class RingProgressView: UIView {
    public var progress: CGFloat = 0 {
        didSet { setNeedsDisplay() }
    }
    public var lineWidth: CGFloat = 12 {
        didSet { setNeedsDisplay() }
    }
    public var trackColor: UIColor = .systemGray5
    public var ringColor: UIColor = Theme.shared.success

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    public override func awakeFromNib() {
        super.awakeFromNib()
        commonInit()
    }

    private func commonInit() {
        backgroundColor = .clear
        isOpaque = false
        contentMode = .redraw
        isAccessibilityElement = true
        accessibilityTraits = .updatesFrequently
        accessibilityLabel = "Progress"
    }

    public override var accessibilityValue: String? {
        get { "\(Int((progress * 100).rounded())) percent" }
        set {}
    }

    public override func draw(_ rect: CGRect) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = (min(bounds.width, bounds.height) - lineWidth) / 2
        let track = UIBezierPath(arcCenter: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        track.lineWidth = lineWidth
        trackColor.setStroke()
        track.stroke()

        guard progress > 0 else { return }
        let start = -CGFloat.pi / 2
        let arc = UIBezierPath(arcCenter: center, radius: radius, startAngle: start,
                               endAngle: start + 2 * .pi * min(progress, 1), clockwise: true)
        arc.lineWidth = lineWidth
        arc.lineCapStyle = .round
        ringColor.setStroke()
        arc.stroke()
    }
}
