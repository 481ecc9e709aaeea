import CoreGraphics
import Testing

@Suite struct CGContextFillTests {
    @Test func originIsBottomLeft() {
        let bitmap = BitmapFixture(width: 4, height: 4)
        bitmap.context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        bitmap.context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(bitmap.pixel(0, row: 3) == [255, 0, 0, 255])
        #expect(bitmap.pixel(0, row: 0) == [0, 0, 0, 0])
    }

    @Test func halfPixelCoverageIsHalf() {
        let bitmap = BitmapFixture(width: 4, height: 1)
        bitmap.context.setFillColor(gray: 1, alpha: 1)
        bitmap.context.fill(CGRect(x: 0.5, y: 0, width: 2, height: 1))
        #expect(bitmap.pixel(0, row: 0) == [128, 128, 128, 128])
        #expect(bitmap.pixel(1, row: 0) == [255, 255, 255, 255])
        #expect(bitmap.pixel(2, row: 0) == [128, 128, 128, 128])
        #expect(bitmap.pixel(3, row: 0) == [0, 0, 0, 0])
    }

    @Test func antialiasingOffSnapsCoverage() {
        let bitmap = BitmapFixture(width: 4, height: 1)
        bitmap.context.setShouldAntialias(false)
        bitmap.context.setFillColor(gray: 1, alpha: 1)
        bitmap.context.fill(CGRect(x: 0.6, y: 0, width: 2, height: 1))
        #expect(bitmap.pixel(0, row: 0) == [0, 0, 0, 0])
        #expect(bitmap.pixel(2, row: 0) == [255, 255, 255, 255])
    }

    @Test func bgraLayoutStoresBlueFirst() {
        let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        let bitmap = BitmapFixture(width: 1, height: 1, info: info)
        bitmap.context.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        bitmap.context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(bitmap.pixel(0, row: 0) == [0, 128, 255, 255])
        let argb = BitmapFixture(width: 1, height: 1, info: CGImageAlphaInfo.premultipliedFirst.rawValue)
        argb.context.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        argb.context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(argb.pixel(0, row: 0) == [255, 255, 128, 0])
    }

    @Test func alphaAndSourceOver() {
        let bitmap = BitmapFixture(width: 1, height: 1)
        bitmap.context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        bitmap.context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        bitmap.context.setAlpha(0.5)
        bitmap.context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        bitmap.context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        // Exactly half red over blue is 127.5 for both channels; 8-bit arithmetic rounds each
        // to 127 or 128.
        let pixel = bitmap.pixel(0, row: 0)
        #expect((127...128).contains(pixel[0]) && pixel[1] == 0 && (127...128).contains(pixel[2]))
        #expect(pixel[3] == 255)
    }

    @Test func copyBlendReplaces() {
        let bitmap = BitmapFixture(width: 1, height: 1)
        bitmap.context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        bitmap.context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        bitmap.context.setBlendMode(.copy)
        bitmap.context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        bitmap.context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(bitmap.pixel(0, row: 0) == [128, 0, 0, 128])
    }

    @Test func saveRestoreAndCTM() {
        let bitmap = BitmapFixture(width: 4, height: 4)
        let ctx = bitmap.context
        ctx.saveGState()
        ctx.translateBy(x: 2, y: 2)
        ctx.setFillColor(gray: 1, alpha: 1)
        #expect(ctx.ctm == CGAffineTransform(translationX: 2, y: 2))
        ctx.restoreGState()
        #expect(ctx.ctm == .identity)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        // The fill colour was restored to black.
        #expect(bitmap.pixel(0, row: 3) == [0, 0, 0, 255])
    }

    @Test func clipToRectLimitsDrawing() {
        let bitmap = BitmapFixture(width: 4, height: 4)
        let ctx = bitmap.context
        ctx.clip(to: CGRect(x: 1, y: 1, width: 2, height: 2))
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 1, y: 1, width: 2, height: 2))
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(bitmap.pixel(0, row: 0) == [0, 0, 0, 0])
        #expect(bitmap.pixel(1, row: 1) == [255, 255, 255, 255])
        #expect(bitmap.pixel(3, row: 3) == [0, 0, 0, 0])
    }

    @Test func evenOddLeavesHole() {
        let bitmap = BitmapFixture(width: 6, height: 6)
        let ctx = bitmap.context
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.addRect(CGRect(x: 0, y: 0, width: 6, height: 6))
        ctx.addRect(CGRect(x: 2, y: 2, width: 2, height: 2))
        ctx.fillPath(using: .evenOdd)
        #expect(bitmap.pixel(2, row: 2) == [0, 0, 0, 0])
        #expect(bitmap.pixel(0, row: 0) == [255, 255, 255, 255])
        #expect(ctx.isPathEmpty)
    }

    @Test func nonFiniteGeometryDrawsNothing() {
        let bitmap = BitmapFixture(width: 4, height: 4)
        let ctx = bitmap.context
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: CGFloat.nan, y: 0, width: 2, height: 2))
        ctx.fill(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 2))
        ctx.move(to: CGPoint(x: 0, y: 0))
        ctx.addLine(to: CGPoint(x: CGFloat.nan, y: 3))
        ctx.addLine(to: CGPoint(x: 3, y: 3))
        ctx.fillPath()
        ctx.setLineWidth(.nan)
        ctx.stroke(CGRect(x: 1, y: 1, width: 2, height: 2))
        for row in 0..<4 { for x in 0..<4 { #expect(bitmap.pixel(x, row: row) == [0, 0, 0, 0]) } }
    }

    @Test func makeImageCopiesPixels() throws {
        let bitmap = BitmapFixture(width: 2, height: 2)
        bitmap.context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        bitmap.context.fill(CGRect(x: 0, y: 1, width: 1, height: 1))
        let image = try #require(bitmap.context.makeImage())
        #expect(image.width == 2 && image.height == 2)
        bitmap.context.clear(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(bitmap.pixel(0, row: 0) == [0, 0, 0, 0])
        // The image kept the top-left green pixel.
        let copy = BitmapFixture(width: 2, height: 2)
        copy.context.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(copy.pixel(0, row: 0) == [0, 255, 0, 255])
        #expect(copy.pixel(1, row: 1) == [0, 0, 0, 0])
    }
}

@Suite struct CGContextExtremeGeometryTests {
    @Test func infiniteAndHugeShapesStayBounded() {
        let bitmap = BitmapFixture(width: 8, height: 8)
        let ctx = bitmap.context
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect.infinite)
        #expect(bitmap.pixel(0, row: 0) == [255, 255, 255, 255])
        #expect(bitmap.pixel(7, row: 7) == [255, 255, 255, 255])
        ctx.clear(CGRect(x: 0, y: 0, width: 8, height: 8))
        // A huge triangle whose edges cross the bitmap diagonally.
        ctx.move(to: CGPoint(x: -1e12, y: -1e12))
        ctx.addLine(to: CGPoint(x: 1e12, y: 1e12))
        ctx.addLine(to: CGPoint(x: 1e12, y: -1e12))
        ctx.closePath()
        ctx.fillPath()
        #expect(bitmap.pixel(7, row: 7) == [255, 255, 255, 255])  // below the diagonal (y-up)
        #expect(bitmap.pixel(0, row: 0) == [0, 0, 0, 0])
        ctx.setLineWidth(1e9)
        ctx.stroke(CGRect(x: 2, y: 2, width: 2, height: 2))
        // The default stroke colour is opaque black.
        #expect(bitmap.pixel(0, row: 0) == [0, 0, 0, 255])
    }

    @Test func degeneratePathsDrawNothing() {
        let bitmap = BitmapFixture(width: 4, height: 4)
        let ctx = bitmap.context
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 1, y: 1, width: 0, height: 2))
        ctx.move(to: CGPoint(x: 1, y: 1))
        ctx.addLine(to: CGPoint(x: 3, y: 3))
        ctx.fillPath()
        ctx.fillPath()
        ctx.setLineCap(.butt)
        ctx.move(to: CGPoint(x: 2, y: 2))
        ctx.strokePath()
        for row in 0..<4 { for x in 0..<4 { #expect(bitmap.pixel(x, row: row) == [0, 0, 0, 0]) } }
    }
}

@Suite struct CGContextJoinTests {
    /// Each join covers the outer corner as its style says: round joins reach every point
    /// within half the width of the vertex, bevel joins stop at the chord, miters at the tip.
    @Test(arguments: [CGLineJoin.round, .bevel, .miter])
    func outerCornerCoverage(join: CGLineJoin) {
        let bitmap = BitmapFixture(width: 60, height: 60)
        let ctx = bitmap.context
        ctx.setLineWidth(10)
        ctx.setLineJoin(join)
        ctx.move(to: CGPoint(x: 10, y: 10))
        ctx.addLine(to: CGPoint(x: 30, y: 30))
        ctx.addLine(to: CGPoint(x: 50, y: 10))
        ctx.strokePath()
        // y-up: point (x, y) is memory row 59 − y.
        func alpha(_ x: Int, _ y: Int) -> UInt8 { bitmap.pixel(x, row: 59 - y)[3] }
        // The 90° corner at (30, 30): the bevel's chord is at y = 30 + 5/√2 ≈ 33.54, the round
        // join reaches y = 35, the miter's tip y = 30 + 5·√2 ≈ 37.07.
        #expect(alpha(29, 32) == 255)
        let band = alpha(29, 34)  // the pixel spanning y 34…35
        switch join {
        case .bevel: #expect(band == 0)
        case .round: #expect(band >= 200 && band < 255)
        case .miter: #expect(band == 255)
        }
        #expect(alpha(29, 20) == 0)  // inside the V, below the stroke
    }
}

/// Inputs the path fuzzer found (docs/fuzzing.md): each once crashed.
@Suite struct CGContextFuzzRegressionTests {
    @Test func enormousCurvesAndArcs() {
        let bitmap = BitmapFixture(width: 8, height: 8)
        let ctx = bitmap.context
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 1e300, y: -1e300), control: CGPoint(x: -1e308, y: 1e308))
        path.addCurve(to: CGPoint(x: 4, y: 4), control1: CGPoint(x: 1e308, y: 1e308), control2: CGPoint(x: -1e308, y: 0))
        path.addRelativeArc(center: CGPoint(x: 4, y: 4), radius: 3, startAngle: 0, delta: 1e300)
        _ = path.contains(CGPoint(x: 1, y: 1))
        ctx.addPath(path)
        ctx.fillPath()
        ctx.addPath(path)
        ctx.strokePath()
        ctx.addPath(path)
        ctx.clip()
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        // The overflowing clip clipped everything away.
        #expect(bitmap.pixel(0, row: 0)[0] == 0)
    }

    @Test func extremeShadows() {
        let bitmap = BitmapFixture(width: 8, height: 8)
        bitmap.context.setShadow(offset: CGSize(width: 1e300, height: -1e300), blur: 1e300, color: CGColor(gray: 0, alpha: 1))
        bitmap.context.fill(CGRect(x: 1, y: 1, width: 2, height: 2))
        #expect(bitmap.pixel(1, row: 5)[3] == 255)
    }
}
