import Foundation

/// The look of a bar's background and shadow (iOS 13's appearance objects), shared by
/// navigation and tab bars.
@preconcurrency @MainActor
open class UIBarAppearance: NSObject {
    /// The device kind the appearance is for.
    public let idiom: UIUserInterfaceIdiom
    /// The background's colour (nil: none).
    open var backgroundColor: UIColor?
    /// The blur behind the background colour (drawn as its tint: Lamina's bars are opaque).
    open var backgroundEffect: UIBlurEffect?
    /// An image over the background colour.
    open var backgroundImage: UIImage?
    /// How the background image fills the bar.
    open var backgroundImageContentMode: UIView.ContentMode = .scaleToFill
    /// The colour of the hairline along the bar's edge (nil: none).
    open var shadowColor: UIColor?
    /// An image in place of the hairline.
    open var shadowImage: UIImage?

    static let defaultShadow = UIColor.separator

    public init(idiom: UIUserInterfaceIdiom) {
        self.idiom = idiom
        super.init()
        configureWithDefaultBackground()
    }

    public override convenience init() {
        self.init(idiom: .phone)
    }

    /// A copy of `barAppearance`'s settings.
    public required init(barAppearance: UIBarAppearance) {
        idiom = barAppearance.idiom
        super.init()
        copySettings(from: barAppearance)
    }

    func copySettings(from other: UIBarAppearance) {
        backgroundColor = other.backgroundColor
        backgroundEffect = other.backgroundEffect
        backgroundImage = other.backgroundImage
        backgroundImageContentMode = other.backgroundImageContentMode
        shadowColor = other.shadowColor
        shadowImage = other.shadowImage
    }

    /// The system's translucent background and hairline.
    open func configureWithDefaultBackground() {
        backgroundColor = nil
        backgroundEffect = UIBlurEffect(style: .systemChromeMaterial)
        backgroundImage = nil
        shadowColor = UIBarAppearance.defaultShadow
        shadowImage = nil
    }

    /// An opaque background of the system background colour, with the hairline.
    open func configureWithOpaqueBackground() {
        backgroundColor = .systemBackground
        backgroundEffect = nil
        backgroundImage = nil
        shadowColor = UIBarAppearance.defaultShadow
        shadowImage = nil
    }

    /// No background and no hairline.
    open func configureWithTransparentBackground() {
        backgroundColor = nil
        backgroundEffect = nil
        backgroundImage = nil
        shadowColor = nil
        shadowImage = nil
    }

    /// A copy.
    ///
    /// - Note: Differs from Apple: Swift on Linux keeps `NSObject.copy() -> Any` beside this,
    ///   so `let c = appearance.copy()` is ambiguous; give the copy a type
    ///   (`let c: UINavigationBarAppearance = appearance.copy()`), as assigning it to a bar does.
    open func copy() -> Self {
        Self(barAppearance: self)
    }

    open override func copy() -> Any {
        Self(barAppearance: self)
    }

    /// The colour the bar's background shows: the background colour, else the blur's tint
    /// (nil: clear).
    func resolvedBackground(default bar: UIColor) -> UIColor? {
        if let backgroundColor { return backgroundColor }
        if backgroundEffect != nil { return bar }
        return nil
    }
}

/// The look of a bar button item in one state.
@preconcurrency @MainActor
open class UIBarButtonItemStateAppearance: NSObject {
    /// The title's text attributes.
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The title's offset.
    open var titlePositionAdjustment: UIOffset = .zero
    /// The background image.
    open var backgroundImage: UIImage?
}

/// The look of bar button items: normal, highlighted, disabled and focused.
@preconcurrency @MainActor
open class UIBarButtonItemAppearance: NSObject {
    public enum Style: Int, Sendable { case plain = 0, done = 1 }
    public let normal = UIBarButtonItemStateAppearance()
    public let highlighted = UIBarButtonItemStateAppearance()
    public let disabled = UIBarButtonItemStateAppearance()
    public let focused = UIBarButtonItemStateAppearance()

    public init(style: Style) { super.init() }
    public override convenience init() { self.init(style: .plain) }

    /// Back to the system's look.
    open func configureWithDefault(for style: Style) {
        for state in [normal, highlighted, disabled, focused] { state.titleTextAttributes = [:] }
    }
}

/// A navigation bar's look: the background, the titles' attributes and the buttons'.
@preconcurrency @MainActor
open class UINavigationBarAppearance: UIBarAppearance {
    /// The standard title's attributes.
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The large title's attributes.
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The title's offset.
    open var titlePositionAdjustment: UIOffset = .zero
    /// Plain bar buttons' look.
    open var buttonAppearance = UIBarButtonItemAppearance(style: .plain)
    /// Done buttons' look.
    open var doneButtonAppearance = UIBarButtonItemAppearance(style: .done)
    /// The back button's look.
    open var backButtonAppearance = UIBarButtonItemAppearance(style: .plain)
    /// The back chevron image (nil: the system's).
    open private(set) var backIndicatorImage: UIImage?
    open private(set) var backIndicatorTransitionMaskImage: UIImage?

    public required init(barAppearance: UIBarAppearance) {
        super.init(barAppearance: barAppearance)
        if let other = barAppearance as? UINavigationBarAppearance {
            titleTextAttributes = other.titleTextAttributes
            largeTitleTextAttributes = other.largeTitleTextAttributes
            titlePositionAdjustment = other.titlePositionAdjustment
            buttonAppearance = other.buttonAppearance
            doneButtonAppearance = other.doneButtonAppearance
            backButtonAppearance = other.backButtonAppearance
            backIndicatorImage = other.backIndicatorImage
            backIndicatorTransitionMaskImage = other.backIndicatorTransitionMaskImage
        }
    }

    public override init(idiom: UIUserInterfaceIdiom) {
        super.init(idiom: idiom)
    }

    /// Sets the back chevron image.
    open func setBackIndicatorImage(_ backIndicatorImage: UIImage?, transitionMaskImage: UIImage?) {
        self.backIndicatorImage = backIndicatorImage
        backIndicatorTransitionMaskImage = transitionMaskImage
    }
}

/// The look of a tab bar item in one state.
@preconcurrency @MainActor
open class UITabBarItemStateAppearance: NSObject {
    /// The title's text attributes.
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The title's offset.
    open var titlePositionAdjustment: UIOffset = .zero
    /// The image's colour (nil: the system's).
    open var iconColor: UIColor?
    /// The badge's background colour (nil: red).
    open var badgeBackgroundColor: UIColor?
    /// The badge text's attributes.
    open var badgeTextAttributes: [NSAttributedString.Key: Any] = [:]
}

/// The look of tab bar items: normal, selected, disabled and focused.
@preconcurrency @MainActor
open class UITabBarItemAppearance: NSObject {
    public enum Style: Int, Sendable { case stacked = 0, inline = 1, compactInline = 2 }
    public let normal = UITabBarItemStateAppearance()
    public let selected = UITabBarItemStateAppearance()
    public let disabled = UITabBarItemStateAppearance()
    public let focused = UITabBarItemStateAppearance()

    public init(style: Style) { super.init() }
    public override convenience init() { self.init(style: .stacked) }

    /// Back to the system's look.
    open func configureWithDefault(for style: Style) {
        for state in [normal, selected, disabled, focused] {
            state.titleTextAttributes = [:]
            state.iconColor = nil
            state.badgeBackgroundColor = nil
        }
    }
}

/// A tab bar's look: the background and the items'.
@preconcurrency @MainActor
open class UITabBarAppearance: UIBarAppearance {
    /// Items stacked (image over title): the phone's layout.
    open var stackedLayoutAppearance = UITabBarItemAppearance(style: .stacked)
    /// Items inline (kept; Lamina's tab bars stack).
    open var inlineLayoutAppearance = UITabBarItemAppearance(style: .inline)
    /// Items inline in compact height (kept).
    open var compactInlineLayoutAppearance = UITabBarItemAppearance(style: .compactInline)
    /// The tint of the selection indicator image.
    open var selectionIndicatorTintColor: UIColor?

    public required init(barAppearance: UIBarAppearance) {
        super.init(barAppearance: barAppearance)
        if let other = barAppearance as? UITabBarAppearance {
            stackedLayoutAppearance = other.stackedLayoutAppearance
            inlineLayoutAppearance = other.inlineLayoutAppearance
            compactInlineLayoutAppearance = other.compactInlineLayoutAppearance
            selectionIndicatorTintColor = other.selectionIndicatorTintColor
        }
    }

    public override init(idiom: UIUserInterfaceIdiom) {
        super.init(idiom: idiom)
    }
}
