import CoreGraphics
import Testing

@Suite struct CGColorTests {
    @Test func rgbComponents() {
        let c = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.25)
        #expect(c.components == [1, 0.5, 0, 0.25])
        #expect(c.alpha == 0.25)
        #expect(c.numberOfComponents == 4)
        #expect(c.colorSpace?.model == .rgb)
    }

    @Test func grayAndCopy() {
        let g = CGColor(gray: 0.5, alpha: 1)
        #expect(g.components == [0.5, 1])
        #expect(g.colorSpace?.model == .monochrome)
        #expect(g.copy(alpha: 0.5)?.components == [0.5, 0.5])
        #expect(CGColor.white.components == [1, 1])
    }

    @Test func colorSpaces() {
        #expect(CGColorSpaceCreateDeviceRGB().model == .rgb)
        #expect(CGColorSpaceCreateDeviceRGB().numberOfComponents == 3)
        #expect(CGColorSpaceCreateDeviceGray().numberOfComponents == 1)
        #expect(CGColorSpace(name: CGColorSpace.sRGB)?.model == .rgb)
        #expect(CGColorSpace(name: "no such space") == nil)
        let custom = CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: [0.1, 0.2, 0.3, 1])
        #expect(custom?.components == [0.1, 0.2, 0.3, 1])
    }
}
