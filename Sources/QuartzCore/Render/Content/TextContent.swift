import CoreText
import Foundation

/// A text layer's string and settings as data: laid out and drawn by the render side from
/// outlines (so text stays sharp at any contents scale or transform).
struct TextContent: @unchecked Sendable {
    /// The text, already attributed (a plain string gets the layer's font, size and colour).
    /// `@unchecked Sendable`: the render side only reads it.
    var string: NSAttributedString?
    /// Whether `string` came attributed (its own fonts and colours win over the layer's).
    var isAttributed = false
    var font: CTFont
    var fontSize: CGFloat = 36
    var foregroundColor: CGColor?
    var isWrapped = false
    /// Core Text's line break numbering: 2 clip (no truncation), 3 head, 4 tail, 5 middle.
    var truncation = 2
    /// Core Text's alignment numbering (0 left, 1 right, 2 centre, 3 justified, 4 natural).
    var alignment = 4

    /// The value of an animatable text key; `.none` when `key` is not one.
    func value(forKey key: String) -> Any?? {
        switch key {
        case "fontSize": return .some(fontSize)
        case "foregroundColor": return .some(foregroundColor)
        default: return .none
        }
    }

    /// Sets an animatable text key; false when `key` is not one.
    mutating func setValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "fontSize": if let v = AnimationNumber.double(value), v.isFinite, v > 0 { fontSize = CGFloat(v) }
        case "foregroundColor": foregroundColor = KeyPathMember.color(value)
        default: return false
        }
        return true
    }

    /// The attributed text drawn: a plain string in the layer's font, size, colour and
    /// alignment; an attributed one keeps its own.
    var attributed: NSAttributedString? {
        guard let string, string.length > 0 else { return nil }
        let size = fontSize.isFinite && fontSize > 0 ? fontSize : 36
        var settings = ParagraphSettings()
        settings.alignment = alignment
        settings.lineBreakMode = isWrapped ? (truncation == 2 ? 0 : truncation) : truncation
        let paragraph = CTParagraphStyle(settings: settings)
        let result = NSMutableAttributedString(attributedString: string)
        let whole = NSRange(location: 0, length: result.length)
        if !isAttributed {
            result.addAttribute(NSAttributedString.Key(kCTFontAttributeName), value: CTFont(face: font.face, size: size), range: whole)
            result.addAttribute(NSAttributedString.Key(kCTForegroundColorAttributeName),
                                value: foregroundColor ?? CGColor(red: 0, green: 0, blue: 0, alpha: 0), range: whole)
        }
        result.addAttribute(NSAttributedString.Key(kCTParagraphStyleAttributeName), value: paragraph, range: whole)
        return result
    }

    /// Draws the text from the bounds' top-left corner (layer space, y down), one line per
    /// paragraph unless wrapped, truncated to the bounds' width when asked, clipped to the
    /// bounds.
    func draw(in ctx: CGContext, bounds: CGRect) {
        guard let text = attributed, bounds.width.isFinite, bounds.height.isFinite else { return }
        let layout = FrameLayout(TextSource(text), width: Swift.max(bounds.width, 0),
                                 maximumHeight: isWrapped ? bounds.height : .greatestFiniteMagnitude,
                                 lineBreakMode: isWrapped ? nil : truncation, wraps: isWrapped)
        ctx.saveGState()
        // As on Apple, where the text is drawn into a backing store of the bounds' size.
        ctx.clip(to: bounds)
        TextDrawing.draw(layout, topLeft: bounds.origin, inFlipped: ctx)
        ctx.restoreGState()
    }
}
