import Foundation

// The semantic and extra system colours with iOS's light and dark values (the standard
// contrast), and colour literals.

extension UIColor {
    private static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    /// A dynamic colour: `light` for the light and unspecified appearances, `dark` for dark.
    static func system(_ light: UIColor, dark: UIColor) -> UIColor {
        UIColor { $0.userInterfaceStyle == .dark ? dark : light }
    }

    /// A background: `dark` on the base level, `elevated` in raised content (sheets).
    static func background(_ light: UIColor, dark: UIColor, elevated: UIColor) -> UIColor {
        UIColor { $0.userInterfaceStyle != .dark ? light : ($0.userInterfaceLevel == .elevated ? elevated : dark) }
    }

    // MARK: Grays

    public class var systemGray2: UIColor { system(rgb(174, 174, 178), dark: rgb(99, 99, 102)) }
    public class var systemGray3: UIColor { system(rgb(199, 199, 204), dark: rgb(72, 72, 74)) }
    public class var systemGray4: UIColor { system(rgb(209, 209, 214), dark: rgb(58, 58, 60)) }
    public class var systemGray5: UIColor { system(rgb(229, 229, 234), dark: rgb(44, 44, 46)) }
    public class var systemGray6: UIColor { system(rgb(242, 242, 247), dark: rgb(28, 28, 30)) }

    // MARK: Backgrounds

    public class var systemBackground: UIColor { background(UIColor(white: 1, alpha: 1), dark: UIColor(white: 0, alpha: 1), elevated: rgb(28, 28, 30)) }
    public class var secondarySystemBackground: UIColor { background(rgb(242, 242, 247), dark: rgb(28, 28, 30), elevated: rgb(44, 44, 46)) }
    public class var tertiarySystemBackground: UIColor { background(UIColor(white: 1, alpha: 1), dark: rgb(44, 44, 46), elevated: rgb(58, 58, 60)) }
    public class var systemGroupedBackground: UIColor { background(rgb(242, 242, 247), dark: UIColor(white: 0, alpha: 1), elevated: rgb(28, 28, 30)) }
    public class var secondarySystemGroupedBackground: UIColor { background(UIColor(white: 1, alpha: 1), dark: rgb(28, 28, 30), elevated: rgb(44, 44, 46)) }
    public class var tertiarySystemGroupedBackground: UIColor { background(rgb(242, 242, 247), dark: rgb(44, 44, 46), elevated: rgb(58, 58, 60)) }

    // MARK: Text and separators

    public class var label: UIColor { system(UIColor(white: 0, alpha: 1), dark: UIColor(white: 1, alpha: 1)) }
    public class var secondaryLabel: UIColor { system(rgb(60, 60, 67, 0.6), dark: rgb(235, 235, 245, 0.6)) }
    public class var tertiaryLabel: UIColor { system(rgb(60, 60, 67, 0.3), dark: rgb(235, 235, 245, 0.3)) }
    public class var quaternaryLabel: UIColor { system(rgb(60, 60, 67, 0.18), dark: rgb(235, 235, 245, 0.16)) }
    public class var placeholderText: UIColor { system(rgb(60, 60, 67, 0.3), dark: rgb(235, 235, 245, 0.3)) }
    public class var link: UIColor { system(rgb(0, 122, 255), dark: rgb(9, 132, 255)) }
    public class var separator: UIColor { system(rgb(60, 60, 67, 0.29), dark: rgb(84, 84, 88, 0.6)) }
    public class var opaqueSeparator: UIColor { system(rgb(198, 198, 200), dark: rgb(56, 56, 58)) }
    public class var lightText: UIColor { UIColor(white: 1, alpha: 0.6) }
    public class var darkText: UIColor { UIColor(white: 0, alpha: 1) }

    // MARK: Fills

    public class var systemFill: UIColor { system(rgb(120, 120, 128, 0.2), dark: rgb(120, 120, 128, 0.36)) }
    public class var secondarySystemFill: UIColor { system(rgb(120, 120, 128, 0.16), dark: rgb(120, 120, 128, 0.32)) }
    public class var tertiarySystemFill: UIColor { system(rgb(118, 118, 128, 0.12), dark: rgb(118, 118, 128, 0.24)) }
    public class var quaternarySystemFill: UIColor { system(rgb(116, 116, 128, 0.08), dark: rgb(118, 118, 128, 0.18)) }

    /// The app's tint: the system blue.
    public class var tintColor: UIColor { .systemBlue }

    /// The colour set of that name in the app's asset catalogues: a dynamic colour when the
    /// set has light and dark versions. Nil when there is none.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The colour set of that name in `bundle`'s asset catalogues (the app's when nil). The
    /// colour is dynamic when the set has appearances; `traitCollection` is how iOS lets a
    /// caller ask for one version, and the dynamic colour resolves for any.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let color = UIColor.lookUp(named: name, in: bundle) else { return nil }
        if let traitCollection {
            self.init(cgColor: color.resolvedColor(with: traitCollection).cgColor)
        } else if color.provider != nil {
            self.init(dynamicProvider: { color.resolvedColor(with: $0) })
        } else {
            self.init(cgColor: color.cgColor)
        }
    }

    /// The colour an asset catalogue's colour resource names (Xcode generates these).
    public convenience init(resource: ColorResource) {
        if let color = UIColor.lookUp(named: resource.name, in: resource.bundle) {
            self.init(dynamicProvider: { color.resolvedColor(with: $0) })
        } else {
            ConsoleLog.report("No color named \"\(resource.name)\" found in asset catalog for \(resource.bundle.bundlePath)")
            self.init(white: 0, alpha: 0)
        }
    }

    /// The colour set `name` in the bundle's catalogues.
    static func lookUp(named name: String, in bundle: Bundle?) -> UIColor? {
        guard !name.isEmpty else { return nil }
        for catalog in AssetCatalog.catalogs(in: AssetCatalog.bundle(bundle)) {
            if let set: AssetColorSet = catalog.parsedSet(named: name, kind: .color, parse: { AssetColorSet($0) }) {
                return set.color
            }
        }
        return nil
    }
}

/// The type `#colorLiteral(…)` makes where the context does not say.
public typealias _ColorLiteralType = UIColor
