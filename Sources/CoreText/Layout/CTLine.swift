import ICUSupport
import CoreGraphics
import Foundation

/// One line of text: glyph runs in visual order, from a paragraph's range.
public final class CTLine: @unchecked Sendable {
    package let runs: [CTRun]
    package let paragraph: ShapedParagraph
    /// The paragraph units the line holds (relative to the paragraph).
    package let range: Range<Int>
    package let width: CGFloat
    package let ascent: CGFloat
    package let descent: CGFloat
    package let leading: CGFloat

    /// Set for lines that are not a plain range of the paragraph (truncated lines).
    private let fixedTrailingWhitespace: CGFloat?

    package init(paragraph: ShapedParagraph, range: Range<Int>, runs: [CTRun], trailingWhitespace: CGFloat? = nil) {
        fixedTrailingWhitespace = trailingWhitespace
        self.paragraph = paragraph
        self.range = range
        self.runs = runs
        width = runs.reduce(0) { $0 + $1.width }
        var a: CGFloat = 0, d: CGFloat = 0, l: CGFloat = 0
        let fonts = runs.isEmpty ? [paragraph.styles[0].font] : runs.map(\.font)
        for (i, font) in fonts.enumerated() {
            let offset = runs.isEmpty ? 0 : runs[i].style.baselineOffset
            if !runs.isEmpty, let attachment = runs[i].style.attachment {
                // An attachment's box stands on the baseline (its origin's y below or above it).
                a = Swift.max(a, attachment.bounds.maxY + offset)
                d = Swift.max(d, -attachment.bounds.minY - offset)
                continue
            }
            a = Swift.max(a, CTFontGetAscent(font) + offset)
            d = Swift.max(d, CTFontGetDescent(font) - offset)
            l = Swift.max(l, CTFontGetLeading(font))
        }
        ascent = a
        descent = d
        leading = l
    }

    /// The line of paragraph units `range`: each segment's glyphs whose characters fall in
    /// the range, segments ordered visually by their bidi levels (UAX #9 rule L2).
    ///
    /// Tabs go to the paragraph's stops, measured from `tabOrigin` points before the line's
    /// start (its indent in a frame).
    package convenience init(paragraph: ShapedParagraph, range: Range<Int>, tabOrigin: CGFloat = 0) {
        var pieces: [(segment: Int, glyphs: [Int])] = []
        for (s, segment) in paragraph.segments.enumerated() where segment.range.overlaps(range) {
            let picked = range.lowerBound <= segment.range.lowerBound && segment.range.upperBound <= range.upperBound
                ? Array(segment.clusters.indices) : segment.clusters.indices.filter { range.contains(segment.clusters[$0]) }
            if !picked.isEmpty { pieces.append((s, picked)) }
        }
        var order = Array(pieces.indices)
        if pieces.contains(where: { paragraph.segments[$0.segment].level != 0 }) {
            let levels = pieces.map { paragraph.segments[$0.segment].level }
            var map = [Int32](repeating: 0, count: levels.count)
            _ = levels.withUnsafeBufferPointer { lamina_bidi_reorder($0.baseAddress, Int32($0.count), &map) }
            order = map.map(Int.init)
        }
        var runs: [CTRun] = []
        var x: CGFloat = 0
        for p in order {
            let piece = pieces[p]
            let segment = paragraph.segments[piece.segment]
            var positions: [CGPoint] = [], advances: [CGFloat] = []
            for g in piece.glyphs {
                let offset = segment.offsets[g]
                positions.append(CGPoint(x: x + offset.x, y: offset.y + segment.style.baselineOffset))
                var advance = segment.advances[g]
                if paragraph.hasTabs, segment.glyphs[g] == Shaper.invisibleGlyph, paragraph.text[segment.clusters[g]] == 0x09 {
                    advance = paragraph.tabAdvance(at: segment.clusters[g], x: tabOrigin + x, lineEnd: range.upperBound)
                }
                advances.append(advance)
                x += advance
            }
            runs.append(CTRun(style: segment.style, font: segment.font, glyphs: piece.glyphs.map { segment.glyphs[$0] },
                              positions: positions, advances: advances,
                              indices: piece.glyphs.map { segment.clusters[$0] + paragraph.start },
                              isRightToLeft: segment.isRightToLeft))
        }
        self.init(paragraph: paragraph, range: range, runs: runs)
    }

    /// The width of the whitespace at the line's logical end.
    package var trailingWhitespaceWidth: CGFloat {
        if let fixedTrailingWhitespace { return fixedTrailingWhitespace }
        var end = range.upperBound
        while end > range.lowerBound, TextBreaks.isWhitespace(paragraph.text[end - 1]) { end -= 1 }
        return paragraph.width(end..<range.upperBound)
    }

    /// The range of the whole string the line shows.
    package var stringRange: CFRange {
        CFRange(location: paragraph.start + range.lowerBound, length: range.count)
    }
}

/// A line of the whole attributed string (line and paragraph separators are laid out as
/// characters, as Core Text does for a single line).
public func CTLineCreateWithAttributedString(_ attrString: CFAttributedString) -> CTLine {
    let paragraph = TextSource(attrString).paragraph(0..<attrString.length)
    return CTLine(paragraph: paragraph, range: 0..<paragraph.text.count)
}

/// The line's runs in visual order.
///
/// - Note: Differs from Apple: returns `[CTRun]` where Apple's returns a `CFArray`; code that
///   writes `as! [CTRun]` compiles with a warning.
public func CTLineGetGlyphRuns(_ line: CTLine) -> [CTRun] { line.runs }

/// How many glyphs the line has.
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex { line.runs.reduce(0) { $0 + $1.glyphs.count } }

/// The part of the string the line shows.
public func CTLineGetStringRange(_ line: CTLine) -> CFRange { line.stringRange }

/// The line's width, and its ascent, descent and leading (the largest of its fonts').
public func CTLineGetTypographicBounds(_ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                       _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    ascent?.pointee = line.ascent
    descent?.pointee = line.descent
    leading?.pointee = line.leading
    return Double(line.width)
}

/// The width of the whitespace that ends the line.
public func CTLineGetTrailingWhitespaceWidth(_ line: CTLine) -> Double { Double(line.trailingWhitespaceWidth) }

/// The union of the line's glyph outlines' bounds, from the line's origin (points, y up).
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect {
    var union = CGRect.null
    for run in line.runs {
        let s = run.font.scale
        for (i, glyph) in run.glyphs.enumerated() {
            let b = run.font.face.glyphBounds(glyph)
            guard b.width > 0 || b.height > 0 else { continue }
            union = union.union(CGRect(x: run.positions[i].x + b.minX * s, y: run.positions[i].y + b.minY * s,
                                       width: b.width * s, height: b.height * s))
        }
    }
    return union.isNull ? .null : union
}

/// The caret position of string index `charIndex` along the line: where a character inserted
/// there would go. Between characters of opposite directions the caret splits: the returned
/// (primary) offset is for a character in the line's direction, `secondaryOffset` for one in
/// the other; elsewhere both are the same. The leading edge of the character at `charIndex`
/// (its left in left-to-right runs, its right in right-to-left ones) and the trailing edge of
/// the character before it are the two candidates.
public func CTLineGetOffsetForStringIndex(_ line: CTLine, _ charIndex: CFIndex, _ secondaryOffset: UnsafeMutablePointer<CGFloat>?) -> CGFloat {
    /// The span of the glyphs of the character at `index`, and its run's direction.
    func span(_ index: Int) -> (left: CGFloat, right: CGFloat, rightToLeft: Bool)? {
        var found: (left: CGFloat, right: CGFloat, rightToLeft: Bool)?
        var x: CGFloat = 0
        for run in line.runs {
            for (i, glyphIndex) in run.indices.enumerated() {
                let end = x + run.advances[i]
                if glyphIndex == index {
                    found = found.map { (Swift.min($0.left, x), Swift.max($0.right, end), $0.rightToLeft) } ?? (x, end, run.isRightToLeft)
                }
                x = end
            }
        }
        return found
    }
    let range = line.stringRange
    let lineIsRightToLeft = line.paragraph.baseLevel & 1 == 1
    let current = charIndex < range.location + range.length ? span(charIndex) : nil
    let previous = charIndex > range.location ? span(charIndex - 1) : nil
    let leading = current.map { $0.rightToLeft ? $0.right : $0.left }
    let trailing = previous.map { $0.rightToLeft ? $0.left : $0.right }
    var primary: CGFloat, secondary: CGFloat
    switch (current, previous) {
    case let (current?, previous?):
        // The caret for a character in the line's direction sits by the character of that direction.
        if current.rightToLeft == lineIsRightToLeft || previous.rightToLeft != lineIsRightToLeft {
            primary = leading!
            secondary = trailing!
        } else {
            primary = trailing!
            secondary = leading!
        }
    case (_?, nil):
        primary = leading!
        secondary = primary
    case (nil, _?):
        primary = trailing!
        secondary = primary
    case (nil, nil):
        // Before the line's start or past its end: its leading or trailing end.
        let atStart = charIndex <= range.location
        primary = atStart == lineIsRightToLeft ? line.width : 0
        secondary = primary
    }
    secondaryOffset?.pointee = secondary
    return primary
}

/// The string index of the character nearest `position` (x from the line's origin): the
/// caret position a tap there would give.
public func CTLineGetStringIndexForPosition(_ line: CTLine, _ position: CGPoint) -> CFIndex {
    let range = line.stringRange
    guard position.x > 0 else { return line.runs.first?.isRightToLeft == true ? range.location + range.length : range.location }
    var start: CGFloat = 0
    for run in line.runs {
        for (i, index) in run.indices.enumerated() {
            let end = start + run.advances[i]
            defer { start = end }
            guard position.x < end else { continue }
            let before = position.x < (start + end) / 2
            return (before != run.isRightToLeft) ? index : index + 1
        }
    }
    return range.location + range.length
}

/// Draws the line with its baseline origin at the context's text position.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    TextDrawing.draw(line, in: context, origin: context.textPosition)
}
