import LaminaTestSupport
import QuartzCore
import Testing

/// Contents placement against a reference PNG (tolerance 2/255): the twelve contentsGravity
/// values, contentsRect, nine-part stretching (contentsCenter), contentsScale, and the nearest,
/// linear and trilinear filters.
@Suite struct CALayerContentsReferenceTests {
    private func colour(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat) -> CGColor { CGColor(red: r, green: g, blue: b, alpha: 1) }

    /// A 24×16 image: four coloured quadrants and a dark frame, so that position, flips and
    /// crops all show.
    private func picture() -> CGImage {
        let ctx = CGContext(data: nil, width: 24, height: 16, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        let quadrants = [(0, 8, colour(0.9, 0.3, 0.2)), (12, 8, colour(0.95, 0.75, 0.2)),
                         (0, 0, colour(0.3, 0.7, 0.4)), (12, 0, colour(0.2, 0.45, 0.85))]
        for (x, y, c) in quadrants {
            ctx.setFillColor(c)
            ctx.fill(CGRect(x: x, y: y, width: 12, height: 8))
        }
        ctx.setStrokeColor(colour(0.1, 0.1, 0.1))
        ctx.setLineWidth(2)
        ctx.stroke(CGRect(x: 1, y: 1, width: 22, height: 14))
        return ctx.makeImage()!
    }

    /// A 30×30 image for nine-part stretching: a rounded dark frame around a light centre.
    private func button() -> CGImage {
        let ctx = CGContext(data: nil, width: 30, height: 30, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(colour(0.2, 0.45, 0.85))
        ctx.addPath(CGPath(roundedRect: CGRect(x: 0, y: 0, width: 30, height: 30), cornerWidth: 10, cornerHeight: 10, transform: nil))
        ctx.fillPath()
        ctx.setFillColor(colour(0.85, 0.92, 1))
        ctx.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        return ctx.makeImage()!
    }

    private func checkerboard() -> CGImage {
        let ctx = CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(CGColor(gray: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        ctx.setFillColor(CGColor(gray: 0, alpha: 1))
        for y in 0..<64 { for x in 0..<64 where (x / 2 + y / 2) % 2 == 0 { ctx.fill(CGRect(x: x, y: y, width: 1, height: 1)) } }
        return ctx.makeImage()!
    }

    @Test func contentsSheet() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 250)
        root.backgroundColor = colour(1, 1, 1)
        let image = picture()
        let gravities: [CALayerContentsGravity] = [.center, .top, .bottom, .left, .right, .topLeft, .topRight,
                                                   .bottomLeft, .bottomRight, .resize, .resizeAspect, .resizeAspectFill]
        for (i, gravity) in gravities.enumerated() {
            let cell = CALayer()
            cell.frame = CGRect(x: 10 + CGFloat(i % 6) * 64, y: 10 + CGFloat(i / 6) * 54, width: 56, height: 46)
            cell.backgroundColor = colour(0.9, 0.9, 0.9)
            cell.contents = image
            cell.contentsGravity = gravity
            cell.masksToBounds = true
            root.addSublayer(cell)
        }
        // A crop (the top-right quadrant) and a 2× contentsScale (half the natural size).
        let crop = CALayer()
        crop.frame = CGRect(x: 10, y: 130, width: 56, height: 46)
        crop.contents = image
        crop.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5)
        root.addSublayer(crop)
        let scaled = CALayer()
        scaled.frame = CGRect(x: 74, y: 130, width: 56, height: 46)
        scaled.backgroundColor = colour(0.9, 0.9, 0.9)
        scaled.contents = image
        scaled.contentsScale = 2
        scaled.contentsGravity = .center
        root.addSublayer(scaled)
        // Nine-part stretching: corners keep their size, edges stretch one way, the centre both.
        for (i, size) in [CGSize(width: 120, height: 46), CGSize(width: 46, height: 100)].enumerated() {
            let stretched = CALayer()
            stretched.frame = CGRect(origin: CGPoint(x: 138 + CGFloat(i) * 128, y: 130), size: size)
            stretched.contents = button()
            stretched.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
            root.addSublayer(stretched)
        }
        // Magnified with nearest and linear, reduced with linear and trilinear.
        for (i, filter) in [CALayerContentsFilter.nearest, .linear].enumerated() {
            let big = CALayer()
            big.frame = CGRect(x: 10 + CGFloat(i) * 64, y: 186, width: 56, height: 56)
            big.contents = image
            big.contentsRect = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
            big.magnificationFilter = filter
            root.addSublayer(big)
        }
        for (i, filter) in [CALayerContentsFilter.linear, .trilinear].enumerated() {
            let small = CALayer()
            small.frame = CGRect(x: 320 + CGFloat(i) * 38, y: 130, width: 30, height: 30)
            small.contents = checkerboard()
            small.minificationFilter = filter
            root.addSublayer(small)
        }
        let ctx = ReferenceImage.layerCanvas(root.bounds.size, scale: 1)
        root.render(in: ctx)
        let message = ReferenceImage.mismatch(ctx.makeImage()!, suite: "CALayerContentsReferenceTests", name: "contents-sheet")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
