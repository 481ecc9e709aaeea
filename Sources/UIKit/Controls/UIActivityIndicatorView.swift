import Foundation

/// The spinning wheel of spokes that says work is under way: eight rounded spokes fading
/// round the circle, stepping one spoke ahead every eighth of a second while animating.
///
/// `.medium` is 20 points across, `.large` 37; the older `.white`, `.gray` (medium) and
/// `.whiteLarge` (large) styles set their colours. With `hidesWhenStopped` (the default) the
/// view is hidden whenever it is not animating.
///
/// - Note: Differs from Apple: the spokes' proportions and their fading are Lamina's drawing
///   of iOS's wheel; the default colour of the medium and large styles is `secondaryLabel`.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
    public enum Style: Int, Sendable {
        case medium = 100
        case large = 101
        @available(*, deprecated, message: "Use .large")
        case whiteLarge = 0
        @available(*, deprecated, message: "Use .medium")
        case white = 1
        @available(*, deprecated, message: "Use .medium")
        case gray = 2
    }

    static let spokeCount = 8
    static let stepDuration: TimeInterval = 1.0 / 8
    static let animationKey = "spin"

    private let wheel = CALayer()
    private var spokes: [CALayer] = []
    private var animating = false

    /// The look: size and default colour.
    open var style: Style = .medium {
        didSet {
            invalidateIntrinsicContentSize()
            bounds.size = UIActivityIndicatorView.side(style)
            buildSpokes()
        }
    }

    /// The spokes' colour; setting nil returns to the style's.
    open var color: UIColor! {
        get { storedColor ?? UIActivityIndicatorView.defaultColor(style) }
        set {
            storedColor = newValue
            updateColors()
        }
    }
    private var storedColor: UIColor?

    /// Whether the view hides while stopped (true by default).
    open var hidesWhenStopped = true {
        didSet { if !animating { isHidden = hidesWhenStopped } }
    }

    /// Whether the wheel is spinning.
    open var isAnimating: Bool { animating }

    /// A stopped (and so hidden) indicator of `style`, at its size.
    public init(style: Style) {
        self.style = style
        super.init(frame: CGRect(origin: .zero, size: UIActivityIndicatorView.side(style)))
        setUp()
    }

    /// A medium indicator; `frame`'s size is kept and the wheel centred in it.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
        (coder as? IBCoder)?.decodeActivityIndicator(self)
    }

    /// Starts the wheel (and shows the view).
    open func startAnimating() {
        guard !animating else { return }
        animating = true
        isHidden = false
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        spin.values = (0..<UIActivityIndicatorView.spokeCount).map { CGFloat($0) * 2 * .pi / CGFloat(UIActivityIndicatorView.spokeCount) }
        spin.calculationMode = .discrete
        spin.duration = UIActivityIndicatorView.stepDuration * Double(UIActivityIndicatorView.spokeCount)
        spin.repeatCount = .infinity
        wheel.add(spin, forKey: UIActivityIndicatorView.animationKey)
    }

    /// Stops the wheel (and hides the view when `hidesWhenStopped`).
    open func stopAnimating() {
        guard animating else { return }
        animating = false
        wheel.removeAnimation(forKey: UIActivityIndicatorView.animationKey)
        if hidesWhenStopped { isHidden = true }
    }

    static func side(_ style: Style) -> CGSize {
        switch style {
        case .large, .whiteLarge: return CGSize(width: 37, height: 37)
        default: return CGSize(width: 20, height: 20)
        }
    }

    static func defaultColor(_ style: Style) -> UIColor {
        switch style {
        case .white, .whiteLarge: return .white
        case .gray: return .gray
        default: return .secondaryLabel
        }
    }

    open override var intrinsicContentSize: CGSize { UIActivityIndicatorView.side(style) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { UIActivityIndicatorView.side(style) }

    private func setUp() {
        layer.addSublayer(wheel)
        buildSpokes()
        isHidden = hidesWhenStopped
    }

    /// Eight spokes round the centre, the leading one opaque and each one behind it fainter.
    private func buildSpokes() {
        LayerTransaction.immediate {
            for spoke in spokes { spoke.removeFromSuperlayer() }
            spokes = []
            let side = UIActivityIndicatorView.side(style).width
            let large = side > 30
            let width: CGFloat = large ? 4 : 2.5
            let outer = side / 2, inner = side * (large ? 0.27 : 0.25)
            let count = UIActivityIndicatorView.spokeCount
            wheel.bounds = CGRect(x: 0, y: 0, width: side, height: side)
            for index in 0..<count {
                let spoke = CALayer()
                spoke.bounds = CGRect(x: 0, y: 0, width: width, height: outer - inner)
                spoke.cornerRadius = width / 2
                // Spoke k points at k/8 of a turn clockwise from the top, its foot `inner` from
                // the centre.
                spoke.anchorPoint = CGPoint(x: 0.5, y: 1)
                spoke.position = CGPoint(x: side / 2, y: side / 2)
                let angle = CGFloat(index) * 2 * .pi / CGFloat(count)
                spoke.transform = CATransform3DTranslate(CATransform3DMakeRotation(angle, 0, 0, 1), 0, -inner, 0)
                // The leading spoke (k = 0 after the wheel turns) is opaque; those behind it,
                // counter-clockwise, fade to a quarter.
                spoke.opacity = Float(1 - 0.75 * Double((count - index) % count) / Double(count - 1))
                wheel.addSublayer(spoke)
                spokes.append(spoke)
            }
        }
        updateColors()
        setNeedsLayout()
    }

    private func updateColors() {
        let color = (storedColor ?? UIActivityIndicatorView.defaultColor(style)).resolvedColor(with: traitCollection).cgColor
        LayerTransaction.immediate {
            for spoke in spokes { spoke.backgroundColor = color }
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        LayerTransaction.immediate {
            wheel.position = CGPoint(x: bounds.midX, y: bounds.midY)
        }
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) { updateColors() }
    }
}
