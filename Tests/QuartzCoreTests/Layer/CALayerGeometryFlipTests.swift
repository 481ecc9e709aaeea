import LaminaTestSupport
import QuartzCore
import Testing

/// `isGeometryFlipped`: sublayers of a flipped layer measure y from the bottom up (macOS's
/// layer orientation), while contents, drawn backing stores and text stay upright.
@Suite struct CALayerGeometryFlipTests {
    private func colour(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    private func flippedRoot() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.isGeometryFlipped = true
        return root
    }

    private func render(_ root: CALayer) -> (Int, Int) -> [UInt8] {
        let ctx = ReferenceImage.layerCanvas(root.bounds.size, scale: 1)
        root.render(in: ctx)
        let pixels = ReferenceImage.pixels(of: ctx.makeImage()!)
        return { x, y in Array(pixels[(y * 40 + x) * 4..<(y * 40 + x) * 4 + 4]) }
    }

    @Test func sublayersOfAFlippedLayerArePlacedFromTheBottom() {
        let root = flippedRoot()
        let square = CALayer()
        square.frame = CGRect(x: 10, y: 5, width: 10, height: 10)
        square.backgroundColor = colour(0, 0, 1)
        root.addSublayer(square)
        let pixel = render(root)
        // 5 points up from the bottom of 40: rows 25 to 35 on the page.
        #expect(pixel(15, 30) == [0, 0, 255, 255])
        #expect(pixel(15, 10) == [0, 0, 0, 0])
        // Geometry conversions and hit-testing go through the flip.
        #expect(square.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 10, y: 35))
        #expect(root.convert(CGPoint(x: 15, y: 30), to: square) == CGPoint(x: 5, y: 5))
        #expect(root.hitTest(CGPoint(x: 15, y: 30)) === square)
        #expect(root.hitTest(CGPoint(x: 15, y: 10)) === root)
    }

    @Test func aNegativeShadowOffsetFallsBelowInAFlippedSpace() {
        let root = flippedRoot()
        let square = CALayer()
        square.frame = CGRect(x: 10, y: 20, width: 10, height: 10)
        square.backgroundColor = colour(0, 0, 1)
        square.shadowOpacity = 0.5
        square.shadowRadius = 0
        square.shadowOffset = CGSize(width: 0, height: -5)
        root.addSublayer(square)
        let pixel = render(root)
        // The square covers rows 10–20; its shadow, 5 points lower, rows 15–25.
        #expect(pixel(15, 12) == [0, 0, 255, 255])
        #expect(pixel(15, 22) == [0, 0, 0, 128])
        #expect(pixel(15, 8) == [0, 0, 0, 0])
    }

    @Test func contentsAndDrawnBackingStoresStayUpright() throws {
        // A 2 × 2 image: a red top row over a green bottom row.
        let image = try #require(CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                                           space: CGColorSpaceCreateDeviceRGB(),
                                           bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        image.setFillColor(colour(0, 1, 0))
        image.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        image.setFillColor(colour(1, 0, 0))
        image.fill(CGRect(x: 0, y: 1, width: 2, height: 1))
        let root = flippedRoot()
        let picture = CALayer()
        picture.frame = CGRect(x: 0, y: 0, width: 20, height: 40)
        picture.contents = image.makeImage()
        picture.magnificationFilter = .nearest
        root.addSublayer(picture)
        // A layer that fills the lower half of its own (y-up) space.
        final class LowerHalf: CALayer {
            override func draw(in ctx: CGContext) {
                ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
                ctx.fill(CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height / 2))
            }
        }
        let drawn = LowerHalf()
        drawn.frame = CGRect(x: 20, y: 0, width: 20, height: 40)
        drawn.setNeedsDisplay()
        root.addSublayer(drawn)
        drawn.displayIfNeeded()
        let pixel = render(root)
        #expect(pixel(10, 5) == [255, 0, 0, 255])
        #expect(pixel(10, 35) == [0, 255, 0, 255])
        #expect(pixel(30, 35) == [0, 0, 255, 255])
        #expect(pixel(30, 5) == [0, 0, 0, 0])
    }
}
