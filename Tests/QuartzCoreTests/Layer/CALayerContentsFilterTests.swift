import LaminaTestSupport
import QuartzCore
import Testing

/// `minificationFilter`: `.linear` samples the full-size image (a strongly reduced fine
/// pattern aliases), `.trilinear` blends the two nearest reductions of it (the pattern
/// averages out).
@Suite struct CALayerContentsFilterTests {
    /// A 64×64 checkerboard of single black and white texels.
    private func checkerboard() -> CGImage {
        let ctx = CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(CGColor(gray: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        ctx.setFillColor(CGColor(gray: 0, alpha: 1))
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 0 { ctx.fill(CGRect(x: x, y: y, width: 1, height: 1)) } }
        return ctx.makeImage()!
    }

    /// The largest distance of any red value from mid-grey in the 20×20 layer.
    private func spread(_ filter: CALayerContentsFilter) -> Int {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.contents = checkerboard()
        layer.minificationFilter = filter
        let ctx = ReferenceImage.layerCanvas(layer.bounds.size, scale: 1)
        layer.render(in: ctx)
        let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
        var worst = 0
        for y in 0..<20 { for x in 0..<20 { worst = max(worst, abs(Int(bytes[y * ctx.bytesPerRow + x * 4]) - 128)) } }
        return worst
    }

    @Test func trilinearAveragesStrongReductions() {
        // 3.2 texels per pixel: levels 1 and 2 of the pyramid are both uniform grey.
        #expect(spread(.trilinear) <= 2)
        #expect(spread(.linear) > 60)
    }
}
