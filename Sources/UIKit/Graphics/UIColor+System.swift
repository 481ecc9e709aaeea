import Foundation

// The semantic and extra system colours, in their light-appearance component values, and
// colour literals.

extension UIColor {
    private static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    // MARK: Grays

    public class var systemGray2: UIColor { rgb(174, 174, 178) }
    public class var systemGray3: UIColor { rgb(199, 199, 204) }
    public class var systemGray4: UIColor { rgb(209, 209, 214) }
    public class var systemGray5: UIColor { rgb(229, 229, 234) }
    public class var systemGray6: UIColor { rgb(242, 242, 247) }

    // MARK: Backgrounds

    public class var systemBackground: UIColor { UIColor(white: 1, alpha: 1) }
    public class var secondarySystemBackground: UIColor { rgb(242, 242, 247) }
    public class var tertiarySystemBackground: UIColor { UIColor(white: 1, alpha: 1) }
    public class var systemGroupedBackground: UIColor { rgb(242, 242, 247) }
    public class var secondarySystemGroupedBackground: UIColor { UIColor(white: 1, alpha: 1) }
    public class var tertiarySystemGroupedBackground: UIColor { rgb(242, 242, 247) }

    // MARK: Text and separators

    public class var label: UIColor { UIColor(white: 0, alpha: 1) }
    public class var secondaryLabel: UIColor { rgb(60, 60, 67, 0.6) }
    public class var tertiaryLabel: UIColor { rgb(60, 60, 67, 0.3) }
    public class var quaternaryLabel: UIColor { rgb(60, 60, 67, 0.18) }
    public class var placeholderText: UIColor { rgb(60, 60, 67, 0.3) }
    public class var link: UIColor { rgb(0, 122, 255) }
    public class var separator: UIColor { rgb(60, 60, 67, 0.29) }
    public class var opaqueSeparator: UIColor { rgb(198, 198, 200) }
    public class var lightText: UIColor { UIColor(white: 1, alpha: 0.6) }
    public class var darkText: UIColor { UIColor(white: 0, alpha: 1) }

    // MARK: Fills

    public class var systemFill: UIColor { rgb(120, 120, 128, 0.2) }
    public class var secondarySystemFill: UIColor { rgb(120, 120, 128, 0.16) }
    public class var tertiarySystemFill: UIColor { rgb(118, 118, 128, 0.12) }
    public class var quaternarySystemFill: UIColor { rgb(116, 116, 128, 0.08) }

    /// The app's tint: the system blue.
    public class var tintColor: UIColor { .systemBlue }

    /// The colour of that name in the app's asset catalogue.
    ///
    /// - Note: Differs from Apple: Lamina reads no asset catalogues, so this is always nil.
    public convenience init?(named name: String) {
        return nil
    }

    /// `init(named:)` from a given bundle.
    ///
    /// - Note: Differs from Apple: always nil, as for `init(named:)`.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        return nil
    }
}

/// The type `#colorLiteral(…)` makes where the context does not say.
public typealias _ColorLiteralType = UIColor
