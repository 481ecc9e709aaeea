import LaminaTestSupport
import QuartzCore
import Testing

/// The damage-tracking renderer: full first frames, idle frames that touch nothing, moved
/// layers that repaint only their old and new footprints, and animated frames equal to the
/// presentation tree.
@Suite struct CARendererTests {
    private func colour(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat) -> CGColor { CGColor(red: r, green: g, blue: b, alpha: 1) }

    private func scene() -> (root: CALayer, tiles: [CALayer]) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.backgroundColor = colour(1, 1, 1)
        var tiles: [CALayer] = []
        for i in 0..<6 {
            let tile = CALayer()
            tile.frame = CGRect(x: 10 + CGFloat(i) * 30, y: 20, width: 24, height: 24)
            tile.backgroundColor = colour(CGFloat(i) / 6, 0.4, 1 - CGFloat(i) / 6)
            tile.cornerRadius = 5
            root.addSublayer(tile)
            tiles.append(tile)
        }
        return (root, tiles)
    }

    /// Where two images differ: the bounding box of differing pixels (nil when equal).
    private func difference(_ renderer: CARenderer, _ root: CALayer) -> CGRect? {
        let a = ReferenceImage.pixels(of: renderer.makeImage()!), b = renderInPixels(root)
        var box: CGRect?
        for i in stride(from: 0, to: a.count, by: 4) where a[i..<i + 4] != b[i..<i + 4] {
            let p = CGRect(x: (i / 4) % 400, y: (i / 4) / 400, width: 1, height: 1)
            box = box.map { $0.union(p) } ?? p
        }
        return box
    }

    private func frame(_ renderer: CARenderer, at t: CFTimeInterval) -> CGRect {
        renderer.beginFrame(atTime: t)
        let damage = renderer.updateBounds()
        renderer.render()
        renderer.endFrame()
        return damage
    }

    @Test func firstFrameThenIdleFrames() throws {
        try withManualClock { clock in
            let (root, _) = scene()
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 400, pixelHeight: 200, scale: 2))
            renderer.layer = root
            #expect(frame(renderer, at: clock.time) == CGRect(x: 0, y: 0, width: 200, height: 100))
            #expect(renderer.lastRenderedPixelCount == 400 * 200)
            #expect(difference(renderer, root) == nil)
            // Nothing changed: nothing is drawn.
            #expect(frame(renderer, at: clock.time + 1).isNull)
            #expect(renderer.lastRenderedPixelCount == 0)
            #expect(renderer.nextFrameTime() == .infinity)
        }
    }

    @Test func aMovedLayerRepaintsItsOldAndNewFootprints() throws {
        try withManualClock { clock in
            let (root, tiles) = scene()
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 400, pixelHeight: 200, scale: 2))
            renderer.layer = root
            _ = frame(renderer, at: clock.time)
            withoutActions {
                tiles[2].position.x += 7
                tiles[2].position.y += 5
            }
            let damage = frame(renderer, at: clock.time)
            // Old frame (70, 20, 24, 24), new (77, 25, 24, 24), each with a 1-point margin.
            #expect(damage == CGRect(x: 69, y: 19, width: 33, height: 31))
            #expect(renderer.lastRenderedPixelCount == 66 * 62)
            #expect(difference(renderer, root) == nil)
        }
    }

    @Test func animatedFramesMatchThePresentationTree() throws {
        try withManualClock { clock in
            let (root, tiles) = scene()
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 400, pixelHeight: 200, scale: 2))
            renderer.layer = root
            _ = frame(renderer, at: clock.time)
            let move = CABasicAnimation(keyPath: "position.y")
            move.fromValue = 32
            move.toValue = 82
            move.duration = 1
            tiles[0].add(move, forKey: "move")
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = 2
            tiles[4].add(fade, forKey: "fade")
            CATransaction.flush()
            for _ in 0..<3 {
                clock.advance(by: 0.3)
                _ = frame(renderer, at: clock.time)
                #expect(renderer.lastRenderedPixelCount > 0)
                #expect(renderer.nextFrameTime() == clock.time)
                #expect(difference(renderer, root) == nil)
            }
            clock.advance(by: 2)
            _ = frame(renderer, at: clock.time)
            #expect(difference(renderer, root) == nil)
            // Both have ended: idle again.
            #expect(frame(renderer, at: clock.time).isNull)
        }
    }

    @Test func removedLayersAreErased() throws {
        try withManualClock { clock in
            let (root, tiles) = scene()
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 400, pixelHeight: 200, scale: 2))
            renderer.layer = root
            _ = frame(renderer, at: clock.time)
            tiles[5].removeFromSuperlayer()
            CATransaction.flush()
            let damage = frame(renderer, at: clock.time)
            #expect(damage == CGRect(x: 159, y: 19, width: 26, height: 26))
            #expect(difference(renderer, root) == nil)
            #expect(CARenderer(pixelWidth: 0, pixelHeight: 10) == nil)
        }
    }
}
