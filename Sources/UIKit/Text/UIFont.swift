import CoreText
import Foundation

/// A font at a size, with the metrics UIKit lays text out by. Backed by a Core Text font, as
/// on iOS; metrics are unhinted and scale linearly with the size.
///
/// The system font is the best sans the machine has: Inter when installed (the nearest open
/// relative of SF Pro), else DejaVu Sans, which every fresh machine of Lamina's kind has.
/// - Note: Differs from Apple: SF Pro is not available on Linux, so system-font metrics are
///   the stand-in face's (DejaVu Sans at 17 pt: line height 19.79 where SF's is 20.29).
open class UIFont: NSObject, NSCopying, @unchecked Sendable {
    package let ctFont: CTFont
    /// Where a Dynamic Type font came from, so that views adjusting fonts for the content
    /// size can make it again for other traits: the text style it was made for, and (for a
    /// font scaled by `UIFontMetrics`) the font it scaled.
    var dynamicTypeSource: (style: UIFont.TextStyle, scaledFrom: UIFont?)?

    package init(ctFont: CTFont) {
        self.ctFont = ctFont
        super.init()
    }

    /// The installed font, or the app's own (see `AppFonts`), with this PostScript, full or
    /// family name; nil for unknown names.
    public init?(name fontName: String, size fontSize: CGFloat) {
        AppFonts.register(in: AppBundle.current)
        guard let face = FontCatalog.shared.face(named: fontName) else { return nil }
        ctFont = CTFont(face: face, size: fontSize > 0 ? fontSize : UIFont.systemFontSize)
        super.init()
    }

    /// The font a descriptor describes, at `pointSize` (0 keeps the descriptor's size).
    public init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        let size = pointSize > 0 ? pointSize : (descriptor.pointSize > 0 ? descriptor.pointSize : UIFont.systemFontSize)
        ctFont = descriptor.resolvedFont(size: size)
        super.init()
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return other.ctFont == ctFont
    }

    open override var hash: Int { ctFont.hashValue }

    open override var description: String {
        "<UIFont: font-family: \"\(familyName)\"; font-weight: \(ctFont.face.weightClass >= 600 ? "bold" : "normal"); "
            + "font-style: \(ctFont.face.isItalic ? "italic" : "normal"); font-size: \(pointSize)pt>"
    }

    // MARK: Names and metrics

    /// The family ("DejaVu Sans").
    open var familyName: String { ctFont.face.familyName }
    /// The face's PostScript name ("DejaVuSans-Bold").
    open var fontName: String { ctFont.face.postScriptName }
    /// The em size, points.
    open var pointSize: CGFloat { ctFont.size }
    /// Height above the baseline, points.
    open var ascender: CGFloat { CTFontGetAscent(ctFont) }
    /// Depth below the baseline, points, negative.
    open var descender: CGFloat { -CTFontGetDescent(ctFont) }
    /// Height of flat capitals, points.
    open var capHeight: CGFloat { CTFontGetCapHeight(ctFont) }
    /// Height of flat lowercase letters, points.
    open var xHeight: CGFloat { CTFontGetXHeight(ctFont) }
    /// The face's line gap, points.
    open var leading: CGFloat { CTFontGetLeading(ctFont) }
    /// One line's height: ascender − descender + leading.
    open var lineHeight: CGFloat { ascender - descender + leading }
    /// The font's description.
    open var fontDescriptor: UIFontDescriptor { UIFontDescriptor(font: ctFont) }

    /// The same face at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(ctFont: CTFont(face: ctFont.face, size: fontSize > 0 ? fontSize : ctFont.size, matrix: ctFont.matrix))
    }

    // MARK: System fonts

    /// 14 points.
    open class var systemFontSize: CGFloat { 14 }
    /// 12 points.
    open class var smallSystemFontSize: CGFloat { 12 }
    /// 17 points (labels).
    open class var labelFontSize: CGFloat { 17 }
    /// 18 points (buttons).
    open class var buttonFontSize: CGFloat { 18 }

    /// The system font at `fontSize`, regular.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .regular)
    }

    /// The system font at `fontSize` and the nearest weight the machine has.
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(ctFont: CTFont(face: SystemFonts.face(weight: weight.systemWeight, italic: false), size: fontSize))
    }

    /// The bold system font.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .bold)
    }

    /// The italic system font.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(ctFont: CTFont(face: SystemFonts.face(weight: .regular, italic: true), size: fontSize))
    }

    /// The monospaced system font.
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(ctFont: CTFont(face: SystemFonts.face(weight: weight.systemWeight, italic: false, monospaced: true), size: fontSize))
    }

    /// The system font with digits of equal width.
    ///
    /// - Note: Differs from Apple: the stand-in face's digits are already of equal width
    ///   (true of DejaVu Sans and Inter), so this is the system font.
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// The font for a text style at iOS's default (Large) content size: large title 34, title 1
    /// 28, title 2 22, title 3 20, headline 17 semibold, body 17, callout 16, subheadline 15,
    /// footnote 13, caption 1 12, caption 2 11.
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }

    /// The font for a text style at the size `traitCollection`'s preferred content size
    /// category gives it (the screen's, Large, when it specifies none): body is 14 points at
    /// extra small, 17 at Large, 23 at XXXL and 53 at the largest accessibility size.
    open class func preferredFont(forTextStyle style: UIFont.TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        var category = traitCollection?.preferredContentSizeCategory ?? .unspecified
        if category == .unspecified { category = UITraitCollection.screen.preferredContentSizeCategory }
        let weight = style.defaultSizeAndWeight.1
        let font = systemFont(ofSize: style.size(in: category), weight: weight)
        font.dynamicTypeSource = (style, nil)
        return font
    }

    /// This Dynamic Type font made again for `traits` (nil for fonts of a fixed size).
    func adjusted(for traits: UITraitCollection) -> UIFont? {
        guard let (style, base) = dynamicTypeSource else { return nil }
        if let base { return UIFontMetrics(forTextStyle: style).scaledFont(for: base, compatibleWith: traits) }
        return UIFont.preferredFont(forTextStyle: style, compatibleWith: traits)
    }

    /// The installed families (with the app's own), sorted.
    open class var familyNames: [String] {
        AppFonts.register(in: AppBundle.current)
        return FontCatalog.shared.familyNames
    }

    /// The PostScript names of a family's faces.
    open class func fontNames(forFamilyName familyName: String) -> [String] {
        AppFonts.register(in: AppBundle.current)
        return FontCatalog.shared.records(inFamily: familyName).map(\.postScriptName).sorted()
    }
}

extension UIFont: TextFontBridging {
    package var bridgedCTFont: CTFont { ctFont }
}

extension UIFont {
    /// A font weight, −1 (lightest) … 1 (heaviest), as iOS numbers them.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// The nearest of the named weights, on fontconfig's scale.
        var systemWeight: SystemFontWeight {
            let table: [(CGFloat, SystemFontWeight)] = [(-0.8, .ultraLight), (-0.6, .thin), (-0.4, .light), (0, .regular),
                                                        (0.23, .medium), (0.3, .semibold), (0.4, .bold), (0.56, .heavy),
                                                        (0.62, .black)]
            return table.min { abs($0.0 - rawValue) < abs($1.0 - rawValue) }!.1
        }
    }

    /// A Dynamic Type text style.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// iOS's sizes at the default (Large) content size category.
        var defaultSizeAndWeight: (CGFloat, UIFont.Weight) {
            switch self {
            case .largeTitle: return (34, .regular)
            case .title1: return (28, .regular)
            case .title2: return (22, .regular)
            case .title3: return (20, .regular)
            case .headline: return (17, .semibold)
            case .subheadline: return (15, .regular)
            case .callout: return (16, .regular)
            case .footnote: return (13, .regular)
            case .caption1: return (12, .regular)
            case .caption2: return (11, .regular)
            default: return (17, .regular)
            }
        }
    }
}
