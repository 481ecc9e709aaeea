import CoreGraphics
import LaminaTestSupport
import Testing

@Suite struct CGContextInterpolationTests {
    /// A 64 × 64 one-pixel black-and-white checkerboard.
    private func checkerboard() -> CGImage {
        let ctx = CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)!
        ctx.setFillColor(gray: 1, alpha: 1)
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 0 { ctx.fill(CGRect(x: x, y: y, width: 1, height: 1)) } }
        return ctx.makeImage()!
    }

    private func reduce(_ quality: CGInterpolationQuality) -> [Int] {
        let bitmap = BitmapFixture(width: 8, height: 8)
        bitmap.context.interpolationQuality = quality
        bitmap.context.draw(checkerboard(), in: CGRect(x: 0, y: 0, width: 8, height: 8))
        return (0..<8).flatMap { row in (0..<8).map { Int(bitmap.pixel($0, row: row)[0]) } }
    }

    @Test func highQualityAveragesStrongReductions() {
        let high = reduce(.high)
        #expect(high.allSatisfy { abs($0 - 127) <= 3 })
        #expect(reduce(.medium) == high)
        // Without prefiltering, an 8× reduction samples individual texels.
        let none = reduce(.none)
        #expect(none.allSatisfy { $0 == 0 || $0 == 255 })
    }

    @Test func qualitiesRenderLikeTheReference() {
        let ctx = CGContext(data: nil, width: 4 * 40, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        let image = checkerboard()
        for (index, quality) in [CGInterpolationQuality.none, .low, .medium, .high].enumerated() {
            ctx.saveGState()
            ctx.interpolationQuality = quality
            ctx.translateBy(x: CGFloat(index) * 40 + 20, y: 20)
            ctx.rotate(by: 0.3)
            ctx.draw(image, in: CGRect(x: -15, y: -15, width: 30, height: 30))
            ctx.restoreGState()
        }
        let message = ReferenceImage.mismatch(ctx.makeImage()!, suite: "CGContextInterpolationTests", name: "qualities")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
