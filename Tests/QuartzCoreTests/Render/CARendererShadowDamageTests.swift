import LaminaTestSupport
import QuartzCore
import Testing

/// A partial repaint that cuts through another layer's shadow must blur that layer's whole
/// shape, not the part inside the damage: the caster's footprint joins the damage, and the
/// frame equals a full `render(in:)`.
@Suite struct CARendererShadowDamageTests {
    @Test func damageThroughAShadowMatchesAFullRender() throws {
        try withManualClock { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let card = CALayer()
            card.frame = CGRect(x: 20, y: 20, width: 60, height: 40)
            card.backgroundColor = CGColor(red: 0.2, green: 0.45, blue: 0.85, alpha: 1)
            card.shadowOpacity = 0.8
            card.shadowRadius = 6
            card.shadowOffset = CGSize(width: 0, height: 0)
            root.addSublayer(card)
            let dot = CALayer()
            dot.frame = CGRect(x: 84, y: 30, width: 4, height: 4)
            dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(dot)
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 240, pixelHeight: 160, scale: 2))
            renderer.layer = root
            renderer.renderFrame(atTime: clock.time)
            withoutActions { dot.position.y += 10 }
            let damage = renderer.renderFrame(atTime: clock.time)
            // The dot's move cuts through the card's shadow: the card's whole footprint (its
            // bounds grown by 3 × 6 + 1 points of shadow, plus a point) is repainted, not the frame.
            #expect(damage == CGRect(x: 0, y: 0, width: 100, height: 80))
            let expected = renderInPixels(root), actual = ReferenceImage.pixels(of: renderer.makeImage()!)
            let worst = zip(expected, actual).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 1)
        }
    }
}
