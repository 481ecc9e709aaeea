import CoreText
import Foundation
import Testing

/// Font metrics and glyphs of DejaVu Sans (on every machine of Lamina's kind), checked against
/// the values in the font file itself (read with fontTools: unitsPerEm 2048, hhea ascender
/// 1901, descender −483, line gap 0; post underline −40, thickness 90; 'A' and 'V' advance
/// 1401, glyph ids 36 and 57).
@Suite struct CTFontTests {
    let font = CTFontCreateWithName("DejaVu Sans" as CFString, 17, nil)

    @Test func metricsScaleTheFontUnitsLinearly() {
        #expect(CTFontCopyPostScriptName(font) == "DejaVuSans")
        #expect(CTFontGetUnitsPerEm(font) == 2048)
        #expect(CTFontGetSize(font) == 17)
        #expect(abs(CTFontGetAscent(font) - 1901 * 17 / 2048) < 1e-12)
        #expect(abs(CTFontGetDescent(font) - 483 * 17 / 2048) < 1e-12)
        #expect(CTFontGetLeading(font) == 0)
        #expect(abs(CTFontGetUnderlinePosition(font) - -40 * 17 / 2048) < 1e-12)
        #expect(abs(CTFontGetUnderlineThickness(font) - 90 * 17 / 2048) < 1e-12)
        // Twice the size, twice every metric.
        let large = CTFontCreateCopyWithAttributes(font, 34, nil, nil)
        #expect(abs(CTFontGetAscent(large) - 2 * CTFontGetAscent(font)) < 1e-12)
    }

    @Test func glyphsAndAdvancesForCharacters() {
        let characters: [UniChar] = Array("AV".utf16)
        var glyphs = [CGGlyph](repeating: 0, count: 2)
        #expect(CTFontGetGlyphsForCharacters(font, characters, &glyphs, 2))
        #expect(glyphs == [36, 57])
        var advances = [CGSize](repeating: .zero, count: 2)
        let total = CTFontGetAdvancesForGlyphs(font, .horizontal, glyphs, &advances, 2)
        #expect(abs(advances[0].width - 1401 * 17 / 2048) < 1e-12)
        #expect(abs(total - 2 * 1401 * 17 / 2048) < 1e-9)
        // A character the face lacks has no glyph, and the call says so.
        var missing: [CGGlyph] = [0]
        #expect(!CTFontGetGlyphsForCharacters(font, [0xE000], &missing, 1))
    }

    @Test func glyphOutlinesSitOnTheBaseline() throws {
        let path = try #require(CTFontCreatePathForGlyph(font, 43, nil))   // 'H'
        let box = path.boundingBoxOfPath
        #expect(abs(box.minY) < 1e-9)
        #expect(box.maxY > 12 && box.maxY < CTFontGetAscent(font))
        #expect(CTFontCreatePathForGlyph(font, 60_000, nil) == nil)
    }

    @Test func unknownNamesGiveNilGraphicsFontsAndAFallbackCTFont() {
        #expect(CGFont("No Such Font Anywhere" as CFString) == nil)
        #expect(CGFont("DejaVu Sans" as CFString)?.postScriptName == "DejaVuSans")
        let fallback = CTFontCreateWithName("No Such Font Anywhere" as CFString, 12, nil)
        #expect(CTFontGetSize(fallback) == 12)
    }

    @Test func boldAndItalicFacesOfTheFamily() throws {
        let bold = try #require(CTFontCreateCopyWithSymbolicTraits(font, 0, nil, .traitBold, .traitBold))
        #expect(CTFontCopyPostScriptName(bold) == "DejaVuSans-Bold")
        #expect(CTFontGetSymbolicTraits(bold).contains(.traitBold))
        let italic = try #require(CTFontCreateCopyWithSymbolicTraits(font, 0, nil, .traitItalic, .traitItalic))
        #expect(CTFontCopyPostScriptName(italic) == "DejaVuSans-Oblique")
    }
}
