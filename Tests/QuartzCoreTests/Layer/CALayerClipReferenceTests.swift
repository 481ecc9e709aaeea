import LaminaTestSupport
import QuartzCore
import Testing

/// Clips and masks under transforms, against reference PNGs (tolerance 2/255).
@Suite struct CALayerClipReferenceTests {
    private func colour(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    private func stripes(_ frame: CGRect) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = colour(0.15, 0.45, 0.85)
        for i in 0..<8 {
            let stripe = CALayer()
            stripe.frame = CGRect(x: CGFloat(i) * 20, y: -20, width: 10, height: frame.height + 40)
            stripe.backgroundColor = colour(0.95, 0.75, 0.2)
            layer.addSublayer(stripe)
        }
        return layer
    }

    private func render(_ root: CALayer) -> CGImage {
        let w = Int(root.bounds.width * 2), h = Int(root.bounds.height * 2)
        let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: 2, y: -2)
        root.render(in: ctx)
        return ctx.makeImage()!
    }

    @Test func rotatedRoundedClipsAndNestedMasks() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 160)
        root.backgroundColor = colour(1, 1, 1)
        // A rotated card that clips its striped content to its rounded (continuous) outline.
        let card = stripes(CGRect(x: 30, y: 30, width: 120, height: 100))
        card.cornerRadius = 24
        card.cornerCurve = .continuous
        card.masksToBounds = true
        card.borderWidth = 3
        card.borderColor = colour(0.1, 0.1, 0.1)
        card.transform = CATransform3DMakeRotation(0.35, 0, 0, 1)
        root.addSublayer(card)
        // A masked layer inside a masked, rotated parent: the two masks combine.
        let parent = stripes(CGRect(x: 180, y: 20, width: 120, height: 120))
        parent.transform = CATransform3DMakeRotation(-0.2, 0, 0, 1)
        let outer = CALayer()
        outer.frame = parent.bounds.insetBy(dx: 6, dy: 6)
        outer.cornerRadius = 54
        outer.backgroundColor = colour(0, 0, 0)
        parent.mask = outer
        let inner = CALayer()
        inner.frame = CGRect(x: 30, y: 30, width: 60, height: 60)
        inner.backgroundColor = colour(0.85, 0.2, 0.3)
        let innerMask = CAShapeLayer()
        innerMask.path = CGPath(ellipseIn: CGRect(x: 0, y: 10, width: 60, height: 40), transform: nil)
        inner.mask = innerMask
        parent.addSublayer(inner)
        root.addSublayer(parent)
        let message = ReferenceImage.mismatch(render(root), suite: "CALayerClipReferenceTests", name: "rotated-clips-nested-masks")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
