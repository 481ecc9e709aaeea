import CoreGraphics
import LaminaTestSupport
import Testing

@Suite struct JPEGCodecTests {
    private func fixture(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
        return try Data(contentsOf: url)
    }

    /// Left half red, right half blue (lossy, so within a few levels).
    private func checkRedBlue(_ image: CGImage) {
        #expect(image.width == 16 && image.height == 8)
        let pixels = ReferenceImage.pixels(of: image)
        func pixel(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(pixels[(y * 16 + x) * 4 + $0]) } }
        let left = pixel(2, 4), right = pixel(13, 4)
        #expect(left[0] > 230 && left[1] < 30 && left[2] < 30 && left[3] == 255)
        #expect(right[0] < 30 && right[1] < 30 && right[2] > 230 && right[3] == 255)
    }

    @Test(arguments: ["red-blue.jpg", "red-blue-progressive.jpg", "red-blue-cmyk.jpg"])
    func decodesColourJPEGs(name: String) throws {
        let image = try #require(CGImage.decodeJPEG(try fixture(name)))
        checkRedBlue(image)
        #expect(image.alphaInfo == .noneSkipLast)
    }

    @Test func decodesGrayAndDispatchesByContent() throws {
        let gray = try #require(CGImage.decodeImage(try fixture("gray.jpg")))
        let pixels = ReferenceImage.pixels(of: gray)
        #expect(pixels[0] == pixels[1] && pixels[1] == pixels[2])
        checkRedBlue(try #require(CGImage.decodeImage(try fixture("red-blue.jpg"))))
    }

    @Test func badDataGivesNil() throws {
        let data = try fixture("red-blue.jpg")
        #expect(CGImage.decodeJPEG(Data()) == nil)
        #expect(CGImage.decodeJPEG(Data([0xFF, 0xD8, 0xFF])) == nil)
        #expect(CGImage.decodeJPEG(data.prefix(20)) == nil)
        #expect(CGImage.decodeJPEG(Data(repeating: 0x42, count: 4096)) == nil)
        var damaged = data
        for i in stride(from: 2, to: 200, by: 3) { damaged[i] ^= 0xA5 }
        _ = CGImage.decodeJPEG(damaged)  // decodes partially or returns nil, never crashes
        #expect(CGImage.decodeImage(Data("neither".utf8)) == nil)
    }
}
