import LaminaTestSupport
import QuartzCore
import Testing

@Suite struct CALayerNinePartTests {
    /// A 30×30 image: a 10-pixel red frame around a blue centre, stretched to 90×50 with
    /// contentsCenter at the middle third: the frame stays 10 points wide.
    @Test func edgesKeepTheirSizeAndTheCentreStretches() {
        let source = CGContext(data: nil, width: 30, height: 30, bitsPerComponent: 8, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        source.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        source.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
        source.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        source.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 90, height: 50)
        layer.contents = source.makeImage()
        layer.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        layer.magnificationFilter = .nearest
        let ctx = CGContext(data: nil, width: 90, height: 50, bitsPerComponent: 8, bytesPerRow: 360,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: 50)
        ctx.scaleBy(x: 1, y: -1)
        layer.render(in: ctx)
        let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { (0..<4).map { bytes[y * 360 + x * 4 + $0] } }
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
        #expect(pixel(5, 25) == red && pixel(9, 25) == red && pixel(10, 25) == blue)
        #expect(pixel(79, 25) == blue && pixel(80, 25) == red && pixel(84, 25) == red)
        #expect(pixel(45, 9) == red && pixel(45, 10) == blue && pixel(45, 39) == blue && pixel(45, 40) == red)
        // Smaller than the fixed edges (15 < 10 + 10): they shrink in proportion to 7.5 each
        // and the centre disappears.
        layer.frame = CGRect(x: 0, y: 0, width: 15, height: 15)
        layer.minificationFilter = .nearest
        ctx.clear(CGRect(x: 0, y: 0, width: 90, height: 50))
        layer.render(in: ctx)
        #expect(pixel(3, 3) == red && pixel(7, 3) == red && pixel(11, 11) == red)
        #expect((0..<15).allSatisfy { pixel($0, 7) == red })
    }
}
