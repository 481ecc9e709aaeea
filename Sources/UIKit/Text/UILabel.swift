import CoreText
import Foundation

/// How a label that shrinks its text to fit places the shrunk line.
public enum UIBaselineAdjustment: Int, Sendable {
    /// The shrunk text keeps the original baseline.
    case alignBaselines = 0
    /// The shrunk text is centred vertically.
    case alignCenters = 1
    /// The shrunk text keeps its top.
    case none = 2
}

/// A view that shows read-only text: one line by default (`numberOfLines` 0 for as many as
/// needed), truncated at the tail, vertically centred in its bounds.
///
/// Sizing and drawing use the same layout, cached for the last text, width and settings, so
/// measuring a label and then drawing it shapes its text once.
@preconcurrency @MainActor
open class UILabel: UIView {
    private var storedText: LabelText?
    /// Whether the text was set as a plain string (no attributes of its own), so it is
    /// styled without making an attributed copy.
    var textIsPlain: Bool {
        if case .plain = storedText { return true }
        return false
    }
    /// The last few layouts (measuring and drawing often use different widths).
    private var cache: [(key: LayoutKey, layout: FrameLayout)] = []
    /// How many layouts the label has computed (tests check that repeats are cached).
    package private(set) var layoutCount = 0
    /// The styled text and its shaped paragraphs, kept across widths: a label laid out at
    /// several widths (its intrinsic size, then the width constraints give it) shapes once.
    private var shaped: (source: TextSource, paragraphs: [Range<Int>: ShapedParagraph])?

    /// The text as it was set: a plain string is kept as one (no attributed string is made
    /// for it: Foundation on Linux never frees part of every attributed string).
    private enum LabelText: Equatable {
        case plain(String)
        case attributed(NSAttributedString)

        var string: String {
            switch self {
            case .plain(let string): string
            case .attributed(let text): text.string
            }
        }

        var isEmpty: Bool {
            switch self {
            case .plain(let string): string.isEmpty
            case .attributed(let text): text.length == 0
            }
        }

        /// The text as an attributed string without attributes of the label's.
        var attributed: NSAttributedString {
            switch self {
            case .plain(let string): NSAttributedString(string: string)
            case .attributed(let text): text
            }
        }

        static func == (a: LabelText, b: LabelText) -> Bool {
            switch (a, b) {
            case (.plain(let x), .plain(let y)): x == y
            case (.attributed(let x), .attributed(let y)): x === y || x.isEqual(y)
            default: false
            }
        }
    }

    private struct LayoutKey: Equatable {
        let text: LabelText
        let width: CGFloat
        let lines: Int
        let mode: Int
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
        contentMode = .redraw
        clipsToBounds = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        let ib = coder as? IBCoder
        // Interface Builder writes `userInteractionEnabled="NO"` for a label it leaves
        // untouchable; without the attribute the nib made it touchable.
        isUserInteractionEnabled = ib.map { $0.bool("userInteractionEnabled") ?? true } ?? false
        if ib?.string("contentMode") == nil { contentMode = .redraw }
        ib?.decodeLabel(self)
    }

    private func changed() {
        cache.removeAll()
        shaped = nil
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    // MARK: Content

    /// The text, nil by default; setting it replaces any attributed text.
    open var text: String? {
        get { storedText?.string }
        set {
            storedText = newValue.map { .plain($0) }
            changed()
        }
    }

    /// The text with attributes; ranges without a font, colour or paragraph style take the
    /// label's.
    open var attributedText: NSAttributedString? {
        get { storedText.map { styled($0.attributed) } }
        set {
            storedText = newValue.map { .attributed(NSAttributedString(attributedString: $0)) }
            if let first = newValue, first.length > 0 {
                if let font = first.attribute(.font, at: 0, effectiveRange: nil) as? UIFont { storedFont = font }
                if let color = first.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor { storedColor = color }
            }
            changed()
        }
    }

    private var storedFont = UIFont.systemFont(ofSize: 17)
    private var storedColor: UIColor = .label

    /// The font (the 17-point system font by default); setting nil restores it.
    open var font: UIFont! {
        get { storedFont }
        set {
            storedFont = newValue ?? UIFont.systemFont(ofSize: 17)
            changed()
            if AppearanceRegistry.isActive { appearanceSet("font") { [newValue] in $0.font = newValue } }
        }
    }

    /// The text colour (`.label` by default); setting nil restores it.
    open var textColor: UIColor! {
        get { storedColor }
        set {
            storedColor = newValue ?? .label
            changed()
            if AppearanceRegistry.isActive { appearanceSet("textColor") { [newValue] in $0.textColor = newValue } }
        }
    }

    /// How lines line up (`.natural` by default).
    open var textAlignment: NSTextAlignment = .natural { didSet { changed() } }

    /// How text that does not fit is wrapped or shortened (`.byTruncatingTail` by default).
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { changed() } }

    /// The most lines shown (1 by default; 0 for no limit).
    open var numberOfLines: Int = 1 { didSet { changed() } }

    /// Shrinks a single line's font (never below `minimumScaleFactor`) until the text fits
    /// the width; `font` is not changed.
    open var adjustsFontSizeToFitWidth = false { didSet { changed() } }

    /// The smallest scale `adjustsFontSizeToFitWidth` may use (0: as small as needed).
    open var minimumScaleFactor: CGFloat = 0 { didSet { changed() } }

    /// Where shrunk text sits.
    open var baselineAdjustment: UIBaselineAdjustment = .alignBaselines { didSet { changed() } }

    /// Whether characters may be drawn closer together before truncating.
    open var allowsDefaultTighteningForTruncation = false

    /// The shadow colour of the text (none by default).
    open var shadowColor: UIColor? { didSet { changed() } }

    /// The shadow offset (0, −1) by default.
    open var shadowOffset = CGSize(width: 0, height: -1) { didSet { changed() } }

    /// The text colour while highlighted.
    open var highlightedTextColor: UIColor? { didSet { changed() } }

    /// Whether the label shows `highlightedTextColor`.
    open var isHighlighted = false { didSet { changed() } }

    /// A disabled label draws its text dimmed.
    open var isEnabled = true { didSet { changed() } }

    /// The width multi-line text wraps to for `intrinsicContentSize` (0: unlimited, or the
    /// width constraints give the label).
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { invalidateIntrinsicContentSize() } }
    /// The width constraint-based layout last gave the label (0 before).
    var constraintLayoutWidth: CGFloat = 0

    // MARK: Layout

    /// The colour text without one of its own is drawn in.
    private var shownColor: UIColor {
        var color: UIColor = storedColor
        if isHighlighted, let highlighted = highlightedTextColor { color = highlighted }
        if !isEnabled { color = color.withAlphaComponent(0.44) }
        return color
    }

    /// The paragraph style of text without one of its own.
    private var shownParagraph: NSParagraphStyle {
        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = textAlignment
        paragraph.lineBreakMode = lineBreakMode
        return paragraph
    }

    /// The label's text with its font, colour, alignment and line breaking wherever the text
    /// sets none.
    private func styled(_ text: NSAttributedString) -> NSAttributedString {
        let result = NSMutableAttributedString(attributedString: text)
        let color = shownColor, paragraph = shownParagraph
        var location = 0
        while location < result.length {
            var range = NSRange(location: 0, length: 0)
            let attributes = result.attributes(at: location, effectiveRange: &range)
            if attributes[.font] == nil { result.addAttribute(.font, value: storedFont, range: range) }
            if attributes[.foregroundColor] == nil || isHighlighted || !isEnabled {
                result.addAttribute(.foregroundColor, value: color, range: range)
            }
            if attributes[.paragraphStyle] == nil { result.addAttribute(.paragraphStyle, value: paragraph, range: range) }
            if let shadowColor, attributes[.shadow] == nil {
                let shadow = NSShadow()
                shadow.shadowColor = shadowColor
                shadow.shadowOffset = shadowOffset
                result.addAttribute(.shadow, value: shadow, range: range)
            }
            location = range.location + Swift.max(range.length, 1)
        }
        return result
    }

    /// What `TextSource(styled(text))` gives for plain text without a shadow, made without
    /// the attributed copy (measuring a label's plain text is most of an interface's layout).
    private func plainSource(_ string: String) -> TextSource {
        let color = shownColor, paragraph = shownParagraph
        var style = TextStyle(font: storedFont.bridgedCTFont)
        style.color = color.cgColor
        style.paragraph = paragraph.bridgedParagraph
        style.attributes = [.font: storedFont, .foregroundColor: color, .paragraphStyle: paragraph]
        let units = Array(string.utf16)
        return TextSource(units: units, runs: [(0..<units.count, style)])
    }

    /// The layout of the label's text in `width`, from the cache when nothing changed.
    private func layout(width: CGFloat, lines: Int) -> FrameLayout? {
        guard let storedText, !storedText.isEmpty else { return nil }
        let mode = lineBreakMode.rawValue
        let key = LayoutKey(text: storedText, width: width, lines: lines, mode: mode)
        if !adjustsFontSizeToFitWidth, let hit = cache.first(where: { $0.key == key }) { return hit.layout }
        // Dynamic colours in the text resolve for this label's appearance, whoever asks.
        var made: FrameLayout?
        traitCollection.performAsCurrent { made = makeLayout(storedText, width: width, lines: lines, mode: mode) }
        guard let made else { return nil }
        layoutCount += 1
        cache.append((key, made))
        if cache.count > 4 { cache.removeFirst() }
        return made
    }

    private func makeLayout(_ storedText: LabelText, width: CGFloat, lines: Int, mode: Int) -> FrameLayout {
        let made: FrameLayout
        if adjustsFontSizeToFitWidth {
            var text = styled(storedText.attributed)
            if lines == 1, width < .greatestFiniteMagnitude / 2 {
                let natural = StringLayout.layout(text, width: .greatestFiniteMagnitude, maximumLines: 1, lineBreakMode: 2).usedWidth
                if natural > width, natural > 0 {
                    let factor = Swift.max(minimumScaleFactor > 0 ? minimumScaleFactor : 0.01, width / natural)
                    text = StringLayout.scaledFonts(text, by: factor)
                }
            }
            made = StringLayout.layout(text, width: width, maximumLines: lines, lineBreakMode: mode)
        } else {
            let source = shaped?.source ?? (textIsPlain && shadowColor == nil ? plainSource(storedText.string)
                : TextSource(styled(storedText.attributed), linkColor: UIColor.link.cgColor))
            if shaped == nil { shaped = (source, [:]) }
            made = FrameLayout(source, width: width, maximumLines: lines, lineBreakMode: mode) { range in
                if let hit = self.shaped?.paragraphs[range] { return hit }
                let paragraph = source.paragraph(range)
                self.shaped?.paragraphs[range] = paragraph
                return paragraph
            }
        }
        return made
    }

    /// Whether a Dynamic Type font follows the traits' content size category (false by default).
    open var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory { adjustFontForContentSize() } }
    }

    private func adjustFontForContentSize() {
        guard let adjusted = storedFont.adjusted(for: traitCollection), adjusted.pointSize != storedFont.pointSize else { return }
        font = adjusted
    }

    /// Text colours were resolved for the old appearance: lay out and draw again. A new
    /// content size category remakes a Dynamic Type font when the label adjusts it.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if adjustsFontForContentSizeCategory,
           previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory {
            adjustFontForContentSize()
        }
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) { changed() }
    }

    /// Rounds a length up to the screen's pixel grid.
    private func pixelCeil(_ value: CGFloat) -> CGFloat {
        let scale = Swift.max(1, UIScreen.main.scale)
        return (value * scale - 0.0001).rounded(.up) / scale
    }

    /// The rectangle the text takes in `bounds`, showing at most `numberOfLines` lines (0: no
    /// limit), from the bounds' origin, sizes rounded up to pixels.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        let width = bounds.width > 0 ? bounds.width : CGFloat.greatestFiniteMagnitude
        guard let layout = layout(width: width, lines: numberOfLines) else {
            return CGRect(x: bounds.minX, y: bounds.minY, width: 0, height: 0)
        }
        return CGRect(x: bounds.minX, y: bounds.minY, width: Swift.min(pixelCeil(layout.usedWidth), width),
                      height: pixelCeil(layout.height))
    }

    /// Draws the text in `rect`, vertically centred.
    open func drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(),
              let layout = layout(width: rect.width > 0 ? rect.width : .greatestFiniteMagnitude, lines: numberOfLines) else { return }
        var y = rect.minY + (rect.height - layout.height) / 2
        // Text shrunk to fit one line is placed by `baselineAdjustment`: on the baseline the
        // full-size text would have, centred, or from the full-size text's top.
        if adjustsFontSizeToFitWidth, numberOfLines == 1, baselineAdjustment != .alignCenters, let storedText,
           let first = layout.lines.first {
            let natural = StringLayout.layout(styled(storedText.attributed), width: .greatestFiniteMagnitude, maximumLines: 1, lineBreakMode: 2)
            if natural.height > layout.height, let naturalFirst = natural.lines.first {
                let top = rect.minY + (rect.height - natural.height) / 2
                y = baselineAdjustment == .alignBaselines ? top + naturalFirst.baseline - first.baseline : top
            }
        }
        StringLayout.draw(layout, at: CGPoint(x: rect.minX, y: y), in: context)
    }

    open override func draw(_ rect: CGRect) {
        drawText(in: bounds)
    }

    /// The text's size, rounded up to pixels: one unwrapped line, or lines wrapped to
    /// `preferredMaxLayoutWidth` when it is set and the label may show more than one.
    open override var intrinsicContentSize: CGSize {
        // Without a preferred width, a multi-line label placed by constraints wraps to the
        // width its last layout gave it, as iOS's does.
        let wrap = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : constraintLayoutWidth
        let width = numberOfLines != 1 && wrap > 0 ? wrap : CGFloat.greatestFiniteMagnitude
        guard let layout = layout(width: width, lines: numberOfLines) else { return .zero }
        return CGSize(width: pixelCeil(layout.usedWidth), height: pixelCeil(layout.height))
    }

    /// The text's first and last baselines from the label's centre, as laid out for its
    /// intrinsic size (the text is drawn vertically centred).
    override var baselineOffsetsFromCenter: (first: CGFloat, last: CGFloat)? {
        let wrap = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : constraintLayoutWidth
        let width = numberOfLines != 1 && wrap > 0 ? wrap : CGFloat.greatestFiniteMagnitude
        guard let layout = layout(width: width, lines: numberOfLines), let first = layout.lines.first,
              let last = layout.lines.last else { return nil }
        return (first.baseline - layout.height / 2, last.baseline - layout.height / 2)
    }

    /// The size the text needs, wrapped to `size.width` when the label may show more than one
    /// line; rounded up to pixels and not limited to `size`'s height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = numberOfLines != 1 && size.width > 0 ? size.width : CGFloat.greatestFiniteMagnitude
        guard let layout = layout(width: width, lines: numberOfLines) else { return .zero }
        return CGSize(width: pixelCeil(layout.usedWidth), height: pixelCeil(layout.height))
    }
}
