@testable import CoreGraphics
import LaminaTestSupport
import Testing

/// `draw(_:projecting:)` (package API behind layers under perspective): exact for affine maps,
/// a true perspective divide otherwise, nothing for singular, non-finite or fully-behind maps,
/// and the part behind the eye clipped away.
@Suite struct CGContextProjectiveTests {
    private func canvas() -> CGContext {
        CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    /// 4×4: left half red, right half blue.
    private func image() -> CGImage {
        let ctx = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 2, y: 0, width: 2, height: 4))
        return ctx.makeImage()!
    }

    private func alphaSum(_ ctx: CGContext) -> Int {
        ReferenceImage.pixels(of: ctx.makeImage()!).enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }
    }

    @Test func affineMapsMatchAPlainDraw() {
        // Image pixels (u, v down) onto user space (y up) at 8 × scale: the plain draw into
        // (8, 8, 32, 32) places the first row at the top.
        let projected = canvas(), plain = canvas()
        let map = CGAffineTransform(a: 8, b: 0, c: 0, d: -8, tx: 8, ty: 40)
        projected.draw(image(), projecting: ProjectiveTransform(map))
        plain.draw(image(), in: CGRect(x: 8, y: 8, width: 32, height: 32))
        #expect(ReferenceImage.pixels(of: projected.makeImage()!) == ReferenceImage.pixels(of: plain.makeImage()!))
    }

    @Test func perspectiveDividesPerPixel() {
        // x' = x / w with w = 1 + u/8: the image's middle column (u = 2) lands at 16·2/1.25.
        let ctx = canvas()
        let h = ProjectiveTransform(m11: 16, m12: 0, m13: 0.125, m21: 0, m22: -16, m23: 0, m31: 0, m32: 64, m33: 1)
        ctx.interpolationQuality = .none
        ctx.draw(image(), projecting: h)
        let pixels = ReferenceImage.pixels(of: ctx.makeImage()!)
        func red(_ x: Int, _ y: Int) -> UInt8 { pixels[(y * 64 + x) * 4] }
        func blue(_ x: Int, _ y: Int) -> UInt8 { pixels[(y * 64 + x) * 4 + 2] }
        let seam = 16.0 * 2 / 1.25   // 25.6
        #expect(red(Int(seam) - 1, 40) == 255 && blue(Int(seam) + 1, 40) == 255)
        // The far edge (u = 4): 16·4/1.5 ≈ 42.7.
        #expect(pixels[(40 * 64 + 41) * 4 + 3] == 255 && pixels[(40 * 64 + 44) * 4 + 3] == 0)
    }

    @Test func degenerateMapsDrawNothing() {
        let maps = [
            ProjectiveTransform(m11: 0, m12: 0, m13: 0, m21: 0, m22: 0, m23: 0, m31: 0, m32: 0, m33: 0),
            ProjectiveTransform(m11: .nan, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1),
            ProjectiveTransform(m11: .infinity, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1),
            // Entirely behind the eye (w < 0 everywhere).
            ProjectiveTransform(m11: 8, m12: 0, m13: 0, m21: 0, m22: 8, m23: 0, m31: 0, m32: 0, m33: -1),
        ]
        for map in maps {
            let ctx = canvas()
            ctx.draw(image(), projecting: map)
            #expect(alphaSum(ctx) == 0)
        }
    }

    @Test func thePartBehindTheEyeIsClippedAway() {
        // w = 1 − u/2 reaches 0 at the image's middle: only the left half (u < 2) can show.
        let ctx = canvas()
        let h = ProjectiveTransform(m11: 4, m12: 0, m13: -0.5, m21: 0, m22: -4, m23: 0, m31: 0, m32: 64, m33: 1)
        ctx.draw(image(), projecting: h)
        let pixels = ReferenceImage.pixels(of: ctx.makeImage()!)
        let blueSeen = stride(from: 0, to: pixels.count, by: 4).contains { pixels[$0 + 2] > 128 && pixels[$0 + 3] > 0 }
        #expect(!blueSeen)
        #expect(alphaSum(ctx) > 0)
        let polygon = h.project(polygon: [CGPoint(x: 0, y: 0), CGPoint(x: 4, y: 0), CGPoint(x: 4, y: 4), CGPoint(x: 0, y: 4)])
        #expect(polygon.count == 4 && polygon.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    @Test func inversesAndConcatenation() {
        let a = ProjectiveTransform(m11: 2, m12: 0.5, m13: 0.01, m21: -1, m22: 3, m23: 0.02, m31: 5, m32: 7, m33: 1)
        let product = a.concatenating(a.inverted()!)
        for (value, expected) in [(product.m11, 1.0), (product.m22, 1), (product.m33, 1), (product.m12, 0), (product.m31, 0)] {
            #expect(abs(value - expected) < 1e-12)
        }
        #expect(ProjectiveTransform(m11: 1, m12: 2, m13: 0, m21: 2, m22: 4, m23: 0, m31: 0, m32: 0, m33: 1).inverted() == nil)
        #expect(ProjectiveTransform.identity.isAffine && !a.isAffine)
    }
}
