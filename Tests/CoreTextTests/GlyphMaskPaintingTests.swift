import CoreText
import Foundation
import Testing

/// Upright glyphs are drawn from cached coverage masks; the same glyphs filled as outlines at
/// the same (quarter-pixel) places must give the same pixels up to curve flattening, whatever
/// the colour and whatever the mask's width, including glyphs that run off the bitmap's right
/// edge, and pixels outside the glyphs keep their values.
@Suite struct GlyphMaskPaintingTests {
    static let width = 61, height = 40

    /// A bitmap whose every pixel differs (colour and alpha), so a stray write shows.
    func patterned() -> CGContext {
        let ctx = CGContext(data: nil, width: Self.width, height: Self.height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let alpha = CGFloat(128 + (x * 7 + y * 3) % 128) / 255
                ctx.setFillColor(CGColor(red: CGFloat(x % 5) / 4 * alpha, green: CGFloat(y % 3) / 2 * alpha,
                                         blue: CGFloat((x + y) % 7) / 6 * alpha, alpha: alpha))
                ctx.fill(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return ctx
    }

    func bytes(_ ctx: CGContext) -> [UInt8] {
        Array(UnsafeBufferPointer(start: ctx.data!.assumingMemoryBound(to: UInt8.self), count: ctx.bytesPerRow * ctx.height))
    }

    @Test(arguments: [
        CGColor(red: 0, green: 0, blue: 0, alpha: 1),
        CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1),
        CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6),
    ])
    func masksMatchFilledOutlines(color: CGColor) throws {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 13, nil)
        let text = Array("Wil.mjq|".utf16)
        var glyphs = [CGGlyph](repeating: 0, count: text.count)
        #expect(CTFontGetGlyphsForCharacters(font, text, &glyphs, text.count))
        // Quarter-pixel x positions, so the masks sit exactly where the outlines do; the last
        // glyphs straddle the right edge.
        var positions: [CGPoint] = []
        for i in 0..<glyphs.count {
            let x: CGFloat = 2.25 + 7.5 * CGFloat(i)
            positions.append(CGPoint(x: x, y: CGFloat(8 + 3 * (i % 3))))
        }

        let cached = patterned()
        cached.setFillColor(color)
        cached.setFont(CTFontCopyGraphicsFont(font, nil))
        cached.setFontSize(13)
        cached.showGlyphs(glyphs, at: positions)

        let outlines = patterned()
        outlines.setFillColor(color)
        for (glyph, position) in zip(glyphs, positions) {
            var place = CGAffineTransform(translationX: position.x, y: position.y)
            let path = try #require(CTFontCreatePathForGlyph(font, glyph, &place))
            outlines.addPath(path)
            outlines.fillPath()
        }

        let a = bytes(cached), b = bytes(outlines)
        var worst = 0, changed = 0
        let untouched = bytes(patterned())
        for i in a.indices {
            worst = max(worst, abs(Int(a[i]) - Int(b[i])))
            if a[i] != untouched[i] { changed += 1 }
        }
        #expect(changed > 200, "the glyphs were drawn")
        // Masks flatten curves to 0.05 px, paths to 0.1 px: coverage near curve tops differs by
        // a few levels (measured ≤ 12). A lost or misplaced column of a glyph is ≥ 60 levels
        // off (the narrow `i`, `l`, `.` and `|` are drawn entirely by the painter's tail).
        #expect(worst <= 16)
    }
}
