import Foundation

/// A pair of − and + buttons that step a value: 94 × 32 points, a rounded gray capsule split
/// by a hairline, the glyphs in the label colour (faded on a side that cannot step further).
///
/// Touching a side steps `value` by `stepValue` at once (down to `minimumValue`, up to
/// `maximumValue`, or round to the other end when `wraps`) and, when `isContinuous` (the
/// default), sends `.valueChanged`; held, it repeats (`autorepeat`) after half a second, ten
/// steps a second. Without `isContinuous`, one `.valueChanged` goes out when the finger
/// lifts. Setting `value` sends nothing.
///
/// - Note: Differs from Apple: the repeat rate is steady (iOS speeds up); the colours and
///   glyph proportions are Lamina's drawing of iOS's stepper.
@preconcurrency @MainActor
open class UIStepper: UIControl {
    static let size = CGSize(width: 94, height: 32)
    static let repeatDelay: TimeInterval = 0.5
    static let repeatInterval: TimeInterval = 0.1

    private var storedValue: Double = 0
    private var storedMinimum: Double = 0
    private var storedMaximum: Double = 100
    private var storedStep: Double = 1

    private let background = CALayer()
    private let highlight = CALayer()
    private let divider = CALayer()
    private let minus = CAShapeLayer()
    private let plus = CAShapeLayer()
    private let minusImage = CALayer()
    private let plusImage = CALayer()

    /// The side being pressed: -1 (−), +1 (+) or 0.
    private var pressedSide = 0
    private var valueAtTouch: Double = 0
    /// The pending repeat, on the media clock (so scripted input and tests are exact).
    private var repeatTimer: GestureTimer?

    private var incrementImages: [UInt: UIImage] = [:]
    private var decrementImages: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]

    /// The value (0 by default), within the limits.
    open var value: Double {
        get { storedValue }
        set {
            guard newValue.isFinite else { return }
            storedValue = Swift.min(Swift.max(newValue, storedMinimum), storedMaximum)
            updateLayers()
        }
    }

    /// The lowest value (0 by default); must stay below `maximumValue`, else the change is
    /// ignored.
    open var minimumValue: Double {
        get { storedMinimum }
        set {
            guard newValue.isFinite, newValue < storedMaximum else { return }
            storedMinimum = newValue
            value = storedValue
        }
    }

    /// The highest value (100 by default); must stay above `minimumValue`.
    open var maximumValue: Double {
        get { storedMaximum }
        set {
            guard newValue.isFinite, newValue > storedMinimum else { return }
            storedMaximum = newValue
            value = storedValue
        }
    }

    /// How much a press steps (1 by default); must be above 0, else the change is ignored.
    open var stepValue: Double {
        get { storedStep }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            storedStep = newValue
        }
    }

    /// Whether a press sends `.valueChanged` at each step (true) or once at the end.
    open var isContinuous = true
    /// Whether holding a side keeps stepping (true by default).
    open var autorepeat = true
    /// Whether stepping past one end goes round to the other (false by default).
    open var wraps = false { didSet { updateLayers() } }

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: UIStepper.size))
        setUpLayers()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpLayers()
        (coder as? IBCoder)?.decodeStepper(self)
    }

    /// The size components are ignored: a stepper is 94 × 32 points.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: UIStepper.size) }
    }

    open override var intrinsicContentSize: CGSize { UIStepper.size }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { UIStepper.size }
    open override var isEnabled: Bool { didSet { updateLayers() } }

    // MARK: Images

    open func setIncrementImage(_ image: UIImage?, for state: UIControl.State) {
        incrementImages[state.rawValue] = image
        updateLayers()
    }

    open func setDecrementImage(_ image: UIImage?, for state: UIControl.State) {
        decrementImages[state.rawValue] = image
        updateLayers()
    }

    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
        backgroundImages[state.rawValue] = image
        updateLayers()
    }

    open func incrementImage(for state: UIControl.State) -> UIImage? { incrementImages[state.rawValue] }
    open func decrementImage(for state: UIControl.State) -> UIImage? { decrementImages[state.rawValue] }
    open func backgroundImage(for state: UIControl.State) -> UIImage? { backgroundImages[state.rawValue] }

    private func image(_ images: [UInt: UIImage]) -> UIImage? {
        images[state.rawValue] ?? images[UIControl.State.normal.rawValue]
    }

    // MARK: Drawing


    private func setUpLayers() {
        LayerTransaction.immediate {
            let box = CGRect(origin: .zero, size: UIStepper.size)
            background.frame = box
            background.cornerRadius = 8
            background.masksToBounds = true
            highlight.frame = .zero
            background.addSublayer(highlight)
            divider.frame = CGRect(x: box.midX - 0.5, y: 7, width: 1, height: 18)
            for (glyph, isPlus) in [(minus, false), (plus, true)] {
                let path = CGMutablePath()
                let center = CGPoint(x: isPlus ? box.width * 0.75 : box.width * 0.25, y: box.midY)
                path.move(to: CGPoint(x: center.x - 7, y: center.y))
                path.addLine(to: CGPoint(x: center.x + 7, y: center.y))
                if isPlus {
                    path.move(to: CGPoint(x: center.x, y: center.y - 7))
                    path.addLine(to: CGPoint(x: center.x, y: center.y + 7))
                }
                glyph.frame = box
                glyph.path = path
                glyph.lineWidth = 2
                glyph.lineCap = .round
                glyph.fillColor = nil
            }
            for imageLayer in [minusImage, plusImage] { imageLayer.contentsGravity = .center }
            minusImage.frame = CGRect(x: 0, y: 0, width: box.width / 2, height: box.height)
            plusImage.frame = CGRect(x: box.width / 2, y: 0, width: box.width / 2, height: box.height)
            for sublayer in [background, divider, minus, plus, minusImage, plusImage] { layer.addSublayer(sublayer) }
        }
        updateLayers()
    }

    /// Whether pressing `side` can step (at an end only when wrapping).
    private func canStep(_ side: Int) -> Bool {
        wraps || (side > 0 ? storedValue < storedMaximum : storedValue > storedMinimum)
    }

    private func updateLayers() {
        let traits = traitCollection
        let glyphColor = UIColor.label.resolvedColor(with: traits).cgColor
        LayerTransaction.immediate {
            let backgroundImage = image(backgroundImages)
            background.contents = backgroundImage?.cgImage
            background.backgroundColor = backgroundImage == nil ? UIColor.tertiarySystemFill.resolvedColor(with: traits).cgColor : nil
            highlight.backgroundColor = UIColor.tertiarySystemFill.resolvedColor(with: traits).cgColor
            highlight.frame = pressedSide == 0 ? .zero
                : CGRect(x: pressedSide < 0 ? 0 : UIStepper.size.width / 2, y: 0, width: UIStepper.size.width / 2, height: UIStepper.size.height)
            divider.backgroundColor = UIColor.opaqueSeparator.resolvedColor(with: traits).cgColor
            let scale = traits.displayScale > 0 ? traits.displayScale : UIScreen.main.scale
            for (glyph, imageLayer, images, side) in [(minus, minusImage, decrementImages, -1), (plus, plusImage, incrementImages, 1)] {
                let custom = image(images)
                imageLayer.contents = custom?.cgImage
                imageLayer.contentsScale = custom?.scale ?? scale
                glyph.isHidden = custom != nil
                glyph.strokeColor = glyphColor
                let dimmed = !isEnabled || !canStep(side)
                glyph.opacity = dimmed ? 0.3 : 1
                imageLayer.opacity = dimmed ? 0.3 : 1
            }
        }
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) { updateLayers() }
    }

    // MARK: Tracking

    /// One step of `side`; returns whether the value changed.
    @discardableResult
    private func step(_ side: Int) -> Bool {
        let old = storedValue
        var new = storedValue + Double(side) * storedStep
        if new > storedMaximum { new = wraps ? storedMinimum : storedMaximum }
        if new < storedMinimum { new = wraps ? storedMaximum : storedMinimum }
        storedValue = new
        updateLayers()
        return new != old
    }

    /// One step up, as a tap on the plus side.
    open override func accessibilityIncrement() {
        if step(1) { sendActions(for: .valueChanged) }
    }

    /// One step down, as a tap on the minus side.
    open override func accessibilityDecrement() {
        if step(-1) { sendActions(for: .valueChanged) }
    }

    private func press(_ event: UIEvent?) {
        guard pressedSide != 0 else { return }
        if step(pressedSide), isContinuous { sendActions(for: .valueChanged, event: event) }
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let side = touch.location(in: self).x < bounds.midX ? -1 : 1
        guard canStep(side) else { return false }
        pressedSide = side
        valueAtTouch = storedValue
        press(event)
        if autorepeat { scheduleRepeat(after: UIStepper.repeatDelay) }
        return true
    }

    /// Steps again after `delay`, then every `repeatInterval` while the side is held.
    private func scheduleRepeat(after delay: TimeInterval) {
        repeatTimer = GestureTimer(after: delay) { [weak self] in
            guard let self, self.pressedSide != 0 else { return }
            self.press(nil)
            self.scheduleRepeat(after: UIStepper.repeatInterval)
        }
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        finish(event)
    }

    open override func cancelTracking(with event: UIEvent?) {
        finish(event)
    }

    private func finish(_ event: UIEvent?) {
        repeatTimer?.cancel()
        repeatTimer = nil
        pressedSide = 0
        updateLayers()
        if !isContinuous, storedValue != valueAtTouch { sendActions(for: .valueChanged, event: event) }
    }
}
