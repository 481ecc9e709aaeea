import LaminaTestSupport
import QuartzCore
import Testing

/// The compositor resamples a scaled contents image once and copies it in later frames (a
/// photo scrolled by whole pixels), and its frames still equal `render(in:)`.
@Suite struct CARendererImageCacheTests {
    /// A 40 × 30 opaque image of stripes and a disc.
    private func photo() -> CGImage {
        let ctx = CGContext(data: nil, width: 40, height: 30, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        for x in 0..<40 {
            ctx.setFillColor(red: CGFloat(x) / 40, green: 0.5, blue: x % 2 == 0 ? 0.9 : 0.2, alpha: 1)
            ctx.fill(CGRect(x: x, y: 0, width: 1, height: 30))
        }
        ctx.setFillColor(red: 1, green: 1, blue: 0, alpha: 1)
        ctx.fillEllipse(in: CGRect(x: 8, y: 4, width: 22, height: 22))
        return ctx.makeImage()!
    }

    @Test func scrolledPhotosAreResampledOnce() throws {
        try withManualClock { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 120, height: 100)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let image = photo()
            let photos = (0..<3).map { index -> CALayer in
                let layer = CALayer()
                layer.frame = CGRect(x: 5 + CGFloat(index) * 38, y: 10, width: 36, height: 27)
                layer.contents = image
                layer.contentsGravity = .resizeAspectFill
                layer.masksToBounds = true
                root.addSublayer(layer)
                return layer
            }
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 240, pixelHeight: 200, scale: 2))
            renderer.layer = root
            renderer.renderFrame(atTime: clock.time)
            #expect(frameMatchesRenderIn(renderer, root))
            // Each image is drawn at 72 × 54 pixels: one copy serves all three layers.
            #expect(renderer.resampledImages.resampledCount == 1)
            // Scrolled by whole points (whole pixels): the same copy, the same pixels as drawing.
            for step in 1...4 {
                withoutActions { for layer in photos { layer.position.y += CGFloat(step) * 3.5 } }
                renderer.renderFrame(atTime: clock.time)
                #expect(frameMatchesRenderIn(renderer, root))
            }
            #expect(renderer.resampledImages.resampledCount == 1)
            // Another size is another copy, made once it is drawn a second time.
            withoutActions { photos[0].bounds.size = CGSize(width: 30, height: 30) }
            renderer.renderFrame(atTime: clock.time)
            #expect(renderer.resampledImages.resampledCount == 1)
            withoutActions { photos[0].position.x += 1 }
            renderer.renderFrame(atTime: clock.time)
            #expect(renderer.resampledImages.resampledCount == 2)
            #expect(frameMatchesRenderIn(renderer, root))
        }
    }
}
