import CoreGraphics
import LaminaTestSupport
import Testing

@Suite struct CGContextShadowTests {
    @Test func hardShadowIsOffsetInDeviceSpace() {
        let bitmap = BitmapFixture(width: 20, height: 20)
        let ctx = bitmap.context
        ctx.setShadow(offset: CGSize(width: 4, height: -4), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 2, y: 10, width: 8, height: 8))
        // y-up: the square covers rows 2…9; the shadow moved right 4 and down 4 (rows 6…13).
        #expect(bitmap.pixel(3, row: 3) == [255, 0, 0, 255])
        #expect(bitmap.pixel(12, row: 12) == [0, 0, 255, 255])
        #expect(bitmap.pixel(3, row: 12) == [0, 0, 0, 0])
        // The drawing sits on top of its own shadow.
        #expect(bitmap.pixel(8, row: 8) == [255, 0, 0, 255])
    }

    @Test func blurSoftensAndRestoreTurnsItOff() {
        let bitmap = BitmapFixture(width: 40, height: 20)
        let ctx = bitmap.context
        ctx.saveGState()
        ctx.setShadow(offset: .zero, blur: 6)
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 10, y: 5, width: 10, height: 10))
        ctx.restoreGState()
        let inside = bitmap.pixel(15, row: 10)[3], edge = bitmap.pixel(21, row: 10)[3], far = bitmap.pixel(35, row: 10)[3]
        #expect(inside == 255)
        #expect(edge > 0 && edge < 128)
        #expect(far == 0)
        ctx.fill(CGRect(x: 30, y: 5, width: 5, height: 5))
        #expect(bitmap.pixel(36, row: 12)[3] == 0)
    }

    @Test func invalidShadowsAreOff() {
        let bitmap = BitmapFixture(width: 10, height: 10)
        let ctx = bitmap.context
        ctx.setShadow(offset: CGSize(width: CGFloat.nan, height: 0), blur: 3, color: CGColor(gray: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        ctx.setShadow(offset: CGSize(width: 3, height: 3), blur: 2, color: nil)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(bitmap.pixel(4, row: 5) == [0, 0, 0, 0])
    }

    @Test func shadowsRenderLikeTheReference() {
        let ctx = CGContext(data: nil, width: 100, height: 60, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 60))
        ctx.setShadow(offset: CGSize(width: 3, height: -3), blur: 5, color: CGColor(gray: 0, alpha: 0.6))
        ctx.setFillColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        ctx.fillEllipse(in: CGRect(x: 10, y: 15, width: 35, height: 35))
        ctx.setStrokeColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
        ctx.setLineWidth(4)
        ctx.stroke(CGRect(x: 55, y: 15, width: 35, height: 30))
        let message = ReferenceImage.mismatch(ctx.makeImage()!, suite: "CGContextShadowTests", name: "fill-and-stroke")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
