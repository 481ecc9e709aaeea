import CoreGraphics
import LaminaTestSupport
import Testing

@Suite struct CGContextGrayTests {
    @Test func grayContextWritesLuminanceBytes() throws {
        var memory = [UInt8](repeating: 0, count: 4 * 2)
        try memory.withUnsafeMutableBytes { raw in
            let ctx = try #require(CGContext(
                data: raw.baseAddress, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 4,
                space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue))
            #expect(ctx.bitsPerPixel == 8 && ctx.bytesPerRow == 4)
            #expect(ctx.data == raw.baseAddress)
            ctx.setFillColor(gray: 0.5, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
            ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 2))
            // The caller's own change between drawing calls is kept.
            raw[3] = 200
            ctx.setFillColor(gray: 1, alpha: 0.5)
            ctx.fill(CGRect(x: 2, y: 0, width: 2, height: 2))
        }
        #expect(Array(memory[0..<4]) == [128, 76, 128, 228])
        #expect(memory[7] == 128)
    }

    @Test func grayImagesAndInvalidGrayFormats() throws {
        let ctx = try #require(CGContext(data: nil, width: 3, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceGray(), bitmapInfo: 0))
        ctx.setFillColor(gray: 0.25, alpha: 1)
        ctx.fillEllipse(in: CGRect(x: -10, y: -10, width: 40, height: 40))
        let image = try #require(ctx.makeImage())
        let pixels = ReferenceImage.pixels(of: image)
        #expect(Array(pixels[0..<4]) == [64, 64, 64, 255])
        #expect(CGContext(data: nil, width: 3, height: 1, bitsPerComponent: 8, bytesPerRow: 2,
                          space: CGColorSpaceCreateDeviceGray(), bitmapInfo: 0) == nil)
        #expect(CGContext(data: nil, width: 3, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceGray(),
                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
    }
}
