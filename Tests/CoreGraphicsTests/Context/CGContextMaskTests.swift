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

    /// A 1-bit 4×2 image mask: top row 0 1 0 1 (paint, block, …), bottom row all 1 (block).
    private func stripeMask(decode: [CGFloat]? = nil) -> CGImage? {
        let bytes: [UInt8] = [0b0101_0000, 0b1111_0000]
        let provider = CGDataProvider(data: Data(bytes) as CFData)!
        if let decode {
            return decode.withUnsafeBufferPointer { d in
                CGImage(maskWidth: 4, height: 2, bitsPerComponent: 1, bitsPerPixel: 1, bytesPerRow: 1,
                        provider: provider, decode: d.baseAddress, shouldInterpolate: false)
            }
        }
        return CGImage(maskWidth: 4, height: 2, bitsPerComponent: 1, bitsPerPixel: 1, bytesPerRow: 1,
                       provider: provider, decode: nil, shouldInterpolate: false)
    }

    @Test func imageMaskPaintsTheFillColourWhereSamplesAreZero() throws {
        let mask = try #require(stripeMask())
        #expect(mask.isMask)
        #expect(mask.colorSpace == nil)
        let bitmap = BitmapFixture(width: 4, height: 2)
        bitmap.context.interpolationQuality = .none
        bitmap.context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        bitmap.context.draw(mask, in: CGRect(x: 0, y: 0, width: 4, height: 2))
        #expect(bitmap.pixel(0, row: 0) == [0, 0, 255, 255])
        #expect(bitmap.pixel(1, row: 0) == [0, 0, 0, 0])
        #expect(bitmap.pixel(2, row: 0) == [0, 0, 255, 255])
        #expect(bitmap.pixel(3, row: 0) == [0, 0, 0, 0])
        #expect((0..<4).allSatisfy { bitmap.pixel($0, row: 1) == [0, 0, 0, 0] })
    }

    @Test func decodeArrayInvertsAnImageMask() throws {
        let mask = try #require(stripeMask(decode: [1, 0]))
        let bitmap = BitmapFixture(width: 4, height: 2)
        bitmap.context.interpolationQuality = .none
        bitmap.context.setFillColor(gray: 1, alpha: 1)
        bitmap.context.draw(mask, in: CGRect(x: 0, y: 0, width: 4, height: 2))
        #expect(bitmap.pixel(0, row: 0) == [0, 0, 0, 0])
        #expect(bitmap.pixel(1, row: 0) == [255, 255, 255, 255])
        #expect(bitmap.pixel(2, row: 1) == [255, 255, 255, 255])
    }

    @Test func imageMaskRejectsBadLayouts() {
        let provider = CGDataProvider(data: Data([0, 0]) as CFData)!
        #expect(CGImage(maskWidth: 4, height: 2, bitsPerComponent: 3, bitsPerPixel: 3, bytesPerRow: 1,
                        provider: provider, decode: nil, shouldInterpolate: false) == nil)
        #expect(CGImage(maskWidth: 4, height: 2, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 4,
                        provider: provider, decode: nil, shouldInterpolate: false) == nil)
        #expect(CGImage(maskWidth: 0, height: 2, bitsPerComponent: 1, bitsPerPixel: 1, bytesPerRow: 1,
                        provider: provider, decode: nil, shouldInterpolate: false) == nil)
    }

    /// A 2×2 opaque red image.
    private func redImage() -> CGImage {
        let ctx = CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)!
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        return ctx.makeImage()!
    }

    @Test func maskingWithAGrayImageUsesItsLevelAsAlpha() throws {
        // Gray 2×2 mask: white, black / 50 % gray, white (rows top to bottom).
        let gray: [UInt8] = [255, 0, 128, 255]
        let mask = try #require(CGImage(
            width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
            space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue),
            provider: CGDataProvider(data: Data(gray) as CFData)!, decode: nil, shouldInterpolate: false,
            intent: .defaultIntent))
        let masked = try #require(redImage().masking(mask))
        #expect(masked.alphaInfo == .premultipliedLast)
        let bitmap = BitmapFixture(width: 2, height: 2)
        bitmap.context.draw(masked, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(bitmap.pixel(0, row: 0) == [255, 0, 0, 255])
        #expect(bitmap.pixel(1, row: 0) == [0, 0, 0, 0])
        #expect(bitmap.pixel(0, row: 1) == [128, 0, 0, 128])
        #expect(bitmap.pixel(1, row: 1) == [255, 0, 0, 255])
    }

    @Test func maskingWithAnImageMaskStretchesItOverTheImage() throws {
        // A 1×1 mask that paints everywhere, and the 4×2 stripes sampled at 2×2.
        let all = try #require(CGImage(maskWidth: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 1,
                                       provider: CGDataProvider(data: Data([0]) as CFData)!, decode: nil,
                                       shouldInterpolate: false))
        let kept = try #require(redImage().masking(all))
        let bitmap = BitmapFixture(width: 2, height: 2)
        bitmap.context.draw(kept, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(bitmap.pixel(1, row: 1) == [255, 0, 0, 255])
        let stripes = try #require(stripeMask())
        let striped = try #require(redImage().masking(stripes))
        let second = BitmapFixture(width: 2, height: 2)
        second.context.draw(striped, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        // Each image pixel covers two mask samples (paint, block): half alpha on top, none below.
        #expect(second.pixel(0, row: 0) == [128, 0, 0, 128])
        #expect(second.pixel(0, row: 1) == [0, 0, 0, 0])
    }

    @Test func maskingRefusesMasksWithAlphaAndMaskedMasks() throws {
        let translucent = try #require(CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                                                 space: CGColorSpaceCreateDeviceRGB(),
                                                 bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)?.makeImage())
        #expect(redImage().masking(translucent) == nil)
        let mask = try #require(stripeMask())
        #expect(mask.masking(redImage()) == nil)
    }
}
