import Foundation

/// A control that performs an action when tapped: `.primaryActionTriggered` (and
/// `.touchUpInside`) when a touch lifts inside it.
///
/// - Note: Differs from Apple: titles are kept but not drawn yet (Lamina has no text
///   rendering); a configuration draws its background (colour and corner style) and image.
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
            case .gray, .bordered: return UIColor(white: 0.5, alpha: 0.12)
            case .plain, .borderless: return nil
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
        didSet { updateConfiguration() }
    }
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private let imageView = UIImageView(frame: .zero)

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
        return nil
    }

    private func setUp() {
        imageView.contentMode = .center
        addSubview(imageView)
    }

    // MARK: Titles and images

    /// Sets the title for `state`.
    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state.rawValue] = title
    }

    /// The title for `state` (the normal one when none was set for it).
    open func title(for state: UIControl.State) -> String? {
        titles[state.rawValue] ?? titles[UIControl.State.normal.rawValue]
    }

    /// The title for the current state.
    open var currentTitle: String? { configuration?.title ?? title(for: state) }

    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        titleColors[state.rawValue] = color
    }

    open func titleColor(for state: UIControl.State) -> UIColor? {
        titleColors[state.rawValue] ?? titleColors[UIControl.State.normal.rawValue]
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

    open override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = bounds
        updateConfiguration()
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let insets = configuration?.contentInsets ?? NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
        let content = currentImage?.size ?? CGSize(width: 20, height: 20)
        return CGSize(width: content.width + insets.leading + insets.trailing, height: content.height + insets.top + insets.bottom)
    }

    override func controlStateDidChange() {
        updateConfiguration()
    }

    private func updateConfiguration() {
        imageView.image = currentImage
        guard let configuration else { return }
        var background = configuration.backgroundColor(tint: .systemBlue)
        if isHighlighted { background = background?.withAlphaComponent((background?.cgColor.alpha ?? 1) * 0.7) }
        if !isEnabled { background = background?.withAlphaComponent((background?.cgColor.alpha ?? 1) * 0.4) }
        layer.backgroundColor = background?.cgColor
        layer.cornerRadius = configuration.cornerRadius(height: bounds.height)
    }
}
