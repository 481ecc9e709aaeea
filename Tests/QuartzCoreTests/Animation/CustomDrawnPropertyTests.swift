import QuartzCore
import Testing

private final class ProgressBarLayer: CALayer {
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

@Suite struct CustomDrawnPropertyTests {
    @Test func presentationRedrawsWithTheInFlightValue() {
        withManualClock { clock in
            let layer = ProgressBarLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 10, height: 1)
            layer.progress = 0
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.progress = 1
            CATransaction.commit()
            clock.advance(by: 0.5)
            let ctx = CGContext(data: nil, width: 10, height: 1, bitsPerComponent: 8, bytesPerRow: 40,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            layer.presentation()!.render(in: ctx)
            let alpha = (0..<10).map { ctx.data!.assumingMemoryBound(to: UInt8.self)[$0 * 4 + 3] }
            #expect(alpha == [255, 255, 255, 255, 255, 0, 0, 0, 0, 0])
        }
    }
}
