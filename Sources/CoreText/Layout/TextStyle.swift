import CoreGraphics
import Foundation

/// The font name attribute (a `CTFont`, or UIKit's `UIFont`).
public let kCTFontAttributeName: CFString = "NSFont"
/// The text colour attribute (a `CGColor`).
public let kCTForegroundColorAttributeName: CFString = "CTForegroundColor"
/// Extra space after each character (a number, points; 0 turns the font's kerning off).
public let kCTKernAttributeName: CFString = "NSKern"
/// Ligatures: 0 none, 1 the standard ones (the default).
public let kCTLigatureAttributeName: CFString = "NSLigature"
/// The paragraph style attribute (a `CTParagraphStyle`, or UIKit's `NSParagraphStyle`).
public let kCTParagraphStyleAttributeName: CFString = "NSParagraphStyle"
/// The underline style attribute (a number: 1 single, 2 thick, 9 double).
public let kCTUnderlineStyleAttributeName: CFString = "NSUnderline"
/// The underline colour attribute (a `CGColor`).
public let kCTUnderlineColorAttributeName: CFString = "CTUnderlineColor"
/// The stroke width attribute (a number, percent of the font size; negative also fills).
public let kCTStrokeWidthAttributeName: CFString = "NSStrokeWidth"
/// The stroke colour attribute (a `CGColor`).
public let kCTStrokeColorAttributeName: CFString = "CTStrokeColor"
/// Draw with the context's fill colour instead of a foreground colour.
public let kCTForegroundColorFromContextAttributeName: CFString = "CTForegroundColorFromContext"
/// The baseline offset attribute (a number, points up).
public let kCTBaselineOffsetAttributeName: CFString = "CTBaselineOffset"

/// A value UIKit's font type gives Core Text (UIKit's fonts are Core Text fonts, as on Apple).
package protocol TextFontBridging {
    var bridgedCTFont: CTFont { get }
}

/// A value UIKit's colour type gives Core Text.
package protocol TextColorBridging {
    var bridgedCGColor: CGColor { get }
    /// Whether the colour bridges the same whenever asked (false for a colour that depends on
    /// the current appearance: it is not remembered).
    var bridgesConstantly: Bool { get }
}

/// A value UIKit's paragraph style gives Core Text.
package protocol TextParagraphBridging {
    var bridgedParagraph: ParagraphSettings { get }
}

/// A value UIKit's shadow gives Core Text.
package protocol TextShadowBridging {
    var bridgedShadow: (offset: CGSize, blur: CGFloat, color: CGColor?) { get }
}

/// A value UIKit's text attachment gives Core Text: an image and the box it takes on the line
/// (origin on the baseline, y up).
package protocol TextAttachmentBridging {
    var bridgedAttachment: (image: CGImage?, bounds: CGRect) { get }
}

/// A paragraph's settings, from `CTParagraphStyle` or UIKit's `NSParagraphStyle`.
package struct ParagraphSettings: Sendable, Equatable {
    /// 0 left, 1 right, 2 centre, 3 justified, 4 natural (Core Text's numbering).
    package var alignment = 4
    /// 0 word wrap, 1 char wrap, 2 clip, 3 head, 4 tail, 5 middle truncation.
    package var lineBreakMode = 0
    // Spacings and line heights are never negative (Apple documents them so): a negative or
    // non-finite value counts as 0.
    package var lineSpacing: CGFloat = 0 { didSet { lineSpacing = Self.nonNegative(lineSpacing) } }
    package var paragraphSpacing: CGFloat = 0 { didSet { paragraphSpacing = Self.nonNegative(paragraphSpacing) } }
    package var paragraphSpacingBefore: CGFloat = 0 { didSet { paragraphSpacingBefore = Self.nonNegative(paragraphSpacingBefore) } }
    package var lineHeightMultiple: CGFloat = 0 { didSet { lineHeightMultiple = Self.nonNegative(lineHeightMultiple) } }
    package var minimumLineHeight: CGFloat = 0 { didSet { minimumLineHeight = Self.nonNegative(minimumLineHeight) } }
    package var maximumLineHeight: CGFloat = 0 { didSet { maximumLineHeight = Self.nonNegative(maximumLineHeight) } }

    private static func nonNegative(_ value: CGFloat) -> CGFloat {
        value.isFinite && value > 0 ? value : 0
    }
    package var firstLineHeadIndent: CGFloat = 0
    package var headIndent: CGFloat = 0
    package var tailIndent: CGFloat = 0
    /// −1 natural, 0 left to right, 1 right to left.
    package var baseWritingDirection = -1
    /// nil: the default stops (12 left-aligned, every 28 points).
    package var tabStops: [TabStop]?
    /// Stops past the last of `tabStops` at multiples of this (when positive).
    package var defaultTabInterval: CGFloat = 0

    package init() {}
}

/// One tab stop: where (points from the line's leading edge), how the text after the tab
/// lines up there (Core Text's alignment numbering), and the characters that end a decimal
/// tab's column.
package struct TabStop: Sendable, Equatable {
    package var location: CGFloat
    package var alignment: Int
    package var terminators: CharacterSet?

    package init(location: CGFloat, alignment: Int, terminators: CharacterSet? = nil) {
        self.location = location
        self.alignment = alignment
        self.terminators = terminators
    }

    /// Apple's default: 12 left-aligned stops, 28 points apart.
    package static let defaults = (1...12).map { TabStop(location: CGFloat($0) * 28, alignment: 0) }
}

/// The attributes of a stretch of text that layout and drawing use, resolved from either Core
/// Text's or UIKit's attribute names.
package struct TextStyle: @unchecked Sendable {
    package var font: CTFont
    /// nil: black, or the context's fill colour when asked for.
    package var color: CGColor?
    package var colorFromContext = false
    /// nil: the font's kerning; 0: none; else points added after each character.
    package var kern: CGFloat?
    package var ligatures = 1
    package var paragraph = ParagraphSettings()
    package var underline = 0
    package var underlineColor: CGColor?
    package var strikethrough = 0
    package var strikethroughColor: CGColor?
    package var strokeWidth: CGFloat = 0
    package var strokeColor: CGColor?
    package var baselineOffset: CGFloat = 0
    package var backgroundColor: CGColor?
    package var shadow: (offset: CGSize, blur: CGFloat, color: CGColor?)?
    /// An inline image in place of the character (U+FFFC) it is attached to.
    package var attachment: (image: CGImage?, bounds: CGRect)?
    /// The original attributes (what `CTRunGetAttributes` returns).
    package var attributes: [NSAttributedString.Key: Any] = [:]

    package init(font: CTFont) {
        self.font = font
    }

    /// The style of a run of attributes: one pass over the attributes given (usually a
    /// handful), each recognised by name.
    package init(_ attributes: [NSAttributedString.Key: Any]) {
        func color(_ v: Any) -> CGColor? { BridgeCache.color(v) }
        /// An integer attribute (style masks): exact integers as they are, other numbers
        /// truncated when they fit, anything else (NaN, ±∞, 1e300) none.
        func integer(_ v: Any) -> Int? {
            if let i = v as? Int { return i }
            guard let d = number(v), d.isFinite, abs(d) < 0x1p62 else { return nil }
            return Int(d)
        }
        func number(_ v: Any) -> CGFloat? {
            switch v {
            case let n as NSNumber: return CGFloat(n.doubleValue)
            case let d as Double: return CGFloat(d)
            case let f as CGFloat: return f
            case let i as Int: return CGFloat(i)
            case let f as Float: return CGFloat(f)
            default: return nil
            }
        }
        var font: CTFont?
        var foreground: CGColor?, ctForeground: CGColor?
        var underlineColor: CGColor?, ctUnderlineColor: CGColor?
        var strokeColor: CGColor?, ctStrokeColor: CGColor?
        var nsBaseline: CGFloat?, ctBaseline: CGFloat?
        for (key, value) in attributes {
            switch key.rawValue {
            case "NSFont": font = BridgeCache.font(value)
            case "CTForegroundColor": ctForeground = color(value)
            case "NSColor": foreground = color(value)
            case "CTForegroundColorFromContext": colorFromContext = (value as? Bool) ?? (number(value).map { $0 != 0 } ?? false)
            case "NSKern": kern = number(value)
            case "NSLigature": ligatures = integer(value) ?? 1
            case "NSParagraphStyle":
                if let style = value as? CTParagraphStyle { paragraph = style.settings }
                if let style = value as? TextParagraphBridging { paragraph = style.bridgedParagraph }
            case "NSUnderline": underline = integer(value) ?? 0
            case "CTUnderlineColor": ctUnderlineColor = color(value)
            case "NSUnderlineColor": underlineColor = color(value)
            case "NSStrikethrough": strikethrough = integer(value) ?? 0
            case "NSStrikethroughColor": strikethroughColor = color(value)
            case "NSStrokeWidth": strokeWidth = number(value) ?? 0
            case "CTStrokeColor": ctStrokeColor = color(value)
            case "NSStrokeColor": strokeColor = color(value)
            case "NSBaselineOffset": nsBaseline = number(value)
            case "CTBaselineOffset": ctBaseline = number(value)
            case "NSBackgroundColor": backgroundColor = color(value)
            case "NSShadow": shadow = (value as? TextShadowBridging)?.bridgedShadow
            case "NSAttachment":
                if let box = (value as? TextAttachmentBridging)?.bridgedAttachment, box.bounds.width.isFinite,
                   box.bounds.height.isFinite, box.bounds.minX.isFinite, box.bounds.minY.isFinite {
                    attachment = box
                }
            default: break
            }
        }
        self.font = font ?? CTFont.defaultFont
        self.color = ctForeground ?? foreground
        self.underlineColor = ctUnderlineColor ?? underlineColor
        self.strokeColor = ctStrokeColor ?? strokeColor
        baselineOffset = nsBaseline ?? ctBaseline ?? 0
        self.attributes = attributes
    }
}

/// The last UIKit font and colour objects read from attributes and what they bridge to:
/// asking a value for a protocol conformance (or bridging it to an object) costs more than
/// measuring a word, and text reuses the same few font and colour objects. A hit is told by
/// the value's dynamic class and the reference it holds, both read without a cast.
enum BridgeCache {
    /// The last object of one kind and what it bridged to. `@unchecked Sendable`: every
    /// field is reached under `lock`.
    private final class Slot<Bridged: AnyObject>: @unchecked Sendable {
        let lock = NSLock()
        var type: ObjectIdentifier?
        var reference: UnsafeRawPointer?
        /// Keeps the object alive, so its reference names it alone.
        var value: Any?
        var bridged: Bridged?

        @inline(__always)
        func hit(_ type: ObjectIdentifier, _ reference: UnsafeRawPointer?) -> Bridged? {
            lock.lock()
            defer { lock.unlock() }
            return self.type == type && self.reference == reference ? bridged : nil
        }

        func keep(_ type: ObjectIdentifier, _ reference: UnsafeRawPointer?, _ value: Any, _ bridged: Bridged) {
            lock.lock()
            defer { lock.unlock() }
            (self.type, self.reference, self.value, self.bridged) = (type, reference, value, bridged)
        }
    }

    private static let fonts = Slot<CTFont>()
    private static let colors = Slot<CGColor>()

    /// The class and reference of a value holding a class instance (an `Any` keeps a class
    /// reference in the first word of its inline buffer).
    @inline(__always)
    private static func identity(_ value: Any) -> (type: ObjectIdentifier, reference: UnsafeRawPointer?) {
        (ObjectIdentifier(type(of: value)), withUnsafeBytes(of: value) { $0.load(as: UnsafeRawPointer?.self) })
    }

    static func font(_ value: Any) -> CTFont? {
        let (type, reference) = identity(value)
        if let hit = fonts.hit(type, reference) { return hit }
        guard let bridged = (value as? CTFont) ?? (value as? TextFontBridging)?.bridgedCTFont else { return nil }
        // Only class instances are remembered (a value type's first word is not an identity).
        if Swift.type(of: value) is AnyClass { fonts.keep(type, reference, value, bridged) }
        return bridged
    }

    static func color(_ value: Any) -> CGColor? {
        let (type, reference) = identity(value)
        if let hit = colors.hit(type, reference) { return hit }
        if let color = value as? CGColor {
            colors.keep(type, reference, value, color)
            return color
        }
        guard let bridging = value as? TextColorBridging else { return nil }
        let bridged = bridging.bridgedCGColor
        // A dynamic colour resolves for the current appearance each time.
        if bridging.bridgesConstantly, Swift.type(of: value) is AnyClass { colors.keep(type, reference, value, bridged) }
        return bridged
    }
}
