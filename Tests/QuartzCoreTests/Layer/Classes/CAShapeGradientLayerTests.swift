import LaminaTestSupport
import QuartzCore
import Testing

/// CAShapeLayer and CAGradientLayer through `render(in:)`, against reference PNGs (tolerance:
/// 2 of 255 per channel), and their animations.
@Suite struct CAShapeGradientLayerTests {
    private func colour(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    private func star(in r: CGRect) -> CGPath {
        let path = CGMutablePath()
        let c = CGPoint(x: r.midX, y: r.midY), radius = Swift.min(r.width, r.height) / 2
        for i in 0..<5 {
            let angle = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            let p = CGPoint(x: c.x + cos(angle) * radius, y: c.y + sin(angle) * radius)
            i == 0 ? path.move(to: p) : path.addLine(to: p)
        }
        path.closeSubpath()
        return path
    }

    private func shapes() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 100)
        root.backgroundColor = colour(1, 1, 1)
        let filled = CAShapeLayer()
        filled.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        filled.path = star(in: CGRect(x: 0, y: 0, width: 80, height: 80))
        filled.fillColor = colour(0.9, 0.6, 0.1)
        filled.strokeColor = colour(0.2, 0.2, 0.6)
        filled.lineWidth = 3
        filled.lineJoin = .round
        root.addSublayer(filled)
        let evenOdd = CAShapeLayer()
        evenOdd.frame = CGRect(x: 110, y: 10, width: 80, height: 80)
        evenOdd.path = star(in: CGRect(x: 0, y: 0, width: 80, height: 80))
        evenOdd.fillRule = .evenOdd
        evenOdd.fillColor = colour(0.2, 0.6, 0.3)
        root.addSublayer(evenOdd)
        let partial = CAShapeLayer()
        partial.frame = CGRect(x: 210, y: 10, width: 100, height: 80)
        let wave = CGMutablePath()
        wave.move(to: CGPoint(x: 5, y: 40))
        wave.addCurve(to: CGPoint(x: 95, y: 40), control1: CGPoint(x: 35, y: -20), control2: CGPoint(x: 65, y: 100))
        wave.addEllipse(in: CGRect(x: 30, y: 55, width: 40, height: 20))
        partial.path = wave
        partial.fillColor = nil
        partial.strokeColor = colour(0.8, 0.1, 0.3)
        partial.lineWidth = 6
        partial.lineCap = .round
        partial.strokeStart = 0.1
        partial.strokeEnd = 0.8
        partial.lineDashPattern = [12, 6]
        root.addSublayer(partial)
        return root
    }

    @Test func shapeLayersRenderLikeTheReference() {
        let root = shapes()
        let ctx = ReferenceImage.layerCanvas(root.bounds.size)
        root.render(in: ctx)
        let message = ReferenceImage.mismatch(ctx.makeImage()!, suite: "CAShapeGradientLayerTests", name: "shapes")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }

    @Test func gradientLayersRenderLikeTheReference() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 330, height: 100)
        let colours = [colour(1, 0.2, 0.2), colour(1, 0.9, 0.2), colour(0.2, 0.4, 1)]
        for (index, type) in [CAGradientLayerType.axial, .radial, .conic].enumerated() {
            let layer = CAGradientLayer()
            layer.frame = CGRect(x: 10 + CGFloat(index) * 110, y: 10, width: 100, height: 80)
            layer.colors = colours
            layer.type = type
            switch type {
            case .axial:
                layer.startPoint = CGPoint(x: 0, y: 0)
                layer.endPoint = CGPoint(x: 1, y: 1)
                layer.locations = [0, 0.3, 1]
            default:
                layer.startPoint = CGPoint(x: 0.5, y: 0.5)
                layer.endPoint = CGPoint(x: 1, y: 1)
            }
            root.addSublayer(layer)
        }
        let ctx = ReferenceImage.layerCanvas(root.bounds.size)
        root.render(in: ctx)
        let message = ReferenceImage.mismatch(ctx.makeImage()!, suite: "CAShapeGradientLayerTests", name: "gradients")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }

    @Test func strokeEndAnimatesTheDrawnLength() {
        withManualClock { clock in
            let layer = CAShapeLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
            let line = CGMutablePath()
            line.move(to: CGPoint(x: 0, y: 5))
            line.addLine(to: CGPoint(x: 100, y: 5))
            layer.path = line
            layer.strokeColor = colour(0, 0, 0)
            layer.lineWidth = 10
            layer.strokeEnd = 0
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.strokeEnd = 1
            CATransaction.commit()
            clock.advance(by: 0.25)
            let presentation = layer.presentation()!
            #expect(presentation.strokeEnd == 0.25)
            let ctx = CGContext(data: nil, width: 100, height: 10, bitsPerComponent: 8, bytesPerRow: 400,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            presentation.render(in: ctx)
            let alpha = ctx.data!.assumingMemoryBound(to: UInt8.self)
            #expect(alpha[5 * 400 + 20 * 4 + 3] == 255)
            #expect(alpha[5 * 400 + 30 * 4 + 3] == 0)
        }
    }

    @Test func gradientColoursInterpolate() {
        withManualClock { clock in
            let layer = CAGradientLayer()
            layer.colors = [colour(1, 0, 0), colour(0, 0, 1)]
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.colors = [colour(0, 0, 1), colour(1, 0, 0)]
            layer.startPoint = CGPoint(x: 0, y: 0.5)
            CATransaction.commit()
            clock.advance(by: 0.5)
            let shown = layer.presentation()!
            #expect((shown.colors?.first as? CGColor)?.components == [0.5, 0, 0.5, 1])
            #expect(shown.startPoint == CGPoint(x: 0.25, y: 0.25))
        }
    }

    /// Apple documents that the start point "corresponds to the first stop of the gradient" and
    /// the end point to the last, and (CAGradientLayer.h) that "the colors are mapped to the output
    /// colorspace before being interpolated": red → yellow down a 100-point layer at 3× is red at
    /// the top row, yellow at the bottom row and evenly spaced in sRGB between.
    @Test func endColoursSitAtTheStartAndEndPoints() {
        let layer = CAGradientLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = [colour(1, 0, 0), colour(1, 1, 0)]
        let ctx = ReferenceImage.layerCanvas(layer.bounds.size, scale: 3)
        layer.render(in: ctx)
        let pixels = ReferenceImage.pixels(of: ctx.makeImage()!)
        func green(row: Int) -> Int { Int(pixels[(row * 300 + 150) * 4 + 1]) }
        #expect(green(row: 0) <= 1)
        #expect(green(row: 299) >= 254)
        for row in [75, 150, 225] {
            let expected = (Double(row) + 0.5) / 300 * 255
            #expect(abs(Double(green(row: row)) - expected) <= 1.5, "row \(row)")
        }
        #expect(pixels[(150 * 300 + 150) * 4] == 255)
        #expect(pixels[(150 * 300 + 150) * 4 + 2] == 0)
    }

    @Test func shapeDefaultsAndTrimming() {
        let layer = CAShapeLayer()
        #expect(layer.fillColor?.components == [0, 1] && layer.strokeColor == nil)
        #expect(layer.lineWidth == 1 && layer.miterLimit == 10 && layer.strokeEnd == 1)
        #expect(layer.lineCap == .butt && layer.lineJoin == .miter && layer.fillRule == .nonZero)
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        // Half of a closed square's perimeter: two sides.
        let half = square.trimmed(from: 0, to: 0.5)
        #expect(half.currentPoint == CGPoint(x: 10, y: 10))
        #expect(square.trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect(CAGradientLayer().startPoint == CGPoint(x: 0.5, y: 0) && CAGradientLayer().type == .axial)
    }
}
