import LaminaTestSupport
import QuartzCore
import Testing

/// Layer shadows and masks through `render(in:)`, against reference PNGs (tolerance: 2 of 255
/// per channel), plus exact checks of where the shadow falls.
@Suite struct CALayerShadowMaskTests {
    private func canvas(_ size: CGSize, scale: CGFloat = 2) -> CGContext {
        let ctx = CGContext(
            data: nil, width: Int(size.width * scale), height: Int(size.height * scale), bitsPerComponent: 8,
            bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: size.height * scale)
        ctx.scaleBy(x: scale, y: -scale)
        return ctx
    }

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
        let ctx = canvas(root.bounds.size)
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
        let ctx = canvas(root.bounds.size, scale: 1)
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
        let ctx = canvas(root.bounds.size)
        root.render(in: ctx)
        let message = ReferenceImage.mismatch(ctx.makeImage()!, suite: "CALayerShadowMaskTests", name: "masks")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}

@Suite struct CALayerNinePartTests {
    /// A 30×30 image: a 10-pixel red frame around a blue centre, stretched to 90×50 with
    /// contentsCenter at the middle third: the frame stays 10 points wide.
    @Test func edgesKeepTheirSizeAndTheCentreStretches() {
        let source = CGContext(data: nil, width: 30, height: 30, bitsPerComponent: 8, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        source.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        source.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
        source.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        source.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 90, height: 50)
        layer.contents = source.makeImage()
        layer.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        layer.magnificationFilter = .nearest
        let ctx = CGContext(data: nil, width: 90, height: 50, bitsPerComponent: 8, bytesPerRow: 360,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: 50)
        ctx.scaleBy(x: 1, y: -1)
        layer.render(in: ctx)
        let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { (0..<4).map { bytes[y * 360 + x * 4 + $0] } }
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
        #expect(pixel(5, 25) == red && pixel(9, 25) == red && pixel(10, 25) == blue)
        #expect(pixel(79, 25) == blue && pixel(80, 25) == red && pixel(84, 25) == red)
        #expect(pixel(45, 9) == red && pixel(45, 10) == blue && pixel(45, 39) == blue && pixel(45, 40) == red)
        // Smaller than the fixed edges (15 < 10 + 10): they shrink in proportion to 7.5 each
        // and the centre disappears.
        layer.frame = CGRect(x: 0, y: 0, width: 15, height: 15)
        layer.minificationFilter = .nearest
        ctx.clear(CGRect(x: 0, y: 0, width: 90, height: 50))
        layer.render(in: ctx)
        #expect(pixel(3, 3) == red && pixel(7, 3) == red && pixel(11, 11) == red)
        #expect((0..<15).allSatisfy { pixel($0, 7) == red })
    }
}

@Suite struct CALayerCornerCurveTests {
    private func render(_ configure: (CALayer) -> Void, size: CGSize = CGSize(width: 100, height: 100)) -> (Int, Int) -> UInt8 {
        let layer = CALayer()
        layer.frame = CGRect(origin: .zero, size: size)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        configure(layer)
        let width = Int(size.width), height = Int(size.height)
        let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: size.height)
        ctx.scaleBy(x: 1, y: -1)
        layer.render(in: ctx)
        // The closure keeps the context (and so its bytes) alive.
        return { x, y in ctx.data!.assumingMemoryBound(to: UInt8.self)[(y * width + x) * 4 + 3] }
    }

    @Test func continuousCornersReachFartherAlongTheEdges() {
        let circular = render { $0.cornerRadius = 20 }
        let continuous = render { $0.cornerRadius = 20; $0.cornerCurve = .continuous }
        // 22 points from the corner: a circular corner has not started, a continuous one has.
        #expect(circular(78, 0) == 255 && circular(0, 78) == 255)
        #expect(continuous(78, 0) < 250 && continuous(21, 99) < 250)
        // Well before 1.53 radii both are straight.
        #expect(continuous(60, 0) == 255 && continuous(99, 40) == 255)
        // The very corner is empty in both.
        #expect(circular(99, 0) == 0 && continuous(99, 0) == 0 && continuous(0, 99) == 0)
        #expect(CALayer.cornerCurveExpansionFactor(.continuous) == 1.528665)
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
    }

    @Test func onlyMaskedCornersAreRounded() {
        let continuous = render {
            $0.cornerRadius = 20
            $0.cornerCurve = .continuous
            $0.maskedCorners = [.layerMinXMinYCorner]
        }
        #expect(continuous(0, 0) == 0 && continuous(99, 0) == 255 && continuous(99, 99) == 255 && continuous(0, 99) == 255)
        // Small layers shrink the radius so that the corner still fits.
        let small = render({ $0.cornerRadius = 20; $0.cornerCurve = .continuous }, size: CGSize(width: 30, height: 30))
        #expect(small(15, 0) >= 250 && small(0, 15) >= 250 && small(0, 0) == 0)
    }
}

@Suite struct CALayerGroupOpacityTests {
    /// Two overlapping opaque sublayers (red, then blue) under a half-opaque parent, over
    /// white: as a group the overlap is blue at half strength; without group opacity the red
    /// shows through the half-transparent blue.
    @Test(arguments: [true, false]) func overlapDependsOnGroupOpacity(grouped: Bool) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 30, height: 10)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let parent = CALayer()
        parent.frame = root.bounds
        parent.opacity = 0.5
        parent.allowsGroupOpacity = grouped
        let red = CALayer(), blue = CALayer()
        red.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        red.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        blue.frame = CGRect(x: 10, y: 0, width: 20, height: 10)
        blue.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        parent.addSublayer(red)
        parent.addSublayer(blue)
        root.addSublayer(parent)
        let ctx = CGContext(data: nil, width: 30, height: 10, bitsPerComponent: 8, bytesPerRow: 120,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: 10)
        ctx.scaleBy(x: 1, y: -1)
        root.render(in: ctx)
        let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
        let overlap = (0..<3).map { Int(bytes[5 * 120 + 15 * 4 + $0]) }
        if grouped {
            #expect(abs(overlap[0] - 128) <= 1 && abs(overlap[1] - 128) <= 1 && overlap[2] == 255)
        } else {
            // White, then red at ½ → (255, 128, 128), then blue at ½ → (128, 64, 191).
            #expect(abs(overlap[0] - 128) <= 1 && abs(overlap[1] - 64) <= 1 && abs(overlap[2] - 191) <= 1)
        }
    }
}

@Suite struct CALayerDoubleSidedTests {
    /// A card turned past 90° about y shows its back: drawn (mirrored) when double-sided,
    /// skipped when not.
    @Test(arguments: [true, false]) func backFacingLayers(doubleSided: Bool) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 5, width: 20, height: 10)
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        card.transform = CATransform3DMakeRotation(.pi * 0.75, 0, 1, 0)
        card.isDoubleSided = doubleSided
        root.addSublayer(card)
        let ctx = CGContext(data: nil, width: 40, height: 20, bitsPerComponent: 8, bytesPerRow: 160,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: 20)
        ctx.scaleBy(x: 1, y: -1)
        root.render(in: ctx)
        let alpha = ctx.data!.assumingMemoryBound(to: UInt8.self)[(10 * 40 + 20) * 4 + 3]
        #expect(alpha == (doubleSided ? 255 : 0))
    }
}

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
