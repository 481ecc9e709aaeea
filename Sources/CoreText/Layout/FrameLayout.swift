import CoreGraphics
import Foundation

/// Lines of an attributed string laid out in a width: paragraphs broken greedily, each line
/// placed below the one before, aligned, the last shown line truncated when lines run out.
/// `CTFramesetter` and UIKit's string drawing and `UILabel` all lay text out through this.
package struct FrameLayout {
    package struct PlacedLine {
        package let line: CTLine
        /// The baseline's distance below the layout's top, and the line's x offset.
        package let baseline: CGFloat
        package let x: CGFloat
        /// The line box: its top below the layout's top, and its height.
        package let top: CGFloat
        package let height: CGFloat
    }

    package let lines: [PlacedLine]
    /// The bottom of the last line box (the layout's height).
    package let height: CGFloat
    /// The widest line, trailing spaces left out.
    package let usedWidth: CGFloat
    /// UTF-16 units laid out (less than the string when lines or height ran out).
    package let visibleLength: Int

    /// - Parameters:
    ///   - width: the line width (`.greatestFiniteMagnitude` for no wrapping).
    ///   - maximumLines: 0 for no limit.
    ///   - maximumHeight: lines whose box would end below it are left out (the first line
    ///     always stays).
    ///   - lineBreakMode: Core Text's numbering, overriding the paragraph styles' when given
    ///     (0 word wrap, 1 char wrap, 2 clip, 3 head, 4 tail, 5 middle).
    ///   - wraps: false puts each paragraph on one line (shortened by a truncating mode).
    package init(_ source: TextSource, width: CGFloat, maximumLines: Int = 0, maximumHeight: CGFloat = .greatestFiniteMagnitude,
                 lineBreakMode: Int? = nil, wraps: Bool = true, paragraphs cache: ((Range<Int>) -> ShapedParagraph)? = nil) {
        var lines: [PlacedLine] = []
        var y: CGFloat = 0
        var used: CGFloat = 0
        var visible = 0
        let ranges = source.paragraphRanges
        var stop = false
        for (p, range) in ranges.enumerated() where !stop {
            let paragraph = cache?(range) ?? source.paragraph(range)
            let settings = paragraph.styles[0].paragraph
            let mode = lineBreakMode ?? settings.lineBreakMode
            let breaker = LineBreaker(paragraph)
            var start = 0
            var firstInParagraph = true
            if p > 0 || settings.paragraphSpacingBefore > 0 { y += p > 0 ? settings.paragraphSpacingBefore : 0 }
            repeat {
                let indent = firstInParagraph ? settings.firstLineHeadIndent : settings.headIndent
                // A positive tail indent is measured from the leading edge, a negative one from the trailing edge.
                let tail = settings.tailIndent > 0 ? Swift.min(settings.tailIndent, width)
                    : (settings.tailIndent < 0 ? width + settings.tailIndent : width)
                let available = Swift.max(0, tail - indent)
                let isLastAllowed = maximumLines > 0 && lines.count == maximumLines - 1
                let truncates = mode >= 3
                // One line that clips or truncates does not wrap; otherwise lines break at
                // words (or characters) and only the last line shown is shortened.
                var end = !wraps || (maximumLines == 1 && mode >= 2) ? paragraph.text.count
                    : breaker.lineEnd(from: start, width: available, byCharacter: mode == 1, tabOrigin: indent)
                var line = CTLine(paragraph: paragraph, range: start..<Swift.max(start, end), tabOrigin: indent)
                let moreText = end < paragraph.text.count || p < ranges.count - 1
                if truncates && (isLastAllowed || maximumLines == 1 || !wraps) && (moreText && wraps || line.width - line.trailingWhitespaceWidth > available) {
                    // The last line shown holds the rest of the paragraph, shortened.
                    let rest = CTLine(paragraph: paragraph, range: start..<paragraph.text.count, tabOrigin: indent)
                    let type: CTLineTruncationType = mode == 3 ? .start : (mode == 5 ? .middle : .end)
                    if let shortened = rest.truncated(to: available, type: type, token: nil) {
                        line = shortened
                        end = paragraph.text.count
                    }
                }
                // Justified paragraphs stretch every line but their last.
                if settings.alignment == 3, end < paragraph.text.count, width < .greatestFiniteMagnitude / 2 {
                    line = line.justified(to: available)
                }
                var height = line.ascent + line.descent + line.leading
                if settings.lineHeightMultiple > 0 { height *= settings.lineHeightMultiple }
                if settings.minimumLineHeight > 0 { height = Swift.max(height, settings.minimumLineHeight) }
                if settings.maximumLineHeight > 0 { height = Swift.min(height, settings.maximumLineHeight) }
                if !lines.isEmpty && y + height > maximumHeight + 0.0001 {
                    stop = true
                    break
                }
                let visibleWidth = line.width - line.trailingWhitespaceWidth
                let rightToLeft = paragraph.baseLevel & 1 == 1
                var x = indent
                switch settings.alignment {
                case 1: x = indent + available - visibleWidth
                case 2: x = indent + (available - visibleWidth) / 2
                case 3 where rightToLeft, 4 where rightToLeft: x = indent + available - visibleWidth
                default: break
                }
                if width >= .greatestFiniteMagnitude / 2 { x = indent }
                // The baseline sits the line's descent (and leading) above the box's bottom.
                let baseline = y + height - line.descent - line.leading
                lines.append(PlacedLine(line: line, baseline: baseline, x: x, top: y, height: height))
                used = Swift.max(used, visibleWidth + indent)
                y += height
                visible = paragraph.start + end
                start = end
                firstInParagraph = false
                if maximumLines > 0 && lines.count >= maximumLines {
                    stop = true
                    break
                }
                if start < paragraph.text.count { y += settings.lineSpacing }
            } while start < paragraph.text.count
            if !stop { y += settings.paragraphSpacing }
            if !stop, p < ranges.count - 1 { y += settings.lineSpacing }
        }
        self.lines = lines
        // Spacing after the last paragraph does not count.
        self.height = lines.last.map { $0.top + $0.height } ?? 0
        usedWidth = used
        visibleLength = visible
    }
}

extension FrameLayout {
    /// The size of one line of plain text in one style, measured from the shaped-word cache
    /// when it can be (see `Shaper.quickWidth`): the visible width (trailing spaces left out)
    /// and the line's height. Nil when the text needs a full layout (several lines, paragraph
    /// settings, a baseline offset, or text the quick path does not take).
    package static func quickSize(_ text: String, style: TextStyle) -> CGSize? {
        guard style.paragraph == ParagraphSettings(), style.baselineOffset == 0 else { return nil }
        // ASCII (most measured text) widened straight from the UTF-8 bytes.
        var units: [UInt16] = []
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            units.reserveCapacity(bytes.count)
            for byte in bytes {
                guard byte < 0x80 else { return false }
                units.append(UInt16(byte))
            }
            return true
        }
        if ascii != true { units = Array(text.utf16) }
        while let last = units.last, last == 0x20 { units.removeLast() }
        guard !units.isEmpty, let width = Shaper.quickWidth(units, style: style) else { return nil }
        let font = style.font
        return CGSize(width: width, height: CTFontGetAscent(font) + CTFontGetDescent(font) + CTFontGetLeading(font))
    }
}
