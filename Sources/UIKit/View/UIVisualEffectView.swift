import Foundation

/// A visual effect: a blur or vibrancy.
@preconcurrency @MainActor
open class UIVisualEffect: NSObject {}

/// A blur of what lies behind a visual effect view, with the style's tint over it.
@preconcurrency @MainActor
open class UIBlurEffect: UIVisualEffect {
    /// The blur's look: the classic styles and iOS 13's materials (which follow light and
    /// dark unless the name says which).
    public enum Style: Int, Sendable {
        case extraLight = 0
        case light = 1
        case dark = 2
        case extraDark = 3
        case regular = 4
        case prominent = 5
        case systemUltraThinMaterial = 6
        case systemThinMaterial = 7
        case systemMaterial = 8
        case systemThickMaterial = 9
        case systemChromeMaterial = 10
        case systemUltraThinMaterialLight = 11
        case systemThinMaterialLight = 12
        case systemMaterialLight = 13
        case systemThickMaterialLight = 14
        case systemChromeMaterialLight = 15
        case systemUltraThinMaterialDark = 16
        case systemThinMaterialDark = 17
        case systemMaterialDark = 18
        case systemThickMaterialDark = 19
        case systemChromeMaterialDark = 20
    }

    /// The style.
    public let style: Style

    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// The blur radius (points) and the tint laid over the blur, in `traits`.
    ///
    /// - Note: Differs from Apple: iOS's exact radii, tints and saturation per style are not
    ///   published; these are Lamina's: materials blur 15–30 points under a white (light) or
    ///   near-black (dark) tint from thin to thick.
    func look(in traits: UITraitCollection) -> (radius: CGFloat, tint: UIColor) {
        let dark = traits.userInterfaceStyle == .dark
        func adaptive(_ light: UIColor, _ darkColor: UIColor) -> UIColor { dark ? darkColor : light }
        switch style {
        case .extraLight: return (30, UIColor(white: 0.97, alpha: 0.8))
        case .light: return (30, UIColor(white: 0.97, alpha: 0.3))
        case .dark: return (30, UIColor(white: 0.11, alpha: 0.73))
        case .extraDark: return (30, UIColor(white: 0.08, alpha: 0.85))
        case .regular: return (30, adaptive(UIColor(white: 0.97, alpha: 0.3), UIColor(white: 0.11, alpha: 0.73)))
        case .prominent: return (30, adaptive(UIColor(white: 0.97, alpha: 0.6), UIColor(white: 0.11, alpha: 0.82)))
        case .systemUltraThinMaterial: return (15, adaptive(UIColor(white: 0.97, alpha: 0.25), UIColor(white: 0.11, alpha: 0.35)))
        case .systemThinMaterial: return (20, adaptive(UIColor(white: 0.97, alpha: 0.45), UIColor(white: 0.11, alpha: 0.55)))
        case .systemMaterial: return (30, adaptive(UIColor(white: 0.97, alpha: 0.6), UIColor(white: 0.11, alpha: 0.7)))
        case .systemThickMaterial: return (30, adaptive(UIColor(white: 0.97, alpha: 0.8), UIColor(white: 0.11, alpha: 0.85)))
        case .systemChromeMaterial: return (30, adaptive(UIColor(white: 0.97, alpha: 0.75), UIColor(white: 0.11, alpha: 0.75)))
        case .systemUltraThinMaterialLight: return (15, UIColor(white: 0.97, alpha: 0.25))
        case .systemThinMaterialLight: return (20, UIColor(white: 0.97, alpha: 0.45))
        case .systemMaterialLight: return (30, UIColor(white: 0.97, alpha: 0.6))
        case .systemThickMaterialLight: return (30, UIColor(white: 0.97, alpha: 0.8))
        case .systemChromeMaterialLight: return (30, UIColor(white: 0.97, alpha: 0.75))
        case .systemUltraThinMaterialDark: return (15, UIColor(white: 0.11, alpha: 0.35))
        case .systemThinMaterialDark: return (20, UIColor(white: 0.11, alpha: 0.55))
        case .systemMaterialDark: return (30, UIColor(white: 0.11, alpha: 0.7))
        case .systemThickMaterialDark: return (30, UIColor(white: 0.11, alpha: 0.85))
        case .systemChromeMaterialDark: return (30, UIColor(white: 0.11, alpha: 0.75))
        }
    }
}

/// The colour vibrant content takes over a blur.
public enum UIVibrancyEffectStyle: Int, Sendable {
    case label = 0
    case secondaryLabel = 1
    case tertiaryLabel = 2
    case quaternaryLabel = 3
    case fill = 4
    case secondaryFill = 5
    case tertiaryFill = 6
    case separator = 7
}

/// Vibrancy for content over a blur: inside a `UIVisualEffectView` of this effect, the
/// content view's tint is the style's colour.
///
/// - Note: Differs from Apple: iOS blends vibrant content with the blurred backdrop; Lamina
///   gives template images and controls in the content view the style's colour, and leaves
///   other content as it is.
@preconcurrency @MainActor
open class UIVibrancyEffect: UIVisualEffect {
    /// The blur the vibrancy goes with.
    public let blurEffect: UIBlurEffect
    /// The style.
    public let style: UIVibrancyEffectStyle

    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.blurEffect = blurEffect
        self.style = style
        super.init()
    }

    public convenience init(blurEffect: UIBlurEffect) {
        self.init(blurEffect: blurEffect, style: .label)
    }

    var color: UIColor {
        switch style {
        case .label: return .label
        case .secondaryLabel: return .secondaryLabel
        case .tertiaryLabel: return .tertiaryLabel
        case .quaternaryLabel: return .quaternaryLabel
        case .fill: return .systemFill
        case .secondaryFill: return .secondarySystemFill
        case .tertiaryFill: return .tertiarySystemFill
        case .separator: return .separator
        }
    }
}

/// Blurs what lies behind it (a real backdrop blur in the compositor) with the effect's tint
/// over it; put your views in `contentView`, which sits on top.
@preconcurrency @MainActor
open class UIVisualEffectView: UIView {
    /// The effect (nil: none — the view shows only its content).
    open var effect: UIVisualEffect? { didSet { applyEffect() } }
    /// Where subviews go.
    public let contentView = UIView()
    private let backdrop = UIView()
    private let tint = UIView()

    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        setUp()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// A visual effect view from a storyboard or nib: its blur effect and its content view's
    /// subviews come from the coder.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
        guard let ib = coder as? IBCoder else { return }
        if let content = ib.element.child(key: "contentView") {
            IBCoder(element: content, load: ib.load).decodeView(contentView)
            contentView.frame = bounds
            contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        if let blur = ib.element.child("blurEffect"), let style = blur["style"].flatMap({ UIVisualEffectView.blurStyles[$0] }) {
            effect = UIBlurEffect(style: style)
        } else if let vibrancy = ib.element.child("vibrancyEffect") {
            // `<vibrancyEffect style="secondaryLabel"><blurEffect style="regular"/></vibrancyEffect>`
            // (no style before iOS 13's styles: the label style).
            let blurStyle = vibrancy.child("blurEffect")?["style"].flatMap { UIVisualEffectView.blurStyles[$0] } ?? .regular
            let style = vibrancy["style"].flatMap { UIVisualEffectView.vibrancyStyles[$0] } ?? .label
            effect = UIVibrancyEffect(blurEffect: UIBlurEffect(style: blurStyle), style: style)
        }
    }

    private static let vibrancyStyles: [String: UIVibrancyEffectStyle] = [
        "label": .label, "secondaryLabel": .secondaryLabel, "tertiaryLabel": .tertiaryLabel,
        "quaternaryLabel": .quaternaryLabel, "fill": .fill, "secondaryFill": .secondaryFill,
        "tertiaryFill": .tertiaryFill, "separator": .separator,
    ]

    private static let blurStyles: [String: UIBlurEffect.Style] = [
        "extraLight": .extraLight, "light": .light, "dark": .dark, "extraDark": .extraDark, "regular": .regular,
        "prominent": .prominent, "systemUltraThinMaterial": .systemUltraThinMaterial, "systemThinMaterial": .systemThinMaterial,
        "systemMaterial": .systemMaterial, "systemThickMaterial": .systemThickMaterial, "systemChromeMaterial": .systemChromeMaterial,
        "systemUltraThinMaterialLight": .systemUltraThinMaterialLight, "systemThinMaterialLight": .systemThinMaterialLight,
        "systemMaterialLight": .systemMaterialLight, "systemThickMaterialLight": .systemThickMaterialLight,
        "systemChromeMaterialLight": .systemChromeMaterialLight, "systemUltraThinMaterialDark": .systemUltraThinMaterialDark,
        "systemThinMaterialDark": .systemThinMaterialDark, "systemMaterialDark": .systemMaterialDark,
        "systemThickMaterialDark": .systemThickMaterialDark, "systemChromeMaterialDark": .systemChromeMaterialDark,
    ]

    private func setUp() {
        for view in [backdrop, tint, contentView] {
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(view)
        }
        backdrop.isUserInteractionEnabled = false
        tint.isUserInteractionEnabled = false
        applyEffect()
    }

    private func applyEffect() {
        let blur = (effect as? UIBlurEffect)
        let look = blur?.look(in: traitCollection)
        backdrop.layer.backdropBlurRadius = look?.radius ?? 0
        tint.backgroundColor = look?.tint
        contentView.tintColor = (effect as? UIVibrancyEffect)?.color
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        applyEffect()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // Rounded corners of the effect view round the blur and the tint too.
        for view in [backdrop, tint] {
            view.layer.cornerRadius = layer.cornerRadius
            view.layer.maskedCorners = layer.maskedCorners
        }
    }
}
