import CoreGraphics
import Testing

@Suite struct CGContextCreationTests {
    let rgb = CGColorSpaceCreateDeviceRGB()
    let premultipliedLast = CGImageAlphaInfo.premultipliedLast.rawValue

    @Test func validContextReportsItsLayout() throws {
        let context = try #require(CGContext(
            data: nil, width: 10, height: 5, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
            bitmapInfo: premultipliedLast))
        #expect(context.width == 10 && context.height == 5)
        #expect(context.bytesPerRow == 40)
        #expect(context.bitsPerPixel == 32)
        #expect(context.alphaInfo == .premultipliedLast)
        #expect(context.data != nil)
        #expect(context.ctm == .identity)
    }

    @Test(arguments: [
        (0, 10, 8, 0), (10, 0, 8, 0), (-1, 10, 8, 0), (10, 10, 16, 0), (10, 10, 8, 39), (1 << 21, 1, 8, 0),
        (40_000, 40_000, 8, 0),
    ])
    func invalidArgumentsGiveNil(width: Int, height: Int, bits: Int, bytesPerRow: Int) {
        #expect(CGContext(
            data: nil, width: width, height: height, bitsPerComponent: bits, bytesPerRow: bytesPerRow,
            space: rgb, bitmapInfo: premultipliedLast) == nil)
    }

    @Test func unsupportedFormatsGiveNil() {
        // Unpremultiplied alpha, no alpha, float components and gray are refused.
        for info in [CGImageAlphaInfo.last.rawValue, CGImageAlphaInfo.none.rawValue,
                     premultipliedLast | CGBitmapInfo.floatComponents.rawValue,
                     premultipliedLast | CGBitmapInfo.byteOrder16Little.rawValue] {
            #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                              space: rgb, bitmapInfo: info) == nil)
        }
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceGray(), bitmapInfo: premultipliedLast) == nil)
    }
}
