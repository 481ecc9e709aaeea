import Foundation

/// The state a configuration is updated for.
@preconcurrency @MainActor
public protocol UIConfigurationState {
    /// The traits of the view the state belongs to.
    var traitCollection: UITraitCollection { get set }
}

/// A view's state as a cell's configurations see it.
public struct UIViewConfigurationState: UIConfigurationState, Hashable {
    public var traitCollection: UITraitCollection
    public var isDisabled = false
    public var isHighlighted = false
    public var isSelected = false
    public var isFocused = false

    public init(traitCollection: UITraitCollection) {
        self.traitCollection = traitCollection
    }
}

/// A cell's state: its view state and what cells add (editing, swiped, expanded…).
public struct UICellConfigurationState: UIConfigurationState, Hashable {
    public var traitCollection: UITraitCollection
    public var isDisabled = false
    public var isHighlighted = false
    public var isSelected = false
    public var isFocused = false
    public var isEditing = false
    public var isExpanded = false
    public var isSwiped = false
    public var isReordering = false

    public init(traitCollection: UITraitCollection) {
        self.traitCollection = traitCollection
    }
}

/// What a cell's content shows and how: it makes the view that shows it.
@preconcurrency @MainActor
public protocol UIContentConfiguration {
    /// A new view showing this configuration.
    func makeContentView() -> UIView & UIContentView
    /// This configuration adjusted for `state` (itself by default).
    func updated(for state: UIConfigurationState) -> Self
}

extension UIContentConfiguration {
    public func updated(for state: UIConfigurationState) -> Self { self }
}

/// A view that shows a content configuration.
@preconcurrency @MainActor
public protocol UIContentView: AnyObject {
    /// The configuration shown; setting it updates the view.
    var configuration: UIContentConfiguration { get set }
    /// Whether the view can show `configuration` (true for its own kind by default).
    func supports(_ configuration: UIContentConfiguration) -> Bool
}

extension UIContentView {
    public func supports(_ configuration: UIContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}

/// The standard content of list cells, headers and footers: an image, a text and a
/// secondary text, laid out as the list styles lay them out.
///
/// - Note: Differs from Apple: metrics follow iOS on a compact-width phone (16-point margins,
///   11 points above and below, rows at least 44 points tall).
public struct UIListContentConfiguration: Hashable {
    /// How a text is drawn.
    public struct TextProperties: Hashable {
        /// Horizontal alignment of a list text.
        public enum TextAlignment: Int, Hashable, Sendable { case natural, center, justified }
        /// A change of letter case applied when drawing.
        public enum TextTransform: Int, Hashable, Sendable { case none, uppercase, lowercase, capitalized }
        public var font: UIFont
        public var color: UIColor
        public var alignment: TextAlignment = .natural
        public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
        public var numberOfLines = 0
        public var adjustsFontSizeToFitWidth = false
        public var minimumScaleFactor: CGFloat = 0
        public var allowsDefaultTighteningForTruncation = true
        public var adjustsFontForContentSizeCategory = true
        public var transform: TextTransform = .none

        init(font: UIFont, color: UIColor) {
            self.font = font
            self.color = color
        }

        /// The color drawn (the same as `color`).
        public func resolvedColor() -> UIColor { color }
    }

    /// How the image is drawn.
    public struct ImageProperties: Hashable {
        public var tintColor: UIColor?
        public var maximumSize: CGSize = .zero
        public var reservedLayoutSize: CGSize = .zero
        public var cornerRadius: CGFloat = 0
        public var accessibilityIgnoresInvertColors = false

        init() {}

        /// Fill the image's width or height to the text's line (`standardDimension`).
        public static let standardDimension: CGFloat = -CGFloat.greatestFiniteMagnitude
        public func resolvedTintColor(for tintColor: UIColor) -> UIColor { self.tintColor ?? tintColor }
    }

    /// What the configuration is for (it decides the defaults).
    enum Kind: Hashable { case cell, subtitleCell, valueCell, plainHeader, plainFooter, groupedHeader, groupedFooter, sidebar }

    var kind: Kind
    public var image: UIImage?
    public var imageProperties = ImageProperties()
    public var text: String?
    public var attributedText: NSAttributedString?
    public var textProperties: TextProperties
    public var secondaryText: String?
    public var secondaryAttributedText: NSAttributedString?
    public var secondaryTextProperties: TextProperties
    public var directionalLayoutMargins: NSDirectionalEdgeInsets
    public var prefersSideBySideTextAndSecondaryText: Bool
    public var imageToTextPadding: CGFloat = 16
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    public var textToSecondaryTextVerticalPadding: CGFloat = 2

    private init(kind: Kind, font: UIFont, color: UIColor, secondaryFont: UIFont, secondaryColor: UIColor,
                 margins: NSDirectionalEdgeInsets, sideBySide: Bool = false) {
        self.kind = kind
        textProperties = TextProperties(font: font, color: color)
        secondaryTextProperties = TextProperties(font: secondaryFont, color: secondaryColor)
        directionalLayoutMargins = margins
        prefersSideBySideTextAndSecondaryText = sideBySide
    }

    private static let cellMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)

    /// A cell's text (body) over nothing.
    public static func cell() -> UIListContentConfiguration {
        UIListContentConfiguration(kind: .cell, font: .preferredFont(forTextStyle: .body), color: .label,
                                   secondaryFont: .preferredFont(forTextStyle: .subheadline), secondaryColor: .secondaryLabel,
                                   margins: cellMargins)
    }

    /// A cell's text over a smaller secondary text.
    public static func subtitleCell() -> UIListContentConfiguration {
        UIListContentConfiguration(kind: .subtitleCell, font: .preferredFont(forTextStyle: .body), color: .label,
                                   secondaryFont: .preferredFont(forTextStyle: .subheadline), secondaryColor: .secondaryLabel,
                                   margins: cellMargins)
    }

    /// A cell's text with its value at the trailing edge.
    public static func valueCell() -> UIListContentConfiguration {
        UIListContentConfiguration(kind: .valueCell, font: .preferredFont(forTextStyle: .body), color: .label,
                                   secondaryFont: .preferredFont(forTextStyle: .body), secondaryColor: .secondaryLabel,
                                   margins: cellMargins, sideBySide: true)
    }

    /// A sidebar's cell.
    public static func sidebarCell() -> UIListContentConfiguration {
        var c = cell()
        c.kind = .sidebar
        return c
    }

    /// A plain list's section header (bold, on the header's bar).
    public static func plainHeader() -> UIListContentConfiguration {
        UIListContentConfiguration(kind: .plainHeader, font: .systemFont(ofSize: 15, weight: .semibold), color: .secondaryLabel,
                                   secondaryFont: .preferredFont(forTextStyle: .footnote), secondaryColor: .secondaryLabel,
                                   margins: NSDirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16))
    }

    /// A plain list's section footer.
    public static func plainFooter() -> UIListContentConfiguration {
        UIListContentConfiguration(kind: .plainFooter, font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel,
                                   secondaryFont: .preferredFont(forTextStyle: .footnote), secondaryColor: .secondaryLabel,
                                   margins: NSDirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16))
    }

    /// A grouped list's section header (small capitals above the group).
    public static func groupedHeader() -> UIListContentConfiguration {
        var c = UIListContentConfiguration(kind: .groupedHeader, font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel,
                                           secondaryFont: .preferredFont(forTextStyle: .footnote), secondaryColor: .secondaryLabel,
                                           margins: NSDirectionalEdgeInsets(top: 16, leading: 20, bottom: 6, trailing: 20))
        c.textProperties.transform = .uppercase
        return c
    }

    /// A grouped list's section footer (a note under the group).
    public static func groupedFooter() -> UIListContentConfiguration {
        UIListContentConfiguration(kind: .groupedFooter, font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel,
                                   secondaryFont: .preferredFont(forTextStyle: .footnote), secondaryColor: .secondaryLabel,
                                   margins: NSDirectionalEdgeInsets(top: 6, leading: 20, bottom: 16, trailing: 20))
    }

    /// A header for the list's appearance (the plain header).
    public static func header() -> UIListContentConfiguration { plainHeader() }
    /// A footer for the list's appearance (the plain footer).
    public static func footer() -> UIListContentConfiguration { plainFooter() }
    /// A prominent inset-grouped header.
    public static func prominentInsetGroupedHeader() -> UIListContentConfiguration {
        var c = groupedHeader()
        c.textProperties.font = .systemFont(ofSize: 20, weight: .bold)
        c.textProperties.color = .label
        c.textProperties.transform = .none
        return c
    }
    /// An extra-prominent inset-grouped header.
    public static func extraProminentInsetGroupedHeader() -> UIListContentConfiguration {
        var c = prominentInsetGroupedHeader()
        c.textProperties.font = .systemFont(ofSize: 22, weight: .bold)
        return c
    }


    var isCell: Bool { kind == .cell || kind == .subtitleCell || kind == .valueCell || kind == .sidebar }
}

// The conformance is declared apart so that the configuration itself is not main-actor
// isolated (its Hashable conformance compares it anywhere).
extension UIListContentConfiguration: UIContentConfiguration {
    public func makeContentView() -> UIView & UIContentView {
        UIListContentView(configuration: self)
    }

    public func updated(for state: UIConfigurationState) -> UIListContentConfiguration { self }
}

/// Shows a `UIListContentConfiguration`: image, text and secondary text.
@preconcurrency @MainActor
open class UIListContentView: UIView, UIContentView {
    private let imageView = UIImageView()
    private let textLabel = UILabel()
    private let secondaryLabel = UILabel()
    private var listConfiguration: UIListContentConfiguration

    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        for view in [imageView, textLabel, secondaryLabel] as [UIView] { addSubview(view) }
        apply()
    }

    public required init?(coder: NSCoder) { nil }

    /// The configuration shown.
    open var configuration: UIContentConfiguration {
        get { listConfiguration }
        set {
            guard let list = newValue as? UIListContentConfiguration else { return }
            listConfiguration = list
            apply()
        }
    }

    public func supports(_ configuration: UIContentConfiguration) -> Bool {
        configuration is UIListContentConfiguration
    }

    private static func transformed(_ text: String?, _ transform: UIListContentConfiguration.TextProperties.TextTransform) -> String? {
        guard let text else { return nil }
        switch transform {
        case .none: return text
        case .uppercase: return text.uppercased()
        case .lowercase: return text.lowercased()
        case .capitalized: return text.capitalized
        }
    }

    private func style(_ label: UILabel, _ text: String?, _ attributed: NSAttributedString?, _ p: UIListContentConfiguration.TextProperties) {
        label.font = p.font
        label.textColor = p.color
        label.numberOfLines = p.numberOfLines
        label.lineBreakMode = p.lineBreakMode
        label.textAlignment = p.alignment == .center ? .center : p.alignment == .justified ? .justified : .natural
        if let attributed { label.attributedText = attributed } else { label.text = UIListContentView.transformed(text, p.transform) }
        label.isHidden = (attributed?.length ?? 0) == 0 && (text ?? "").isEmpty
    }

    private func apply() {
        let c = listConfiguration
        imageView.image = c.image
        imageView.tintColor = c.imageProperties.tintColor
        imageView.isHidden = c.image == nil
        imageView.layer.cornerRadius = c.imageProperties.cornerRadius
        style(textLabel, c.text, c.attributedText, c.textProperties)
        style(secondaryLabel, c.secondaryText, c.secondaryAttributedText, c.secondaryTextProperties)
        if c.kind == .valueCell { secondaryLabel.textAlignment = .right }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private var imageSize: CGSize {
        guard let image = listConfiguration.image else { return .zero }
        var size = image.size
        let limit = listConfiguration.imageProperties.maximumSize
        if limit.width > 0, size.width > limit.width { size = CGSize(width: limit.width, height: size.height * limit.width / size.width) }
        if limit.height > 0, size.height > limit.height { size = CGSize(width: size.width * limit.height / size.height, height: limit.height) }
        return size
    }

    /// Where the texts start: after the image and its padding.
    private func textStart(_ margins: NSDirectionalEdgeInsets) -> CGFloat {
        listConfiguration.image == nil ? margins.leading : margins.leading + imageSize.width + listConfiguration.imageToTextPadding
    }

    /// Side by side: the secondary text keeps its natural width (up to all of it), the text
    /// takes what is left (less the padding between, when both show) and wraps there; both
    /// sizes at those widths. Measuring and layout share this, so a wrapped text gets its
    /// height.
    private func sideBySide(_ available: CGFloat) -> (first: CGSize, second: CGSize) {
        let unbounded = CGFloat.greatestFiniteMagnitude
        let secondNatural = secondaryLabel.isHidden ? .zero : secondaryLabel.sizeThatFits(CGSize(width: available, height: unbounded))
        let secondWidth = Swift.min(secondNatural.width, available)
        let padding = secondWidth > 0 ? listConfiguration.textToSecondaryTextHorizontalPadding : 0
        let firstRoom = Swift.max(0, available - secondWidth - padding)
        let first = textLabel.isHidden ? .zero : textLabel.sizeThatFits(CGSize(width: firstRoom, height: unbounded))
        return (CGSize(width: Swift.min(first.width, firstRoom), height: first.height),
                CGSize(width: secondWidth, height: secondNatural.height))
    }

    /// The height the content needs at `width`: the texts (side by side or stacked) between
    /// the margins, at least the image, and for cells at least 44 points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let c = listConfiguration, m = c.directionalLayoutMargins
        let width = size.width > 0 && size.width.isFinite ? size.width : 320
        let available = Swift.max(0, width - textStart(m) - m.trailing)
        let first = textLabel.isHidden ? .zero : textLabel.sizeThatFits(CGSize(width: available, height: .greatestFiniteMagnitude))
        let second = secondaryLabel.isHidden ? .zero : secondaryLabel.sizeThatFits(CGSize(width: available, height: .greatestFiniteMagnitude))
        var texts: CGFloat
        if c.prefersSideBySideTextAndSecondaryText {
            let split = sideBySide(available)
            texts = Swift.max(split.first.height, split.second.height)
        } else {
            texts = first.height + second.height + (first.height > 0 && second.height > 0 ? c.textToSecondaryTextVerticalPadding : 0)
        }
        texts = Swift.max(texts, imageSize.height)
        var height = m.top + texts + m.bottom
        if c.isCell { height = Swift.max(height, 44) }
        return CGSize(width: width, height: height.rounded(.up))
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: sizeThatFits(CGSize(width: bounds.width > 0 ? bounds.width : 320, height: 0)).height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let c = listConfiguration, m = c.directionalLayoutMargins
        let b = bounds
        let image = imageSize
        imageView.frame = CGRect(x: m.leading, y: ((b.height - image.height) / 2).rounded(), width: image.width, height: image.height)
        let start = textStart(m)
        let available = Swift.max(0, b.width - start - m.trailing)
        let first = textLabel.isHidden ? .zero : textLabel.sizeThatFits(CGSize(width: available, height: .greatestFiniteMagnitude))
        let second = secondaryLabel.isHidden ? .zero : secondaryLabel.sizeThatFits(CGSize(width: available, height: .greatestFiniteMagnitude))
        if c.prefersSideBySideTextAndSecondaryText {
            let split = sideBySide(available)
            textLabel.frame = CGRect(x: start, y: ((b.height - split.first.height) / 2).rounded(), width: split.first.width, height: split.first.height)
            secondaryLabel.frame = CGRect(x: b.width - m.trailing - split.second.width, y: ((b.height - split.second.height) / 2).rounded(),
                                          width: split.second.width, height: split.second.height)
        } else {
            let gap = first.height > 0 && second.height > 0 ? c.textToSecondaryTextVerticalPadding : 0
            let total = first.height + gap + second.height
            var y: CGFloat
            switch c.kind {
            case .groupedHeader, .plainHeader: y = b.height - m.bottom - total
            case .groupedFooter, .plainFooter: y = m.top
            default: y = ((b.height - total) / 2).rounded()
            }
            textLabel.frame = CGRect(x: start, y: y, width: available, height: first.height)
            y += first.height + gap
            secondaryLabel.frame = CGRect(x: start, y: y, width: available, height: second.height)
        }
    }
}

/// A cell's background: a colour, a corner radius, an optional view.
public struct UIBackgroundConfiguration: Hashable {
    /// The fill (nil: the view's tint or the list's default).
    public var backgroundColor: UIColor?
    /// A view shown behind the content.
    public var customView: UIView?
    /// The corner radius.
    public var cornerRadius: CGFloat = 0
    /// Insets of the background from the cell's edges.
    public var backgroundInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    /// A stroke around the background.
    public var strokeColor: UIColor?
    public var strokeWidth: CGFloat = 0
    public var strokeOutset: CGFloat = 0

    init(backgroundColor: UIColor?) {
        self.backgroundColor = backgroundColor
    }

    /// A plain list cell's background.
    public static func listPlainCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration(backgroundColor: .systemBackground) }
    /// A grouped list cell's background.
    public static func listGroupedCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration(backgroundColor: .secondarySystemGroupedBackground) }
    /// A plain header or footer's background.
    public static func listPlainHeaderFooter() -> UIBackgroundConfiguration { UIBackgroundConfiguration(backgroundColor: .systemBackground) }
    /// A grouped header or footer's background (none).
    public static func listGroupedHeaderFooter() -> UIBackgroundConfiguration { UIBackgroundConfiguration(backgroundColor: .clear) }
    /// A sidebar cell's background.
    public static func listSidebarCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration(backgroundColor: .clear) }
    /// No background.
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration(backgroundColor: .clear) }

    /// This configuration for `state` (itself).
    public func updated(for state: UIConfigurationState) -> UIBackgroundConfiguration { self }
    /// The fill drawn, given the view's tint.
    public func resolvedBackgroundColor(for tintColor: UIColor) -> UIColor { backgroundColor ?? tintColor }
}
