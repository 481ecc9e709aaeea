import CoreText
import Foundation
import LaminaTestSupport
import Testing

/// Fonts registered from files (as an app registers the fonts it ships), colour emoji and
/// Devanagari shaping, with the OFL fonts in `Fixtures/` so no installed font is needed.
@Suite struct CTFontManagerTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let emojiURL = fixtures.appendingPathComponent("NotoColorEmoji-Subset.ttf")
    static let devanagariURL = fixtures.appendingPathComponent("LohitDevanagari-Subset.ttf")

    /// Registers the fixture fonts once for the process (registering twice is an error).
    static let registered: Bool = {
        CTFontManagerRegisterFontsForURL(emojiURL as CFURL, .process, nil)
            && CTFontManagerRegisterFontsForURL(devanagariURL as CFURL, .process, nil)
    }()

    func font(_ name: String, _ size: CGFloat) -> CTFont {
        CTFontCreateWithName(name as CFString, size, nil)
    }

    func whiteContext(width: Int, height: Int) -> CGContext {
        let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return context
    }

    func line(_ string: String, _ font: CTFont) -> CTLine {
        CTLineCreateWithAttributedString(NSAttributedString(string: string, attributes: [
            NSAttributedString.Key(kCTFontAttributeName): font,
        ]))
    }

    @Test func registeringAFontFileMakesItsFamilyAvailable() {
        #expect(Self.registered)
        #expect(CTFontCopyFamilyName(font("Lohit Devanagari", 20)) == "Lohit Devanagari")
        #expect(CTFontCopyFamilyName(font("Noto Color Emoji", 20)) == "Noto Color Emoji")
    }

    @Test func registrationErrorsCarryCoreTextsCodes() throws {
        _ = Self.registered
        var error: Unmanaged<CFError>?
        #expect(!CTFontManagerRegisterFontsForURL(Self.emojiURL as CFURL, .process, &error))
        #expect(error?.takeRetainedValue().code == CTFontManagerError.alreadyRegistered.rawValue)

        error = nil
        let missing = Self.fixtures.appendingPathComponent("NoSuchFont.ttf")
        #expect(!CTFontManagerRegisterFontsForURL(missing as CFURL, .process, &error))
        let missingError = try #require(error?.takeRetainedValue())
        #expect(missingError.domain == kCTFontManagerErrorDomain)
        #expect(missingError.code == CTFontManagerError.fileNotFound.rawValue)

        error = nil
        let notAFont = Self.fixtures.appendingPathComponent("README.md")
        #expect(!CTFontManagerRegisterFontsForURL(notAFont as CFURL, .process, &error))
        #expect(error?.takeRetainedValue().code == CTFontManagerError.invalidFontData.rawValue)

        error = nil
        #expect(!CTFontManagerUnregisterFontsForURL(missing as CFURL, .process, &error))
        #expect(error?.takeRetainedValue().code == CTFontManagerError.notRegistered.rawValue)
    }

    /// Noto Color Emoji's advance is 2550 of 2048 units (its hmtx), whatever the strike size.
    @Test func emojiFallBackToTheColourFontWithItsAdvance() throws {
        _ = Self.registered
        let emojiLine = line("😀", font("DejaVu Sans", 40))
        let runs = CTLineGetGlyphRuns(emojiLine)
        #expect(runs.count == 1)
        let runFont = try #require(CTRunGetAttributes(runs[0])[NSAttributedString.Key(kCTFontAttributeName)] as? CTFont)
        #expect(CTFontCopyFamilyName(runFont) == "Noto Color Emoji")
        let expected: Double = 2550.0 / 2048 * 40
        #expect(CTLineGetTypographicBounds(emojiLine, nil, nil, nil) == expected)
    }

    /// U+2764 is in DejaVu Sans as a black heart; followed by U+FE0F it asks for the emoji.
    @Test func anEmojiPresentationSelectorPicksTheColourGlyph() throws {
        _ = Self.registered
        let plain = CTLineGetGlyphRuns(line("\u{2764}", font("DejaVu Sans", 30)))
        let selected = CTLineGetGlyphRuns(line("\u{2764}\u{FE0F}", font("DejaVu Sans", 30)))
        func family(_ run: CTRun) -> String? {
            (CTRunGetAttributes(run)[NSAttributedString.Key(kCTFontAttributeName)] as? CTFont).map { CTFontCopyFamilyName($0) }
        }
        #expect(plain.map(family) == ["DejaVu Sans"])
        #expect(selected.map(family) == ["Noto Color Emoji"])
    }

    @Test func colourGlyphsDrawInTheirOwnColours() throws {
        _ = Self.registered
        let context = whiteContext(width: 64, height: 64)
        // A black text colour: the emoji ignores it.
        let text = NSAttributedString(string: "😀", attributes: [
            NSAttributedString.Key(kCTFontAttributeName): font("DejaVu Sans", 48),
            NSAttributedString.Key(kCTForegroundColorAttributeName): CGColor(red: 0, green: 0, blue: 0, alpha: 1),
        ])
        context.textPosition = CGPoint(x: 2, y: 12)
        CTLineDraw(CTLineCreateWithAttributedString(text), context)
        let image = try #require(context.makeImage())
        let pixels = ReferenceImage.pixels(of: image)
        // The face's yellow, a little above the centre of the glyph (the cheek, between eyes and mouth).
        let o = (28 * 64 + 18) * 4
        let (r, g, b) = (pixels[o], pixels[o + 1], pixels[o + 2])
        #expect(r > 200 && g > 140 && b < 100, "\(r) \(g) \(b)")
    }

    @Test func emojiLineRendersLikeTheReference() throws {
        _ = Self.registered
        let context = whiteContext(width: 240, height: 48)
        let text = NSAttributedString(string: "Go 🚀👍🎉 ❤️!", attributes: [
            NSAttributedString.Key(kCTFontAttributeName): font("DejaVu Sans", 24),
            NSAttributedString.Key(kCTForegroundColorAttributeName): CGColor(red: 0.2, green: 0.2, blue: 0.6, alpha: 1),
        ])
        context.textPosition = CGPoint(x: 6, y: 16)
        CTLineDraw(CTLineCreateWithAttributedString(text), context)
        let image = try #require(context.makeImage())
        let problem = ReferenceImage.mismatch(image, suite: "CTFontManagerTests", name: "emojiLine")
        #expect(problem == nil, "\(problem ?? "")")
    }

    /// Devanagari through HarfBuzz's Indic shaper: the i-matra (U+093F) is written after its
    /// consonant but drawn before it, both glyphs in the consonant's cluster; ka + virama + ssa
    /// is the conjunct kssa, one glyph (Lohit's akhn); नमस्ते is five glyphs (s+t is a
    /// half-form conjunct). Advances from Lohit's hmtx, 1024 units to the em.
    @Test func devanagariReordersAndFormsConjuncts() throws {
        _ = Self.registered
        let deva = font("Lohit Devanagari", 20)
        var glyphs = [CGGlyph](repeating: 0, count: 2)
        #expect(CTFontGetGlyphsForCharacters(deva, [0x0915, 0x093F], &glyphs, 2))
        let (ka, iMatra) = (glyphs[0], glyphs[1])

        let ki = line("कि", deva)
        let kiRuns = CTLineGetGlyphRuns(ki)
        #expect(kiRuns.count == 1)
        var drawn = [CGGlyph](repeating: 0, count: 2)
        #expect(CTRunGetGlyphCount(kiRuns[0]) == 2)
        CTRunGetGlyphs(kiRuns[0], CFRange(location: 0, length: 2), &drawn)
        #expect(drawn == [iMatra, ka])
        var indices = [CFIndex](repeating: -1, count: 2)
        CTRunGetStringIndices(kiRuns[0], CFRange(location: 0, length: 2), &indices)
        #expect(indices == [0, 0])
        let kiWidth: Double = (266.0 + 749) * 20 / 1024
        #expect(CTLineGetTypographicBounds(ki, nil, nil, nil) == kiWidth)

        #expect(CTLineGetGlyphCount(line("क्ष", deva)) == 1)
        #expect(CTLineGetGlyphCount(line("नमस्ते", deva)) == 5)
    }
}
