import Testing
import UIKit

/// UIFont as iOS defines it: text styles at the default (Large) content size, names, and
/// metrics from the face (the stand-in system face here is DejaVu Sans: unitsPerEm 2048,
/// ascender 1901, descender −483, no line gap, read from the font file).
@MainActor
@Suite struct UIFontTests {
    @Test func textStylesHaveIOSDefaultSizes() {
        let sizes: [(UIFont.TextStyle, CGFloat)] = [(.largeTitle, 34), (.title1, 28), (.title2, 22), (.title3, 20), (.headline, 17),
                                                    (.body, 17), (.callout, 16), (.subheadline, 15), (.footnote, 13),
                                                    (.caption1, 12), (.caption2, 11)]
        for (style, size) in sizes { #expect(UIFont.preferredFont(forTextStyle: style).pointSize == size) }
        // Headline is the semibold body size.
        #expect(UIFont.preferredFont(forTextStyle: .headline).fontName != UIFont.preferredFont(forTextStyle: .body).fontName)
    }

    @Test func lineHeightIsAscenderMinusDescenderPlusLeading() {
        let font = UIFont.systemFont(ofSize: 17)
        #expect(abs(font.ascender - 1901 * 17 / 2048) < 1e-12)
        #expect(abs(font.descender - -483 * 17 / 2048) < 1e-12)
        #expect(font.leading == 0)
        #expect(font.lineHeight == font.ascender - font.descender + font.leading)
        #expect(abs(font.withSize(34).lineHeight - 2 * font.lineHeight) < 1e-12)
    }

    @Test func namesAndFamilies() throws {
        #expect(UIFont(name: "No Such Font", size: 12) == nil)
        let bold = try #require(UIFont(name: "DejaVuSans-Bold", size: 12))
        #expect(bold.fontName == "DejaVuSans-Bold")
        #expect(bold.familyName == "DejaVu Sans")
        #expect(UIFont.familyNames.contains("DejaVu Sans"))
        #expect(UIFont.fontNames(forFamilyName: "DejaVu Sans").contains("DejaVuSans-Bold"))
        #expect(UIFont.boldSystemFont(ofSize: 12).fontDescriptor.symbolicTraits.contains(.traitBold))
        #expect(UIFont.italicSystemFont(ofSize: 12).fontDescriptor.symbolicTraits.contains(.traitItalic))
        #expect(UIFont.monospacedSystemFont(ofSize: 12, weight: .regular).fontDescriptor.symbolicTraits.contains(.traitMonoSpace))
        let descriptor = try #require(UIFont.systemFont(ofSize: 15).fontDescriptor.withSymbolicTraits(.traitBold))
        #expect(UIFont(descriptor: descriptor, size: 0).fontName == "DejaVuSans-Bold")
        #expect(UIFont(descriptor: descriptor, size: 0).pointSize == 15)
    }

    @Test func fontMetricsLeaveTheDefaultContentSizeAlone() {
        let font = UIFont.systemFont(ofSize: 17)
        #expect(UIFontMetrics.default.scaledFont(for: font).pointSize == 17)
        #expect(UIFontMetrics(forTextStyle: .title1).scaledValue(for: 10) == 10)
    }
}
