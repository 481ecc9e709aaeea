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

    /// A context over memory another context just dirtied (freed memory is often handed out
    /// again), so a context that forgot to zero its own would show it.
    private func contextOverDirtyMemory(_ width: Int, _ height: Int) -> CGContext {
        do {
            let dirty = context(width, height, info: bgra)
            dirty.setFillColor(red: 0.5, green: 0.25, blue: 1, alpha: 1)
            dirty.fill(CGRect(x: 0, y: 0, width: width, height: height))
            _ = dirty.makeImage()
        }
        return context(width, height, info: bgra)
    }

    @Test func aNewContextIsClearEvenOverUsedMemory() {
        let untouched = contextOverDirtyMemory(300, 200)
        #expect([UInt8](untouched.makeImage()!.dataProvider!.data! as Data).allSatisfy { $0 == 0 })
        let partly = contextOverDirtyMemory(300, 200)
        partly.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        partly.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(rgba(partly.makeImage()!, 200, 100) == [0, 0, 0, 0])
        let read = contextOverDirtyMemory(300, 200)
        #expect(UnsafeRawBufferPointer(start: read.data, count: read.bytesPerRow * read.height).allSatisfy { $0 == 0 })
    }

    @Test func aFirstFillOverTheWholeBitmapDecidesEveryPixel() {
        // Opaque: every pixel is the colour.
        let opaque = contextOverDirtyMemory(300, 200)
        opaque.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        opaque.fill(CGRect(x: -5, y: -5, width: 400, height: 400))
        let image = opaque.makeImage()!
        #expect(rgba(image, 0, 0) == [0, 255, 0, 255] && rgba(image, 299, 199) == [0, 255, 0, 255])
        // Translucent, or clipped: drawn over a clear bitmap.
        let translucent = contextOverDirtyMemory(300, 200)
        translucent.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        translucent.fill(CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(rgba(translucent.makeImage()!, 150, 100) == [0, 0, 128, 128])
        let clipped = contextOverDirtyMemory(300, 200)
        clipped.clip(to: CGRect(x: 0, y: 0, width: 100, height: 200))
        clipped.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        clipped.fill(CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(rgba(clipped.makeImage()!, 250, 100) == [0, 0, 0, 0])
    }

    @Test func anImageUnderARoundedClipIsCutOnlyAtTheCorners() {
        // A 40 × 40 picture drawn at whole pixels inside a rounded clip: rows away from the
        // corners are what an unclipped draw gives; the corners' outside is untouched.
        let picture = context(40, 40, info: bgra)
        picture.setFillColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8)
        picture.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        picture.setFillColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)
        picture.fillEllipse(in: CGRect(x: 5, y: 5, width: 30, height: 30))
        let image = picture.makeImage()!
        func drawn(clipped: Bool) -> CGImage {
            let ctx = context(60, 60, info: bgra)
            ctx.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 60, height: 60))
            if clipped {
                ctx.addPath(CGPath(roundedRect: CGRect(x: 10, y: 10, width: 40, height: 40), cornerWidth: 8, cornerHeight: 8, transform: nil))
                ctx.clip()
            }
            ctx.draw(image, in: CGRect(x: 10, y: 10, width: 40, height: 40))
            return ctx.makeImage()!
        }
        let plain = drawn(clipped: false), rounded = drawn(clipped: true)
        for y in [20, 30, 39] {
            for x in [10, 11, 30, 49] { #expect(rgba(rounded, x, y) == rgba(plain, x, y)) }
        }
        #expect(rgba(rounded, 10, 10) == [255, 255, 255, 255])
        #expect(rgba(rounded, 49, 49) == [255, 255, 255, 255])
        #expect(rgba(rounded, 13, 13) != [255, 255, 255, 255])
    }
}
