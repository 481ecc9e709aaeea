@testable import CoreGraphics
import Testing

/// The compositor's resampled-image copies: the second draw of an image at one size and phase
/// copies pixels resampled once, and looks like drawing the image directly.
@Suite struct CGContextResampledImageTests {
    /// A 6 × 5 image with a different translucent colour in every texel.
    private func photo() -> CGImage {
        var pixels: [UInt8] = []
        for y in 0..<5 {
            for x in 0..<6 {
                let alpha = UInt8(155 + 20 * y)
                // Premultiplied: colour never above alpha.
                pixels += [UInt8(x * 40 % Int(alpha)), UInt8(y * 50 % Int(alpha)), UInt8((x + y) * 17 % Int(alpha)), alpha]
            }
        }
        return CGImage(width: 6, height: 5, pixels: pixels, isOpaque: false)
    }

    /// Every byte of both bitmaps, paired.
    private func largestDifference(_ a: BitmapFixture, _ b: BitmapFixture) -> Int {
        (0..<(a.width * a.height * 4)).reduce(0) { max($0, abs(Int(a.memory[$1]) - Int(b.memory[$1]))) }
    }

    /// Draws `image` into `rect` of a 48 × 40 bitmap over an opaque backdrop, directly or
    /// through `cache`, after `setUp` adjusted the context.
    private func draw(_ image: CGImage, in rect: CGRect, cache: ResampledImageCache?,
                      setUp: (CGContext) -> Void = { _ in }) -> BitmapFixture {
        let bitmap = BitmapFixture(width: 48, height: 40)
        let ctx = bitmap.context
        ctx.setFillColor(red: 0.1, green: 0.7, blue: 0.3, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 48, height: 40))
        setUp(ctx)
        if let cache { ctx.draw(image, in: rect, resamplingWith: cache) } else { ctx.draw(image, in: rect) }
        return bitmap
    }

    @Test func theSecondDrawCopiesAResampleMadeOnce() {
        let image = photo()
        let cache = ResampledImageCache()
        let rect = CGRect(x: 3, y: 5, width: 30, height: 25)
        let direct = draw(image, in: rect, cache: nil)
        // First sighting: drawn directly, only remembered.
        let first = draw(image, in: rect, cache: cache)
        #expect(cache.resampledCount == 0)
        #expect(largestDifference(first, direct) == 0)
        let second = draw(image, in: rect, cache: cache)
        #expect(cache.resampledCount == 1)
        #expect(cache.byteCount == 30 * 25 * 4)
        // Whole-pixel edges: the copy is the direct draw, byte for byte.
        #expect(largestDifference(second, direct) == 0)
        // Moved by whole pixels, clipped and faded: the same copy, still as drawn directly.
        let moved = CGRect(x: 11, y: 2, width: 30, height: 25)
        let setUp: (CGContext) -> Void = { ctx in
            ctx.clip(to: CGRect(x: 14, y: 6, width: 20, height: 30))
            ctx.setAlpha(0.6)
        }
        let third = draw(image, in: moved, cache: cache, setUp: setUp)
        #expect(cache.resampledCount == 1)
        #expect(largestDifference(third, draw(image, in: moved, cache: nil, setUp: setUp)) <= 1)
    }

    @Test func fractionalPhasesGetTheirOwnCopyWithSoftEdges() {
        let image = photo()
        let cache = ResampledImageCache()
        let rect = CGRect(x: 3.25, y: 5.5, width: 30.5, height: 24.75)
        let direct = draw(image, in: rect, cache: nil)
        _ = draw(image, in: rect, cache: cache)
        let copied = draw(image, in: rect, cache: cache)
        #expect(cache.resampledCount == 1)
        // Partly covered edge pixels are rounded once more (the copy holds coverage × colour).
        #expect(largestDifference(copied, direct) <= 1)
        // A whole pixel further on: the same phase, the same copy.
        _ = draw(image, in: rect.offsetBy(dx: 2, dy: -1), cache: cache)
        #expect(cache.resampledCount == 1)
        // A quarter pixel further: another phase.
        _ = draw(image, in: rect.offsetBy(dx: 0.25, dy: 0), cache: cache)
        _ = draw(image, in: rect.offsetBy(dx: 0.25, dy: 0), cache: cache)
        #expect(cache.resampledCount == 2)
    }

    @Test func drawsThatGainNothingAreNotCopied() {
        let image = photo()
        let cache = ResampledImageCache()
        for _ in 0..<2 {
            // At its own size the image is already copied texel for texel.
            _ = draw(image, in: CGRect(x: 4, y: 4, width: 6, height: 5), cache: cache)
            // Rotated, or blended otherwise than normally.
            _ = draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 20), cache: cache) { $0.rotate(by: 0.3) }
            _ = draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 20), cache: cache) { $0.setBlendMode(.multiply) }
        }
        #expect(cache.resampledCount == 0)
        // Rotated and blended draws still draw.
        let rotated = draw(image, in: CGRect(x: 10, y: 0, width: 20, height: 20), cache: cache) { $0.rotate(by: 0.3) }
        #expect(largestDifference(rotated, draw(image, in: CGRect(x: 10, y: 0, width: 20, height: 20), cache: nil) { $0.rotate(by: 0.3) }) == 0)
    }

    @Test func oldAndOverBudgetCopiesAreDropped() {
        let image = photo()
        // Room for one 30 × 25 copy only.
        let cache = ResampledImageCache(byteBudget: 30 * 25 * 4, maximumAge: 3)
        for _ in 0..<2 { _ = draw(image, in: CGRect(x: 0, y: 0, width: 30, height: 25), cache: cache) }
        #expect(cache.resampledCount == 1)
        for _ in 0..<2 { _ = draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 25), cache: cache) }
        // The least recently used went to make room.
        #expect(cache.resampledCount == 1)
        #expect(cache.byteCount == 20 * 25 * 4)
        for _ in 0..<3 { cache.endFrame() }
        #expect(cache.resampledCount == 1)
        cache.endFrame()
        #expect(cache.resampledCount == 0)
        #expect(cache.byteCount == 0)
    }
}
