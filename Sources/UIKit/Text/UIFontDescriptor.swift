import CoreText
import Foundation

/// A description of a font: family or face name, size and traits, resolved to an installed
/// face when a `UIFont` is made from it.
open class UIFontDescriptor: NSObject, NSCopying, @unchecked Sendable {
    /// The attributes, by name.
    open private(set) var fontAttributes: [UIFontDescriptor.AttributeName: Any]

    public init(fontAttributes attributes: [UIFontDescriptor.AttributeName: Any] = [:]) {
        fontAttributes = attributes
        super.init()
    }

    /// A descriptor of the face with this PostScript name at `size`.
    public convenience init(name fontName: String, size: CGFloat) {
        self.init(fontAttributes: [.name: fontName, .size: size])
    }

    convenience init(font: CTFont) {
        var traits: UIFontDescriptor.SymbolicTraits = []
        let ct = CTFontGetSymbolicTraits(font)
        if ct.contains(.traitBold) { traits.insert(.traitBold) }
        if ct.contains(.traitItalic) { traits.insert(.traitItalic) }
        if ct.contains(.traitMonoSpace) { traits.insert(.traitMonoSpace) }
        self.init(fontAttributes: [.name: font.face.postScriptName, .family: font.face.familyName, .size: font.size,
                                   .traits: [UIFontDescriptor.TraitKey.symbolic: traits.rawValue]])
    }

    public func copy(with zone: NSZone? = nil) -> Any { UIFontDescriptor(fontAttributes: fontAttributes) }

    /// The PostScript name, if the descriptor names a face.
    open var postscriptName: String { fontAttributes[.name] as? String ?? "" }

    /// The size, 0 when none is given.
    open var pointSize: CGFloat {
        (fontAttributes[.size] as? CGFloat) ?? (fontAttributes[.size] as? NSNumber).map { CGFloat($0.doubleValue) } ?? 0
    }

    /// Bold, italic, monospaced.
    open var symbolicTraits: UIFontDescriptor.SymbolicTraits {
        let traits = fontAttributes[.traits] as? [UIFontDescriptor.TraitKey: Any]
        return UIFontDescriptor.SymbolicTraits(rawValue: (traits?[.symbolic] as? UInt32) ?? 0)
    }

    /// The same description with these traits (replacing the old ones); nil when the family
    /// has no face with them.
    open func withSymbolicTraits(_ symbolicTraits: UIFontDescriptor.SymbolicTraits) -> UIFontDescriptor? {
        let base = resolvedFont(size: pointSize > 0 ? pointSize : 12)
        var value: CTFontSymbolicTraits = []
        if symbolicTraits.contains(.traitBold) { value.insert(.traitBold) }
        if symbolicTraits.contains(.traitItalic) { value.insert(.traitItalic) }
        guard let font = CTFontCreateCopyWithSymbolicTraits(base, 0, nil, value, [.traitBold, .traitItalic]) else { return nil }
        let made = UIFontDescriptor(font: font)
        if pointSize == 0 { made.fontAttributes[.size] = nil }
        return made
    }

    /// The same description at another size.
    open func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
        var attributes = fontAttributes
        attributes[.size] = newPointSize
        return UIFontDescriptor(fontAttributes: attributes)
    }

    /// The same description with more attributes.
    open func addingAttributes(_ attributes: [UIFontDescriptor.AttributeName: Any]) -> UIFontDescriptor {
        UIFontDescriptor(fontAttributes: fontAttributes.merging(attributes) { $1 })
    }

    /// The descriptor of the system font for a text style.
    open class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        UIFont.preferredFont(forTextStyle: style).fontDescriptor
    }

    /// The installed face this describes, at `size`.
    func resolvedFont(size: CGFloat) -> CTFont {
        let name = fontAttributes[.name] as? String ?? fontAttributes[.family] as? String
        let face = name.flatMap { FontCatalog.shared.face(named: $0) } ?? CTFont.defaultFont.face
        return CTFont(face: face, size: size)
    }
}

extension UIFontDescriptor {
    /// A descriptor attribute's name.
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
        public static let name = AttributeName(rawValue: "NSFontNameAttribute")
        public static let face = AttributeName(rawValue: "NSFontFaceAttribute")
        public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
        public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
        public static let textStyle = AttributeName(rawValue: "NSCTFontUIUsageAttribute")
    }

    /// A key of the traits dictionary.
    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let symbolic = TraitKey(rawValue: "NSCTFontSymbolicTrait")
        public static let weight = TraitKey(rawValue: "NSCTFontWeightTrait")
        public static let width = TraitKey(rawValue: "NSCTFontProportionTrait")
        public static let slant = TraitKey(rawValue: "NSCTFontSlantTrait")
    }

    /// Bold, italic, monospaced and the other traits of a face.
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }
}

/// Scales fonts and values for a preferred content size as its text style scales: by the
/// style's size in the category over its size at Large.
///
/// - Note: Differs from Apple: Linux has no Dynamic Type setting, so the screen's category is
///   always iOS's default (Large), where scaling leaves fonts and values as they are; traits
///   that name another category (`compatibleWith:`) scale.
open class UIFontMetrics: NSObject, @unchecked Sendable {
    public let textStyle: UIFont.TextStyle

    public init(forTextStyle textStyle: UIFont.TextStyle) {
        self.textStyle = textStyle
        super.init()
    }

    /// Metrics for the body style.
    open class var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    /// How much the style grows in `traitCollection`'s category (the screen's when nil).
    private func factor(_ traitCollection: UITraitCollection?) -> CGFloat {
        var category = traitCollection?.preferredContentSizeCategory ?? .unspecified
        if category == .unspecified { category = UITraitCollection.screen.preferredContentSizeCategory }
        return textStyle.size(in: category) / textStyle.size(in: .large)
    }

    /// The font scaled for the content size.
    open func scaledFont(for font: UIFont) -> UIFont { scaledFont(for: font, compatibleWith: nil) }

    /// The font scaled for the content size, at most `maximumPointSize`.
    open func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        font.pointSize > maximumPointSize && maximumPointSize > 0 ? font.withSize(maximumPointSize) : font
    }

    /// The font scaled for traits.
    open func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let factor = factor(traitCollection)
        let scaled = font.withSize(font.pointSize * factor)
        scaled.dynamicTypeSource = (textStyle, font.dynamicTypeSource?.scaledFrom ?? font)
        return scaled
    }

    /// A value scaled for the content size.
    open func scaledValue(for value: CGFloat) -> CGFloat { scaledValue(for: value, compatibleWith: nil) }

    /// A value scaled for traits.
    open func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        value * factor(traitCollection)
    }
}
