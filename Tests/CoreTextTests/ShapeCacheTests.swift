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

/// The glyph cache: a second drawing of the same text rasterizes nothing, and the cache keeps
/// within its budget however many sizes are drawn.
@Suite(.serialized) struct GlyphCacheTests {
    func draw(_ text: String, size: CGFloat, into ctx: CGContext) {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, size, nil)
        ctx.textPosition = CGPoint(x: 4, y: 20)
        CTLineDraw(CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: [
            NSAttributedString.Key(kCTFontAttributeName): font])), ctx)
    }

    @Test func drawingAgainHitsTheCacheAndTheBudgetHolds() throws {
        let ctx = try #require(CGContext(data: nil, width: 400, height: 60, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        // A size no other test draws at, so other suites running at once share no strike.
        let face = CTFontCreateWithName("DejaVu Sans" as CFString, 13.37, nil).face
        draw("Cached glyphs", size: 13.37, into: ctx)
        let first = GlyphCache.shared.maskCount(face: face, scale: 13.37 / 2048, flipped: false)
        #expect(first >= 9)   // "Cached glyphs": nine distinct letters, at one or more quarter offsets
        draw("Cached glyphs", size: 13.37, into: ctx)
        #expect(GlyphCache.shared.maskCount(face: face, scale: 13.37 / 2048, flipped: false) == first)
        for size in stride(from: 40.0, to: 200.0, by: 1.5) { draw("Budget", size: CGFloat(size), into: ctx) }
        #expect(GlyphCache.shared.byteCount <= GlyphCache.byteBudget)
    }
}
