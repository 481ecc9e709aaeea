import LaminaTestSupport
import QuartzCore
import Testing

final class ProgressBarLayer: CALayer, @unchecked Sendable {
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

@Suite struct CustomPropertyRedrawTests {
    /// The compositor shows a custom property's animation: the owning thread redraws the
    /// presentation copy at each frame of the clock, as iOS does in the app process.
    @Test func aCustomAnimatablePropertyRedrawsEveryFrame() throws {
        try withManualClock { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let bar = ProgressBarLayer()
            bar.frame = root.bounds
            bar.setNeedsDisplay()
            root.addSublayer(bar)
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 100, pixelHeight: 20))
            renderer.layer = root
            renderer.renderFrame(atTime: clock.time)
            let animation = CABasicAnimation(keyPath: "progress")
            animation.fromValue = 0
            animation.toValue = 1
            animation.duration = 1
            bar.add(animation, forKey: "fill")
            CATransaction.flush()
            func filled() throws -> Int {
                let pixels = ReferenceImage.pixels(of: try #require(renderer.makeImage()))
                return (0..<100).filter { pixels[($0 + 10 * 100) * 4] == 0 }.count
            }
            clock.advance(by: 0.25)
            renderer.renderFrame(atTime: clock.time)
            #expect(try filled() == 25)
            #expect(frameMatchesRenderIn(renderer, root, scale: 1))
            clock.advance(by: 0.5)
            renderer.renderFrame(atTime: clock.time)
            #expect(try filled() == 75)
            // Finished: the model's drawing (progress 0) is back.
            clock.advance(by: 0.5)
            renderer.renderFrame(atTime: clock.time)
            #expect(try filled() == 0)
        }
    }
}
