import Foundation

/// A task's progress as a bar filling a track from the leading edge: `progress` (0…1) of the
/// width in `progressTintColor` (the tint by default) over `trackTintColor` (a system fill gray).
///
/// The default style is 4 points high with rounded ends; the bar style is 2.5 points high,
/// square, over a lighter track (as under a navigation bar). `setProgress(_:animated:)`
/// eases the bar to its new length over 0.25 s.
///
/// - Note: Differs from Apple: the heights and the animation's length are Lamina's reading of
///   iOS's look. `observedProgress` is stored but not observed (Foundation on Linux has no
///   key-value observing): set `progress` from your `Progress`'s `fractionCompleted`.
@preconcurrency @MainActor
open class UIProgressView: UIView {
    public enum Style: Int, Sendable {
        case `default` = 0
        case bar = 1
    }

    private let body = CALayer()
    private let track = CALayer()
    private let bar = CALayer()
    private var storedProgress: Float = 0

    /// The style: rounded (default) or the square bar.
    open var progressViewStyle: Style = .default { didSet { updateColors(); invalidateIntrinsicContentSize(); setNeedsLayout() } }

    /// The fraction done, kept within 0…1 (0 by default).
    open var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }

    /// The filled part's colour (nil: the tint colour).
    open var progressTintColor: UIColor? { didSet { updateColors(); appearanceSet("progressTintColor") { [progressTintColor] in $0.progressTintColor = progressTintColor } } }
    /// The track's colour (nil: a system fill gray).
    open var trackTintColor: UIColor? { didSet { updateColors(); appearanceSet("trackTintColor") { [trackTintColor] in $0.trackTintColor = trackTintColor } } }
    /// An image stretched over the filled part instead of its colour.
    open var progressImage: UIImage? { didSet { updateColors() } }
    /// An image stretched over the track instead of its colour.
    open var trackImage: UIImage? { didSet { updateColors() } }
    /// Stored only (see the type's note).
    open var observedProgress: Progress?

    /// Sets the fraction done (kept within 0…1; non-finite values are ignored), easing the
    /// bar there when `animated`.
    open func setProgress(_ progress: Float, animated: Bool) {
        guard progress.isFinite else { return }
        storedProgress = Swift.min(Swift.max(progress, 0), 1)
        updateLayers(animated: animated)
    }

    /// A progress view of `style`, with the style's height and no width.
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: .zero)
        progressViewStyle = style
        bounds.size = CGSize(width: 0, height: UIProgressView.height(style))
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpLayers()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpLayers()
        (coder as? IBCoder)?.decodeProgressView(self)
    }

    static func height(_ style: Style) -> CGFloat { style == .bar ? 2.5 : 4 }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIProgressView.height(progressViewStyle))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: bounds.width, height: UIProgressView.height(progressViewStyle))
    }

    private func setUpLayers() {
        LayerTransaction.immediate {
            body.addSublayer(track)
            body.addSublayer(bar)
            body.masksToBounds = true
            layer.addSublayer(body)
        }
        updateColors()
    }

    private static let barTrackGray = UIColor.system(
        UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.08),
        dark: UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16))

    private func updateColors() {
        let traits = traitCollection
        LayerTransaction.immediate {
            let trackColor = trackTintColor ?? (progressViewStyle == .bar ? UIProgressView.barTrackGray : UIColor.systemFill)
            track.backgroundColor = trackImage == nil ? trackColor.resolvedColor(with: traits).cgColor : nil
            track.contents = trackImage?.cgImage
            bar.backgroundColor = progressImage == nil ? (progressTintColor ?? tintColor ?? .systemBlue).resolvedColor(with: traits).cgColor : nil
            bar.contents = progressImage?.cgImage
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateLayers(animated: false)
    }

    private func updateLayers(animated: Bool) {
        let b = bounds
        LayerTransaction.run(animated: animated) {
            let rounded = progressViewStyle == .default
            body.frame = b
            body.cornerRadius = rounded ? b.height / 2 : 0
            track.frame = CGRect(origin: .zero, size: b.size)
            let length = b.width * CGFloat(storedProgress)
            // From the leading edge: the left, or the right in a right-to-left layout.
            let x = effectiveUserInterfaceLayoutDirection == .rightToLeft ? b.width - length : 0
            bar.frame = CGRect(x: x, y: 0, width: length, height: b.height)
            bar.cornerRadius = rounded ? b.height / 2 : 0
        }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColors()
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) { updateColors() }
    }
}
