import ICUSupport
import CoreGraphics
import Foundation

/// A stretch of a paragraph with one style, one bidi level, one script and one face, shaped.
///
/// Glyph arrays are in visual order (right-to-left stretches come out of the shaper
/// reversed); `clusters[i]` is the UTF-16 index of the character glyph `i` belongs to.
package struct ShapedSegment {
    package var range: Range<Int>
    package var level: UInt8
    /// ICU's script code (0 when only common characters).
    package var script: Int32 = 0
    package var style: TextStyle
    /// The font actually used (a fallback face for characters the style's font lacks).
    package var font: CTFont
    package var glyphs: [UInt16] = []
    /// Points, kerning attribute included.
    package var advances: [CGFloat] = []
    /// Points, y up.
    package var offsets: [CGPoint] = []
    package var clusters: [Int] = []

    package var isRightToLeft: Bool { level & 1 == 1 }
}

/// One paragraph of an attributed string, itemized (bidi levels by ICU, scripts, font
/// fallback) and shaped (HarfBuzz), ready to be cut into lines.
package final class ShapedParagraph: @unchecked Sendable {
    /// The paragraph's UTF-16 units and where they start in the whole string.
    package let text: [UInt16]
    package let start: Int
    package let segments: [ShapedSegment]
    package let baseLevel: UInt8
    /// The advance each UTF-16 unit contributes (the sum of its cluster's glyphs at its first
    /// unit), for measuring any range in order.
    package let unitAdvances: [CGFloat]
    /// The style at each unit's attribute run (index into `styles`).
    package let styles: [TextStyle]
    package let styleIndex: [Int32]

    /// Shapes `text` (UTF-16, starting at `start` in the string) with the styles of its
    /// attribute runs (UTF-16 ranges relative to `text`).
    package init(text: [UInt16], start: Int, runs: [(range: Range<Int>, style: TextStyle)]) {
        self.text = text
        self.start = start
        var styles: [TextStyle] = []
        var styleIndex = [Int32](repeating: 0, count: text.count)
        for run in runs {
            styles.append(run.style)
            for i in run.range where i < text.count { styleIndex[i] = Int32(styles.count - 1) }
        }
        if styles.isEmpty { styles.append(TextStyle(font: CTFont.defaultFont)) }
        self.styles = styles
        self.styleIndex = styleIndex
        let direction = styles[0].paragraph.baseWritingDirection
        let levels = ShapedParagraph.bidiLevels(text, direction: direction)
        baseLevel = direction == 1 ? 1 : (direction == 0 ? 0 : (levels.base))
        var segments = ShapedParagraph.itemize(text, levels: levels.levels, styles: styles, styleIndex: styleIndex)
        for i in segments.indices { Shaper.shape(&segments[i], text: text) }
        var advances = [CGFloat](repeating: 0, count: text.count)
        for segment in segments {
            for (g, cluster) in segment.clusters.enumerated() where cluster < advances.count {
                advances[cluster] += segment.advances[g]
            }
        }
        self.segments = segments
        unitAdvances = advances
        hasTabs = text.contains(0x09)
    }

    /// Whether the paragraph has a tab character: its lines then place tabs at stops.
    package let hasTabs: Bool

    /// The advance of the tab at unit `index` when the pen is `x` points from the line's
    /// leading edge (its indent included), on a line ending at unit `end`: to the first stop
    /// past the pen, less what the stop's alignment puts before it of the column that follows
    /// (the text up to the next tab or the line's end, its trailing spaces hanging; with column
    /// terminators, up to the first of them). Past the last stop, tabs go to multiples of the
    /// default interval.
    ///
    /// - Note: Differs from Apple: past the last stop with no default interval a tab advances by
    ///   a space, and right-to-left lines measure stops from their left edge too.
    package func tabAdvance(at index: Int, x: CGFloat, lineEnd end: Int) -> CGFloat {
        let settings = styles[0].paragraph
        let stops = settings.tabStops ?? TabStop.defaults
        guard let stop = stops.first(where: { $0.location > x + 0.0001 }) else {
            let interval = settings.defaultTabInterval
            guard interval > 0 else { return unitAdvances[index] }
            return ((x / interval + 0.0001).rounded(.down) + 1) * interval - x
        }
        guard stop.alignment == 1 || stop.alignment == 2 else { return stop.location - x }
        var columnEnd = index + 1
        while columnEnd < end && text[columnEnd] != 0x09 { columnEnd += 1 }
        if columnEnd == end {
            while columnEnd > index + 1 && TextBreaks.isWhitespace(text[columnEnd - 1]) { columnEnd -= 1 }
        }
        if let terminators = stop.terminators {
            for i in (index + 1)..<Swift.max(index + 1, columnEnd) {
                if let scalar = Unicode.Scalar(text[i]), terminators.contains(scalar) {
                    columnEnd = i
                    break
                }
            }
        }
        let column = width((index + 1)..<Swift.max(index + 1, columnEnd))
        let before = stop.alignment == 1 ? column : column / 2
        return Swift.max(0, stop.location - before - x)
    }

    /// The width of units `range` laid out from `x` points past the line's leading edge, tabs
    /// at their stops.
    package func width(_ range: Range<Int>, from x: CGFloat, lineEnd end: Int) -> CGFloat {
        guard hasTabs else { return width(range) }
        var w: CGFloat = 0
        for i in range {
            w += text[i] == 0x09 ? tabAdvance(at: i, x: x + w, lineEnd: end) : unitAdvances[i]
        }
        return w
    }

    /// The width of units `range` in logical order (their glyphs' advances).
    package func width(_ range: Range<Int>) -> CGFloat {
        var w: CGFloat = 0
        for i in range { w += unitAdvances[i] }
        return w
    }

    // MARK: Bidi

    /// Per UTF-16 unit embedding levels and the paragraph level. Text without right-to-left
    /// characters skips ICU (all level 0 unless the direction is right to left).
    private static func bidiLevels(_ text: [UInt16], direction: Int) -> (levels: [UInt8], base: UInt8) {
        let needsBidi = text.contains { $0 >= 0x0590 && $0 < 0x0900 || $0 >= 0xFB1D && $0 < 0xFE00 || $0 >= 0xFE70 && $0 < 0xFF00
            || (0x200E...0x200F).contains($0) || (0x202A...0x202E).contains($0) || (0x2066...0x2069).contains($0)
            || UTF16.isLeadSurrogate($0) }
        guard needsBidi || direction == 1, !text.isEmpty else {
            return ([UInt8](repeating: direction == 1 ? 1 : 0, count: text.count), direction == 1 ? 1 : 0)
        }
        var levels = [UInt8](repeating: 0, count: text.count)
        let base = text.withUnsafeBufferPointer { units in
            levels.withUnsafeMutableBufferPointer { out in
                lamina_bidi_levels(units.baseAddress, Int32(units.count), Int32(direction), out.baseAddress)
            }
        }
        guard base >= 0 else { return ([UInt8](repeating: 0, count: text.count), 0) }
        return (levels, UInt8(base))
    }

    // MARK: Itemizing

    /// Splits the paragraph where the style, level, script or face changes.
    private static func itemize(_ text: [UInt16], levels: [UInt8], styles: [TextStyle], styleIndex: [Int32]) -> [ShapedSegment] {
        var segments: [ShapedSegment] = []
        var i = 0
        var current: (start: Int, level: UInt8, style: Int32, script: Int32, face: FontFace)?
        var lastScript: Int32 = 0
        var lastFace: FontFace?
        func close(at end: Int) {
            guard let c = current, end > c.start else { return }
            let style = styles[Int(c.style)]
            segments.append(ShapedSegment(range: c.start..<end, level: c.level, script: c.script, style: style,
                                          font: style.font.withFace(c.face)))
        }
        while i < text.count {
            var scalar = UInt32(text[i])
            var width = 1
            if UTF16.isLeadSurrogate(text[i]), i + 1 < text.count, UTF16.isTrailSurrogate(text[i + 1]) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(text[i + 1]) - 0xDC00)
                width = 2
            }
            let style = styleIndex[i]
            let font = styles[Int(style)].font
            // ASCII needs no ICU: letters are Latin (25), the rest Common (0), none are marks.
            let ascii = scalar < 0x80
            var script = ascii ? (((scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A) ? 25 : 0) : lamina_script(scalar)
            // Common (0) and Inherited (1) characters join the script before them at the same
            // level; after a level change they join the script that follows.
            if script <= 1 { script = i > 0 && levels[i - 1] == levels[i] ? lastScript : 0 }
            lastScript = script
            // Marks, joiners and selectors stay in the face of the character they modify.
            let category = ascii ? 0 : lamina_category(scalar)
            let attaches = category == 6 || category == 7 || (0x200C...0x200D).contains(scalar) || (0xFE00...0xFE0F).contains(scalar)
            var face = font.face
            if attaches, let lastFace, current?.style == style {
                face = lastFace
            } else if !ascii, font.face.colorStrike == nil,
                      (i + width < text.count && text[i + width] == 0xFE0F) || (scalar >= 0x2300 && lamina_emoji_presentation(scalar) != 0),
                      let color = FontCatalog.shared.colorFace(for: scalar) {
                // Emoji shown as emoji by default, or asked for by a presentation selector, take
                // the colour glyph where a colour font has one (as Apple's text does).
                face = color
            } else if !font.face.hasGlyph(for: scalar), scalar > 0x20, let found = font.glyph(for: scalar) {
                face = found.face
            }
            lastFace = face
            let level = levels[i]
            // An attachment is a segment of its own (one box, no shaping).
            let isAttachment = scalar == 0xFFFC && styles[Int(style)].attachment != nil
            if isAttachment {
                close(at: i)
                current = (i, level, style, script, face)
                close(at: i + 1)
                current = nil
                i += 1
                continue
            }
            if let c = current, c.level == level, c.style == style, c.face === face, c.script == script || c.script <= 1 {
                if c.script <= 1 { current?.script = script }
            } else {
                close(at: i)
                current = (i, level, style, script, face)
            }
            i += width
        }
        close(at: text.count)
        return segments
    }
}
