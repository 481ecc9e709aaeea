import Foundation

/// An on/off switch: a 51 × 31-point capsule whose white thumb slides from the left (off) to
/// the right (on) while the capsule fills with `onTintColor`.
///
/// A tap toggles it; a drag moves the thumb to the side the finger is on and the value follows
/// when the finger lifts. Either way, when the value changed the switch sends `.valueChanged`
/// (after `.touchDown`, before `.touchUpInside`); setting `isOn` or calling
/// `setOn(_:animated:)` sends nothing. While touched, the thumb widens towards the middle.
/// Disabled, the switch shows at half opacity and ignores touches.
///
/// Drawn with Lamina's own layers: the track in `secondarySystemFill`, the fill in
/// `onTintColor` (`systemGreen` by default), the thumb in `thumbTintColor` (white) with a
/// soft shadow.
///
/// - Note: Differs from Apple: the thumb's spring is a 0.25-second ease; the track and shadow
///   values are Lamina's reading of iOS's look (Apple publishes no switch metrics but its
///   size).
@preconcurrency @MainActor
open class UISwitch: UIControl {
    /// How the switch presents itself: on iOS always sliding.
    public enum Style: Int, Sendable {
        case automatic = 0
        case checkbox = 1
        case sliding = 2
    }

    /// The switch's fixed size.
    static let size = CGSize(width: 51, height: 31)
    static let thumbInset: CGFloat = 2
    static let thumbDiameter: CGFloat = 27
    /// The thumb's width while a finger is on the switch.
    static let pressedThumbWidth: CGFloat = 34
    static let animationDuration: TimeInterval = 0.25

    private var storedOn = false
    /// Whether the thumb shows on the right while tracking (before the value follows).
    private var shownOn = false
    private var pressed = false
    private var startedOn = false
    private var dragged = false
    private var touchStart: CGPoint = .zero

    private let body = CALayer()
    private let track = CALayer()
    private let fill = CALayer()
    private let thumb = CALayer()

    /// The fill of the track when on (nil: the system green).
    open var onTintColor: UIColor? { didSet { updateColors(); appearanceSet("onTintColor") { [onTintColor] in $0.onTintColor = onTintColor } } }
    /// The thumb's colour (nil: white).
    open var thumbTintColor: UIColor? { didSet { updateColors(); appearanceSet("thumbTintColor") { [thumbTintColor] in $0.thumbTintColor = thumbTintColor } } }
    /// Stored; iOS 7 and later draw no on/off images.
    open var onImage: UIImage?
    /// Stored; iOS 7 and later draw no on/off images.
    open var offImage: UIImage?
    /// A title shown beside checkbox-style switches (stored; iOS switches slide).
    open var title: String?
    /// The style asked for (stored; the style used on iOS is always `.sliding`).
    open var preferredStyle: Style = .automatic
    /// The style in use: `.sliding`.
    open var style: Style { .sliding }

    /// Whether the switch is on. Setting it moves the thumb at once and sends no event.
    open var isOn: Bool {
        get { storedOn }
        set { setOn(newValue, animated: false) }
    }

    /// Turns the switch on or off, sliding the thumb when `animated`; sends no event.
    open func setOn(_ on: Bool, animated: Bool) {
        storedOn = on
        shownOn = on
        updateLayers(animated: animated)
    }

    /// A switch at `frame`'s origin; the size is always 51 × 31 points.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: UISwitch.size))
        setUpLayers()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpLayers()
        (coder as? IBCoder)?.decodeSwitch(self)
    }

    /// The size components are ignored: a switch is always 51 × 31 points.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: UISwitch.size) }
    }

    open override var intrinsicContentSize: CGSize { UISwitch.size }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { UISwitch.size }

    open override var isEnabled: Bool {
        didSet { updateLayers(animated: false) }
    }

    // MARK: Drawing

    private func setUpLayers() {
        LayerTransaction.immediate {
            let box = CGRect(origin: .zero, size: UISwitch.size)
            body.frame = box
            for capsule in [track, fill] {
                capsule.frame = box
                capsule.cornerRadius = box.height / 2
            }
            thumb.cornerRadius = UISwitch.thumbDiameter / 2
            thumb.styleAsThumb(shadowOpacity: 0.2)
            body.addSublayer(track)
            body.addSublayer(fill)
            body.addSublayer(thumb)
            layer.addSublayer(body)
        }
        updateColors()
        updateLayers(animated: false)
    }


    private func updateColors() {
        let traits = traitCollection
        LayerTransaction.immediate {
            track.backgroundColor = UIColor.secondarySystemFill.resolvedColor(with: traits).cgColor
            fill.backgroundColor = (onTintColor ?? .systemGreen).resolvedColor(with: traits).cgColor
            thumb.backgroundColor = (thumbTintColor ?? .white).resolvedColor(with: traits).cgColor
        }
    }

    /// The thumb's frame for the side it shows on and whether a finger is down.
    private func thumbFrame(on: Bool, pressed: Bool) -> CGRect {
        let width = pressed ? UISwitch.pressedThumbWidth : UISwitch.thumbDiameter
        let inset = UISwitch.thumbInset
        let x = on ? UISwitch.size.width - inset - width : inset
        return CGRect(x: x, y: inset, width: width, height: UISwitch.thumbDiameter)
    }

    private func updateLayers(animated: Bool) {
        LayerTransaction.run(animated: animated, duration: UISwitch.animationDuration) {
            thumb.frame = thumbFrame(on: shownOn, pressed: pressed)
            fill.opacity = shownOn ? 1 : 0
            body.opacity = isEnabled ? 1 : 0.5
        }
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) { updateColors() }
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        startedOn = storedOn
        shownOn = storedOn
        dragged = false
        touchStart = touch.location(in: self)
        pressed = true
        updateLayers(animated: true)
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        // A few points of movement make it a drag; the thumb then goes where the finger is.
        if !dragged, abs(point.x - touchStart.x) >= 5 { dragged = true }
        if dragged {
            let side = point.x > bounds.midX
            if side != shownOn {
                shownOn = side
                updateLayers(animated: true)
            }
        }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        pressed = false
        let inside = touch.map { bounds.insetBy(dx: -70, dy: -70).contains($0.location(in: self)) } ?? false
        // A tap toggles; a drag leaves the value where the thumb is. A tap that lifts outside
        // changes nothing.
        let new = dragged ? shownOn : (inside ? !startedOn : startedOn)
        storedOn = new
        shownOn = new
        updateLayers(animated: true)
        if new != startedOn { sendActions(for: .valueChanged, event: event) }
    }

    open override func cancelTracking(with event: UIEvent?) {
        pressed = false
        storedOn = startedOn
        shownOn = startedOn
        updateLayers(animated: true)
    }
}
