import CoreGraphics
import Foundation

/// Where a truncated line loses its characters.
public enum CTLineTruncationType: UInt32, Sendable {
    case start = 0, end = 1, middle = 2
}

extension CTLine {
    /// The line shortened to `width` by dropping whole characters at the start, end or middle
    /// and putting `token` (an ellipsis in the style of the nearest character when nil) in
    /// their place; the line itself when it fits; nil when not even the token fits.
    package func truncated(to width: CGFloat, type: CTLineTruncationType, token: CTLine?) -> CTLine? {
        guard !width.isNaN else { return nil }
        let visibleWidth = self.width - trailingWhitespaceWidth
        if visibleWidth <= width + 0.0001 { return self }
        // An empty line wider than a negative width: no room even for the token.
        guard !range.isEmpty, !paragraph.text.isEmpty else { return nil }
        let text = paragraph.text
        let breaks = [range.lowerBound] + TextBreaks.characterBreaks(Array(text[range])).map { $0 + range.lowerBound }
        func styleAt(_ i: Int) -> TextStyle {
            paragraph.styles[Int(paragraph.styleIndex[Swift.min(Swift.max(i, 0), Swift.max(0, text.count - 1))])]
        }
        func tokenLine(near i: Int) -> CTLine {
            if let token { return token }
            let ellipsis = ShapedParagraph(text: [0x2026], start: 0, runs: [(0..<1, styleAt(i))])
            return CTLine(paragraph: ellipsis, range: 0..<1)
        }
        func trimmed(_ r: Range<Int>) -> Range<Int> {
            var hi = r.upperBound, lo = r.lowerBound
            while hi > lo, TextBreaks.isWhitespace(text[hi - 1]) { hi -= 1 }
            while lo < hi, type == .start, TextBreaks.isWhitespace(text[lo]) { lo += 1 }
            return lo..<hi
        }
        switch type {
        case .end:
            let ellipsis = tokenLine(near: range.lowerBound)
            var keep = range.lowerBound
            for b in breaks where b > range.lowerBound {
                if paragraph.width(trimmed(range.lowerBound..<b)) + ellipsis.width <= width + 0.0001 { keep = b } else { break }
            }
            guard ellipsis.width <= width + 0.0001 else { return nil }
            return joined(trimmed(range.lowerBound..<keep), ellipsis, nil)
        case .start:
            let ellipsis = tokenLine(near: range.upperBound - 1)
            guard ellipsis.width <= width + 0.0001 else { return nil }
            let end = trimmed(range).upperBound
            var keep = end
            for b in breaks.reversed() where b < end {
                if paragraph.width(b..<end) + ellipsis.width <= width + 0.0001 { keep = b } else { break }
            }
            return joined(nil, ellipsis, keep..<end)
        case .middle:
            let ellipsis = tokenLine(near: range.lowerBound)
            guard ellipsis.width <= width + 0.0001 else { return nil }
            let end = trimmed(range).upperBound
            // Characters are taken alternately from the end and the start while they fit.
            var head = range.lowerBound, tail = end
            var headIndex = 0, tailIndex = breaks.count - 1
            while tailIndex > 0, breaks[tailIndex] > end { tailIndex -= 1 }
            var takeTail = true
            var progressed = true
            while progressed {
                progressed = false
                for _ in 0..<2 {
                    if takeTail, tailIndex > 0 {
                        let candidate = breaks[tailIndex - 1]
                        if candidate >= head,
                           paragraph.width(range.lowerBound..<head) + paragraph.width(candidate..<end) + ellipsis.width <= width + 0.0001 {
                            tail = candidate
                            tailIndex -= 1
                            progressed = true
                        }
                    } else if !takeTail, headIndex + 1 < breaks.count {
                        let candidate = breaks[headIndex + 1]
                        if candidate <= tail,
                           paragraph.width(range.lowerBound..<candidate) + paragraph.width(tail..<end) + ellipsis.width <= width + 0.0001 {
                            head = candidate
                            headIndex += 1
                            progressed = true
                        }
                    }
                    takeTail.toggle()
                }
            }
            return joined(range.lowerBound..<head, ellipsis, tail..<end)
        }
    }

    /// A line of this paragraph's `before`, the token, and this paragraph's `after`.
    private func joined(_ before: Range<Int>?, _ token: CTLine, _ after: Range<Int>?) -> CTLine {
        var runs: [CTRun] = []
        var x: CGFloat = 0
        func append(_ line: CTLine) {
            for run in line.runs {
                runs.append(CTRun(style: run.style, font: run.font, glyphs: run.glyphs,
                                  positions: run.positions.map { CGPoint(x: $0.x + x, y: $0.y) }, advances: run.advances,
                                  indices: run.indices, isRightToLeft: run.isRightToLeft))
            }
            x += line.width
        }
        // The pieces in visual order: a right-to-left paragraph shows its logical start at the
        // right, so the token of a tail truncation sits at the left end.
        let pieces: [CTLine?] = [before.flatMap { $0.isEmpty ? nil : CTLine(paragraph: paragraph, range: $0) }, token,
                                 after.flatMap { $0.isEmpty ? nil : CTLine(paragraph: paragraph, range: $0) }]
        for piece in paragraph.baseLevel & 1 == 1 ? pieces.reversed() : pieces {
            if let piece { append(piece) }
        }
        return CTLine(paragraph: paragraph, range: range, runs: runs, trailingWhitespace: 0)
    }
}

/// The line shortened to `width` with `truncationToken` (an ellipsis when nil) where
/// characters were dropped; the line when it fits; nil when not even the token fits.
public func CTLineCreateTruncatedLine(_ line: CTLine, _ width: Double, _ truncationType: CTLineTruncationType,
                                      _ truncationToken: CTLine?) -> CTLine? {
    line.truncated(to: CGFloat(width), type: truncationType, token: truncationToken)
}

extension CTLine {
    /// The line widened to `width` by spreading the missing space over its inner spaces
    /// (spaces at the line's logical end stay as they are); the line itself when it has no
    /// inner space or is already that wide.
    package func justified(to width: CGFloat) -> CTLine {
        let visible = self.width - trailingWhitespaceWidth
        let extra = width - visible
        guard extra > 0.0001 else { return self }
        var end = range.upperBound
        while end > range.lowerBound, TextBreaks.isWhitespace(paragraph.text[end - 1]) { end -= 1 }
        let inner = (range.lowerBound..<end).filter { paragraph.text[$0] == 0x20 }
        guard !inner.isEmpty else { return self }
        let spaces = Set(inner.map { $0 + paragraph.start })
        let share = extra / CGFloat(inner.count)
        var shift: CGFloat = 0
        var runs: [CTRun] = []
        for run in self.runs {
            var positions = run.positions, advances = run.advances
            for i in run.glyphs.indices {
                positions[i].x += shift
                if spaces.contains(run.indices[i]) {
                    advances[i] += share
                    shift += share
                }
            }
            runs.append(CTRun(style: run.style, font: run.font, glyphs: run.glyphs, positions: positions, advances: advances,
                              indices: run.indices, isRightToLeft: run.isRightToLeft))
        }
        return CTLine(paragraph: paragraph, range: range, runs: runs, trailingWhitespace: trailingWhitespaceWidth)
    }
}

/// The line stretched to `justificationWidth` over its inner spaces when `justificationFactor`
/// is 1 or more (a factor below 1 returns the line as it is); nil for a width that is not
/// positive.
///
/// - Note: Differs from Apple: the factor is not a fraction of the stretch; a factor of 1 or
///   more justifies fully, less does nothing.
public func CTLineCreateJustifiedLine(_ line: CTLine, _ justificationFactor: CGFloat, _ justificationWidth: Double) -> CTLine? {
    guard justificationWidth > 0, justificationWidth.isFinite else { return nil }
    return justificationFactor >= 1 ? line.justified(to: CGFloat(justificationWidth)) : line
}
