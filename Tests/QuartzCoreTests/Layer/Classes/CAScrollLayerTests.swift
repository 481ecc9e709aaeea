import QuartzCore
import Testing

@Suite struct CAScrollLayerTests {
    private func scene() -> (CAScrollLayer, CALayer) {
        let scroller = CAScrollLayer()
        scroller.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        scroller.masksToBounds = true
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        scroller.addSublayer(content)
        return (scroller, content)
    }

    @Test func scrollingMovesTheBoundsOrigin() {
        let (scroller, content) = scene()
        scroller.scroll(to: CGPoint(x: 30, y: 40))
        #expect(scroller.bounds.origin == CGPoint(x: 30, y: 40))
        scroller.scrollMode = .horizontally
        scroller.scroll(to: CGPoint(x: 5, y: 99))
        #expect(scroller.bounds.origin == CGPoint(x: 5, y: 40))
        scroller.scrollMode = .both
        scroller.scroll(CGRect(x: 150, y: 10, width: 20, height: 20))
        #expect(scroller.bounds.origin == CGPoint(x: 70, y: 10))
        #expect(content.visibleRect == CGRect(x: 70, y: 10, width: 100, height: 50))
        content.scroll(CGPoint(x: 200, y: 100))
        #expect(scroller.bounds.origin == CGPoint(x: 200, y: 100))
        content.scrollRectToVisible(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(scroller.bounds.origin == .zero)
        #expect(CALayer().visibleRect == .zero)
    }

    @Test func scrolledContentRendersShifted() {
        let (scroller, content) = scene()
        let marker = CALayer()
        marker.frame = CGRect(x: 60, y: 20, width: 10, height: 10)
        marker.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        content.addSublayer(marker)
        scroller.scroll(to: CGPoint(x: 50, y: 15))
        // Seen through its superlayer (render(in:) draws a layer in its own bounds space).
        let window = CALayer()
        window.frame = scroller.frame
        window.addSublayer(scroller)
        let ctx = CGContext(data: nil, width: 100, height: 50, bitsPerComponent: 8, bytesPerRow: 400,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: 50)
        ctx.scaleBy(x: 1, y: -1)
        window.render(in: ctx)
        let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
        defer { withExtendedLifetime(ctx) {} }   // its pixels are freed with it
        // The marker at (60, 20) in content shows at (10, 5) in the scroll layer.
        #expect(bytes[(7 * 100 + 12) * 4] == 255 && bytes[(7 * 100 + 12) * 4 + 3] == 255)
        #expect(bytes[(20 * 100 + 62) * 4 + 3] == 0)
    }
}
