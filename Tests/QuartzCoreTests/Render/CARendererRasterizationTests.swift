import LaminaTestSupport
import QuartzCore
import Testing

/// The compositor keeps a rasterized layer's bitmap across frames: moving or fading the
/// layer reuses it; a change inside draws it again. Frames equal `render(in:)`.
@Suite struct CARendererRasterizationTests {
    @Test func bitmapsSurvivePlacementChanges() throws {
        try withManualClock { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let card = CALayer()
            card.frame = CGRect(x: 10, y: 10, width: 40, height: 30)
            card.backgroundColor = CGColor(red: 0.2, green: 0.45, blue: 0.85, alpha: 1)
            card.cornerRadius = 8
            card.shadowOpacity = 0.5
            card.shouldRasterize = true
            card.rasterizationScale = 2
            let badge = CALayer()
            badge.frame = CGRect(x: 25, y: 5, width: 10, height: 10)
            badge.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            card.addSublayer(badge)
            root.addSublayer(card)
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 200, pixelHeight: 120, scale: 2))
            renderer.layer = root
            renderer.renderFrame(atTime: clock.time)
            #expect(renderer.lastRasterizedCount == 1)
            #expect(frameMatchesRenderIn(renderer, root))
            // Moved and faded: the same bitmap.
            withoutActions {
                card.position.x += 20
                card.opacity = 0.7
            }
            renderer.renderFrame(atTime: clock.time)
            #expect(renderer.lastRasterizedCount == 0)
            #expect(frameMatchesRenderIn(renderer, root))
            // An animated move keeps it too.
            let move = CABasicAnimation(keyPath: "position.y")
            move.fromValue = 20
            move.toValue = 40
            move.duration = 1
            card.add(move, forKey: "move")
            CATransaction.flush()
            clock.advance(by: 0.5)
            renderer.renderFrame(atTime: clock.time)
            #expect(renderer.lastRasterizedCount == 0)
            #expect(frameMatchesRenderIn(renderer, root))
            card.removeAllAnimations()
            CATransaction.flush()
            renderer.renderFrame(atTime: clock.time)
            // A change inside: drawn again, once.
            withoutActions { badge.backgroundColor = CGColor(red: 0, green: 0.6, blue: 0, alpha: 1) }
            renderer.renderFrame(atTime: clock.time)
            #expect(renderer.lastRasterizedCount == 1)
            #expect(frameMatchesRenderIn(renderer, root))
            withoutActions { card.cornerRadius = 2 }
            renderer.renderFrame(atTime: clock.time)
            #expect(renderer.lastRasterizedCount == 1)
            #expect(frameMatchesRenderIn(renderer, root))
        }
    }
}
