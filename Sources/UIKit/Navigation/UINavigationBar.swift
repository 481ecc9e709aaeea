import Foundation

/// The bar across the top of a navigation controller: the top item's title in the middle
/// (17-point semibold), a back button ("‹" and the previous item's back title) or the left
/// items at the leading edge, the right items at the trailing edge, over a bar background
/// with a hairline under it.
///
/// With `prefersLargeTitles` and a top item whose `largeTitleDisplayMode` resolves to large
/// (`.always`, or `.automatic` following the item below — large for the first), the bar is 52
/// points taller, the title in 34-point bold on the leading side of that extra area, and the
/// bar is clear with no hairline (its scroll-edge look) while the large title shows. A
/// navigation controller shrinks the large area as its top controller's scroll view scrolls.
///
/// - Note: Differs from Apple: the bar's blur is not drawn; the back chevron is drawn with
///   Lamina's own path.
@preconcurrency @MainActor
open class UINavigationBar: UIView {
    static let height: CGFloat = 44
    /// The extra height of the large-title area.
    static let largeTitleHeight: CGFloat = 52

    private(set) var storedItems: [UINavigationItem] = []
    private let titleLabel = UILabel()
    private let largeArea = UIView()
    private let largeLabel = UILabel()
    /// How much of the large-title area shows (0 when collapsed or not large).
    var largeTitleShown: CGFloat = 0 {
        didSet {
            guard largeTitleShown != oldValue else { return }
            updateColors()
            setNeedsLayout()
        }
    }
    private let hairline = CALayer()
    /// The background image of the default metrics, stretched over the bar (below its views).
    private let backgroundImageLayer = CALayer()
    private var backgroundImages: [Int: UIImage] = [:]

    /// The image under the bar (nil: the standard hairline; an empty image: none).
    open var shadowImage: UIImage? {
        didSet { updateColors() }
    }

    /// Sets the bar's background image for `barMetrics` (an empty image makes the bar clear).
    open func setBackgroundImage(_ backgroundImage: UIImage?, for barMetrics: UIBarMetrics) {
        backgroundImages[barMetrics.rawValue] = backgroundImage
        updateColors()
    }

    /// The background image for `barMetrics`.
    open func backgroundImage(for barMetrics: UIBarMetrics) -> UIImage? {
        backgroundImages[barMetrics.rawValue]
    }

    /// Sets the background image for a bar position and metrics (the position is not told
    /// apart: bars here are always at the top).
    open func setBackgroundImage(_ backgroundImage: UIImage?, for barPosition: UIBarPosition, barMetrics: UIBarMetrics) {
        setBackgroundImage(backgroundImage, for: barMetrics)
    }

    open func backgroundImage(for barPosition: UIBarPosition, barMetrics: UIBarMetrics) -> UIImage? {
        backgroundImage(for: barMetrics)
    }
    private var backButton: BarButton?
    private var leftButtons: [BarButton] = []
    private var rightButtons: [BarButton] = []
    /// Told when the back button is tapped.
    var onBack: (() -> Void)?

    /// The items, bottom of the stack first.
    open var items: [UINavigationItem]? {
        get { storedItems }
        set { setItems(newValue, animated: false) }
    }

    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        for item in storedItems { item.onChange[ObjectIdentifier(self)] = nil }
        storedItems = items ?? []
        for item in storedItems { item.onChange[ObjectIdentifier(self)] = { [weak self] in self?.rebuild() } }
        rebuild()
    }

    open var topItem: UINavigationItem? { storedItems.last }
    open var backItem: UINavigationItem? { storedItems.count > 1 ? storedItems[storedItems.count - 2] : nil }

    open func pushItem(_ item: UINavigationItem, animated: Bool) { setItems(storedItems + [item], animated: animated) }

    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard let top = storedItems.last else { return nil }
        setItems(Array(storedItems.dropLast()), animated: animated)
        return top
    }

    /// Whether the top item's title may show large (see the class notes).
    open var prefersLargeTitles = false { didSet { if prefersLargeTitles != oldValue { rebuild(); onLargeTitlesChange?() } } }
    /// Told when `prefersLargeTitles` changes (the navigation controller lays out again).
    var onLargeTitlesChange: (() -> Void)?
    /// Whether the bar lets content show through (stored; the bar is drawn opaque).
    open var isTranslucent = true { didSet { appearanceSet("isTranslucent") { [isTranslucent] in $0.isTranslucent = isTranslucent } } }
    /// The bar's background colour (nil: the system bar colour).
    open var barTintColor: UIColor? { didSet { updateColors(); appearanceSet("barTintColor") { [barTintColor] in $0.barTintColor = barTintColor } } }
    /// Attributes of the title text.
    open var titleTextAttributes: [NSAttributedString.Key: Any]? {
        didSet {
            rebuild()
            let value = titleTextAttributes
            appearanceSet("titleTextAttributes") { $0.titleTextAttributes = value }
        }
    }
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]? {
        didSet {
            rebuild()
            let value = largeTitleTextAttributes
            appearanceSet("largeTitleTextAttributes") { $0.largeTitleTextAttributes = value }
        }
    }

    /// The bar's look while content scrolls under it (the system's translucent background by
    /// default). Setting it replaces what `barTintColor` and `titleTextAttributes` give.
    open var standardAppearance: UINavigationBarAppearance {
        get { storedStandard ?? UINavigationBar.defaultStandard }
        set { storedStandard = newValue; rebuild() }
    }
    private var storedStandard: UINavigationBarAppearance?
    /// The look in compact height (kept; Lamina's bars use the standard look).
    open var compactAppearance: UINavigationBarAppearance?
    /// The look while a large title shows over content at its top (nil: clear, no hairline).
    open var scrollEdgeAppearance: UINavigationBarAppearance? { didSet { rebuild() } }
    /// The scroll-edge look in compact height (kept).
    open var compactScrollEdgeAppearance: UINavigationBarAppearance?

    private static let defaultStandard = UINavigationBarAppearance()

    /// The appearance object in force, if the app set one (on the bar or the top item).
    private var customAppearance: UINavigationBarAppearance? {
        if isAtScrollEdge {
            return topItem?.scrollEdgeAppearance ?? scrollEdgeAppearance
        }
        return topItem?.standardAppearance ?? storedStandard
    }

    /// Whether the top item's title shows large.
    var showsLargeTitle: Bool { showsLargeTitle(for: storedItems) }

    /// Whether the last of `items` shows its title large.
    func showsLargeTitle(for items: [UINavigationItem]) -> Bool {
        guard prefersLargeTitles else { return false }
        var large = true
        for item in items {
            switch item.largeTitleDisplayMode {
            case .always: large = true
            case .never: large = false
            case .automatic: break
            case .inline: large = false
            }
        }
        return large
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// A bar placed in a storyboard or XIB, with its items.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
        (coder as? IBCoder)?.decodeNavigationBar(self)
    }

    private func setUp() {
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
        largeArea.clipsToBounds = true
        largeArea.isUserInteractionEnabled = false
        largeArea.addSubview(largeLabel)
        addSubview(largeArea)
        backgroundImageLayer.isHidden = true
        layer.insertSublayer(backgroundImageLayer, at: 0)
        layer.addSublayer(hairline)
        updateColors()
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UINavigationBar.height) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: UINavigationBar.height) }

    private static let barColor = UIColor.system(UIColor(red: 249 / 255, green: 249 / 255, blue: 249 / 255, alpha: 1),
                                                 dark: UIColor(red: 29 / 255, green: 29 / 255, blue: 31 / 255, alpha: 1))

    /// Whether the bar shows its scroll-edge look: clear, no hairline (a large title showing).
    private var isAtScrollEdge: Bool { largeTitleShown > 0.5 && (barTintColor == nil || customAppearanceSet) }

    /// Whether the app set an appearance object anywhere on the bar or its top item.
    private var customAppearanceSet: Bool {
        storedStandard != nil || scrollEdgeAppearance != nil || topItem?.standardAppearance != nil || topItem?.scrollEdgeAppearance != nil
    }

    private func updateColors() {
        let edge = isAtScrollEdge
        var shadow: UIColor? = edge ? nil : .separator
        if let custom = customAppearance {
            backgroundColor = custom.resolvedBackground(default: UINavigationBar.barColor) ?? .clear
            shadow = custom.shadowColor
        } else {
            backgroundColor = edge ? .clear : barTintColor ?? UINavigationBar.barColor
        }
        // A background image replaces the colour (an empty one leaves the bar clear); a shadow
        // image replaces the hairline (an empty one removes it).
        let image = backgroundImages[UIBarMetrics.default.rawValue]
        if image != nil, customAppearance == nil { backgroundColor = .clear }
        LayerTransaction.immediate {
            backgroundImageLayer.contents = customAppearance == nil ? image?.cgImage : nil
            backgroundImageLayer.contentsScale = image?.scale ?? 1
            backgroundImageLayer.isHidden = backgroundImageLayer.contents == nil
            if let shadowImage, customAppearance == nil {
                hairline.backgroundColor = nil
                hairline.contents = shadowImage.cgImage
                hairline.isHidden = shadowImage.cgImage == nil || edge
            } else {
                hairline.contents = nil
                hairline.backgroundColor = shadow?.resolvedColor(with: traitCollection).cgColor
                hairline.isHidden = shadow == nil
            }
        }
        titleLabel.alpha = showsLargeTitle && largeTitleShown > 0.5 ? 0 : 1
    }

    /// Entering a window, the bar's items take their appearance settings.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil, AppearanceRegistry.isActive { rebuild() }
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        updateColors()
    }

    /// The title the back button shows for `item`: its back button title, else its title,
    /// else "Back".
    private func backTitle(_ item: UINavigationItem) -> String {
        item.backBarButtonItem?.title ?? item.backButtonTitle ?? item.title ?? "Back"
    }

    /// Shows `title` with `attributes` in `label`: as plain text in the label's font and
    /// colour when those are all the attributes say.
    private func show(_ title: String, _ attributes: [NSAttributedString.Key: Any], in label: UILabel) {
        if attributes.count == 2, let font = attributes[.font] as? UIFont, let color = attributes[.foregroundColor] as? UIColor {
            label.font = font
            label.textColor = color
            label.text = title
        } else {
            label.attributedText = NSAttributedString(string: title, attributes: attributes)
        }
    }

    private func rebuild() {
        for button in [backButton].compactMap({ $0 }) + leftButtons + rightButtons { button.removeFromSuperview() }
        backButton = nil
        leftButtons = []
        rightButtons = []
        guard let top = topItem else {
            titleLabel.text = nil
            largeLabel.text = nil
            return
        }
        var attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 17, weight: .semibold), .foregroundColor: UIColor.label]
        for (key, value) in titleTextAttributes ?? [:] { attributes[key] = value }
        let appearance = customAppearance
        for (key, value) in appearance?.titleTextAttributes ?? [:] { attributes[key] = value }
        show(top.title ?? "", attributes, in: titleLabel)
        var large: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 34, weight: .bold), .foregroundColor: UIColor.label]
        for (key, value) in largeTitleTextAttributes ?? [:] { large[key] = value }
        for (key, value) in appearance?.largeTitleTextAttributes ?? [:] { large[key] = value }
        show(top.title ?? "", large, in: largeLabel)
        largeArea.isHidden = !showsLargeTitle
        updateColors()
        onLargeTitlesChange?()
        titleLabel.isHidden = top.titleView != nil
        if let titleView = top.titleView, titleView.superview !== self { addSubview(titleView) }
        let showsBack = backItem != nil && !top.hidesBackButton && (top.leftBarButtonItems == nil || top.leftItemsSupplementBackButton)
        if showsBack, let back = backItem {
            let button = BarButton(title: backTitle(back), chevron: true, bold: false) { [weak self] _ in self?.onBack?() }
            addSubview(button)
            backButton = button
        }
        if top.leftBarButtonItems == nil || top.leftItemsSupplementBackButton || !showsBack {
            for item in top.leftBarButtonItems ?? [] { leftButtons.append(makeButton(item)) }
        }
        for item in top.rightBarButtonItems ?? [] { rightButtons.append(makeButton(item)) }
        setNeedsLayout()
    }

    private func makeButton(_ item: UIBarButtonItem) -> BarButton {
        item.applyAppearance(in: self)
        let button = BarButton(title: item.title ?? "", chevron: false, bold: item.style == .done,
                               image: item.customView == nil ? item.image : nil) { [weak item] view in item?.perform(from: view) }
        button.item = item
        let look = customAppearance.map { item.style == .done ? $0.doneButtonAppearance : $0.buttonAppearance }
        button.appearanceAttributes = look?.normal.titleTextAttributes ?? [:]
        item.changed = { [weak self] in self?.rebuild() }
        if let view = item.customView { button.addSubview(view) }
        addSubview(button)
        return button
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let full = bounds
        // Buttons and the standard title sit in the top 44 points; a large title below.
        let b = CGRect(x: full.minX, y: full.minY, width: full.width, height: Swift.min(full.height, UINavigationBar.height))
        let largeHeight = Swift.max(0, full.height - UINavigationBar.height)
        largeArea.frame = CGRect(x: 0, y: UINavigationBar.height, width: full.width, height: largeHeight)
        let largeLine = Swift.max(largeLabel.intrinsicContentSize.height, 41)
        // The title rests 8 points above the bottom of a full large area and goes up with it.
        largeLabel.frame = CGRect(x: 16, y: largeHeight - largeLine - 8, width: Swift.max(0, full.width - 32), height: largeLine)
        let hairlineHeight = 1 / (traitCollection.displayScale > 0 ? traitCollection.displayScale : 1)
        LayerTransaction.immediate {
            let shadowHeight = shadowImage?.cgImage != nil ? shadowImage?.size.height ?? hairlineHeight : hairlineHeight
            hairline.frame = CGRect(x: 0, y: full.height, width: b.width, height: shadowHeight)
            backgroundImageLayer.frame = full
        }
        // Leading: the back button then the left items; trailing: the right items inwards.
        var leading: CGFloat = 8
        for button in [backButton].compactMap({ $0 }) + leftButtons {
            let size = button.fittingSize
            button.frame = CGRect(x: leading, y: 0, width: size.width, height: b.height)
            leading += size.width + 8
        }
        var trailing = b.width - 8
        for button in rightButtons {
            let size = button.fittingSize
            button.frame = CGRect(x: trailing - size.width, y: 0, width: size.width, height: b.height)
            trailing -= size.width + 8
        }
        // The title centred in the bar when it fits between the buttons; otherwise moved
        // off centre as little as it takes, and shortened only when the space between them
        // is too small for it (as iOS places a title beside a long back button).
        func place(width: CGFloat) -> (x: CGFloat, width: CGFloat) {
            let space = Swift.max(0, trailing - leading)
            let shown = Swift.min(width, space)
            let centred = b.midX - shown / 2
            return (Swift.min(Swift.max(centred, leading), trailing - shown), shown)
        }
        if let titleView = topItem?.titleView {
            let size = titleView.bounds.size == .zero ? titleView.sizeThatFits(b.size) : titleView.bounds.size
            let spot = place(width: size.width)
            titleView.frame = CGRect(x: spot.x.rounded(), y: ((b.height - size.height) / 2).rounded(), width: spot.width, height: size.height)
        }
        let spot = place(width: titleLabel.intrinsicContentSize.width)
        titleLabel.frame = CGRect(x: spot.x, y: 0, width: spot.width, height: b.height)
    }
}

/// A bar button: its image (drawn in the tint unless it asks for its own colours), else its
/// title in the tint (semibold for `.done`); an optional back chevron.
@MainActor
final class BarButton: UIView {
    private let label = UILabel()
    private let imageView: UIImageView?
    private let chevron = CAShapeLayer()
    private let hasChevron: Bool
    private let tap: (UIView) -> Void
    weak var item: UIBarButtonItem?
    /// The title attributes the bar's appearance object gives buttons.
    var appearanceAttributes: [NSAttributedString.Key: Any] = [:] { didSet { updateColors() } }

    init(title: String, chevron: Bool, bold: Bool, image: UIImage? = nil, tap: @escaping (UIView) -> Void) {
        hasChevron = chevron
        self.tap = tap
        // An item with an image shows the image; its title is for accessibility.
        imageView = image.map { UIImageView(image: $0.renderingMode == .alwaysOriginal ? $0 : $0.withRenderingMode(.alwaysTemplate)) }
        super.init(frame: .zero)
        label.text = imageView == nil ? title : nil
        label.accessibilityLabel = title
        label.font = .systemFont(ofSize: 17, weight: bold ? .semibold : .regular)
        addSubview(label)
        if let imageView {
            imageView.contentMode = .center
            addSubview(imageView)
        }
        if chevron {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 10, y: 0))
            path.addLine(to: CGPoint(x: 0, y: 10))
            path.addLine(to: CGPoint(x: 10, y: 20))
            self.chevron.path = path
            self.chevron.lineWidth = 3
            self.chevron.lineCap = .round
            self.chevron.lineJoin = .round
            self.chevron.fillColor = nil
            layer.addSublayer(self.chevron)
        }
        updateColors()
    }

    required init?(coder: NSCoder) { nil }

    /// A view the item brings (its `customView`).
    private var customView: UIView? { subviews.first { $0 !== label && $0 !== imageView } }

    var fittingSize: CGSize {
        if let custom = customView { return custom.bounds.size }
        if let size = imageView?.image?.size { return CGSize(width: Swift.max(size.width.rounded(.up), 22), height: UINavigationBar.height) }
        let text = label.intrinsicContentSize
        return CGSize(width: text.width.rounded(.up) + (hasChevron ? 20 : 0), height: UINavigationBar.height)
    }

    private func updateColors() {
        let enabled = item?.isEnabled ?? true
        let tint = item?.tintColor ?? tintColor ?? .systemBlue
        var normal = appearanceAttributes
        for (key, value) in item?.titleTextAttributes(for: .normal) ?? [:] { normal[key] = value }
        let attributes: [NSAttributedString.Key: Any]? = enabled ? normal : (item?.titleTextAttributes(for: .disabled) ?? normal)
        if let font = attributes?[.font] as? UIFont { label.font = font }
        label.textColor = (attributes?[.foregroundColor] as? UIColor) ?? (enabled ? tint : .tertiaryLabel)
        imageView?.tintColor = enabled ? tint : .tertiaryLabel
        LayerTransaction.immediate {
            chevron.strokeColor = tint.resolvedColor(with: traitCollection).cgColor
        }
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColors()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        updateColors()
        let offset: CGFloat = hasChevron ? 20 : 0
        label.frame = CGRect(x: offset, y: 0, width: Swift.max(0, bounds.width - offset), height: bounds.height)
        LayerTransaction.immediate {
            chevron.frame = CGRect(x: 2, y: (bounds.height - 20) / 2, width: 12, height: 20)
        }
        imageView?.frame = bounds
        if let custom = customView { custom.frame = bounds }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { alpha = 0.3 }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { alpha = 1 }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        alpha = 1
        guard let touch = touches.first, bounds.insetBy(dx: -8, dy: 0).contains(touch.location(in: self)) else { return }
        tap(self)
    }
}
