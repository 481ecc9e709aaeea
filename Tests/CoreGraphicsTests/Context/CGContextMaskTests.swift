import CoreGraphics
import Testing

@Suite struct CGContextMaskTests {
    /// A 2×1 opaque mask image: white on the left, black on the right.
    private func halfMask() -> CGImage {
        let ctx = CGContext(data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)!
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        return ctx.makeImage()!
    }

    @Test func maskLuminanceGatesDrawing() {
        let bitmap = BitmapFixture(width: 8, height: 4)
        let ctx = bitmap.context
        ctx.interpolationQuality = .none
        ctx.clip(to: CGRect(x: 0, y: 0, width: 8, height: 4), mask: halfMask())
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 8, height: 4))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        #expect(bitmap.pixel(1, row: 1) == [255, 0, 0, 255])
        #expect(bitmap.pixel(6, row: 1) == [0, 0, 0, 0])
    }

    @Test func maskOutsideItsRectBlocksAndRestoreClears() {
        let bitmap = BitmapFixture(width: 8, height: 4)
        let ctx = bitmap.context
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: halfMask())
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        #expect(bitmap.pixel(7, row: 0) == [0, 0, 0, 0])
        ctx.restoreGState()
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        #expect(bitmap.pixel(7, row: 0) == [0, 0, 0, 255])
        // A degenerate mask rectangle clips everything away.
        ctx.clip(to: CGRect(x: 0, y: 0, width: 0, height: 4), mask: halfMask())
        ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        #expect(bitmap.pixel(0, row: 0) == [0, 0, 0, 255])
    }

    @Test func croppingKeepsTheSelectedPixels() throws {
        let ctx = try #require(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(),
                                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        // Top-right pixel (memory row 0, column 3) blue.
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 3, y: 3, width: 1, height: 1))
        let image = try #require(ctx.makeImage())
        let corner = try #require(image.cropping(to: CGRect(x: 2.5, y: 0, width: 1.5, height: 1)))
        #expect(corner.width == 2 && corner.height == 1)
        let readback = BitmapFixture(width: 2, height: 1)
        readback.context.draw(corner, in: CGRect(x: 0, y: 0, width: 2, height: 1))
        #expect(readback.pixel(1, row: 0) == [0, 0, 255, 255])
        #expect(readback.pixel(0, row: 0) == [0, 0, 0, 0])
        #expect(image.cropping(to: CGRect(x: 10, y: 10, width: 2, height: 2)) == nil)
        #expect(image.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 2, height: 2)) == nil)
    }
}
