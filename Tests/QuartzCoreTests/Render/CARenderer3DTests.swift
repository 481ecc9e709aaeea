import LaminaTestSupport
import QuartzCore
import Testing

/// The compositor with 3-D content: a layer under perspective may land anywhere, so a change
/// inside a 3-D subtree repaints the whole frame, and what it draws equals `render(in:)`.
@Suite struct CARenderer3DTests {
    @Test func changesUnderPerspectiveRepaintTheFrame() throws {
        try withManualClock { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 200
            root.sublayerTransform = perspective
            let card = CALayer()
            card.frame = CGRect(x: 30, y: 10, width: 60, height: 40)
            card.backgroundColor = CGColor(red: 0.2, green: 0.45, blue: 0.85, alpha: 1)
            card.transform = CATransform3DMakeRotation(0.7, 0, 1, 0)
            root.addSublayer(card)
            let flat = CALayer()
            flat.frame = CGRect(x: 2, y: 2, width: 8, height: 8)
            flat.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(flat)
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 240, pixelHeight: 120, scale: 2))
            renderer.layer = root
            renderer.renderFrame(atTime: clock.time)
            #expect(frameMatchesRenderIn(renderer, root))
            #expect(renderer.renderFrame(atTime: clock.time).isNull)
            withoutActions { card.transform = CATransform3DMakeRotation(-0.5, 0, 1, 0) }
            #expect(renderer.renderFrame(atTime: clock.time) == root.bounds)
            #expect(renderer.lastRenderedPixelCount == 240 * 120)
            #expect(frameMatchesRenderIn(renderer, root))
            // A 2-D layer beside it still repaints only its footprint.
            withoutActions { flat.position.x += 1 }
            #expect(renderer.renderFrame(atTime: clock.time) == CGRect(x: 1, y: 1, width: 11, height: 10))
            #expect(frameMatchesRenderIn(renderer, root))
        }
    }
}
