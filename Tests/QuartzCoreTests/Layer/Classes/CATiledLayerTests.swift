import QuartzCore
import Testing

/// Records the clip box of every tile it is asked to draw, and fills it.
private final class CheckerLayer: CATiledLayer {
    var drawn: [CGRect] = []

    override func draw(in ctx: CGContext) {
        let tile = ctx.boundingBoxOfClipPath
        drawn.append(tile)
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(tile)
    }
}

@Suite struct CATiledLayerTests {
    @Test func onlyVisibleTilesAreDrawnAndKept() {
        let scroller = CAScrollLayer()
        scroller.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        scroller.masksToBounds = true
        let tiled = CheckerLayer()
        tiled.tileSize = CGSize(width: 64, height: 64)
        tiled.frame = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        scroller.addSublayer(tiled)
        #expect(tiled.tileSize == CGSize(width: 64, height: 64) && CATiledLayer.fadeDuration() == 0.25)
        tiled.displayIfNeeded()
        // 100 × 100 visible at 64-point tiles: 2 × 2 tiles, each clipped to its own square.
        #expect(tiled.drawn.count == 4)
        #expect(Set(tiled.drawn.map { $0 }) == [CGRect(x: 0, y: 0, width: 64, height: 64), CGRect(x: 64, y: 0, width: 64, height: 64),
                                               CGRect(x: 0, y: 64, width: 64, height: 64), CGRect(x: 64, y: 64, width: 64, height: 64)])
        // Scrolling brings new tiles into view; the drawn ones are kept.
        scroller.scroll(to: CGPoint(x: 100, y: 0))
        tiled.displayIfNeeded()
        #expect(tiled.drawn.count == 8)   // x 100…200 needs columns 1…3; column 1 is kept
        // A partial invalidation redraws only the tiles it touches.
        tiled.setNeedsDisplay(CGRect(x: 130, y: 10, width: 5, height: 5))
        tiled.displayIfNeeded()
        #expect(tiled.drawn.count == 9 && tiled.drawn.last == CGRect(x: 128, y: 0, width: 64, height: 64))
    }

    @Test func tilesRenderInPlace() {
        let window = CALayer()
        window.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let scroller = CAScrollLayer()
        scroller.frame = window.bounds
        scroller.masksToBounds = true
        let tiled = CheckerLayer()
        tiled.tileSize = CGSize(width: 32, height: 32)
        tiled.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        scroller.addSublayer(tiled)
        window.addSublayer(scroller)
        scroller.scroll(to: CGPoint(x: 50, y: 50))
        let ctx = CGContext(data: nil, width: 100, height: 100, bitsPerComponent: 8, bytesPerRow: 400,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: 100)
        ctx.scaleBy(x: 1, y: -1)
        window.render(in: ctx)
        let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
        defer { withExtendedLifetime(ctx) {} }   // its pixels are freed with it
        // Every visible pixel is covered by a drawn tile (the tiles of x, y 32…160).
        #expect((0..<100).allSatisfy { y in (0..<100).allSatisfy { x in bytes[(y * 100 + x) * 4 + 2] == 255 } })
        #expect(tiled.drawn.count == 16)
    }
}
