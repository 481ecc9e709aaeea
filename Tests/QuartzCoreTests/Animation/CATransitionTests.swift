import QuartzCore
import Testing

@Suite struct CATransitionTests {
    /// A 40×20 layer rendered at 1 pixel per point; returns the RGBA of pixel (x, 10).
    private func render(_ layer: CALayer) -> (Int) -> [UInt8] {
        let ctx = CGContext(data: nil, width: 40, height: 20, bitsPerComponent: 8, bytesPerRow: 160,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: 20)
        ctx.scaleBy(x: 1, y: -1)
        layer.render(in: ctx)
        // The closure keeps the context: its pixels are freed with it.
        return { x in
            withExtendedLifetime(ctx) {
                let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
                return (0..<4).map { bytes[10 * 160 + x * 4 + $0] }
            }
        }
    }

    private func transitioning(_ type: CATransitionType, _ subtype: CATransitionSubtype?, at progress: Double) -> (Int) -> [UInt8] {
        withManualClock { clock in
            let layer = committedLayer {
                $0.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
                $0.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            }
            let transition = CATransition()
            transition.type = type
            transition.subtype = subtype
            transition.duration = 1
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.add(transition, forKey: kCATransition)
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.commit()
            clock.advance(by: progress)
            return render(layer.presentation()!)
        }
    }

    @Test func fadeIsACrossDissolve() {
        let pixel = transitioning(.fade, nil, at: 0.25)
        let p = pixel(20)
        #expect(abs(Int(p[0]) - 191) <= 1 && p[1] == 0 && abs(Int(p[2]) - 64) <= 1 && p[3] == 255)
    }

    @Test func pushMovesBothRenderings() {
        // From the right: the new (blue) enters at the right edge, the old leaves to the left.
        let pixel = transitioning(.push, .fromRight, at: 0.25)
        #expect(pixel(5) == [255, 0, 0, 255])
        #expect(pixel(29) == [255, 0, 0, 255])
        #expect(pixel(31) == [0, 0, 255, 255])
    }

    @Test func moveInAndReveal() {
        let moveIn = transitioning(.moveIn, .fromLeft, at: 0.5)
        #expect(moveIn(5) == [0, 0, 255, 255] && moveIn(25) == [255, 0, 0, 255])
        let reveal = transitioning(.reveal, .fromLeft, at: 0.5)
        // The old slides right, uncovering the new on the left.
        #expect(reveal(5) == [0, 0, 255, 255] && reveal(25) == [255, 0, 0, 255])
        let top = transitioning(.push, .fromTop, at: 0.75)
        #expect(top(20) == [0, 0, 255, 255])
    }

    @Test func endsOnTheNewRendering() {
        let pixel = transitioning(.fade, nil, at: 1.5)
        #expect(pixel(20) == [0, 0, 255, 255])
        let partial = CATransition()
        partial.startProgress = 0.5
        #expect(partial.value(forKey: "startProgress") as? Float == 0.5)
        #expect(partial.type == .fade && partial.subtype == nil)
    }
}
