import Foundation

/// A continuous value picked by sliding a thumb along a track: the part of the track before
/// the thumb in `minimumTrackTintColor` (the tint), the part after in
/// `maximumTrackTintColor` (a system fill gray), a 28-point white thumb with a soft shadow.
///
/// The thumb is grabbed where it is touched (touches on the bare track do not move it) and
/// keeps that grip while it slides; `.valueChanged` goes out at each move when `isContinuous`
/// (the default), else once as the finger lifts, and only when the value changed. Setting
/// `value` or calling `setValue(_:animated:)` sends nothing. Values are kept between
/// `minimumValue` and `maximumValue`.
///
/// Subclasses place the parts by overriding `trackRect(forBounds:)`,
/// `thumbRect(forBounds:trackRect:value:)` and the value-image rectangles, as on iOS.
///
/// - Note: Differs from Apple: the track is 4 points thick and the intrinsic height 31 points,
///   Lamina's reading of iOS's look (Apple publishes neither).
@preconcurrency @MainActor
open class UISlider: UIControl {
    static let trackThickness: CGFloat = 4
    static let thumbDiameter: CGFloat = 28
    static let intrinsicHeight: CGFloat = 31

    private var storedValue: Float = 0
    private var storedMinimum: Float = 0
    private var storedMaximum: Float = 1

    /// Holds the parts (dimmed as a whole when disabled, leaving the view's own alpha alone).
    private let body = CALayer()
    private let minimumTrack = CALayer()
    private let maximumTrack = CALayer()
    private let minimumImageLayer = CALayer()
    private let maximumImageLayer = CALayer()
    private let thumb = CALayer()

    private var thumbImages: [UInt: UIImage] = [:]
    private var minimumTrackImages: [UInt: UIImage] = [:]
    private var maximumTrackImages: [UInt: UIImage] = [:]

    /// The grip: how far from the thumb's centre the finger took it (points along the track).
    private var grip: CGFloat = 0
    private var valueAtTouch: Float = 0

    /// The value, within `minimumValue…maximumValue` (0 by default).
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }

    /// The lowest value (0 by default); raising it past `value` raises `value`.
    open var minimumValue: Float {
        get { storedMinimum }
        set {
            guard newValue.isFinite else { return }
            storedMinimum = newValue
            if storedMaximum < newValue { storedMaximum = newValue }
            storedValue = clamp(storedValue)
            updateLayers(animated: false)
        }
    }

    /// The highest value (1 by default); lowering it below `value` lowers `value`.
    open var maximumValue: Float {
        get { storedMaximum }
        set {
            guard newValue.isFinite else { return }
            storedMaximum = newValue
            if storedMinimum > newValue { storedMinimum = newValue }
            storedValue = clamp(storedValue)
            updateLayers(animated: false)
        }
    }

    /// Whether `.valueChanged` goes out while the thumb moves (true) or only when the finger
    /// lifts (false).
    open var isContinuous = true

    /// The image left of the track, or nil.
    open var minimumValueImage: UIImage? { didSet { updateImages() } }
    /// The image right of the track, or nil.
    open var maximumValueImage: UIImage? { didSet { updateImages() } }
    /// The track before the thumb (nil: the tint colour).
    open var minimumTrackTintColor: UIColor? { didSet { updateColors(); appearanceSet("minimumTrackTintColor") { [minimumTrackTintColor] in $0.minimumTrackTintColor = minimumTrackTintColor } } }
    /// The track after the thumb (nil: a system fill gray).
    open var maximumTrackTintColor: UIColor? { didSet { updateColors(); appearanceSet("maximumTrackTintColor") { [maximumTrackTintColor] in $0.maximumTrackTintColor = maximumTrackTintColor } } }
    /// The thumb's colour (nil: white).
    open var thumbTintColor: UIColor? { didSet { updateColors(); appearanceSet("thumbTintColor") { [thumbTintColor] in $0.thumbTintColor = thumbTintColor } } }

    /// Sets the value (kept within the limits), sliding the thumb when `animated`; sends
    /// nothing.
    /// A tenth of the range up.
    ///
    /// - Note: Differs from Apple: iOS's step is not documented; a tenth of the range is
    ///   what VoiceOver users observe on a default slider.
    open override func accessibilityIncrement() { adjustByTenth(1) }

    /// A tenth of the range down.
    open override func accessibilityDecrement() { adjustByTenth(-1) }

    private func adjustByTenth(_ direction: Float) {
        let before = value
        value = before + direction * (maximumValue - minimumValue) / 10
        if value != before { sendActions(for: .valueChanged) }
    }

    open func setValue(_ value: Float, animated: Bool) {
        guard value.isFinite else { return }
        storedValue = clamp(value)
        updateLayers(animated: animated)
    }

    private func clamp(_ v: Float) -> Float { Swift.min(Swift.max(v, storedMinimum), storedMaximum) }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpLayers()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpLayers()
        (coder as? IBCoder)?.decodeSlider(self)
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UISlider.intrinsicHeight)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: Swift.max(bounds.width, UISlider.thumbDiameter), height: UISlider.intrinsicHeight)
    }

    open override var isEnabled: Bool { didSet { updateLayers(animated: false) } }

    // MARK: Images for states

    /// The thumb's image for `state` (nil: the drawn white thumb).
    open func setThumbImage(_ image: UIImage?, for state: UIControl.State) {
        thumbImages[state.rawValue] = image
        updateImages()
    }

    open func setMinimumTrackImage(_ image: UIImage?, for state: UIControl.State) {
        minimumTrackImages[state.rawValue] = image
        updateImages()
    }

    open func setMaximumTrackImage(_ image: UIImage?, for state: UIControl.State) {
        maximumTrackImages[state.rawValue] = image
        updateImages()
    }

    open func thumbImage(for state: UIControl.State) -> UIImage? { thumbImages[state.rawValue] }
    open func minimumTrackImage(for state: UIControl.State) -> UIImage? { minimumTrackImages[state.rawValue] }
    open func maximumTrackImage(for state: UIControl.State) -> UIImage? { maximumTrackImages[state.rawValue] }

    /// The image for the current state, else the normal one.
    private func current(_ images: [UInt: UIImage]) -> UIImage? {
        images[state.rawValue] ?? images[UIControl.State.normal.rawValue]
    }

    open var currentThumbImage: UIImage? { current(thumbImages) }
    open var currentMinimumTrackImage: UIImage? { current(minimumTrackImages) }
    open var currentMaximumTrackImage: UIImage? { current(maximumTrackImages) }

    // MARK: Geometry

    /// Where the left value image goes: its size, at the left edge, centred vertically.
    open func minimumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        guard let size = minimumValueImage?.size else { return CGRect(x: bounds.minX, y: bounds.midY, width: 0, height: 0) }
        return CGRect(x: bounds.minX, y: (bounds.midY - size.height / 2).rounded(), width: size.width, height: size.height)
    }

    /// Where the right value image goes: its size, at the right edge, centred vertically.
    open func maximumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        guard let size = maximumValueImage?.size else { return CGRect(x: bounds.maxX, y: bounds.midY, width: 0, height: 0) }
        return CGRect(x: bounds.maxX - size.width, y: (bounds.midY - size.height / 2).rounded(), width: size.width, height: size.height)
    }

    /// The track: between the value images (4 points from each), 4 points thick, centred.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        var left = bounds.minX, right = bounds.maxX
        if minimumValueImage != nil { left = minimumValueImageRect(forBounds: bounds).maxX + 4 }
        if maximumValueImage != nil { right = maximumValueImageRect(forBounds: bounds).minX - 4 }
        let thickness = UISlider.trackThickness
        return CGRect(x: left, y: (bounds.midY - thickness / 2).rounded(), width: Swift.max(0, right - left), height: thickness)
    }

    /// The thumb for `value`: its centre travels from half a thumb inside the track's start
    /// to half a thumb inside its end.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let size = currentThumbImage?.size ?? CGSize(width: UISlider.thumbDiameter, height: UISlider.thumbDiameter)
        let span = storedMaximum - storedMinimum
        let fraction = span > 0 ? CGFloat((Swift.min(Swift.max(value, storedMinimum), storedMaximum) - storedMinimum) / span) : 0
        let travel = Swift.max(0, rect.width - size.width)
        return CGRect(x: (rect.minX + travel * fraction).rounded(), y: (rect.midY - size.height / 2).rounded(),
                      width: size.width, height: size.height)
    }

    // MARK: Drawing

    private func setUpLayers() {
        LayerTransaction.immediate {
            for track in [minimumTrack, maximumTrack] {
                track.cornerRadius = UISlider.trackThickness / 2
                body.addSublayer(track)
            }
            minimumImageLayer.contentsGravity = .center
            maximumImageLayer.contentsGravity = .center
            body.addSublayer(minimumImageLayer)
            body.addSublayer(maximumImageLayer)
            thumb.styleAsThumb(shadowOpacity: 0.2)
            body.addSublayer(thumb)
            layer.addSublayer(body)
        }
        updateColors()
        updateImages()
    }


    private func updateColors() {
        let traits = traitCollection
        LayerTransaction.immediate {
            minimumTrack.backgroundColor = (minimumTrackTintColor ?? tintColor ?? .systemBlue).resolvedColor(with: traits).cgColor
            maximumTrack.backgroundColor = (maximumTrackTintColor ?? UIColor.systemFill).resolvedColor(with: traits).cgColor
            thumb.backgroundColor = currentThumbImage == nil ? (thumbTintColor ?? .white).resolvedColor(with: traits).cgColor : nil
        }
    }

    private func updateImages() {
        LayerTransaction.immediate {
            let scale = traitCollection.displayScale > 0 ? traitCollection.displayScale : UIScreen.main.scale
            minimumImageLayer.contents = minimumValueImage?.cgImage
            minimumImageLayer.contentsScale = minimumValueImage?.scale ?? scale
            maximumImageLayer.contents = maximumValueImage?.cgImage
            maximumImageLayer.contentsScale = maximumValueImage?.scale ?? scale
            let image = currentThumbImage
            thumb.contents = image?.cgImage
            thumb.contentsScale = image?.scale ?? scale
            thumb.shadowOpacity = image == nil ? 0.2 : 0
            thumb.borderWidth = image == nil ? 0.5 : 0
            minimumTrack.contents = currentMinimumTrackImage?.cgImage
            maximumTrack.contents = currentMaximumTrackImage?.cgImage
        }
        updateColors()
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateLayers(animated: false)
    }

    private func updateLayers(animated: Bool) {
        let b = bounds
        let track = trackRect(forBounds: b)
        let thumbFrame = thumbRect(forBounds: b, trackRect: track, value: storedValue)
        LayerTransaction.run(animated: animated) {
            minimumImageLayer.frame = minimumValueImageRect(forBounds: b)
            maximumImageLayer.frame = maximumValueImageRect(forBounds: b)
            // The tracks meet under the thumb's centre.
            let split = Swift.min(Swift.max(thumbFrame.midX, track.minX), track.maxX)
            minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: split - track.minX, height: track.height)
            maximumTrack.frame = CGRect(x: split, y: track.minY, width: track.maxX - split, height: track.height)
            thumb.frame = thumbFrame
            thumb.cornerRadius = currentThumbImage == nil ? thumbFrame.height / 2 : 0
            body.frame = b
            body.opacity = isEnabled ? 1 : 0.5
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

    // MARK: Tracking

    /// The value whose thumb centre sits at `x` (points along the bounds).
    private func value(atThumbCentre x: CGFloat) -> Float {
        let track = trackRect(forBounds: bounds)
        let width = thumbRect(forBounds: bounds, trackRect: track, value: storedMinimum).width
        let travel = track.width - width
        guard travel > 0 else { return storedMinimum }
        let fraction = Swift.min(Swift.max((x - track.minX - width / 2) / travel, 0), 1)
        return storedMinimum + Float(fraction) * (storedMaximum - storedMinimum)
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
        // Only the thumb (with a few points of slop) can be taken.
        guard thumbFrame.insetBy(dx: -8, dy: -8).contains(point) else { return false }
        grip = point.x - thumbFrame.midX
        valueAtTouch = storedValue
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let new = value(atThumbCentre: touch.location(in: self).x - grip)
        guard new != storedValue else { return true }
        storedValue = new
        updateLayers(animated: false)
        if isContinuous { sendActions(for: .valueChanged, event: event) }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if !isContinuous, storedValue != valueAtTouch { sendActions(for: .valueChanged, event: event) }
    }
}
