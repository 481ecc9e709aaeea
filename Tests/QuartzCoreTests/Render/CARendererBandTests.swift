import LaminaTestSupport
import QuartzCore
import Testing

/// Large frames are drawn as two bands on two threads: the pixels must equal one pass.
@Suite struct CARendererBandTests {
    /// With and without shadows (blurs reach across rows: shadowed frames draw each half with a
    /// margin of rows into private buffers and copy back their own rows).
    @Test(arguments: [false, true]) func bandedFramesEqualRenderIn(shadows: Bool) throws {
        try withManualClock { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 400, height: 200)
            root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.9, alpha: 1)
            for i in 0..<12 {
                let layer = CALayer()
                layer.frame = CGRect(x: 10 + CGFloat(i) * 31, y: 40 + CGFloat(i % 3) * 30, width: 60, height: 90)
                layer.backgroundColor = CGColor(red: CGFloat(i) / 12, green: 0.5, blue: 1 - CGFloat(i) / 12, alpha: 0.8)
                layer.cornerRadius = 9
                layer.shadowOpacity = shadows && i % 2 == 0 ? 0.5 : 0
                layer.shadowRadius = 4
                layer.transform = CATransform3DMakeRotation(CGFloat(i) * 0.1, 0, 0, 1)
                root.addSublayer(layer)
            }
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 800, pixelHeight: 400, scale: 2))
            renderer.layer = root
            renderer.renderFrame(atTime: clock.time)
            #expect(renderer.lastRenderedPixelCount >= CARenderer.parallelPixels)
            #expect(renderer.lastFrameUsedBands == (CARenderer.parallelPixels < .max))
            let a = ReferenceImage.pixels(of: renderer.makeImage()!), b = renderInPixels(root)
            let differing = zip(a, b).filter { $0 != $1 }.count
            #expect(a.count == b.count && differing == 0)
        }
    }
}
