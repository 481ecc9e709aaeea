import LaminaTestSupport
import QuartzCore
import Testing

/// `shouldRasterize`: the subtree becomes one bitmap at `rasterizationScale` pixels per point,
/// composited at the layer's opacity.
@Suite struct CALayerRasterizationTests {
    private func pixel(_ ctx: CGContext, _ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = ctx.data!.assumingMemoryBound(to: UInt8.self) + y * ctx.bytesPerRow + x * 4
        return (p[0], p[1], p[2], p[3])
    }

    /// Red left half, blue right half, split at x = 10 points.
    private func split(rasterizationScale: CGFloat?) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let left = CALayer()
        left.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        left.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.addSublayer(left)
        if let rasterizationScale {
            layer.shouldRasterize = true
            layer.rasterizationScale = rasterizationScale
        }
        return layer
    }

    @Test func defaults() {
        let layer = CALayer()
        #expect(layer.shouldRasterize == false)
        #expect(layer.rasterizationScale == 1)
        #expect(layer.value(forKey: "rasterizationScale") as? CGFloat == 1)
    }

    /// On a 2× canvas a bitmap of one pixel per point is magnified: the edge at x = 10 blurs
    /// across device pixels 19 and 20. At the canvas's own scale it stays sharp.
    @Test(arguments: [nil, 1, 2] as [CGFloat?]) func rasterizationScaleSetsTheResolution(scale: CGFloat?) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        root.addSublayer(split(rasterizationScale: scale))
        let ctx = ReferenceImage.layerCanvas(root.bounds.size, scale: 2)
        root.render(in: ctx)
        let before = pixel(ctx, 19, 10), after = pixel(ctx, 20, 10)
        if scale == 1 {
            // Device pixel 19's centre is texel 9.75: a quarter of the way into blue.
            #expect(before.r < 255 && before.b > 0)
            #expect(after.r > 0 && after.b < 255)
        } else {
            #expect(before == (255, 0, 0, 255))
            #expect(after == (0, 0, 255, 255))
        }
    }

    /// Opacity is applied to the bitmap: overlapping sublayers composite as one group even when
    /// the layer does not group its opacity.
    @Test func opacityAppliesToTheBitmap() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        let layer = split(rasterizationScale: 1)
        layer.allowsGroupOpacity = false
        layer.opacity = 0.5
        root.addSublayer(layer)
        let ctx = ReferenceImage.layerCanvas(root.bounds.size, scale: 1)
        root.render(in: ctx)
        // The red half at half strength, with no blue showing through it.
        let p = pixel(ctx, 4, 5)
        #expect(abs(Int(p.r) - 128) <= 1 && p.b == 0 && abs(Int(p.a) - 128) <= 1)
    }
}
