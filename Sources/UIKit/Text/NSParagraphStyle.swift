import CoreText
import Foundation

extension NSAttributedString.Key {
    public static let font = NSAttributedString.Key("NSFont")
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    public static let kern = NSAttributedString.Key("NSKern")
    public static let tracking = NSAttributedString.Key("NSTracking")
    public static let ligature = NSAttributedString.Key("NSLigature")
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    public static let shadow = NSAttributedString.Key("NSShadow")
    public static let link = NSAttributedString.Key("NSLink")
    public static let attachment = NSAttributedString.Key("NSAttachment")
    public static let obliqueness = NSAttributedString.Key("NSObliqueness")
    public static let expansion = NSAttributedString.Key("NSExpansion")
    public static let writingDirection = NSAttributedString.Key("NSWritingDirection")
    public static let textEffect = NSAttributedString.Key("NSTextEffect")
}

/// How lines of text line up in their box.
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4

    /// Core Text's numbering (0 left, 1 right, 2 centre, 3 justified, 4 natural).
    var coreText: Int {
        switch self {
        case .left: return 0
        case .center: return 2
        case .right: return 1
        case .justified: return 3
        case .natural: return 4
        }
    }
}

/// How text that does not fit is wrapped or shortened.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0
    case byCharWrapping = 1
    case byClipping = 2
    case byTruncatingHead = 3
    case byTruncatingTail = 4
    case byTruncatingMiddle = 5
}

/// The direction text is written in.
public enum NSWritingDirection: Int, Sendable {
    case natural = -1
    case leftToRight = 0
    case rightToLeft = 1
}

/// Underline and strike-through styles.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// A paragraph's alignment, wrapping, indents and spacing.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    open internal(set) var alignment: NSTextAlignment = .natural
    open internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    open internal(set) var lineSpacing: CGFloat = 0
    open internal(set) var paragraphSpacing: CGFloat = 0
    open internal(set) var paragraphSpacingBefore: CGFloat = 0
    open internal(set) var lineHeightMultiple: CGFloat = 0
    open internal(set) var minimumLineHeight: CGFloat = 0
    open internal(set) var maximumLineHeight: CGFloat = 0
    open internal(set) var firstLineHeadIndent: CGFloat = 0
    open internal(set) var headIndent: CGFloat = 0
    open internal(set) var tailIndent: CGFloat = 0
    open internal(set) var baseWritingDirection: NSWritingDirection = .natural
    open internal(set) var hyphenationFactor: Float = 0
    open internal(set) var allowsDefaultTighteningForTruncation = false
    /// The tab stops, sorted by location: 12 left-aligned stops 28 points apart by default.
    ///
    /// - Note: Differs from Apple: implicitly unwrapped here as in `NSMutableParagraphStyle`
    ///   (Swift cannot override a property with a different optionality); never nil.
    open internal(set) var tabStops: [NSTextTab]! = NSParagraphStyle.defaultTabStops
    /// Where tabs past the last stop go: multiples of this, when positive (0 by default).
    open internal(set) var defaultTabInterval: CGFloat = 0

    /// Shared by every style that keeps the default stops (tabs never change).
    static let defaultTabStops = (1...12).map { NSTextTab(textAlignment: .left, location: CGFloat($0) * 28) }

    public override init() {
        super.init()
    }

    /// The style of text with no paragraph style: natural alignment, word wrapping, no spacing.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    /// The writing direction of a language ("ar", "he": right to left).
    open class func defaultWritingDirection(forLanguage languageName: String?) -> NSWritingDirection {
        let rtl = ["ar", "he", "fa", "ur", "yi", "ps"]
        return rtl.contains { languageName?.hasPrefix($0) == true } ? .rightToLeft : .leftToRight
    }

    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSParagraphStyle()
        copy.take(self)
        return copy
    }

    public func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = NSMutableParagraphStyle()
        copy.take(self)
        return copy
    }

    func take(_ other: NSParagraphStyle) {
        alignment = other.alignment
        lineBreakMode = other.lineBreakMode
        lineSpacing = other.lineSpacing
        paragraphSpacing = other.paragraphSpacing
        paragraphSpacingBefore = other.paragraphSpacingBefore
        lineHeightMultiple = other.lineHeightMultiple
        minimumLineHeight = other.minimumLineHeight
        maximumLineHeight = other.maximumLineHeight
        firstLineHeadIndent = other.firstLineHeadIndent
        headIndent = other.headIndent
        tailIndent = other.tailIndent
        baseWritingDirection = other.baseWritingDirection
        hyphenationFactor = other.hyphenationFactor
        allowsDefaultTighteningForTruncation = other.allowsDefaultTighteningForTruncation
        tabStops = other.tabStops
        defaultTabInterval = other.defaultTabInterval
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSParagraphStyle else { return false }
        return other.bridgedParagraph == bridgedParagraph
    }

    open override var hash: Int { Int(lineSpacing * 64) ^ alignment.rawValue << 8 ^ lineBreakMode.rawValue }
}

/// A paragraph style whose settings can change.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    open override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    open override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    open override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
    open override var paragraphSpacing: CGFloat { get { super.paragraphSpacing } set { super.paragraphSpacing = newValue } }
    open override var paragraphSpacingBefore: CGFloat {
        get { super.paragraphSpacingBefore }
        set { super.paragraphSpacingBefore = newValue }
    }
    open override var lineHeightMultiple: CGFloat { get { super.lineHeightMultiple } set { super.lineHeightMultiple = newValue } }
    open override var minimumLineHeight: CGFloat { get { super.minimumLineHeight } set { super.minimumLineHeight = newValue } }
    open override var maximumLineHeight: CGFloat { get { super.maximumLineHeight } set { super.maximumLineHeight = newValue } }
    open override var firstLineHeadIndent: CGFloat { get { super.firstLineHeadIndent } set { super.firstLineHeadIndent = newValue } }
    open override var headIndent: CGFloat { get { super.headIndent } set { super.headIndent = newValue } }
    open override var tailIndent: CGFloat { get { super.tailIndent } set { super.tailIndent = newValue } }
    open override var baseWritingDirection: NSWritingDirection {
        get { super.baseWritingDirection }
        set { super.baseWritingDirection = newValue }
    }
    open override var hyphenationFactor: Float { get { super.hyphenationFactor } set { super.hyphenationFactor = newValue } }
    open override var allowsDefaultTighteningForTruncation: Bool {
        get { super.allowsDefaultTighteningForTruncation }
        set { super.allowsDefaultTighteningForTruncation = newValue }
    }

    open override var tabStops: [NSTextTab]! {
        get { super.tabStops }
        set { super.tabStops = (newValue ?? []).sorted { $0.location < $1.location } }
    }
    open override var defaultTabInterval: CGFloat {
        get { super.defaultTabInterval }
        set { super.defaultTabInterval = newValue }
    }

    /// Adds a tab stop, keeping the stops sorted by location.
    open func addTabStop(_ anObject: NSTextTab) {
        tabStops = (super.tabStops ?? []) + [anObject]
    }

    /// Removes the stops equal to `anObject` (same location and alignment).
    open func removeTabStop(_ anObject: NSTextTab) {
        tabStops = (super.tabStops ?? []).filter { !$0.isEqual(anObject) }
    }

    /// Takes every setting of another style.
    open func setParagraphStyle(_ obj: NSParagraphStyle) {
        take(obj)
    }
}

extension NSParagraphStyle: TextParagraphBridging {
    package var bridgedParagraph: ParagraphSettings {
        var p = ParagraphSettings()
        p.alignment = alignment.coreText
        p.lineBreakMode = lineBreakMode.rawValue
        p.lineSpacing = lineSpacing
        p.paragraphSpacing = paragraphSpacing
        p.paragraphSpacingBefore = paragraphSpacingBefore
        p.lineHeightMultiple = lineHeightMultiple
        p.minimumLineHeight = minimumLineHeight
        p.maximumLineHeight = maximumLineHeight
        p.firstLineHeadIndent = firstLineHeadIndent
        p.headIndent = headIndent
        p.tailIndent = tailIndent
        p.baseWritingDirection = baseWritingDirection.rawValue
        let tabs: [NSTextTab] = tabStops ?? []
        if !tabs.elementsEqual(NSParagraphStyle.defaultTabStops, by: ===) {
            p.tabStops = tabs.map {
                TabStop(location: $0.location, alignment: $0.alignment.coreText, terminators: $0.options[.columnTerminators] as? CharacterSet)
            }
        }
        p.defaultTabInterval = defaultTabInterval.isFinite ? Swift.max(0, defaultTabInterval) : 0
        return p
    }
}

/// A tab stop of a paragraph style: where the text after a tab character lines up, and how.
open class NSTextTab: NSObject, NSCopying, @unchecked Sendable {
    /// Options of a tab stop.
    public struct OptionKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The characters (a `CharacterSet`) that end the tab's column: the text after the tab
        /// lines up on the first of them, as for decimal tabs.
        public static let columnTerminators = OptionKey("NSTabColumnTerminatorsAttributeName")
    }

    /// How the text after the tab lines up at `location`: natural, left and justified start it
    /// there, right ends it there, centre centres it.
    open private(set) var alignment: NSTextAlignment
    /// Points from the line's leading edge.
    open private(set) var location: CGFloat
    open private(set) var options: [NSTextTab.OptionKey: Any]

    public init(textAlignment alignment: NSTextAlignment, location loc: CGFloat, options: [NSTextTab.OptionKey: Any] = [:]) {
        self.alignment = alignment
        location = loc.isFinite ? Swift.max(0, loc) : 0
        self.options = options
        super.init()
    }

    /// The characters that end a decimal column in `aLocale`: its decimal separator.
    open class func columnTerminators(for aLocale: Locale?) -> CharacterSet {
        CharacterSet(charactersIn: (aLocale ?? Locale.current).decimalSeparator ?? ".")
    }

    public func copy(with zone: NSZone? = nil) -> Any {
        NSTextTab(textAlignment: alignment, location: location, options: options)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSTextTab else { return false }
        return other.location == location && other.alignment == alignment
    }

    open override var hash: Int { Int(location * 64) ^ alignment.rawValue }
}

/// A text shadow: offset, blur and colour.
open class NSShadow: NSObject, NSCopying, @unchecked Sendable {
    open var shadowOffset = CGSize.zero
    open var shadowBlurRadius: CGFloat = 0
    /// A `UIColor`; nil draws black at a third opacity, as on iOS.
    open var shadowColor: Any?

    public override init() {
        super.init()
    }

    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSShadow()
        copy.shadowOffset = shadowOffset
        copy.shadowBlurRadius = shadowBlurRadius
        copy.shadowColor = shadowColor
        return copy
    }
}

extension NSShadow: TextShadowBridging {
    package var bridgedShadow: (offset: CGSize, blur: CGFloat, color: CGColor?) {
        let color = (shadowColor as? UIColor)?.cgColor ?? CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3)
        // UIKit's offsets grow down the page; Core Graphics' device space grows up.
        return (CGSize(width: shadowOffset.width, height: -shadowOffset.height), shadowBlurRadius, color)
    }
}

extension UIColor: TextColorBridging {
    package var bridgedCGColor: CGColor { cgColor }
    package var bridgesConstantly: Bool { provider == nil }
}
