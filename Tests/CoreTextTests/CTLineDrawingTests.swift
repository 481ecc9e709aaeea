import CoreText
import Foundation
import LaminaTestSupport
import Testing

/// Lines and frames drawn into bitmaps, compared with reference images (2/255 per channel).
@Suite struct CTLineDrawingTests {
    func context(width: Int, height: Int) -> CGContext {
        let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return context
    }

    @Test func mixedScriptLine() throws {
        let ctx = context(width: 360, height: 48)
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)
        let text = NSAttributedString(string: "office AV שלום عربي 123", attributes: [
            NSAttributedString.Key(kCTFontAttributeName): font,
            NSAttributedString.Key(kCTForegroundColorAttributeName): CGColor(red: 0.1, green: 0.2, blue: 0.7, alpha: 1),
        ])
        ctx.textPosition = CGPoint(x: 8, y: 16)
        CTLineDraw(CTLineCreateWithAttributedString(text), ctx)
        let image = try #require(ctx.makeImage())
        let problem = ReferenceImage.mismatch(image, suite: "CTLineDrawingTests", name: "mixedScriptLine")
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test func rotatedAndStrokedText() throws {
        let ctx = context(width: 200, height: 200)
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 28, nil)
        ctx.translateBy(x: 40, y: 30)
        ctx.rotate(by: .pi / 5)
        ctx.setTextDrawingMode(.stroke)
        ctx.setStrokeColor(CGColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 1))
        ctx.setLineWidth(1)
        var glyphs = [CGGlyph](repeating: 0, count: 5)
        _ = CTFontGetGlyphsForCharacters(font, Array("Ghost".utf16), &glyphs, 5)
        var advances = [CGSize](repeating: .zero, count: 5)
        _ = CTFontGetAdvancesForGlyphs(font, .horizontal, glyphs, &advances, 5)
        var x: CGFloat = 0
        let positions = advances.map { advance -> CGPoint in defer { x += advance.width }; return CGPoint(x: x, y: 0) }
        ctx.setFont(CTFontCopyGraphicsFont(font, nil))
        ctx.setFontSize(28)
        ctx.showGlyphs(glyphs, at: positions)
        let image = try #require(ctx.makeImage())
        let problem = ReferenceImage.mismatch(image, suite: "CTLineDrawingTests", name: "rotatedAndStrokedText")
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test func frameInARectangle() throws {
        let ctx = context(width: 220, height: 120)
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 15, nil)
        var alignment = CTTextAlignment.center
        let style = withUnsafeBytes(of: &alignment) { raw in
            var setting = CTParagraphStyleSetting(spec: .alignment, valueSize: 1, value: raw.baseAddress!)
            return CTParagraphStyleCreate(&setting, 1)
        }
        let text = NSAttributedString(string: "Core Text lays paragraphs out in frames, centred here.", attributes: [
            NSAttributedString.Key(kCTFontAttributeName): font,
            NSAttributedString.Key(kCTParagraphStyleAttributeName): style,
        ])
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(text), CFRange(location: 0, length: 0),
                                             CGPath(rect: CGRect(x: 10, y: 10, width: 200, height: 100), transform: nil), nil)
        CTFrameDraw(frame, ctx)
        #expect(CTFrameGetLines(frame).count == 3)
        let image = try #require(ctx.makeImage())
        let problem = ReferenceImage.mismatch(image, suite: "CTLineDrawingTests", name: "frameInARectangle")
        #expect(problem == nil, "\(problem ?? "")")
    }
}
