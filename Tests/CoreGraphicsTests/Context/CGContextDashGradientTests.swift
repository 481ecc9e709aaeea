import CoreGraphics
import LaminaTestSupport
import Testing

@Suite struct CGContextDashTests {
    @Test func dashPatternCutsTheLine() {
        let bitmap = BitmapFixture(width: 20, height: 1)
        let ctx = bitmap.context
        ctx.setLineWidth(1)
        ctx.setLineDash(phase: 0, lengths: [4, 2])
        ctx.move(to: CGPoint(x: 0, y: 0.5))
        ctx.addLine(to: CGPoint(x: 20, y: 0.5))
        ctx.strokePath()
        let alphas = (0..<20).map { bitmap.pixel($0, row: 0)[3] }
        #expect(alphas == [255, 255, 255, 255, 0, 0, 255, 255, 255, 255, 0, 0, 255, 255, 255, 255, 0, 0, 255, 255])
    }

    @Test func phaseShiftsThePattern() {
        let bitmap = BitmapFixture(width: 8, height: 1)
        let ctx = bitmap.context
        ctx.setLineDash(phase: 3, lengths: [4, 2])
        ctx.move(to: CGPoint(x: 0, y: 0.5))
        ctx.addLine(to: CGPoint(x: 8, y: 0.5))
        ctx.strokePath()
        let alphas = (0..<8).map { bitmap.pixel($0, row: 0)[3] }
        #expect(alphas == [255, 0, 0, 255, 255, 255, 255, 0])
    }

    @Test func invalidPatternsStrokeSolidAndNeverHang() {
        for lengths: [CGFloat] in [[], [0, 0], [-1, 2], [CGFloat.nan, 1], [CGFloat.infinity]] {
            let bitmap = BitmapFixture(width: 6, height: 1)
            bitmap.context.setLineDash(phase: 0, lengths: lengths)
            bitmap.context.move(to: CGPoint(x: 0, y: 0.5))
            bitmap.context.addLine(to: CGPoint(x: 6, y: 0.5))
            bitmap.context.strokePath()
            #expect((0..<6).allSatisfy { bitmap.pixel($0, row: 0)[3] == 255 })
        }
        // A tiny pattern over a huge line is bounded, not a hang.
        let bitmap = BitmapFixture(width: 4, height: 4)
        bitmap.context.setLineDash(phase: 0, lengths: [1e-3, 1e-3])
        bitmap.context.move(to: CGPoint(x: -1e9, y: 2))
        bitmap.context.addLine(to: CGPoint(x: 1e9, y: 2))
        bitmap.context.strokePath()
    }

    @Test func dashesRenderLikeTheReference() {
        let ctx = CGContext(data: nil, width: 120, height: 60, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 120, height: 60))
        ctx.setStrokeColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)
        ctx.setLineWidth(4)
        ctx.setLineCap(.round)
        ctx.setLineDash(phase: 2, lengths: [8, 6, 0, 6])
        ctx.strokeEllipse(in: CGRect(x: 8, y: 8, width: 44, height: 44))
        ctx.setLineCap(.butt)
        ctx.setLineJoin(.miter)
        ctx.setLineDash(phase: 0, lengths: [10, 4])
        ctx.move(to: CGPoint(x: 62, y: 10))
        ctx.addLine(to: CGPoint(x: 112, y: 10))
        ctx.addLine(to: CGPoint(x: 87, y: 52))
        ctx.closePath()
        ctx.strokePath()
        let message = ReferenceImage.mismatch(ctx.makeImage()!, suite: "CGContextDashTests", name: "dashes")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }

    @Test func copyDashingAndStroking() {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 10, y: 0))
        let dashed = line.copy(dashingWithPhase: 0, lengths: [2, 3])
        var moves = 0
        dashed.applyWithBlock { if $0.pointee.type == .moveToPoint { moves += 1 } }
        #expect(moves == 2)
        let outline = line.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let box = outline.boundingBoxOfPath
        #expect(abs(box.minY + 2) < 1e-9 && abs(box.maxY - 2) < 1e-9 && abs(box.maxX - 10) < 1e-9)
        #expect(outline.contains(CGPoint(x: 5, y: 1)))
        #expect(!outline.contains(CGPoint(x: 5, y: 3)))
    }
}

@Suite struct CGContextGradientTests {
    private func gradient() -> CGGradient {
        CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                   colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)] as CFArray,
                   locations: [0, 1])!
    }

    @Test func linearGradientEndsAndMiddle() {
        let bitmap = BitmapFixture(width: 11, height: 1)
        bitmap.context.drawLinearGradient(gradient(), start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 10.5, y: 0), options: [])
        #expect(bitmap.pixel(0, row: 0) == [255, 0, 0, 255])
        #expect(bitmap.pixel(10, row: 0) == [0, 0, 255, 255])
        let middle = bitmap.pixel(5, row: 0)
        #expect(abs(Int(middle[0]) - 128) <= 1 && abs(Int(middle[2]) - 128) <= 1)
    }

    @Test func extendOptions() {
        let plain = BitmapFixture(width: 10, height: 1)
        plain.context.drawLinearGradient(gradient(), start: CGPoint(x: 3, y: 0), end: CGPoint(x: 7, y: 0), options: [])
        #expect(plain.pixel(0, row: 0) == [0, 0, 0, 0])
        #expect(plain.pixel(9, row: 0) == [0, 0, 0, 0])
        let extended = BitmapFixture(width: 10, height: 1)
        extended.context.drawLinearGradient(gradient(), start: CGPoint(x: 3, y: 0), end: CGPoint(x: 7, y: 0),
                                            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(extended.pixel(0, row: 0) == [255, 0, 0, 255])
        #expect(extended.pixel(9, row: 0) == [0, 0, 255, 255])
    }

    /// Long rows take the stepped fixed-point path: every pixel must still get the colour of
    /// its own centre's t, and the ends must stop exactly where t leaves 0…1.
    @Test(arguments: [false, true]) func longRowsFollowTheExactParameter(extended: Bool) {
        let bitmap = BitmapFixture(width: 2000, height: 1)
        let start = 100.25, end = 1900.75
        bitmap.context.drawLinearGradient(gradient(), start: CGPoint(x: start, y: 0), end: CGPoint(x: end, y: 0),
                                          options: extended ? [.drawsBeforeStartLocation, .drawsAfterEndLocation] : [])
        var worst = 0
        for x in 0..<2000 {
            let t = (Double(x) + 0.5 - start) / (end - start)
            let pixel = bitmap.pixel(x, row: 0)
            if !extended && (t < 0 || t > 1) {
                #expect(pixel == [0, 0, 0, 0], "x = \(x)")
                continue
            }
            let clamped = Swift.min(Swift.max(t, 0), 1)
            worst = Swift.max(worst, abs(Int(pixel[0]) - Int((255 * (1 - clamped)).rounded())))
            #expect(pixel[3] == 255)
        }
        #expect(worst <= 1)
    }

    @Test func gradientsRenderLikeTheReference() {
        let ctx = CGContext(data: nil, width: 120, height: 60, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        let three = CGGradient(colorsSpace: nil,
                               colors: [CGColor(red: 1, green: 0.8, blue: 0, alpha: 1), CGColor(red: 0.1, green: 0.6, blue: 0.3, alpha: 1),
                                        CGColor(red: 0.2, green: 0.2, blue: 0.9, alpha: 0.5)] as CFArray,
                               locations: [0, 0.3, 1])!
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 60, height: 60))
        ctx.drawLinearGradient(three, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 60, y: 60), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        ctx.restoreGState()
        ctx.drawRadialGradient(three, startCenter: CGPoint(x: 85, y: 35), startRadius: 2,
                               endCenter: CGPoint(x: 90, y: 30), endRadius: 28, options: [.drawsBeforeStartLocation])
        let message = ReferenceImage.mismatch(ctx.makeImage()!, suite: "CGContextGradientTests", name: "linear-radial")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }

    @Test func degenerateGradientsDrawNothing() {
        let bitmap = BitmapFixture(width: 4, height: 4)
        bitmap.context.drawLinearGradient(gradient(), start: .zero, end: .zero, options: [.drawsAfterEndLocation])
        bitmap.context.drawLinearGradient(gradient(), start: CGPoint(x: CGFloat.nan, y: 0), end: CGPoint(x: 1, y: 1), options: [])
        bitmap.context.drawRadialGradient(gradient(), startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 0, options: [])
        bitmap.context.drawRadialGradient(gradient(), startCenter: .zero, startRadius: -1, endCenter: .zero, endRadius: 3, options: [])
        for row in 0..<4 { for x in 0..<4 { #expect(bitmap.pixel(x, row: row) == [0, 0, 0, 0]) } }
        #expect(CGGradient(colorsSpace: nil, colors: [] as CFArray, locations: nil) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: ["not a colour"] as CFArray, locations: nil) == nil)
    }
}
