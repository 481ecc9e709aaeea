import CoreGraphics
import CoreText
import Foundation
import Testing

/// Hostile text found by outside probing: each ends with a clear result, never a trap, a hang
/// or a negative size; long text lays out in work that grows with its length.
@Suite struct HostileTextTests {
    let font = CTFontCreateWithName("DejaVu Sans" as CFString, 12, nil)

    func string(_ text: String, _ extra: [NSAttributedString.Key: Any] = [:]) -> NSAttributedString {
        var attributes = extra
        attributes[NSAttributedString.Key(kCTFontAttributeName)] = font
        return NSAttributedString(string: text, attributes: attributes)
    }

    @Test(arguments: [-10.0, .nan, -.infinity])
    func truncatingAnEmptyLineToABadWidth(width: Double) {
        let empty = CTLineCreateWithAttributedString(string(""))
        #expect(CTLineCreateTruncatedLine(empty, width, .end, nil) == nil)
        #expect(CTLineCreateTruncatedLine(empty, width, .middle, nil) == nil)
        #expect(CTLineCreateTruncatedLine(empty, width, .start, nil) == nil)
        // A real line too: nothing fits a negative or NaN width.
        let word = CTLineCreateWithAttributedString(string("Hello"))
        #expect(CTLineCreateTruncatedLine(word, width, .end, nil) == nil)
        // An empty line fits any width that is not negative.
        #expect(CTLineCreateTruncatedLine(empty, 0, .end, nil) != nil)
    }

    @Test(arguments: [NSNumber(value: Int.max), NSNumber(value: 1e300), NSNumber(value: Double.nan), NSNumber(value: -Double.infinity)])
    func underlineAndStrikethroughStylesOfAnySize(style: NSNumber) throws {
        let text = string("Struck", [NSAttributedString.Key("NSUnderline"): style, NSAttributedString.Key("NSStrikethrough"): style])
        let line = CTLineCreateWithAttributedString(text)
        let ctx = try #require(CGContext(data: nil, width: 80, height: 20, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.textPosition = CGPoint(x: 2, y: 5)
        CTLineDraw(line, ctx)
        #expect(CTLineGetGlyphCount(line) == 6)
    }

    @Test func negativeSpacingsCountAsZero() {
        func height(_ style: CTParagraphStyle?) -> CGFloat {
            var attributes: [NSAttributedString.Key: Any] = [NSAttributedString.Key(kCTFontAttributeName): font]
            if let style { attributes[NSAttributedString.Key(kCTParagraphStyleAttributeName)] = style }
            let text = NSAttributedString(string: "One\nTwo\nThree", attributes: attributes)
            let setter = CTFramesetterCreateWithAttributedString(text)
            return CTFramesetterSuggestFrameSizeWithConstraints(setter, CFRange(location: 0, length: 0), nil,
                                                                CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude), nil).height
        }
        var spacing: CGFloat = -1e30
        let settings = withUnsafeBytes(of: &spacing) { raw in
            [CTParagraphStyleSetting(spec: .paragraphSpacing, valueSize: MemoryLayout<CGFloat>.size, value: raw.baseAddress!),
             CTParagraphStyleSetting(spec: .paragraphSpacingBefore, valueSize: MemoryLayout<CGFloat>.size, value: raw.baseAddress!),
             CTParagraphStyleSetting(spec: .lineSpacingAdjustment, valueSize: MemoryLayout<CGFloat>.size, value: raw.baseAddress!)]
        }
        let negative = CTParagraphStyleCreate(settings, settings.count)
        #expect(height(negative) == height(nil))
        #expect(height(negative) > 0)
    }

    /// Sizing a long paragraph breaks each line once: the work for twice the words stays
    /// within 2.3 times the work (it was quadratic: every line scanned to the paragraph's end
    /// and found the whole paragraph's character breaks again).
    @Test func suggestingTheSizeOfALongParagraphIsLinear() {
        func work(_ words: Int) -> Int {
            // Every third word is wider than the line, so it breaks between characters.
            let long = String(repeating: "x", count: 60)
            let text = string(Array(repeating: "lorem ipsum \(long)", count: words / 3).joined(separator: " "))
            return WorkCounter.measure {
                let setter = CTFramesetterCreateWithAttributedString(text)
                let size = CTFramesetterSuggestFrameSizeWithConstraints(setter, CFRange(location: 0, length: 0), nil,
                                                                        CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude), nil)
                #expect(size.height > 0)
            }
        }
        let small = work(600), large = work(1_200)
        #expect(small > 0)
        #expect(Double(large) <= 2.3 * Double(small), "\(small) steps for 600 words, \(large) for 1,200")
    }

    /// One base with a long run of combining marks is shaped in bounded pieces: the counted
    /// shaping work (HarfBuzz's cost grows with the square of what it shapes at once) grows
    /// linearly with the marks.
    @Test func aBaseWithVeryManyCombiningMarks() {
        func work(_ marks: Int) -> (steps: Int, glyphs: Int) {
            let text = "a" + String(repeating: "\u{0301}", count: marks)
            var glyphs = 0
            let steps = WorkCounter.measure {
                let line = CTLineCreateWithAttributedString(string(text))
                glyphs = CTLineGetGlyphCount(line)
            }
            return (steps, glyphs)
        }
        let small = work(20_000), large = work(40_000)
        #expect(small.glyphs >= 20_000 && large.glyphs >= 40_000)
        #expect(Double(large.steps) <= 2.3 * Double(small.steps), "\(small.steps) steps for 20,000 marks, \(large.steps) for 40,000")
        #expect(work(100_000).glyphs >= 100_000)
    }
}
