import Testing
import UIKit

@MainActor private var drawLog: [String] = []

/// Overrides draw(_:) and the layer delegate's draw(_:in:) without calling super.
private final class DrawInOnlyView: UIView {
    override func draw(_ rect: CGRect) { drawLog.append("draw") }
    override func draw(_ layer: CALayer, in ctx: CGContext) { drawLog.append("draw(_:in:)") }
}

/// Overrides both and calls super from draw(_:in:), which reaches draw(_:).
private final class DrawInSuperView: UIView {
    override func draw(_ rect: CGRect) { drawLog.append("draw") }
    override func draw(_ layer: CALayer, in ctx: CGContext) {
        drawLog.append("draw(_:in:)")
        super.draw(layer, in: ctx)
    }
}

/// Overrides draw(_:) and display(_:): display wins, draw(_:) is never called.
private final class DisplayView: UIView {
    override func draw(_ rect: CGRect) { drawLog.append("draw") }
    override func display(_ layer: CALayer) { drawLog.append("display") }
}

/// Overrides only display(_:): without a draw(_:) override nothing displays by itself.
private final class DisplayOnlyView: UIView {
    override func display(_ layer: CALayer) { drawLog.append("display") }
}

private final class PlainView: UIView {}

@MainActor
@Suite(.serialized) struct DrawPrecedenceTests {
    private func run(_ view: UIView) -> [String] {
        drawLog = []
        view.layer.displayIfNeeded()
        return drawLog
    }

    @Test func drawInWithoutSuperSkipsDrawRect() {
        let view = DrawInOnlyView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(run(view) == ["draw(_:in:)"])
    }

    @Test func superDrawInReachesDrawRect() {
        let view = DrawInSuperView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(run(view) == ["draw(_:in:)", "draw"])
    }

    @Test func displayWinsOverDrawing() {
        let view = DisplayView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(run(view) == ["display"])
        #expect(view.layer.contents == nil)
    }

    @Test func onlyDrawingViewsDisplayByThemselves() {
        let view = DisplayOnlyView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(!view.layer.needsDisplay())
        #expect(run(view).isEmpty)
        view.setNeedsDisplay()
        #expect(run(view) == ["display"])
        #expect(DrawInOnlyView().layer.needsDisplay())
    }

    @Test func nonDrawingViewsGetNoBackingStore() {
        let plain = PlainView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        plain.setNeedsDisplay()
        plain.layer.displayIfNeeded()
        #expect(plain.layer.contents == nil)
        let drawing = DrawInSuperView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        drawing.layer.contentsScale = 2
        drawing.layer.displayIfNeeded()
        let store = drawing.layer.contents as? CGImage
        #expect(store?.width == 40 && store?.height == 20)
    }

    /// The article's LayerView: brown fill and a white frame land in the backing store.
    @Test func drawRectLandsInContents() throws {
        final class LayerView: UIView {
            override func draw(_ rect: CGRect) {
                UIColor.brown.setFill()
                UIRectFill(rect)
                UIColor.white.setStroke()
                UIRectFrame(CGRect(x: 20, y: 20, width: 80, height: 80))
            }
        }
        let view = LayerView(frame: CGRect(x: 0, y: 0, width: 240, height: 128))
        view.layer.contentsScale = 2
        view.layer.displayIfNeeded()
        let image = try #require(view.layer.contents as? CGImage)
        #expect(image.width == 480 && image.height == 256)
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 240, height: 128), format: {
            let f = UIGraphicsImageRendererFormat(); f.scale = 1; return f
        }())
        let rendered = renderer.image { view.layer.render(in: $0.cgContext) }
        let bitmap = try #require(rendered.cgImage)
        let pixels = LaminaPixels(bitmap)
        #expect(pixels[5, 5] == [153, 102, 51, 255])
        #expect(pixels[20, 50] == [255, 255, 255, 255])
        #expect(pixels[99, 50] == [255, 255, 255, 255])
        #expect(pixels[21, 50] == [153, 102, 51, 255])
    }
}

/// Reads RGBA pixels (row 0 at the top) of an image.
struct LaminaPixels {
    let bytes: [UInt8]
    let width: Int

    init(_ image: CGImage) {
        var bytes = [UInt8](repeating: 0, count: image.width * image.height * 4)
        bytes.withUnsafeMutableBytes { raw in
            let ctx = CGContext(data: raw.baseAddress, width: image.width, height: image.height, bitsPerComponent: 8,
                                bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            ctx.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        }
        self.bytes = bytes
        self.width = image.width
    }

    subscript(x: Int, y: Int) -> [UInt8] {
        let o = (y * width + x) * 4
        return Array(bytes[o..<(o + 4)])
    }
}
