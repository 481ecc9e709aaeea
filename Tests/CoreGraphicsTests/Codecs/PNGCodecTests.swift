import CoreGraphics
import LaminaTestSupport
import Testing

@Suite struct PNGCodecTests {
    @Test func roundTripKeepsPixels() throws {
        let ctx = try #require(CGContext(
            data: nil, width: 3, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        ctx.fill(CGRect(x: 2, y: 0, width: 1, height: 2))
        let image = try #require(ctx.makeImage())
        let data = try #require(image.pngData())
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try #require(CGImage.decodePNG(data))
        #expect(decoded.width == 3 && decoded.height == 2)
        #expect(ReferenceImage.pixels(of: decoded) == ReferenceImage.pixels(of: image))
    }

    @Test func corruptDataGivesNil() throws {
        #expect(CGImage.decodePNG(Data()) == nil)
        #expect(CGImage.decodePNG(Data("not a png at all, just text".utf8)) == nil)
        let ctx = try #require(CGContext(
            data: nil, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: 16, height: 16))
        let data = try #require(ctx.makeImage()?.pngData())
        #expect(CGImage.decodePNG(data.prefix(data.count / 2)) == nil)
        var damaged = data
        for i in stride(from: 40, to: damaged.count - 12, by: 7) { damaged[i] ^= 0x5A }
        #expect(CGImage.decodePNG(damaged) == nil)
    }
}
