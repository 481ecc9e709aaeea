import LaminaTestSupport
import QuartzCore
import Testing

/// `render(in:)` against reference PNGs (tolerance: 2 of 255 per channel).
@Suite struct CALayerRenderTests {
    /// A UIKit-style (y-down, 2×) bitmap context of `size` points.
    private func colour(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    @Test func drawingOrderAndStyle() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 160, height: 100)
        root.backgroundColor = colour(0.95, 0.95, 0.95)
        // Background, then sublayers, then the border on top of them.
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 90, height: 80)
        card.backgroundColor = colour(0.2, 0.5, 0.9)
        card.cornerRadius = 14
        card.borderWidth = 6
        card.borderColor = colour(0, 0, 0, 0.6)
        card.masksToBounds = true
        let overflow = CALayer()
        overflow.frame = CGRect(x: 50, y: 40, width: 70, height: 60)
        overflow.backgroundColor = colour(1, 0.6, 0)
        card.addSublayer(overflow)
        root.addSublayer(card)
        // zPosition beats insertion order; opacity groups the subtree.
        let top = CALayer()
        top.frame = CGRect(x: 110, y: 20, width: 40, height: 60)
        top.backgroundColor = colour(0.8, 0.1, 0.2)
        top.zPosition = 5
        top.opacity = 0.5
        let inner = CALayer()
        inner.frame = CGRect(x: -10, y: 20, width: 30, height: 20)
        inner.backgroundColor = colour(0.8, 0.1, 0.2)
        top.addSublayer(inner)
        root.addSublayer(top)
        let under = CALayer()
        under.frame = CGRect(x: 100, y: 50, width: 50, height: 40)
        under.backgroundColor = colour(0.1, 0.7, 0.3)
        root.addSublayer(under)
        // Rotated about a non-centre anchor point.
        let hand = CALayer()
        hand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
        hand.bounds = CGRect(x: 0, y: 0, width: 6, height: 40)
        hand.position = CGPoint(x: 55, y: 50)
        hand.backgroundColor = colour(0, 0, 0)
        hand.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 3))
        root.addSublayer(hand)

        let ctx = ReferenceImage.layerCanvas(root.bounds.size)
        root.render(in: ctx)
        let message = ReferenceImage.mismatch(ctx.makeImage()!, suite: "CALayerRenderTests", name: "drawing-order")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }

    @Test func renderIgnoresRootGeometryAndSkipsHidden() {
        let root = CALayer()
        root.frame = CGRect(x: 500, y: 500, width: 10, height: 10)
        root.backgroundColor = colour(1, 0, 0)
        let hidden = CALayer()
        hidden.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        hidden.backgroundColor = colour(0, 0, 1)
        hidden.isHidden = true
        root.addSublayer(hidden)
        let ctx = ReferenceImage.layerCanvas(CGSize(width: 10, height: 10))
        root.render(in: ctx)
        let pixels = ReferenceImage.pixels(of: ctx.makeImage()!)
        #expect(Array(pixels[0..<4]) == [255, 0, 0, 255])
        #expect(Array(pixels[(pixels.count - 4)...]) == [255, 0, 0, 255])
    }
}
