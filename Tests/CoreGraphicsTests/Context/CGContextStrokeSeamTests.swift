import CoreGraphics
import LaminaTestSupport
import Testing

/// Where the two ends of a stroke meet (an open full circle, the way progress rings draw
/// their track), the butt caps must join without a seam: the open ring looks like the closed
/// one.
@Suite struct CGContextStrokeSeamTests {
    private func ring(closed: Bool, start: CGFloat, clockwise: Bool = false) -> BitmapFixture {
        let bitmap = BitmapFixture(width: 100, height: 100)
        let ctx = bitmap.context
        ctx.setStrokeColor(red: 0, green: 0, blue: 0, alpha: 1)
        ctx.setLineWidth(12)
        ctx.setLineCap(.butt)
        ctx.addArc(center: CGPoint(x: 50, y: 50), radius: 30, startAngle: start,
                   endAngle: start + (clockwise ? -2 : 2) * .pi, clockwise: clockwise)
        if closed { ctx.closePath() }
        ctx.strokePath()
        return bitmap
    }

    @Test(arguments: [0, -CGFloat.pi / 2, 1] as [CGFloat])
    func openFullCircleMatchesTheClosedOne(start: CGFloat) {
        for clockwise in [false, true] {
            let open = ring(closed: false, start: start, clockwise: clockwise)
            let closed = ring(closed: true, start: start, clockwise: clockwise)
            var worst = 0
            for row in 0..<100 {
                for x in 0..<100 {
                    worst = max(worst, abs(Int(open.pixel(x, row: row)[3]) - Int(closed.pixel(x, row: row)[3])))
                }
            }
            // The closed ring passes its first vertex at the offset lines' corner, the open
            // one squares its caps to the true tangent: the two outlines differ there by less
            // than the flattening tolerance, a few 255ths of coverage. A seam is 80 or more.
            #expect(worst <= 4, "start \(start), clockwise \(clockwise): worst alpha difference \(worst)")
        }
    }

    @Test func seamPixelsAreFullyCovered() {
        // Start at angle 0: the caps meet on the row through the centre, x 74…86.
        let bitmap = ring(closed: false, start: 0)
        for x in 75...84 {
            for row in 48...51 {
                #expect(bitmap.pixel(x, row: row)[3] == 255, "pixel (\(x), \(row))")
            }
        }
    }

    @Test func progressTrackReference() {
        let bitmap = BitmapFixture(width: 120, height: 120)
        let ctx = bitmap.context
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 120, height: 120))
        ctx.setLineCap(.butt)
        ctx.setLineWidth(14)
        ctx.setStrokeColor(red: 0.85, green: 0.85, blue: 0.88, alpha: 1)
        ctx.addArc(center: CGPoint(x: 60, y: 60), radius: 42, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: false)
        ctx.strokePath()
        ctx.setLineCap(.round)
        ctx.setStrokeColor(red: 0.2, green: 0.5, blue: 0.95, alpha: 1)
        ctx.addArc(center: CGPoint(x: 60, y: 60), radius: 42, startAngle: -.pi / 2, endAngle: 0.75 * .pi, clockwise: false)
        ctx.strokePath()
        let message = ReferenceImage.mismatch(bitmap.context.makeImage()!, suite: "CGContextStrokeSeamTests", name: "progress-track")
        #expect(message == nil, "\(message ?? "")")
    }
}
