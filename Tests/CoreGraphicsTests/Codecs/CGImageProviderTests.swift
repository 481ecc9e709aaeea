import CoreGraphics
import LaminaTestSupport
import Testing

@Suite struct CGImageProviderTests {
    private func image(_ bytes: [UInt8], width: Int, bitsPerPixel: Int, space: CGColorSpace = CGColorSpaceCreateDeviceRGB(),
                       info: UInt32) -> CGImage? {
        guard let provider = CGDataProvider(data: Data(bytes) as CFData) else { return nil }
        return CGImage(width: width, height: 1, bitsPerComponent: 8, bitsPerPixel: bitsPerPixel,
                       bytesPerRow: width * bitsPerPixel / 8, space: space, bitmapInfo: CGBitmapInfo(rawValue: info),
                       provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    private func rgba(_ image: CGImage?) -> [UInt8] {
        guard let image else { return [] }
        return ReferenceImage.pixels(of: image)
    }

    @Test func layouts() {
        // Straight RGBA: premultiplied on the way in.
        #expect(rgba(image([255, 0, 0, 128], width: 1, bitsPerPixel: 32, info: CGImageAlphaInfo.last.rawValue)) == [128, 0, 0, 128])
        // BGRA premultiplied-first, little-endian (the iOS native layout).
        let bgra = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        #expect(rgba(image([10, 20, 30, 255], width: 1, bitsPerPixel: 32, info: bgra)) == [30, 20, 10, 255])
        // ARGB big-endian.
        #expect(rgba(image([255, 1, 2, 3], width: 1, bitsPerPixel: 32, info: CGImageAlphaInfo.premultipliedFirst.rawValue)) == [1, 2, 3, 255])
        // RGB, 24 bits.
        #expect(rgba(image([7, 8, 9], width: 1, bitsPerPixel: 24, info: CGImageAlphaInfo.none.rawValue)) == [7, 8, 9, 255])
        // Gray.
        #expect(rgba(image([77], width: 1, bitsPerPixel: 8, space: CGColorSpaceCreateDeviceGray(),
                           info: CGImageAlphaInfo.none.rawValue)) == [77, 77, 77, 255])
    }

    @Test func mismatchesGiveNil() {
        #expect(image([1, 2, 3], width: 1, bitsPerPixel: 32, info: CGImageAlphaInfo.last.rawValue) == nil)  // short data
        #expect(image([1, 2, 3, 4], width: 1, bitsPerPixel: 24, info: CGImageAlphaInfo.last.rawValue) == nil)  // no room for alpha
        #expect(image([1, 2, 3, 4], width: 1, bitsPerPixel: 32, space: CGColorSpaceCreateDeviceGray(),
                      info: CGImageAlphaInfo.none.rawValue) == nil)
        let provider = CGDataProvider(data: Data([0, 0, 0, 0]))!
        #expect(CGImage(width: 0, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4,
                        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: 1), provider: provider,
                        decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
        #expect(CGImage(width: 1, height: 1, bitsPerComponent: 16, bitsPerPixel: 64, bytesPerRow: 8,
                        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: 1), provider: provider,
                        decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
    }

    @Test func dataProviderRoundTrips() throws {
        let original = try #require(image([255, 0, 0, 255, 0, 255, 0, 255], width: 2, bitsPerPixel: 32,
                                          info: CGImageAlphaInfo.premultipliedLast.rawValue))
        let data = try #require(original.dataProvider?.data)
        #expect(Array(data) == [255, 0, 0, 255, 0, 255, 0, 255])
    }
}
