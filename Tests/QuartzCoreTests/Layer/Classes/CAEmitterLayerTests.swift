import Foundation
import LaminaTestSupport
import QuartzCore
import Testing

@Suite struct CAEmitterLayerTests {
    private func dotImage() -> CGImage {
        let ctx = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        return ctx.makeImage()!
    }

    private func emitter(seed: UInt32 = 7) -> CAEmitterLayer {
        let layer = CAEmitterLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        layer.emitterPosition = CGPoint(x: 20, y: 50)
        layer.seed = seed
        let cell = CAEmitterCell()
        cell.birthRate = 10
        cell.lifetime = 2
        cell.velocity = 50
        cell.emissionLongitude = 0
        cell.contents = dotImage()
        cell.color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.emitterCells = [cell]
        return layer
    }

    private func render(_ layer: CALayer) -> [UInt8] {
        let ctx = CGContext(data: nil, width: 200, height: 100, bitsPerComponent: 8, bytesPerRow: 800,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: 100)
        ctx.scaleBy(x: 1, y: -1)
        layer.render(in: ctx)
        return ReferenceImage.pixels(of: ctx.makeImage()!)
    }

    @Test func particlesFollowBirthRateLifetimeAndVelocity() {
        withManualClock { clock in
            let layer = emitter()
            clock.advance(by: 1.05)
            // Born every 0.1 s; all alive (lifetime 2): 11 particles on a line moving right.
            let pixels = render(layer)
            // The oldest, 1.05 s old, is at x = 20 + 50·1.05 = 72.5; the newest, 0.05 s, at 22.5.
            #expect(pixels[(50 * 200 + 72) * 4 + 3] == 255 && pixels[(50 * 200 + 72) * 4] == 255 && pixels[(50 * 200 + 72) * 4 + 1] == 0)
            #expect(pixels[(50 * 200 + 23) * 4 + 3] == 255)
            #expect(pixels[(50 * 200 + 90) * 4 + 3] == 0)
            clock.advance(by: 2)
            // 3.05 s: the first particles have died; the oldest alive is < 2 s old (x < 120).
            let later = render(layer)
            #expect(later[(50 * 200 + 125) * 4 + 3] == 0)
            #expect(later[(50 * 200 + 112) * 4 + 3] == 255)   // 1.85 s old: x 110.5…114.5
        }
    }

    @Test func theSeedDecidesTheRandomness() {
        withManualClock { clock in
            let a = emitter(seed: 1), b = emitter(seed: 1), c = emitter(seed: 2)
            for layer in [a, b, c] {
                let cell = layer.emitterCells![0]
                cell.emissionRange = .pi
                cell.velocityRange = 30
                cell.spin = 2
                cell.spinRange = 1
            }
            clock.advance(by: 1.5)
            let first = render(a), second = render(b), third = render(c)
            #expect(first == second)
            #expect(first != third)
            #expect(first.contains { $0 != 0 })
        }
    }

    @Test func theCompositorKeepsEmittersMoving() throws {
        try withManualClock { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            let layer = emitter()
            root.addSublayer(layer)
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 200, pixelHeight: 100))
            renderer.layer = root
            for step in 0..<3 {
                clock.advance(by: 0.35)
                let damage = renderer.renderFrame(atTime: clock.time)
                #expect(!damage.isNull, "frame \(step)")
                let frame = ReferenceImage.pixels(of: renderer.makeImage()!)
                let expected = render(root.presentation()!)
                #expect(frame.count == expected.count && zip(frame, expected).allSatisfy { $0 == $1 })
            }
        }
    }
}
