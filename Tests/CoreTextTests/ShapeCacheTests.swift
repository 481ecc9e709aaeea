import CoreText
import Foundation
import Testing

/// Words are shaped once and kept when no joining or kerning lookup of the face involves the
/// space; the result must equal shaping the whole run (HarfBuzz reference widths at 2048 pt:
/// "The quick brown fox" 20687, "office" 4 glyphs).
@Suite struct ShapeCacheTests {
    let font = CTFontCreateWithName("DejaVu Sans" as CFString, 2048, nil)

    func line(_ text: String) -> CTLine {
        CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: [NSAttributedString.Key(kCTFontAttributeName): font]))
    }

    @Test func dejaVuSansSpaceJoinsOnlyWithMarks() {
        // DejaVu Sans ligates the space with Arabic harakat (liga lookup 19) and nothing else.
        #expect(spaceIndependent(font))
    }

    @Test func wordByWordShapingEqualsWholeRuns() {
        for _ in 0..<2 {   // the second time from the cache
            #expect(CTLineGetTypographicBounds(line("The quick brown fox"), nil, nil, nil) == 20687)
            #expect(CTLineGetGlyphCount(line("an office waffle")) == 12)   // ffi and ffl ligatures
        }
    }

    @Test func aMarkAfterASpaceJoinsIt() {
        // In Arabic text U+064E after a space becomes the spacing form U+FE76: one glyph for two
        // characters (HarfBuzz gives beh and that ligature).
        #expect(CTLineGetGlyphCount(line("\u{0628} \u{064E}")) == 2)
    }
}
