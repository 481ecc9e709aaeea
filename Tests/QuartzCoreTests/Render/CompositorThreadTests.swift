import LaminaTestSupport
import QuartzCore
import Testing

/// The compositor on its own thread: frames follow the manual clock's frames.
@Suite struct CompositorThreadTests {
    @Test func framesComeFromTheRenderThread() throws {
        try withManualClock { clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
            root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            let dot = CALayer()
            dot.frame = CGRect(x: 0, y: 5, width: 10, height: 10)
            dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(dot)
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 40, pixelHeight: 20))
            renderer.layer = root
            let compositor = CompositorThread(renderer: renderer, clock: clock)
            compositor.start()
            defer { compositor.stop() }
            let first = compositor.waitForFrames(1)
            #expect(first.damage == CGRect(x: 0, y: 0, width: 40, height: 20))
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 5
            move.toValue = 35
            move.duration = 1
            dot.add(move, forKey: "move")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let second = compositor.waitForFrames(2)
            let pixels = ReferenceImage.pixels(of: try #require(second.image))
            // Half-way: the dot spans x 15…25.
            #expect(pixels[(10 * 40 + 20) * 4] == 255 && pixels[(10 * 40 + 20) * 4 + 1] == 0)
            #expect(pixels[(10 * 40 + 5) * 4 + 1] == 255)
            #expect(compositor.framesDrawn == 2)
        }
    }
}
