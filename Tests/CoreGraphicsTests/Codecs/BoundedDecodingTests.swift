@testable import CoreGraphics
import Foundation
import Testing

/// Hostile image files fail fast: a header claiming more pixels than the file could hold is
/// refused before anything is allocated, while real files at the limits still decode.
@Suite struct BoundedDecodingTests {
    /// A JPEG with only its headers and `padding` bytes of scan data.
    private func jpegHeader(progressive: Bool, width: Int, height: Int, padding: Int) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, progressive ? 0xC2 : 0xC0, 0x00, 0x0B, 0x08,
                              UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
                              0x01, 0x01, 0x11, 0x00,
                              0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00]
        bytes += [UInt8](repeating: 0x55, count: padding)
        bytes += [0xFF, 0xD9]
        return Data(bytes)
    }

    private func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        let length = UInt32(body.count), crc = crc32(typed)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + typed
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    /// A PNG whose header declares `width` × `height` RGBA but that holds a few bytes of data.
    private func pngHeader(width: Int, height: Int) -> Data {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let header = chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
        let data = chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])
        return Data(signature + header + data + chunk("IEND", []))
    }

    @Test func aTinyProgressiveJPEGClaimingGigapixelsIsRefused() {
        let hostile = jpegHeader(progressive: true, width: 65_500, height: 65_500, padding: 250)
        #expect(hostile.count < 300)
        #expect(!JPEGCodec.isPlausible(hostile))
        #expect(CGImage.decodeImage(hostile) == nil)
    }

    @Test func aJPEGClaimingMorePixelsThanItsBytesCouldCodeIsRefused() {
        // 25 million pixels need at least 25e6 / 512 ≈ 49 KB of Huffman-coded data.
        let hostile = jpegHeader(progressive: true, width: 5000, height: 5000, padding: 300)
        #expect(!JPEGCodec.isPlausible(hostile))
        #expect(!JPEGCodec.isPlausible(jpegHeader(progressive: false, width: 5000, height: 5000, padding: 300)))
        // Small images are judged by decoding them.
        #expect(JPEGCodec.isPlausible(jpegHeader(progressive: true, width: 1000, height: 1000, padding: 300)))
        #expect(CGImage.decodeImage(jpegHeader(progressive: true, width: 1000, height: 1000, padding: 300)) == nil)
    }

    @Test func aLargeFlatJPEGStillDecodes() throws {
        // 9 megapixels of one colour: about as dense as a real JPEG gets.
        let side = 3000
        let flat = CGImage(width: side, height: side, pixels: [UInt8](repeating: 200, count: side * side * 4), isOpaque: true)
        let jpeg = try #require(flat.jpegData(compressionQuality: 0))
        #expect(JPEGCodec.isPlausible(jpeg))
        let decoded = try #require(CGImage.decodeImage(jpeg))
        #expect(decoded.width == side && decoded.height == side)
    }

    @Test func aPNGClaimingMoreThanDeflateCouldExpandIsRefused() {
        let hostile = pngHeader(width: 23_170, height: 23_170)
        #expect(!PNGCodec.couldHold(hostile, width: 23_170, height: 23_170))
        #expect(CGImage.decodePNG(hostile) == nil)
        #expect(PNGCodec.couldHold(pngHeader(width: 10, height: 10), width: 10, height: 10))
    }

    @Test func aLargeFlatPNGStillDecodes() throws {
        // Deflate's best case, 1032:1, is what a flat image nearly reaches.
        let side = 2000
        let flat = CGImage(width: side, height: side, pixels: [UInt8](repeating: 0, count: side * side * 4), isOpaque: false)
        let png = try #require(flat.pngData())
        let decoded = try #require(CGImage.decodePNG(png))
        #expect(decoded.width == side && decoded.height == side)
    }

    @Test func imagesOverTheCapAreRefused() {
        #expect(PNGCodec.maximumPixels == 100_000_000)
        #expect(!JPEGCodec.isPlausible(jpegHeader(progressive: false, width: 20_000, height: 20_000, padding: 1 << 20)))
    }
}
