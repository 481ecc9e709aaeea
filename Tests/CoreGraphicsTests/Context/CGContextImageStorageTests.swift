import CoreGraphics
import Foundation
import Testing

/// `makeImage()` keeps a context's pixels in the context's own order until RGBA bytes are
/// asked for, and clip masks cover only the clip rectangle: what callers see must not change.
@Suite struct CGContextImageStorageTests {
    private let bgra = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue

    private func context(_ width: Int, _ height: Int, info: UInt32) -> CGContext {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)!
    }

    private func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let bytes = [UInt8](image.dataProvider!.data! as Data)
        let o = y * image.bytesPerRow + x * 4
        return Array(bytes[o..<(o + 4)])
    }

    @Test func anImageKeepsItsPixelsWhenTheContextDrawsAgain() {
        let ctx = context(4, 4, info: bgra)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let image = ctx.makeImage()!
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        // Reported as RGBA, premultiplied-last, whatever order the context keeps.
        #expect(image.alphaInfo == .premultipliedLast)
        #expect(rgba(image, 0, 0) == [255, 0, 0, 255])
        #expect(rgba(ctx.makeImage()!, 3, 3) == [0, 0, 255, 255])
    }

    @Test func pixelsNeverDrawnInAContextWithoutAlphaAreOpaqueBlack() {
        let ctx = context(3, 2, info: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
        let image = ctx.makeImage()!
        #expect(image.alphaInfo == .noneSkipLast)
        #expect(rgba(image, 0, 0) == [0, 255, 0, 255])
        #expect(rgba(image, 2, 1) == [0, 0, 0, 255])
    }

    @Test func bytesWrittenThroughDataAreClampedToAlpha() {
        let ctx = context(1, 1, info: bgra)
        let memory = ctx.data!.assumingMemoryBound(to: UInt8.self)
        // B G R A: colour above alpha, which premultiplied pixels never have.
        (memory[0], memory[1], memory[2], memory[3]) = (10, 20, 200, 100)
        #expect(rgba(ctx.makeImage()!, 0, 0) == [100, 20, 10, 100])
    }

    @Test func anImageDrawsTheSameFromEitherOrder() {
        // The same picture made in a BGRA context and in an RGBA one, drawn scaled (so it is
        // sampled, not copied) into a third context: identical pixels.
        func picture(_ info: UInt32) -> CGImage {
            let ctx = context(16, 16, info: info)
            ctx.setFillColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.7)
            ctx.fillEllipse(in: CGRect(x: 1, y: 2, width: 13, height: 11))
            ctx.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 8, y: 0, width: 8, height: 5))
            return ctx.makeImage()!
        }
        func drawn(_ image: CGImage) -> [UInt8] {
            let target = context(40, 40, info: bgra)
            target.draw(image, in: CGRect(x: 3.5, y: 2.25, width: 33, height: 35))
            return [UInt8](target.makeImage()!.dataProvider!.data! as Data)
        }
        let fromBGRA = picture(bgra), fromRGBA = picture(CGImageAlphaInfo.premultipliedLast.rawValue)
        #expect([UInt8](fromBGRA.dataProvider!.data! as Data) == [UInt8](fromRGBA.dataProvider!.data! as Data))
        #expect(drawn(fromBGRA) == drawn(fromRGBA))
    }

    @Test func aClipInsideAnotherKeepsBothAndRestoreGivesTheFirstBack() {
        let ctx = context(20, 20, info: CGImageAlphaInfo.premultipliedLast.rawValue)
        // The left part, on a fractional edge (so it is a mask, not a rectangle).
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10.5, height: 20))
        ctx.saveGState()
        // A circle in the middle, partly outside the first clip.
        ctx.addEllipse(in: CGRect(x: 4, y: 4, width: 12, height: 12))
        ctx.clip()
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        var image = ctx.makeImage()!
        #expect(rgba(image, 7, 10) == [255, 0, 0, 255])   // in both
        #expect(rgba(image, 10, 10) == [128, 0, 0, 128])  // half a pixel of the first clip
        #expect(rgba(image, 13, 10) == [0, 0, 0, 0])      // in the circle only
        #expect(rgba(image, 1, 1) == [0, 0, 0, 0])        // in the first clip only
        ctx.restoreGState()
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 2))
        image = ctx.makeImage()!
        #expect(rgba(image, 1, 19) == [0, 0, 255, 255])
        #expect(rgba(image, 10, 19) == [0, 0, 128, 128])
        #expect(rgba(image, 15, 19) == [0, 0, 0, 0])
    }
}
