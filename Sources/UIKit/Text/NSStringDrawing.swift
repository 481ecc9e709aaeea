import CoreText
import Foundation

/// How string drawing and measuring treat a rectangle.
public struct NSStringDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The rectangle's origin is the first line's top-left corner and text wraps to its width
    /// (without it, the origin is the first baseline and the text is one line).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Line heights include the fonts' leading.
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Bounds of the glyph shapes rather than of the lines.
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// The last line that fits is shortened with an ellipsis when text remains.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Settings for one drawing or measuring call: how far text may shrink to fit, and what it did.
open class NSStringDrawingContext: NSObject, @unchecked Sendable {
    /// The smallest scale the font may shrink to for the text to fit (0: no shrinking).
    open var minimumScaleFactor: CGFloat = 0
    /// The scale the last call used.
    open internal(set) var actualScaleFactor: CGFloat = 1
    /// The bounds the last call's text took.
    open internal(set) var totalBounds: CGRect = .zero

    public override init() {
        super.init()
    }
}

/// UIKit's text layout over Core Text: lines broken and placed in a width, measured and
/// drawn in UIKit's flipped coordinates (origin top-left, y down).
enum StringLayout {
    /// The attributes given, with the defaults for text without them (the system font at 12
    /// points, as iOS's Helvetica 12; black).
    static func attributed(_ string: String, _ attributes: [NSAttributedString.Key: Any]?) -> NSAttributedString {
        NSAttributedString(string: string, attributes: attributes ?? [:])
    }

    /// Lines of `string` in `width`.
    static func layout(_ string: NSAttributedString, width: CGFloat, maximumLines: Int = 0,
                       maximumHeight: CGFloat = .greatestFiniteMagnitude, lineBreakMode: Int? = nil) -> FrameLayout {
        // UIKit draws links in the link colour, underlined, whatever their foreground colour.
        FrameLayout(TextSource(string, linkColor: UIColor.link.cgColor), width: width, maximumLines: maximumLines, maximumHeight: maximumHeight,
                    lineBreakMode: lineBreakMode)
    }

    /// Draws laid-out lines with the first line's top-left corner at `origin`, in the current
    /// UIKit context (y down).
    static func draw(_ layout: FrameLayout, at origin: CGPoint, in context: CGContext) {
        TextDrawing.draw(layout, topLeft: origin, inFlipped: context)
    }

    /// The one-line layout (no wrapping) of a string, shrunk by `context`'s minimum scale
    /// factor as far as needed (and allowed) to fit `width`.
    static func scaled(_ string: NSAttributedString, toFit width: CGFloat, context: NSStringDrawingContext?) -> NSAttributedString {
        guard let context, context.minimumScaleFactor > 0, context.minimumScaleFactor < 1 else {
            context?.actualScaleFactor = 1
            return string
        }
        let natural = layout(string, width: .greatestFiniteMagnitude).usedWidth
        guard natural > width, natural > 0 else {
            context.actualScaleFactor = 1
            return string
        }
        let factor = Swift.max(context.minimumScaleFactor, width / natural)
        context.actualScaleFactor = factor
        return scaledFonts(string, by: factor)
    }

    /// The string with every font (and the default font) scaled.
    static func scaledFonts(_ string: NSAttributedString, by factor: CGFloat) -> NSAttributedString {
        let scaled = NSMutableAttributedString(attributedString: string)
        var location = 0
        while location < scaled.length {
            var range = NSRange(location: 0, length: 0)
            let font = scaled.attribute(.font, at: location, effectiveRange: &range) as? UIFont
            let base = font ?? UIFont(ctFont: CTFont.defaultFont)
            scaled.addAttribute(.font, value: base.withSize(base.pointSize * factor), range: range)
            location = range.location + Swift.max(range.length, 1)
        }
        return scaled
    }
}

extension NSAttributedString {
    /// The size the string takes on one line per paragraph.
    public func size() -> CGSize {
        let layout = StringLayout.layout(self, width: .greatestFiniteMagnitude)
        return CGSize(width: layout.usedWidth, height: layout.height)
    }

    /// Draws the string with its first line's top-left corner at `point`, unwrapped.
    public func draw(at point: CGPoint) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        StringLayout.draw(StringLayout.layout(self, width: .greatestFiniteMagnitude), at: point, in: context)
    }

    /// Draws the string wrapped to `rect`'s width, clipped to the rectangle.
    public func draw(in rect: CGRect) {
        draw(with: rect, options: .usesLineFragmentOrigin, context: nil)
    }

    /// Draws the string in `rect` as `options` say.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        guard let cg = UIGraphicsGetCurrentContext() else { return }
        if options.contains(.usesLineFragmentOrigin) {
            let string = StringLayout.scaled(self, toFit: rect.width, context: context)
            let layout = StringLayout.layout(string, width: rect.width, maximumHeight: rect.height > 0 ? rect.height : .greatestFiniteMagnitude,
                                             lineBreakMode: options.contains(.truncatesLastVisibleLine) ? 4 : nil)
            cg.saveGState()
            if rect.height > 0 { cg.clip(to: rect) }
            StringLayout.draw(layout, at: rect.origin, in: cg)
            cg.restoreGState()
            context?.totalBounds = CGRect(x: rect.minX, y: rect.minY, width: layout.usedWidth, height: layout.height)
        } else {
            // The origin is the baseline of one unwrapped line.
            let layout = StringLayout.layout(self, width: .greatestFiniteMagnitude, maximumLines: 1,
                                             lineBreakMode: options.contains(.truncatesLastVisibleLine) ? 4 : 2)
            let ascent = layout.lines.first.map { $0.baseline } ?? 0
            StringLayout.draw(layout, at: CGPoint(x: rect.minX, y: rect.minY - ascent), in: cg)
        }
    }

    /// The rectangle the string needs within `size`: from the first line's top-left corner
    /// with `.usesLineFragmentOrigin` (wrapped to `size.width`), else around one line from its
    /// baseline (y up to −ascent). Sizes are fractional; round them up for views.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        if options.contains(.usesLineFragmentOrigin) {
            let string = StringLayout.scaled(self, toFit: size.width, context: context)
            let limit = options.contains(.truncatesLastVisibleLine) && size.height > 0 ? size.height : CGFloat.greatestFiniteMagnitude
            let layout = StringLayout.layout(string, width: size.width > 0 ? size.width : .greatestFiniteMagnitude, maximumHeight: limit)
            let rect = CGRect(x: 0, y: 0, width: layout.usedWidth, height: layout.height)
            context?.totalBounds = rect
            return rect
        }
        let layout = StringLayout.layout(self, width: .greatestFiniteMagnitude, maximumLines: 1, lineBreakMode: 2)
        guard let first = layout.lines.first else { return .zero }
        return CGRect(x: 0, y: -first.baseline, width: first.line.width, height: first.height)
    }
}

extension NSString {
    /// The size the string takes with these attributes on one line per paragraph.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        // One plain line measures from the shaped-word cache; anything else is laid out.
        if let quick = FrameLayout.quickSize(self as String, style: TextStyle(attrs ?? [:])) { return quick }
        return StringLayout.attributed(self as String, attrs).size()
    }

    /// Draws the string with its top-left corner at `point`.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringLayout.attributed(self as String, attrs).draw(at: point)
    }

    /// Draws the string wrapped to `rect`.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringLayout.attributed(self as String, attrs).draw(in: rect)
    }

    /// Draws the string in `rect` as `options` say.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        StringLayout.attributed(self as String, attributes).draw(with: rect, options: options, context: context)
    }

    /// The rectangle the string needs within `size`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        StringLayout.attributed(self as String, attributes).boundingRect(with: size, options: options, context: context)
    }
}

extension String {
    /// The size the string takes with these attributes on one line per paragraph.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as NSString).size(withAttributes: attrs)
    }

    /// Draws the string with its top-left corner at `point`.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (self as NSString).draw(at: point, withAttributes: attrs)
    }

    /// Draws the string wrapped to `rect`.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (self as NSString).draw(in: rect, withAttributes: attrs)
    }

    /// Draws the string in `rect` as `options` say.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        (self as NSString).draw(with: rect, options: options, attributes: attributes, context: context)
    }

    /// The rectangle the string needs within `size`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        (self as NSString).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}
