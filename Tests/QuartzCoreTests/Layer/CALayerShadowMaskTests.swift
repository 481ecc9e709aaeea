import LaminaTestSupport
import QuartzCore
import Testing

/// Layer shadows and masks through `render(in:)`, against reference PNGs (tolerance: 2 of 255
/// per channel), plus exact checks of where the shadow falls.
@Suite struct CALayerShadowMaskTests {
    private func colour(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    private func card(_ frame: CGRect, _ color: CGColor) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        layer.cornerRadius = 10
        return layer
    }

    @Test func shadowsFromContentFromPathAndClippedByMasksToBounds() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 300, height: 120)
        root.backgroundColor = colour(1, 1, 1)
        // From the composited alpha of the layer and its sublayer.
        let content = card(CGRect(x: 20, y: 20, width: 70, height: 70), colour(0.2, 0.5, 0.9))
        content.shadowOpacity = 0.6
        content.shadowOffset = CGSize(width: 6, height: 8)
        content.shadowRadius = 4
        let tab = card(CGRect(x: 40, y: -12, width: 30, height: 20), colour(0.9, 0.4, 0.1))
        content.addSublayer(tab)
        root.addSublayer(content)
        // From a shadow path (an ellipse under a square), red, no blur.
        let pathed = card(CGRect(x: 120, y: 20, width: 70, height: 70), colour(0.3, 0.7, 0.3))
        pathed.shadowOpacity = 1
        pathed.shadowColor = colour(0.8, 0, 0)
        pathed.shadowRadius = 0
        pathed.shadowOffset = .zero
        pathed.shadowPath = CGPath(ellipseIn: CGRect(x: -10, y: 50, width: 90, height: 30), transform: nil)
        root.addSublayer(pathed)
        // masksToBounds takes the shadow away.
        let clipped = card(CGRect(x: 220, y: 20, width: 60, height: 70), colour(0.6, 0.3, 0.8))
        clipped.shadowOpacity = 1
        clipped.shadowOffset = CGSize(width: 8, height: 8)
        clipped.masksToBounds = true
        root.addSublayer(clipped)
        let ctx = ReferenceImage.layerCanvas(root.bounds.size)
        root.render(in: ctx)
        let message = ReferenceImage.mismatch(ctx.makeImage()!, suite: "CALayerShadowMaskTests", name: "shadows")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }

    @Test func shadowFallsWhereTheOffsetSays() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        let square = CALayer()
        square.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        square.backgroundColor = colour(0, 0, 1)
        square.shadowOpacity = 0.5
        square.shadowRadius = 0
        square.shadowOffset = CGSize(width: 10, height: 5)
        root.addSublayer(square)
        let ctx = ReferenceImage.layerCanvas(root.bounds.size, scale: 1)
        root.render(in: ctx)
        let pixels = ReferenceImage.pixels(of: ctx.makeImage()!)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * 40 + x) * 4..<(y * 40 + x) * 4 + 4]) }
        // Positive height moves the shadow down (layer space is y-down).
        #expect(pixel(15, 15) == [0, 0, 255, 255])
        #expect(pixel(25, 22) == [0, 0, 0, 128])
        #expect(pixel(25, 12) == [0, 0, 0, 0])
        #expect(pixel(15, 24) == [0, 0, 0, 0])
    }

    @Test func masksKeepWhatTheirAlphaCovers() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 220, height: 110)
        root.backgroundColor = colour(1, 1, 1)
        // A striped layer masked by a circle.
        let striped = CALayer()
        striped.frame = CGRect(x: 10, y: 10, width: 90, height: 90)
        striped.backgroundColor = colour(0.1, 0.6, 0.9)
        for i in 0..<4 {
            let stripe = CALayer()
            stripe.frame = CGRect(x: 0, y: CGFloat(i) * 24, width: 90, height: 12)
            stripe.backgroundColor = colour(0.95, 0.8, 0.1)
            striped.addSublayer(stripe)
        }
        let circle = CALayer()
        circle.frame = CGRect(x: 5, y: 5, width: 80, height: 80)
        circle.cornerRadius = 40
        circle.backgroundColor = colour(0, 0, 0)
        striped.mask = circle
        root.addSublayer(striped)
        // A half-transparent mask, nested inside a clipping parent, with a shadow.
        let parent = CALayer()
        parent.frame = CGRect(x: 120, y: 10, width: 90, height: 90)
        parent.masksToBounds = true
        parent.backgroundColor = colour(0.9, 0.9, 0.9)
        let child = CALayer()
        child.frame = CGRect(x: 20, y: 20, width: 90, height: 90)
        child.backgroundColor = colour(0.8, 0.2, 0.3)
        child.shadowOpacity = 0.8
        child.shadowOffset = CGSize(width: -6, height: -6)
        let fade = CALayer()
        fade.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        fade.backgroundColor = colour(0, 0, 0, 0.5)
        child.mask = fade
        parent.addSublayer(child)
        root.addSublayer(parent)
        let ctx = ReferenceImage.layerCanvas(root.bounds.size)
        root.render(in: ctx)
        let message = ReferenceImage.mismatch(ctx.makeImage()!, suite: "CALayerShadowMaskTests", name: "masks")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
