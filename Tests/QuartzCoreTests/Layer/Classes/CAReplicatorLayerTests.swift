import LaminaTestSupport
import QuartzCore
import Testing

@Suite struct CAReplicatorLayerTests {
    private func pixels(_ root: CALayer) -> (Int, Int) -> [UInt8] {
        let w = Int(root.bounds.width), h = Int(root.bounds.height)
        let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: 1, y: -1)
        root.render(in: ctx)
        return { x, y in (0..<4).map { ctx.data!.assumingMemoryBound(to: UInt8.self)[(y * w + x) * 4 + $0] } }
    }

    private func scene() -> (CALayer, CAReplicatorLayer, CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 5, width: 10, height: 10)
        dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        replicator.addSublayer(dot)
        root.addSublayer(replicator)
        return (root, replicator, dot)
    }

    @Test func copiesFollowTheInstanceTransformAndColours() {
        let (root, replicator, _) = scene()
        replicator.instanceCount = 4
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.instanceColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        replicator.instanceGreenOffset = 0.25
        replicator.instanceAlphaOffset = -0.25
        let pixel = pixels(root)
        #expect(pixel(5, 10) == [255, 0, 0, 255])
        // Copy 1: tint (1, 0.25, 0, 0.75) on premultiplied white → (191, 48, 0, 191).
        let second = pixel(25, 10)
        #expect(abs(Int(second[0]) - 191) <= 1 && abs(Int(second[1]) - 48) <= 1 && second[2] == 0 && abs(Int(second[3]) - 191) <= 1)
        let third = pixel(45, 10)
        #expect(abs(Int(third[0]) - 128) <= 1 && abs(Int(third[1]) - 64) <= 1 && abs(Int(third[3]) - 128) <= 1)
        #expect(pixel(65, 10)[3] >= 63 && pixel(65, 10)[3] <= 64)
        #expect(pixel(85, 10) == [0, 0, 0, 0])
        #expect(pixel(15, 10) == [0, 0, 0, 0])
    }

    @Test func delayedCopiesShowEarlierAnimationTimes() {
        withManualClock { clock in
            let (root, replicator, dot) = scene()
            replicator.instanceCount = 3
            replicator.instanceTransform = CATransform3DMakeTranslation(0, 0, 0)
            replicator.instanceDelay = 0.25
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 5
            move.toValue = 85
            move.duration = 1
            dot.add(move, forKey: "move")
            CATransaction.flush()
            clock.advance(by: 0.5)
            // Copies at 0.5, 0.25 and 0 s into the animation: x centres 45, 25 and 5.
            let pixel = pixels(root.presentation()!)
            #expect(pixel(45, 10)[3] == 255 && pixel(25, 10)[3] == 255 && pixel(5, 10)[3] == 255)
            #expect(pixel(65, 10)[3] == 0 && pixel(35, 10)[3] == 0)
            // The compositor draws the same.
            let renderer = CARenderer(pixelWidth: 100, pixelHeight: 20)!
            renderer.layer = root
            renderer.renderFrame(atTime: clock.time)
            let frame = ReferenceImage.pixels(of: renderer.makeImage()!)
            #expect(frame[(10 * 100 + 25) * 4 + 3] == 255 && frame[(10 * 100 + 35) * 4 + 3] == 0)
        }
    }
}
