import Foundation

/// A control that performs an action when tapped: `.primaryActionTriggered` (and
/// `.touchUpInside`) when a touch lifts inside it.
///
/// Titles are drawn by `titleLabel` (the 15-point system font; a configuration's title in the
/// headline style and its subtitle in the subheadline style), beside the image, centred.
/// - Note: Differs from Apple: the dimmed colours of highlighted and disabled system-button
///   titles (the tint at 20 % and a mid gray) and a configuration's title fonts are Lamina's
///   choice; Apple does not document them.
@preconcurrency @MainActor
open class UIButton: UIControl {
    /// The kinds of button.
    public enum ButtonType: Int, Sendable {
        case custom = 0
        case system = 1
        case detailDisclosure = 2
        case infoLight = 3
        case infoDark = 4
        case contactAdd = 5
        case close = 7
        /// The old name of `.system`.
        public static var roundedRect: ButtonType { .system }
    }

    /// A button's look: background, colours, corners, insets, title and image.
    public struct Configuration: Hashable, @unchecked Sendable {
        /// Corner rounding.
        public enum CornerStyle: Int, Sendable {
            case dynamic = -1
            case fixed = 0
            case small = 1
            case medium = 2
            case large = 3
            case capsule = 4
        }

        /// The size class of the button.
        public enum Size: Int, Sendable {
            case mini = 0
            case small = 1
            case medium = 2
            case large = 3
        }

        enum Style: Hashable { case plain, tinted, gray, filled, borderless, bordered, borderedTinted, borderedProminent }
        let style: Style

        public var title: String?
        public var subtitle: String?
        public var image: UIImage?
        public var baseForegroundColor: UIColor?
        public var baseBackgroundColor: UIColor?
        public var cornerStyle = CornerStyle.dynamic
        public var buttonSize = Size.medium
        public var contentInsets = NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
        public var showsActivityIndicator = false
        /// The edge of the content the image sits against (`.leading` by default).
        public var imagePlacement: NSDirectionalRectEdge = .leading
        /// The space between the image and the title and subtitle (0 by default).
        public var imagePadding: CGFloat = 0
        /// The space between the title and the subtitle (0 by default).
        public var titlePadding: CGFloat = 0
        /// How the title and subtitle align with each other.
        public var titleAlignment: TitleAlignment = .automatic

        /// How a title and subtitle align.
        public enum TitleAlignment: Int, Sendable {
            case automatic, leading, center, trailing
        }

        init(style: Style) { self.style = style }

        public static func plain() -> Configuration { Configuration(style: .plain) }
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        public static func gray() -> Configuration { Configuration(style: .gray) }
        public static func filled() -> Configuration { Configuration(style: .filled) }
        public static func borderless() -> Configuration { Configuration(style: .borderless) }
        public static func bordered() -> Configuration { Configuration(style: .bordered) }
        public static func borderedTinted() -> Configuration { Configuration(style: .borderedTinted) }
        public static func borderedProminent() -> Configuration { Configuration(style: .borderedProminent) }

        /// The background colour the style gives with `tint`.
        func backgroundColor(tint: UIColor) -> UIColor? {
            if let baseBackgroundColor { return baseBackgroundColor }
            switch style {
            case .filled, .borderedProminent: return tint
            case .tinted, .borderedTinted: return tint.withAlphaComponent(0.15)
            case .gray, .bordered: return .tertiarySystemFill
            case .plain, .borderless: return nil
            }
        }

        /// The title colour the style gives with `tint`.
        func foregroundColor(tint: UIColor) -> UIColor {
            switch style {
            case .filled, .borderedProminent: return .white
            default: return tint
            }
        }

        /// The corner radius for a button of `height`.
        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed: return 0
            case .small: return 4
            case .medium, .dynamic: return 8
            case .large: return 12
            case .capsule: return height / 2
            }
        }
    }

    /// The kind of button.
    open private(set) var buttonType: ButtonType
    /// The look; setting it restyles the button.
    open var configuration: Configuration? {
        didSet {
            updateConfiguration()
            // Placement, padding and insets may differ even where the content does not.
            setNeedsLayout()
            invalidateIntrinsicContentSize()
        }
    }
    private var titles: [UInt: String] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var titleShadowColors: [UInt: UIColor] = [:]
    private var storedTitleLabel: UILabel?
    private var subtitleLabel: UILabel?
    /// The styled title last given to the title label. The label answers `attributedText`
    /// restyled with its own font and colour, so it cannot tell whether the title changed.
    private var shownStyledTitle: NSAttributedString?
    private var images: [UInt: UIImage] = [:]
    private let contentImageView = UIImageView(frame: .zero)
    private var backgroundImages: [UInt: UIImage] = [:]
    private var backgroundImageView: UIImageView?

    override var sendsPrimaryActionOnTouchUp: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .button }

    /// A button of `buttonType`. A convenience initializer, as on iOS, so subclasses that
    /// override `init(frame:)` and `init(coder:)` inherit it.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
        setUp()
    }

    /// A system button performing `primaryAction`.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// A system button with `configuration`, performing `primaryAction`.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        self.configuration = configuration
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
        updateConfiguration()
    }

    public required init?(coder: NSCoder) {
        buttonType = (coder as? IBCoder)?.buttonType ?? .custom
        super.init(coder: coder)
        setUp()
        (coder as? IBCoder)?.decodeButton(self)
    }

    private func setUp() {
        contentImageView.contentMode = .center
        addSubview(contentImageView)
    }

    // MARK: Menu

    /// The button's menu: shown on a secondary click, or on touch when
    /// `showsMenuAsPrimaryAction` is set.
    open var menu: UIMenu? {
        didSet {
            isContextMenuInteractionEnabled = menu != nil
            if changesSelectionAsPrimaryAction { selectFirstIfNone() }
        }
    }

    /// Whether the button is a pop-up button: its menu chooses one of its actions, and the
    /// button's title is the chosen action's.
    open var changesSelectionAsPrimaryAction = false {
        didSet { if changesSelectionAsPrimaryAction { selectFirstIfNone() } }
    }

    override var controlMenu: UIMenu? {
        guard let menu else { return nil }
        // A pop-up button's menu always selects one.
        if changesSelectionAsPrimaryAction, !menu.options.contains(.singleSelection) { menu.options.insert(.singleSelection) }
        return menu
    }

    override func controlMenuChose(_ action: UIAction) {
        if changesSelectionAsPrimaryAction { showSelectedTitle() }
    }

    private func selectFirstIfNone() {
        guard let menu else { return }
        let actions = menu.children.compactMap { $0 as? UIAction }
        if !actions.contains(where: { $0.state == .on }) { actions.first?.state = .on }
        showSelectedTitle()
    }

    private func showSelectedTitle() {
        guard let chosen = menu?.selectedElements.first else { return }
        if configuration != nil {
            configuration?.title = chosen.title
        } else {
            setTitle(chosen.title, for: .normal)
        }
    }

    // MARK: Titles and images

    /// Sets the title for `state`.
    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state.rawValue] = title
        updateConfiguration()
    }

    /// Sets an attributed title for `state` (it wins over a plain one).
    open func setAttributedTitle(_ title: NSAttributedString?, for state: UIControl.State) {
        attributedTitles[state.rawValue] = title
        updateConfiguration()
    }

    /// The attributed title for `state` (the normal one when none was set for it).
    open func attributedTitle(for state: UIControl.State) -> NSAttributedString? {
        attributedTitles[state.rawValue] ?? attributedTitles[UIControl.State.normal.rawValue]
    }

    /// The attributed title for the current state.
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

    /// The label that shows the title: made when first asked for or when a title is set.
    open var titleLabel: UILabel? {
        if let storedTitleLabel { return storedTitleLabel }
        let label = UILabel(frame: .zero)
        label.font = .systemFont(ofSize: 15)
        label.lineBreakMode = .byTruncatingMiddle
        addSubview(label)
        storedTitleLabel = label
        return label
    }

    /// Sets the title shadow colour for `state`.
    open func setTitleShadowColor(_ color: UIColor?, for state: UIControl.State) {
        titleShadowColors[state.rawValue] = color
        updateConfiguration()
    }

    /// The title shadow colour for `state`.
    open func titleShadowColor(for state: UIControl.State) -> UIColor? {
        titleShadowColors[state.rawValue] ?? titleShadowColors[UIControl.State.normal.rawValue]
    }

    /// The title colour for the current state.
    open var currentTitleColor: UIColor { resolvedTitleColor }

    /// The title for `state` (the normal one when none was set for it).
    open func title(for state: UIControl.State) -> String? {
        titles[state.rawValue] ?? titles[UIControl.State.normal.rawValue]
    }

    /// The title for the current state.
    open var currentTitle: String? { configuration?.title ?? title(for: state) }

    /// Sets the title colour for `state`.
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        titleColors[state.rawValue] = color
        updateConfiguration()
        appearanceSet("titleColor.\(state.rawValue)") { $0.setTitleColor(color, for: state) }
    }

    /// The title colour set for `state` (the normal one when none was set for it); nil when
    /// none was set.
    open func titleColor(for state: UIControl.State) -> UIColor? {
        titleColors[state.rawValue] ?? titleColors[UIControl.State.normal.rawValue]
    }

    /// The colour the title is drawn in now: the one set for the state, else the style's
    /// (white for custom buttons, the tint for system ones, dimmed while highlighted or
    /// disabled).
    private var resolvedTitleColor: UIColor {
        if let set = titleColors[state.rawValue] { return set }
        if let configuration {
            let base = configuration.baseForegroundColor ?? configuration.foregroundColor(tint: tintColor ?? .systemBlue)
            return isEnabled ? base : base.withAlphaComponent(0.4)
        }
        let normal = titleColors[UIControl.State.normal.rawValue]
        if buttonType == .custom { return normal ?? .white }
        if !isEnabled { return UIColor(white: 0.55, alpha: 1) }
        let base = normal ?? tintColor ?? .systemBlue
        return isHighlighted ? base.withAlphaComponent(0.2) : base
    }

    /// Sets the image for `state`.
    open func setImage(_ image: UIImage?, for state: UIControl.State) {
        images[state.rawValue] = image
        updateConfiguration()
    }

    /// The image for `state` (the normal one when none was set for it).
    open func image(for state: UIControl.State) -> UIImage? {
        images[state.rawValue] ?? images[UIControl.State.normal.rawValue]
    }

    /// The image for the current state.
    open var currentImage: UIImage? { configuration?.image ?? image(for: state) }

    /// The view that shows the button's image.
    open var imageView: UIImageView? { contentImageView }

    /// Sets the image stretched behind the title and image for `state`.
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
        backgroundImages[state.rawValue] = image
        updateConfiguration()
        invalidateIntrinsicContentSize()
    }

    /// The background image for `state` (the normal one when none was set for it).
    open func backgroundImage(for state: UIControl.State) -> UIImage? {
        backgroundImages[state.rawValue] ?? backgroundImages[UIControl.State.normal.rawValue]
    }

    /// The background image for the current state.
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    /// The space around a legacy button's content (without a configuration); zero keeps the
    /// standard 6 points above and below the title. It adds to the intrinsic size.
    open var contentEdgeInsets: UIEdgeInsets = .zero {
        didSet {
            setNeedsLayout()
            invalidateIntrinsicContentSize()
        }
    }

    /// Moves a legacy button's title: it is centred in its place inset by these (so a
    /// negative left and equal positive right move it left); the intrinsic size is unchanged.
    open var titleEdgeInsets: UIEdgeInsets = .zero { didSet { setNeedsLayout() } }

    /// Moves a legacy button's image, as `titleEdgeInsets` moves the title.
    open var imageEdgeInsets: UIEdgeInsets = .zero { didSet { setNeedsLayout() } }

    /// The title shown now, as an attributed string (made only when asked for).
    private var shownAttributedTitle: NSAttributedString? {
        if let configuration { return configuration.title.map { NSAttributedString(string: $0) } }
        if let attributed = currentAttributedTitle { return attributed }
        return title(for: state).map { NSAttributedString(string: $0) }
    }

    /// Whether a title is shown now.
    private var showsTitle: Bool {
        if let configuration { return configuration.title != nil }
        return currentAttributedTitle != nil || title(for: state) != nil
    }

    /// The sizes of the image, title and subtitle, and the space around them.
    private var contentMetrics: (image: CGSize, title: CGSize, subtitle: CGSize, insets: NSDirectionalEdgeInsets) {
        let image = currentImage?.size ?? .zero
        let title = storedTitleLabel.flatMap { $0.text == nil ? nil : $0.intrinsicContentSize } ?? .zero
        let subtitle = subtitleLabel.flatMap { $0.text == nil ? nil : $0.intrinsicContentSize } ?? .zero
        // Legacy buttons pad their title 6 points above and below, as UIKit does, unless
        // they set content insets of their own.
        let legacy = contentEdgeInsets == .zero ? NSDirectionalEdgeInsets(top: 6, leading: 0, bottom: 6, trailing: 0)
            : NSDirectionalEdgeInsets(top: contentEdgeInsets.top, leading: contentEdgeInsets.left,
                                      bottom: contentEdgeInsets.bottom, trailing: contentEdgeInsets.right)
        let insets = configuration?.contentInsets ?? legacy
        return (image, title, subtitle, insets)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateConfiguration()
        let m = contentMetrics
        let inner = bounds.inset(by: UIEdgeInsets(top: m.insets.top, left: m.insets.leading, bottom: m.insets.bottom,
                                                  right: m.insets.trailing))
        let placement = imagePlacement
        let padding = imageToTextPadding(m)
        let gap = m.title.height > 0 && m.subtitle.height > 0 ? (configuration?.titlePadding ?? 0) : 0
        let text = CGSize(width: Swift.max(m.title.width, m.subtitle.width), height: m.title.height + gap + m.subtitle.height)
        let vertical = placement == .top || placement == .bottom
        // The content block (image and text side by side, or stacked) centred in the insets.
        let block = vertical
            ? CGSize(width: Swift.max(m.image.width, text.width), height: m.image.height + padding + text.height)
            : CGSize(width: m.image.width + padding + text.width, height: Swift.max(m.image.height, text.height))
        let origin = CGPoint(x: inner.midX - Swift.min(block.width, Swift.max(inner.width, 0)) / 2, y: inner.midY - block.height / 2)
        var textOrigin = origin
        if m.image.width > 0 {
            var imageOrigin = origin
            switch placement {
            case .top:
                imageOrigin.x = inner.midX - m.image.width / 2
                textOrigin.y += m.image.height + padding
            case .bottom:
                imageOrigin = CGPoint(x: inner.midX - m.image.width / 2, y: origin.y + text.height + padding)
            case .trailing:
                imageOrigin.x = origin.x + text.width + padding
                imageOrigin.y = inner.midY - m.image.height / 2
            default:
                imageOrigin.y = inner.midY - m.image.height / 2
                textOrigin.x += m.image.width + padding
            }
            if !vertical { textOrigin.y = inner.midY - text.height / 2 }
            contentImageView.frame = CGRect(origin: imageOrigin, size: m.image)
        } else {
            contentImageView.frame = bounds
        }
        if vertical { textOrigin.x = inner.midX - text.width / 2 }
        let width = Swift.min(text.width, Swift.max(0, inner.maxX - textOrigin.x))
        // Lines of different widths align as `titleAlignment` says (centred by default).
        func lineX(_ lineWidth: CGFloat) -> CGFloat {
            let w = Swift.min(lineWidth, width)
            switch configuration?.titleAlignment ?? .automatic {
            case .leading: return textOrigin.x
            case .trailing: return textOrigin.x + width - w
            default: return textOrigin.x + (width - w) / 2
            }
        }
        storedTitleLabel?.frame = CGRect(x: lineX(m.title.width), y: textOrigin.y,
                                         width: Swift.min(m.title.width, width), height: m.title.height)
        subtitleLabel?.frame = CGRect(x: lineX(m.subtitle.width), y: textOrigin.y + m.title.height + gap,
                                      width: Swift.min(m.subtitle.width, width), height: m.subtitle.height)
        if configuration == nil {
            // A legacy button's edge insets move each part by half their difference.
            func shift(_ insets: UIEdgeInsets) -> CGPoint {
                CGPoint(x: (insets.left - insets.right) / 2, y: (insets.top - insets.bottom) / 2)
            }
            if m.image.width > 0, imageEdgeInsets != .zero {
                let d = shift(imageEdgeInsets)
                contentImageView.frame = contentImageView.frame.offsetBy(dx: d.x, dy: d.y)
            }
            if titleEdgeInsets != .zero, let label = storedTitleLabel {
                let d = shift(titleEdgeInsets)
                label.frame = label.frame.offsetBy(dx: d.x, dy: d.y)
            }
        }
        backgroundImageView?.frame = bounds
    }

    /// Where the image goes: a configuration's placement, else beside the title.
    private var imagePlacement: NSDirectionalRectEdge {
        let placement = configuration?.imagePlacement ?? .leading
        if effectiveUserInterfaceLayoutDirection == .rightToLeft {
            if placement == .leading { return .trailing }
            if placement == .trailing { return .leading }
        }
        return placement
    }

    /// The space between image and text: a configuration's `imagePadding` when both show.
    private func imageToTextPadding(_ m: (image: CGSize, title: CGSize, subtitle: CGSize, insets: NSDirectionalEdgeInsets)) -> CGFloat {
        guard m.image.width > 0, m.title.width > 0 || m.subtitle.width > 0 else { return 0 }
        return configuration?.imagePadding ?? 0
    }

    /// The image and text side by side (or stacked, for a top or bottom image), plus the
    /// content insets (6 points above and below the title of a legacy button; a
    /// configuration's insets otherwise).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        updateConfiguration()
        let m = contentMetrics
        let padding = imageToTextPadding(m)
        let gap = m.title.height > 0 && m.subtitle.height > 0 ? (configuration?.titlePadding ?? 0) : 0
        let text = CGSize(width: Swift.max(m.title.width, m.subtitle.width), height: m.title.height + gap + m.subtitle.height)
        let vertical = imagePlacement == .top || imagePlacement == .bottom
        var content = vertical
            ? CGSize(width: Swift.max(m.image.width, text.width), height: m.image.height + padding + text.height)
            : CGSize(width: m.image.width + padding + text.width, height: Swift.max(m.image.height, text.height))
        if content == .zero && configuration == nil && currentBackgroundImage == nil { content = CGSize(width: 30, height: 22) }
        let fitted = CGSize(width: content.width + m.insets.leading + m.insets.trailing,
                            height: content.height + m.insets.top + m.insets.bottom)
        // A background image is never cut down by the content's size; alone, it is the size.
        guard let background = currentBackgroundImage?.size else { return fitted }
        if content == .zero && configuration == nil { return background }
        return CGSize(width: Swift.max(fitted.width, background.width), height: Swift.max(fitted.height, background.height))
    }

    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    override func controlStateDidChange() {
        updateConfiguration()
    }

    /// The styles are drawn from the tint: a new tint restyles the button.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateConfiguration()
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) { updateConfiguration() }
    }

    /// Brings the image, labels and style up to date with the state; asks for layout and a
    /// new measurement only when the content changed (it runs while the button is measured).
    private func updateConfiguration() {
        let image = currentImage
        var changed = false
        if contentImageView.image !== image {
            contentImageView.image = image
            changed = true
        }
        if updateTitleLabels() { changed = true }
        updateBackgroundImage()
        if changed {
            setNeedsLayout()
            invalidateIntrinsicContentSize()
        }
        guard let configuration else { return }
        // A template image takes the style's foreground colour, as the title does.
        let foreground = resolvedTitleColor
        if contentImageView.tintColor?.isEqual(foreground) != true { contentImageView.tintColor = foreground }
        var background = configuration.backgroundColor(tint: tintColor ?? .systemBlue)?.resolvedColor(with: traitCollection)
        if isHighlighted { background = background?.withAlphaComponent((background?.cgColor.alpha ?? 1) * 0.7) }
        if !isEnabled { background = background?.withAlphaComponent((background?.cgColor.alpha ?? 1) * 0.4) }
        layer.backgroundColor = background?.cgColor
        layer.cornerRadius = configuration.cornerRadius(height: bounds.height)
    }

    /// Shows the state's background image behind everything (made when first needed).
    private func updateBackgroundImage() {
        let image = currentBackgroundImage
        guard image != nil || backgroundImageView != nil else { return }
        let view = backgroundImageView ?? {
            let made = UIImageView(frame: bounds)
            made.contentMode = .scaleToFill
            insertSubview(made, at: 0)
            backgroundImageView = made
            return made
        }()
        if view.image !== image { view.image = image }
    }

    /// Puts the current title (and subtitle) into the labels with the state's colour; true
    /// when the text changed.
    private func updateTitleLabels() -> Bool {
        guard showsTitle || storedTitleLabel != nil else { return false }
        let label = titleLabel!
        let color = resolvedTitleColor
        var changed = false
        if configuration != nil, label.font.pointSize != 17 { label.font = UIFont.preferredFont(forTextStyle: .headline) }
        // A plain title (not attributed, no shadow) goes in as the label's text and colour,
        // which lays it out without an attributed copy.
        let plain = configuration.map { $0.title } ?? (currentAttributedTitle == nil ? title(for: state) : nil)
        if let plain, titleShadowColor(for: state) == nil {
            if label.textColor != color { label.textColor = color }
            if !label.textIsPlain || label.text != plain {
                label.text = plain
                shownStyledTitle = nil
                changed = true
            }
        } else if let title = shownAttributedTitle {
            let styled = NSMutableAttributedString(attributedString: title)
            let whole = NSRange(location: 0, length: styled.length)
            if attributedTitle(for: state) == nil || configuration != nil {
                styled.addAttribute(.foregroundColor, value: color, range: whole)
            }
            if let shadow = titleShadowColor(for: state) {
                let s = NSShadow()
                s.shadowColor = shadow
                s.shadowOffset = label.shadowOffset
                styled.addAttribute(.shadow, value: s, range: whole)
            }
            if shownStyledTitle?.isEqual(styled) != true || label.text != styled.string {
                label.attributedText = styled
                shownStyledTitle = styled
                changed = true
            }
        } else if label.text != nil {
            label.text = nil
            shownStyledTitle = nil
            changed = true
        }
        if let subtitle = configuration?.subtitle {
            let sub = subtitleLabel ?? {
                let made = UILabel(frame: .zero)
                made.font = UIFont.preferredFont(forTextStyle: .subheadline)
                addSubview(made)
                subtitleLabel = made
                return made
            }()
            if sub.textColor != color { sub.textColor = color }
            if sub.text != subtitle {
                sub.text = subtitle
                changed = true
            }
        } else if subtitleLabel?.text != nil {
            subtitleLabel?.text = nil
            changed = true
        }
        return changed
    }
}
