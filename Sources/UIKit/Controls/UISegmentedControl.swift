import Foundation

/// A row of mutually exclusive segments, each a title or an image, the selected one raised on
/// a light (dark: gray) rounded thumb inside a gray capsule, with hairlines between the others.
///
/// A touch that lifts on an enabled segment selects it and, when that changes the selection,
/// sends `.valueChanged` (after `.touchDown`, before `.touchUpInside`); a momentary control
/// (`isMomentary`) sends it for every tap and shows no lasting selection. Setting
/// `selectedSegmentIndex` sends nothing. Segments share the width equally unless
/// `apportionsSegmentWidthsByContent` or a `setWidth(_:forSegmentAt:)` says otherwise.
///
/// - Note: Differs from Apple: the thumb slides over 0.25 s (iOS uses a spring); paddings and
///   colours are Lamina's reading of iOS's look.
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    /// The index meaning no segment is selected.
    public static let noSegment = -1

    static let height: CGFloat = 32
    static let inset: CGFloat = 2
    static let padding: CGFloat = 12

    private struct Segment {
        var title: String?
        var image: UIImage?
        var enabled = true
        /// 0: automatic.
        var width: CGFloat = 0
        var action: UIAction?
    }

    private var segments: [Segment] = []
    private var selected = UISegmentedControl.noSegment
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

    private let background = CALayer()
    private let thumb = CALayer()
    private var dividers: [CALayer] = []
    private var labels: [UILabel] = []
    private var imageViews: [UIImageView] = []
    /// The segment under the finger while tracking.
    private var touchedSegment: Int?

    /// A control with a segment per item: `String`s become titles, `UIImage`s images.
    public init(items: [Any]?) {
        super.init(frame: .zero)
        for item in items ?? [] {
            if let title = item as? String { segments.append(Segment(title: title)) }
            if let image = item as? UIImage { segments.append(Segment(image: image)) }
        }
        setUp()
        bounds.size = intrinsicContentSize
    }

    /// A control with a segment per action: its title and image, its handler run on selection.
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        for action in actions {
            segments.append(Segment(title: action.title, image: action.image, action: action))
        }
        rebuild()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
        (coder as? IBCoder)?.decodeSegmentedControl(self)
    }

    // MARK: Segments

    open var numberOfSegments: Int { segments.count }

    /// The selected segment, or `noSegment` (-1). Setting it selects silently; out-of-range
    /// values are ignored.
    open var selectedSegmentIndex: Int {
        get { selected }
        set {
            guard newValue == UISegmentedControl.noSegment || segments.indices.contains(newValue) else { return }
            selected = newValue
            updateColors()
            updateLayers(animated: false)
        }
    }

    /// Whether a tap only flashes its segment (no lasting selection).
    open var isMomentary = false
    /// Whether segments are as wide as their content instead of equal.
    open var apportionsSegmentWidthsByContent = false { didSet { invalidateIntrinsicContentSize(); setNeedsLayout() } }
    /// The thumb's colour (nil: white, or a gray in the dark appearance).
    open var selectedSegmentTintColor: UIColor? { didSet { updateColors(); appearanceSet("selectedSegmentTintColor") { [selectedSegmentTintColor] in $0.selectedSegmentTintColor = selectedSegmentTintColor } } }

    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment)
    }

    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment)
    }

    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        insert(Segment(title: action.title, image: action.image, action: action), at: segment)
    }

    private func insert(_ segment: Segment, at index: Int) {
        let at = Swift.min(Swift.max(index, 0), segments.count)
        segments.insert(segment, at: at)
        if selected >= at { selected += 1 }
        rebuild()
    }

    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        if selected == segment { selected = UISegmentedControl.noSegment } else if selected > segment { selected -= 1 }
        rebuild()
    }

    open func removeAllSegments() {
        segments.removeAll()
        selected = UISegmentedControl.noSegment
        rebuild()
    }

    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
        rebuild()
    }

    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
        rebuild()
    }

    open func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].enabled = enabled
        updateColors()
    }

    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) && segments[segment].enabled
    }

    /// A fixed width for a segment (0: automatic).
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment), width.isFinite, width >= 0 else { return }
        segments[segment].width = width
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    open func widthForSegment(at segment: Int) -> CGFloat {
        segments.indices.contains(segment) ? segments[segment].width : 0
    }

    /// Text attributes for titles in `state` (`.normal`, `.selected`, …).
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
        appearanceSet("titleTextAttributes.\(state.rawValue)") { $0.setTitleTextAttributes(attributes, for: state) }
        updateColors()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }

    open override var isEnabled: Bool { didSet { updateColors() } }

    // MARK: Sizing

    /// Each segment's content width (title or image) plus padding.
    private func contentWidth(_ index: Int) -> CGFloat {
        if let image = segments[index].image { return image.size.width + 2 * UISegmentedControl.padding }
        let label = UILabel()
        label.attributedText = attributedTitle(index, selected: true)
        return label.intrinsicContentSize.width.rounded(.up) + 2 * UISegmentedControl.padding
    }

    open override var intrinsicContentSize: CGSize {
        guard !segments.isEmpty else { return CGSize(width: 0, height: UISegmentedControl.height) }
        let widths = segments.indices.map { segments[$0].width > 0 ? segments[$0].width : contentWidth($0) }
        let total = apportionsSegmentWidthsByContent ? widths.reduce(0, +) : (widths.max() ?? 0) * CGFloat(segments.count)
        return CGSize(width: total, height: UISegmentedControl.height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// The segments' frames across `bounds`: fixed widths first, the rest shared equally (or
    /// by content).
    private func segmentFrames() -> [CGRect] {
        let b = bounds
        guard !segments.isEmpty else { return [] }
        let fixed = segments.map(\.width)
        let content = apportionsSegmentWidthsByContent ? segments.indices.map { contentWidth($0) } : []
        let fixedTotal = fixed.reduce(0, +)
        let flexible = segments.indices.filter { fixed[$0] == 0 }
        let room = Swift.max(0, b.width - fixedTotal)
        var widths = fixed
        if apportionsSegmentWidthsByContent {
            let wanted = flexible.reduce(0) { $0 + content[$1] }
            for i in flexible { widths[i] = wanted > 0 ? room * content[i] / wanted : 0 }
        } else {
            for i in flexible { widths[i] = room / CGFloat(flexible.count) }
        }
        var x = b.minX
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        var frames = widths.map { width -> CGRect in
            defer { x += width }
            return CGRect(x: x, y: b.minY, width: width, height: b.height)
        }
        if rightToLeft { frames = frames.map { CGRect(x: b.maxX - ($0.maxX - b.minX), y: $0.minY, width: $0.width, height: $0.height) } }
        return frames
    }

    // MARK: Drawing

    private func setUp() {
        LayerTransaction.immediate {
            background.cornerRadius = 9
            thumb.cornerRadius = 7
            thumb.styleAsThumb(shadowOpacity: 0.12)
            layer.addSublayer(background)
            layer.addSublayer(thumb)
        }
        rebuild()
    }

    private static let thumbColor = UIColor.system(.white, dark: UIColor(red: 99 / 255, green: 99 / 255, blue: 102 / 255, alpha: 1))

    /// A segment's title with the state's attributes over the defaults (13-point, semibold
    /// when selected, in the label colour).
    private func attributedTitle(_ index: Int, selected: Bool) -> NSAttributedString {
        var attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.systemFont(ofSize: 13, weight: selected ? .semibold : .regular),
            .foregroundColor: UIColor.label,
        ]
        for (key, value) in titleAttributes[UIControl.State.normal.rawValue] ?? [:] { attributes[key] = value }
        if selected { for (key, value) in titleAttributes[UIControl.State.selected.rawValue] ?? [:] { attributes[key] = value } }
        return NSAttributedString(string: segments[index].title ?? "", attributes: attributes)
    }

    /// Makes a label or image view per segment and a divider between each pair.
    private func rebuild() {
        for view in labels as [UIView] + imageViews as [UIView] { view.removeFromSuperview() }
        for divider in dividers { divider.removeFromSuperlayer() }
        labels = segments.map { _ in
            let label = UILabel()
            label.textAlignment = .center
            return label
        }
        imageViews = segments.map { _ in UIImageView() }
        for (label, imageView) in zip(labels, imageViews) {
            addSubview(imageView)
            addSubview(label)
        }
        dividers = segments.dropFirst().map { _ in CALayer() }
        for divider in dividers { layer.insertSublayer(divider, above: background) }
        if selected >= segments.count { selected = UISegmentedControl.noSegment }
        updateColors()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func updateColors() {
        let traits = traitCollection
        LayerTransaction.immediate {
            background.backgroundColor = UIColor.tertiarySystemFill.resolvedColor(with: traits).cgColor
            thumb.backgroundColor = (selectedSegmentTintColor ?? UISegmentedControl.thumbColor).resolvedColor(with: traits).cgColor
            for divider in dividers { divider.backgroundColor = UIColor.separator.resolvedColor(with: traits).cgColor }
        }
        for index in segments.indices where index < labels.count {
            let isSelected = index == selected && !isMomentary
            labels[index].attributedText = attributedTitle(index, selected: isSelected)
            labels[index].isHidden = segments[index].title == nil
            imageViews[index].image = segments[index].image?.withRenderingMode(.alwaysTemplate)
            imageViews[index].tintColor = .label
            let dimmed = !isEnabled || !segments[index].enabled
            labels[index].alpha = dimmed ? 0.3 : 1
            imageViews[index].alpha = dimmed ? 0.3 : 1
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateLayers(animated: false)
    }

    private func updateLayers(animated: Bool) {
        let frames = segmentFrames()
        let inset = UISegmentedControl.inset
        let shown = isMomentary ? UISegmentedControl.noSegment : selected
        LayerTransaction.run(animated: animated) {
            background.frame = bounds
            if frames.indices.contains(shown) {
                thumb.frame = frames[shown].insetBy(dx: inset, dy: inset)
                thumb.opacity = 1
            } else {
                thumb.opacity = 0
            }
        }
        LayerTransaction.immediate {
            // Hairlines between segments, hidden beside the selected one.
            for (index, divider) in dividers.enumerated() {
                // The boundary: the nearer segment's far edge (either order, right to left too).
                let x = Swift.min(frames[index].maxX, frames[index + 1].maxX)
                divider.frame = CGRect(x: x - 0.5, y: bounds.midY - 8, width: 1, height: 16)
                divider.opacity = shown == index || shown == index + 1 ? 0 : 1
            }
        }
        for (index, frame) in frames.enumerated() where index < labels.count {
            let area = frame.insetBy(dx: inset + 4, dy: 0)
            UIView.performWithoutAnimation {
                labels[index].frame = area
                let size = segments[index].image?.size ?? .zero
                imageViews[index].frame = CGRect(x: (frame.midX - size.width / 2).rounded(), y: (frame.midY - size.height / 2).rounded(),
                                                 width: size.width, height: size.height)
            }
        }
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) { updateColors() }
    }

    // MARK: Tracking

    private func segment(at point: CGPoint) -> Int? {
        segmentFrames().firstIndex { $0.contains(point) }
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        touchedSegment = segment(at: touch.location(in: self))
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        touchedSegment = segment(at: touch.location(in: self))
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        defer { touchedSegment = nil }
        guard let touch, let index = segment(at: touch.location(in: self)), segments[index].enabled else { return }
        if isMomentary {
            selected = index
            sendActions(for: .valueChanged, event: event)
            segments[index].action.map { sendAction($0) }
            selected = UISegmentedControl.noSegment
            return
        }
        guard index != selected else { return }
        selected = index
        updateColors()
        updateLayers(animated: true)
        sendActions(for: .valueChanged, event: event)
        segments[index].action.map { sendAction($0) }
    }
}
