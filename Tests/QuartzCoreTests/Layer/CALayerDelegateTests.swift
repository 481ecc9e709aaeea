import QuartzCore
import Testing

private final class Recorder: NSObject, CALayerDelegate {
    var log: [String] = []
    var clipBox = CGRect.null
    var contextSize = (0, 0)

    func layerWillDraw(_ layer: CALayer) { log.append("layerWillDraw") }

    func draw(_ layer: CALayer, in ctx: CGContext) {
        log.append("draw")
        clipBox = ctx.boundingBoxOfClipPath
        contextSize = (ctx.width, ctx.height)
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
    }

    func layoutSublayers(of layer: CALayer) { log.append("layout") }
}

private final class DisplayOnly: NSObject, CALayerDelegate {
    var displayed = 0
    func display(_ layer: CALayer) { displayed += 1 }
}

private final class DrawOnly: NSObject, CALayerDelegate {
    var drawn = 0
    func draw(_ layer: CALayer, in ctx: CGContext) { drawn += 1 }
}

private final class Both: NSObject, CALayerDelegate {
    var log: [String] = []
    func display(_ layer: CALayer) { log.append("display") }
    func draw(_ layer: CALayer, in ctx: CGContext) { log.append("draw") }
}

@Suite struct CALayerDelegateTests {
    @Test func displayWinsOverDraw() {
        let delegate = Both()
        let layer = CALayer()
        layer.delegate = delegate
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.setNeedsDisplay()
        #expect(layer.needsDisplay())
        layer.displayIfNeeded()
        #expect(delegate.log == ["display"])
        #expect(!layer.needsDisplay())
        #expect(layer.contents == nil)
    }

    @Test func displayOnlyDelegateProvidesContents() {
        let delegate = DisplayOnly()
        let layer = CALayer()
        layer.delegate = delegate
        layer.display()
        #expect(delegate.displayed == 1)
    }

    @Test func drawOnlyDelegateGetsABackingStore() throws {
        let delegate = DrawOnly()
        let layer = CALayer()
        layer.delegate = delegate
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        layer.contentsScale = 2
        layer.display()
        #expect(delegate.drawn == 1)
        let image = try #require(layer.contents as? CGImage)
        #expect(image.width == 60 && image.height == 40)
    }

    @Test func drawSequenceAndContextGeometry() {
        let delegate = Recorder()
        let layer = CALayer()
        layer.delegate = delegate
        layer.bounds = CGRect(x: 0, y: 0, width: 50, height: 25)
        layer.contentsScale = 3
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(delegate.log == ["layerWillDraw", "draw"])
        #expect(delegate.clipBox == CGRect(x: 0, y: 0, width: 50, height: 25))
        #expect(delegate.contextSize == (150, 75))
        layer.displayIfNeeded()
        #expect(delegate.log.count == 2)
    }

    @Test func contextOriginIsTopLeftOfBounds() throws {
        let delegate = Recorder()
        let layer = CALayer()
        layer.delegate = delegate
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.display()
        let image = try #require(layer.contents as? CGImage)
        // The delegate filled (0, 0, 1, 1): the top-left pixel of the store.
        let bitmap = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                               space: CGColorSpaceCreateDeviceRGB(),
                               bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        bitmap.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let bytes = bitmap.data!.assumingMemoryBound(to: UInt8.self)
        defer { withExtendedLifetime(bitmap) {} }   // its pixels are freed with it
        #expect(bytes[3] == 255)
        #expect(bytes[15 * 4 + 3] == 0)
    }

    @Test func layoutRunsThroughDelegate() {
        let delegate = Recorder()
        let layer = CALayer()
        layer.delegate = delegate
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(layer.needsLayout())
        layer.layoutIfNeeded()
        #expect(delegate.log == ["layout"])
        #expect(!layer.needsLayout())
        layer.bounds.origin = CGPoint(x: 5, y: 5)
        #expect(!layer.needsLayout())
        layer.bounds.size = CGSize(width: 20, height: 10)
        #expect(layer.needsLayout())
    }

    @Test func layoutIfNeededCoversDescendants() {
        let parentDelegate = Recorder(), childDelegate = Recorder()
        let parent = CALayer(), child = CALayer()
        parent.delegate = parentDelegate
        child.delegate = childDelegate
        parent.addSublayer(child)
        child.setNeedsLayout()
        parent.layoutIfNeeded()
        #expect(parentDelegate.log == ["layout"])
        #expect(childDelegate.log == ["layout"])
    }
}
