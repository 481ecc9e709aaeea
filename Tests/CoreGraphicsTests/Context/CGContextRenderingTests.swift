import CoreGraphics
import LaminaTestSupport
import Testing

/// Whole-image rendering checks against reference PNGs (tolerance: 2 of 255 per channel).
@Suite struct CGContextRenderingTests {
    private func render(_ draw: (CGContext) -> Void) -> CGImage {
        let ctx = CGContext(
            data: nil, width: 120, height: 90, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 120, height: 90))
        draw(ctx)
        return ctx.makeImage()!
    }

    @Test(arguments: [CGLineJoin.miter, .round, .bevel])
    func strokeJoinsAndCaps(join: CGLineJoin) {
        let image = render { ctx in
            ctx.setStrokeColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1)
            ctx.setLineWidth(10)
            ctx.setLineJoin(join)
            for (index, cap) in [CGLineCap.butt, .round, .square].enumerated() {
                ctx.setLineCap(cap)
                let y = CGFloat(20 + index * 25)
                ctx.move(to: CGPoint(x: 15, y: y))
                ctx.addLine(to: CGPoint(x: 50, y: y + 15))
                ctx.addLine(to: CGPoint(x: 85, y: y))
                ctx.strokePath()
            }
            ctx.setLineWidth(2)
            ctx.setStrokeColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 1)
            ctx.strokeEllipse(in: CGRect(x: 90, y: 10, width: 25, height: 70))
        }
        let message = ReferenceImage.mismatch(image, suite: "CGContextRenderingTests", name: "stroke-\(join)")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }

    @Test func curvesClipsAndImages() {
        let image = render { ctx in
            ctx.saveGState()
            ctx.addEllipse(in: CGRect(x: 5, y: 5, width: 60, height: 60))
            ctx.clip()
            ctx.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 35, height: 90))
            ctx.restoreGState()
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 70, y: 10))
            path.addCurve(to: CGPoint(x: 115, y: 80), control1: CGPoint(x: 120, y: 10), control2: CGPoint(x: 60, y: 80))
            path.addQuadCurve(to: CGPoint(x: 70, y: 10), control: CGPoint(x: 80, y: 60))
            ctx.addPath(path)
            ctx.setFillColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 0.7)
            ctx.fillPath()
            // A 2×2 image scaled up with nearest sampling, rotated.
            let tiny = CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                                 space: CGColorSpaceCreateDeviceRGB(),
                                 bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            tiny.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            tiny.fill(CGRect(x: 0, y: 1, width: 1, height: 1))
            tiny.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            tiny.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
            ctx.interpolationQuality = .none
            ctx.translateBy(x: 40, y: 60)
            ctx.rotate(by: .pi / 8)
            ctx.draw(tiny.makeImage()!, in: CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        let message = ReferenceImage.mismatch(image, suite: "CGContextRenderingTests", name: "curves-clips-images")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
