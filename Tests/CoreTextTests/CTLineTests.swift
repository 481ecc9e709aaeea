import CoreText
import Foundation
import Testing

/// Lines of DejaVu Sans at 2048 points, so that one font unit is one point and widths are
/// the sums of the font's own advances. Expected widths come from HarfBuzz's reference
/// shaping of the same strings (uharfbuzz): "AV" 1270 + 1401 (kerned) or 2 × 1401,
/// "office" 4 glyphs with the ffi ligature or 6 without, "Hello" 5191, "Hello w" 7517,
/// "…" 2048, "The quick" 9939, "The " 4460, "brown fox" 10097.
@Suite struct CTLineTests {
    let font = CTFontCreateWithName("DejaVu Sans" as CFString, 2048, nil)

    func line(_ text: String, _ extra: [NSAttributedString.Key: Any] = [:]) -> CTLine {
        var attributes = extra
        attributes[NSAttributedString.Key(kCTFontAttributeName)] = font
        return CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: attributes))
    }

    func width(_ line: CTLine) -> Double { CTLineGetTypographicBounds(line, nil, nil, nil) }

    @Test func kerningNarrowsPairsAndAZeroKernTurnsItOff() {
        #expect(width(line("AV")) == 1270 + 1401)
        #expect(width(line("AV", [NSAttributedString.Key(kCTKernAttributeName): 0])) == 2 * 1401)
        // A non-zero kern adds after every character.
        #expect(width(line("AV", [NSAttributedString.Key(kCTKernAttributeName): 10])) == 1270 + 1401 + 20)
    }

    @Test func ligaturesJoinGlyphsUnlessTurnedOff() {
        #expect(CTLineGetGlyphCount(line("office")) == 4)
        #expect(CTLineGetGlyphCount(line("office", [NSAttributedString.Key(kCTLigatureAttributeName): 0])) == 6)
    }

    @Test func typographicBoundsAreTheFontsMetrics() {
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let w = CTLineGetTypographicBounds(line("Hello"), &ascent, &descent, &leading)
        #expect(w == 5191)
        #expect(ascent == 1901 && descent == 483 && leading == 0)
    }

    @Test func rightToLeftTextIsReorderedVisually() {
        let mixed = line("abc אבג def")
        let runs = CTLineGetGlyphRuns(mixed)
        #expect(runs.count == 3)
        #expect(CTRunGetStatus(runs[1]).contains(.rightToLeft))
        #expect(!CTRunGetStatus(runs[0]).contains(.rightToLeft))
        var indices = [CFIndex](repeating: 0, count: CTRunGetGlyphCount(runs[1]))
        CTRunGetStringIndices(runs[1], CFRange(location: 0, length: 0), &indices)
        #expect(indices == [6, 5, 4])
        #expect(CTRunGetStringRange(runs[1]) == CFRange(location: 4, length: 3))
        // The Hebrew word sits after "abc " and before " def".
        var positions = [CGPoint](repeating: .zero, count: CTRunGetGlyphCount(runs[1]))
        CTRunGetPositions(runs[1], CFRange(location: 0, length: 0), &positions)
        #expect(positions[0].x == 4332)
        #expect(width(mixed) == 4332 + 3397 + 3932)
        // A right-to-left paragraph puts its first word on the right.
        let hebrewFirst = CTLineGetGlyphRuns(line("אבג abc"))
        #expect(CTRunGetStatus(hebrewFirst.last!).contains(.rightToLeft))
    }

    @Test func caretOffsetsAndHitIndices() {
        let hello = line("Hello")
        #expect(CTLineGetOffsetForStringIndex(hello, 0, nil) == 0)
        #expect(CTLineGetOffsetForStringIndex(hello, 5, nil) == 5191)
        #expect(CTLineGetStringIndexForPosition(hello, CGPoint(x: 5191 + 10, y: 0)) == 5)
        #expect(CTLineGetStringIndexForPosition(hello, CGPoint(x: -3, y: 0)) == 0)
    }

    @Test func caretsSplitWhereTheDirectionChanges() {
        // "abc " is 4332 wide, the Hebrew word 3397 (from 4332 to 7729), as above.
        let mixed = line("abc אבג def")
        var secondary: CGFloat = -1
        // Before alef: an LTR character goes after "abc " (primary), an RTL one right of alef.
        #expect(CTLineGetOffsetForStringIndex(mixed, 4, &secondary) == 4332)
        #expect(secondary == 7729)
        // After gimel (the Hebrew word's logical end, its left edge): the reverse.
        #expect(CTLineGetOffsetForStringIndex(mixed, 7, &secondary) == 7729)
        #expect(secondary == 4332)
        // Inside a run one caret does.
        #expect(CTLineGetOffsetForStringIndex(mixed, 2, &secondary) == secondary)
        // A right-to-left line starts at its right end and ends at its left.
        let hebrew = line("אבג")
        #expect(CTLineGetOffsetForStringIndex(hebrew, 0, nil) == 3397)
        #expect(CTLineGetOffsetForStringIndex(hebrew, 3, nil) == 0)
    }

    @Test func tailTruncationKeepsWholeCharactersBeforeAnEllipsis() throws {
        let hello = line("Hello world")
        let exact = try #require(CTLineCreateTruncatedLine(hello, 7517 + 2048, .end, nil))
        #expect(CTLineGetGlyphCount(exact) == 8)
        #expect(width(exact) == 7517 + 2048)
        // One point less: "Hello w" no longer fits, and the space before it is dropped.
        let shorter = try #require(CTLineCreateTruncatedLine(hello, 7517 + 2047, .end, nil))
        #expect(CTLineGetGlyphCount(shorter) == 6)
        #expect(width(shorter) == 5191 + 2048)
        // A line that fits is returned as it is; not even the ellipsis fitting gives nil.
        #expect(width(try #require(CTLineCreateTruncatedLine(hello, 20_000, .end, nil))) == 11481)
        #expect(CTLineCreateTruncatedLine(hello, 1000, .end, nil) == nil)
        // Head truncation keeps the end.
        let head = try #require(CTLineCreateTruncatedLine(hello, 2048 + 5000, .start, nil))
        let runs = CTLineGetGlyphRuns(head)
        var indices = [CFIndex](repeating: 0, count: CTRunGetGlyphCount(runs.last!))
        CTRunGetStringIndices(runs.last!, CFRange(location: 0, length: 0), &indices)
        #expect(indices.last == 10)
    }

    /// The ellipsis replaces the dropped end of the text, which in a right-to-left paragraph is
    /// its left end (the bidi algorithm gives the trailing token the paragraph's level).
    @Test func aRightToLeftLineIsTruncatedAtItsLeftEnd() throws {
        let truncated = try #require(CTLineCreateTruncatedLine(line("שלום עולם ומלואו"), 12_000, .end, nil))
        var ellipsis = [CGGlyph](repeating: 0, count: 1)
        #expect(CTFontGetGlyphsForCharacters(font, [0x2026], &ellipsis, 1))
        var leftmost: (x: CGFloat, glyph: CGGlyph)?
        var rightmost: (x: CGFloat, glyph: CGGlyph)?
        for run in CTLineGetGlyphRuns(truncated) {
            let count = CTRunGetGlyphCount(run)
            var glyphs = [CGGlyph](repeating: 0, count: count)
            var positions = [CGPoint](repeating: .zero, count: count)
            CTRunGetGlyphs(run, CFRange(location: 0, length: 0), &glyphs)
            CTRunGetPositions(run, CFRange(location: 0, length: 0), &positions)
            for (glyph, position) in zip(glyphs, positions) {
                if leftmost == nil || position.x < leftmost!.x { leftmost = (position.x, glyph) }
                if rightmost == nil || position.x > rightmost!.x { rightmost = (position.x, glyph) }
            }
        }
        #expect(leftmost?.x == 0)
        #expect(leftmost?.glyph == ellipsis[0])
        #expect(rightmost?.glyph != ellipsis[0])
    }

    @Test func typesettersBreakAfterSpacesThatHang() {
        let string = NSAttributedString(string: "The quick brown fox", attributes: [NSAttributedString.Key(kCTFontAttributeName): font])
        let typesetter = CTTypesetterCreateWithAttributedString(string)
        #expect(CTTypesetterSuggestLineBreak(typesetter, 0, 9939) == 10)
        #expect(CTTypesetterSuggestLineBreak(typesetter, 0, 9938) == 4)
        #expect(CTTypesetterSuggestLineBreak(typesetter, 10, 100_000) == 9)
        // A word wider than the line breaks between characters.
        #expect(CTTypesetterSuggestLineBreak(typesetter, 0, 1500) == 1)
        let second = CTTypesetterCreateLine(typesetter, CFRange(location: 10, length: 9))
        #expect(CTLineGetTypographicBounds(second, nil, nil, nil) == 10097)
    }

    @Test func framesetterStacksLinesByTheirHeights() {
        let string = NSAttributedString(string: "The quick brown fox", attributes: [NSAttributedString.Key(kCTFontAttributeName): font])
        let framesetter = CTFramesetterCreateWithAttributedString(string)
        var fit = CFRange()
        let size = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRange(location: 0, length: 0), nil,
                                                                CGSize(width: 10_100, height: CGFloat.greatestFiniteMagnitude), &fit)
        #expect(size == CGSize(width: 10097, height: 2 * (1901 + 483)))
        #expect(fit == CFRange(location: 0, length: 19))
        let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 10_100, height: 6000), transform: nil), nil)
        #expect(CTFrameGetLines(frame).count == 2)
        var origins = [CGPoint](repeating: .zero, count: 2)
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 0), &origins)
        #expect(origins[0] == CGPoint(x: 0, y: 6000 - 1901))
        #expect(origins[1] == CGPoint(x: 0, y: 6000 - 1901 - 2384))
        // Only one line fits 3000 points.
        let short = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 10_100, height: 3000), transform: nil), nil)
        #expect(CTFrameGetVisibleStringRange(short) == CFRange(location: 0, length: 10))
    }
}

/// Justified paragraphs: every line but the last fills the width exactly, over its spaces.
@Suite struct CTJustificationTests {
    @Test func justifiedLinesFillTheWidth() {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 2048, nil)
        var alignment = CTTextAlignment.justified
        let style = withUnsafeBytes(of: &alignment) { raw in
            var setting = CTParagraphStyleSetting(spec: .alignment, valueSize: 1, value: raw.baseAddress!)
            return CTParagraphStyleCreate(&setting, 1)
        }
        let text = NSAttributedString(string: "The quick brown fox jumps over the lazy dog", attributes: [
            NSAttributedString.Key(kCTFontAttributeName): font, NSAttributedString.Key(kCTParagraphStyleAttributeName): style])
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(text), CFRange(location: 0, length: 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 30_000, height: 20_000), transform: nil), nil)
        let lines = CTFrameGetLines(frame)
        #expect(lines.count == 2)
        let first = CTLineGetTypographicBounds(lines[0], nil, nil, nil) - CTLineGetTrailingWhitespaceWidth(lines[0])
        #expect(abs(first - 30_000) < 1e-6)
        // The last line keeps its natural width ("over the lazy dog" is not stretched).
        #expect(CTLineGetTypographicBounds(lines[1], nil, nil, nil) < 30_000)
        let stretched = CTLineCreateJustifiedLine(CTLineCreateWithAttributedString(
            NSAttributedString(string: "a b", attributes: [NSAttributedString.Key(kCTFontAttributeName): font])), 1, 10_000)
        #expect(stretched.map { CTLineGetTypographicBounds($0, nil, nil, nil) } == 10_000)
    }
}
