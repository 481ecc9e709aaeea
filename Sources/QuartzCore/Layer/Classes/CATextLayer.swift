import CoreText
import Foundation

/// Core Foundation's type of any object, as `CATextLayer.font` takes one.
public typealias CFTypeRef = AnyObject

/// Where a text layer shortens text that does not fit its width.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// How a text layer lines its text up.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// A layer that shows a string from its bounds' top-left corner: a plain string in the
/// layer's font, size (36 by default) and colour (opaque white by default), or an attributed
/// string with its own. `fontSize` and `foregroundColor` animate. The text goes through the
/// render tree as data and is drawn from glyph outlines, so it is sharp at any scale.
open class CATextLayer: CALayer {
    /// A `String`, `NSString` or `NSAttributedString`; nil by default.
    open var string: Any? { didSet { propertyDidChange("string", from: oldValue) } }
    /// A `CTFont`, `CGFont`, UIKit font, or a font name; nil means the system font. Its size
    /// is ignored: `fontSize` gives the size.
    open var font: CFTypeRef? { didSet { propertyDidChange("font", from: oldValue) } }
    /// The size plain strings are drawn at: 36 by default.
    open var fontSize: CGFloat = 36 { didSet { propertyDidChange("fontSize", from: oldValue) } }
    /// The colour of plain strings: opaque white by default.
    open var foregroundColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1) {
        didSet { propertyDidChange("foregroundColor", from: oldValue) }
    }
    /// Whether text wraps to the bounds' width (false by default: one line per paragraph).
    open var isWrapped = false { didSet { propertyDidChange("wrapped", from: oldValue) } }
    /// Where text wider than the bounds is shortened (`.none` by default).
    open var truncationMode = CATextLayerTruncationMode.none { didSet { propertyDidChange("truncationMode", from: oldValue) } }
    /// How lines line up (`.natural` by default).
    open var alignmentMode = CATextLayerAlignmentMode.natural { didSet { propertyDidChange("alignmentMode", from: oldValue) } }
    /// Whether glyphs may be placed on whole pixels only.
    open var allowsFontSubpixelQuantization = false

    public required init() {
        super.init()
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CATextLayer else { return }
        string = other.string
        font = other.font
        fontSize = other.fontSize
        foregroundColor = other.foregroundColor
        isWrapped = other.isWrapped
        truncationMode = other.truncationMode
        alignmentMode = other.alignmentMode
        allowsFontSubpixelQuantization = other.allowsFontSubpixelQuantization
    }

    public required init?(coder: NSCoder) { nil }

    override package func isAnimatable(_ key: String) -> Bool {
        key == "fontSize" || key == "foregroundColor" || super.isAnimatable(key)
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "string": return string
        case "font": return font
        case "fontSize": return KeyValueBox.box(fontSize)
        case "foregroundColor": return foregroundColor
        case "wrapped": return isWrapped
        case "truncationMode": return truncationMode.rawValue
        case "alignmentMode": return alignmentMode.rawValue
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "string": string = value
        case "font": font = value as AnyObject?
        case "fontSize": if let v = AnimationNumber.double(value) { fontSize = CGFloat(v) }
        case "foregroundColor": foregroundColor = KeyPathMember.color(value)
        case "wrapped": if let v = AnimationNumber.bool(value) { isWrapped = v }
        case "truncationMode": if let v = value as? String { truncationMode = CATextLayerTruncationMode(rawValue: v) }
        case "alignmentMode": if let v = value as? String { alignmentMode = CATextLayerAlignmentMode(rawValue: v) }
        default: super.setValue(value, forKey: key)
        }
    }

    /// The face `font` names, or the system font.
    private var resolvedFont: CTFont {
        switch font {
        case let ct as CTFont: return ct
        case let bridged as TextFontBridging: return bridged.bridgedCTFont
        case let cg as CGFont: return CTFont(face: cg.face, size: 12)
        case let name as NSString: return CTFontCreateWithName(name as String, 12, nil)
        case let name as String: return CTFontCreateWithName(name, 12, nil)
        default: return CTFont.defaultFont
        }
    }

    override var renderContent: LayerContent {
        var text: NSAttributedString?
        var attributed = false
        switch string {
        case let a as NSAttributedString:
            text = NSAttributedString(attributedString: a)
            attributed = true
        case let s as String: text = NSAttributedString(string: s)
        case let s as NSString: text = NSAttributedString(string: s as String)
        default: text = nil
        }
        let truncation: Int
        switch truncationMode {
        case .start: truncation = 3
        case .end: truncation = 4
        case .middle: truncation = 5
        default: truncation = 2
        }
        let alignment: Int
        switch alignmentMode {
        case .left: alignment = 0
        case .right: alignment = 1
        case .center: alignment = 2
        case .justified: alignment = 3
        default: alignment = 4
        }
        return .text(TextContent(string: text, isAttributed: attributed, font: resolvedFont, fontSize: fontSize,
                                 foregroundColor: foregroundColor, isWrapped: isWrapped, truncation: truncation,
                                 alignment: alignment))
    }
}
