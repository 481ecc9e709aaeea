import CoreGraphics
import LaminaTestSupport
import Testing

/// Every blend mode on one pixel: a half-transparent source over a half-transparent
/// destination, against the compositing formulas (premultiplied, 0…255).
@Suite struct CGBlendModeTests {
    /// Source (1, 0.5, 0) at alpha 0.5 (straight) drawn over destination (0, 0.5, 1) at alpha
    /// 0.75; returns the RGBA bytes.
    private func blend(_ mode: CGBlendMode) -> [Int] {
        let bitmap = BitmapFixture(width: 1, height: 1)
        let ctx = bitmap.context
        ctx.setFillColor(red: 0, green: 0.5, blue: 1, alpha: 0.75)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.setBlendMode(mode)
        ctx.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        return bitmap.pixel(0, row: 0).map(Int.init)
    }

    /// The expected result from straight colours through the separable formula
    /// (1 − Da)·S + (1 − Sa)·D + Sa·Da·B(Cs, Cd).
    private func separable(_ b: (Double, Double) -> Double) -> [Int] {
        let cs = [1.0, 0.5, 0], cd = [0.0, 0.5, 1], sa = 0.5, da = 0.75
        var out = (0..<3).map { i in (1 - da) * cs[i] * sa + (1 - sa) * cd[i] * da + sa * da * b(cs[i], cd[i]) }
        out.append(sa + da - sa * da)
        return out.map { Int(($0 * 255).rounded()) }
    }

    private func close(_ a: [Int], _ b: [Int]) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= 2 }
    }

    @Test func porterDuffModes() {
        let s = [128, 64, 0, 128], d = [0, 96, 191, 191]  // premultiplied source and destination
        func mix(_ fs: Double, _ fd: Double) -> [Int] {
            (0..<4).map { Int((Double(s[$0]) * fs + Double(d[$0]) * fd).rounded()) }
        }
        let sa = 0.5, da = 0.75
        #expect(close(blend(.normal), mix(1, 1 - sa)))
        #expect(blend(.clear) == [0, 0, 0, 0])
        #expect(close(blend(.copy), s))
        #expect(close(blend(.sourceIn), mix(da, 0)))
        #expect(close(blend(.sourceOut), mix(1 - da, 0)))
        #expect(close(blend(.sourceAtop), mix(da, 1 - sa)))
        #expect(close(blend(.destinationOver), mix(1 - da, 1)))
        #expect(close(blend(.destinationIn), mix(0, sa)))
        #expect(close(blend(.destinationOut), mix(0, 1 - sa)))
        #expect(close(blend(.destinationAtop), mix(1 - da, sa)))
        #expect(close(blend(.xor), mix(1 - da, 1 - sa)))
        #expect(close(blend(.plusLighter), (0..<4).map { min(255, s[$0] + d[$0]) }))
    }

    @Test func separableModes() {
        #expect(close(blend(.multiply), separable { $0 * $1 }))
        #expect(close(blend(.screen), separable { $0 + $1 - $0 * $1 }))
        #expect(close(blend(.darken), separable { min($0, $1) }))
        #expect(close(blend(.lighten), separable { max($0, $1) }))
        #expect(close(blend(.difference), separable { abs($0 - $1) }))
        #expect(close(blend(.exclusion), separable { $0 + $1 - 2 * $0 * $1 }))
        let hardLight: (Double, Double) -> Double = { cs, cd in cs <= 0.5 ? cd * 2 * cs : cd + (2 * cs - 1) - cd * (2 * cs - 1) }
        #expect(close(blend(.hardLight), separable(hardLight)))
        #expect(close(blend(.overlay), separable { hardLight($1, $0) }))
        #expect(close(blend(.colorDodge), separable { cs, cd in cd == 0 ? 0 : (cs >= 1 ? 1 : min(1, cd / (1 - cs))) }))
        #expect(close(blend(.colorBurn), separable { cs, cd in cd >= 1 ? 1 : (cs <= 0 ? 0 : 1 - min(1, (1 - cd) / cs)) }))
    }

    @Test func nonSeparableModesKeepAlphaAndStayInRange() {
        for mode in [CGBlendMode.hue, .saturation, .color, .luminosity, .softLight, .plusDarker] {
            let pixel = blend(mode)
            let alpha = mode == .plusDarker ? pixel[3] : 223  // 0.5 + 0.75 − 0.375 = 0.875
            #expect(abs(pixel[3] - alpha) <= 1)
            #expect(pixel[0...2].allSatisfy { $0 <= pixel[3] })
        }
        // Luminosity of a gray source over a colour keeps the source's lightness.
        let bitmap = BitmapFixture(width: 1, height: 1)
        bitmap.context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        bitmap.context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        bitmap.context.setBlendMode(.luminosity)
        bitmap.context.setFillColor(gray: 0.3, alpha: 1)
        bitmap.context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let p = bitmap.pixel(0, row: 0).map(Double.init)
        let lum = (0.3 * p[0] + 0.59 * p[1] + 0.11 * p[2]) / 255
        #expect(abs(lum - 0.3) < 0.01)
    }

    @Test func sheetMatchesReference() {
        let modes: [CGBlendMode] = (0...27).compactMap { CGBlendMode(rawValue: $0) }
        let ctx = CGContext(data: nil, width: 7 * 24, height: 4 * 24, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        for (index, mode) in modes.enumerated() {
            let x = CGFloat(index % 7) * 24, y = CGFloat(index / 7) * 24
            ctx.setBlendMode(.normal)
            ctx.setFillColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 0.8)
            ctx.fill(CGRect(x: x + 2, y: y + 2, width: 14, height: 14))
            ctx.setBlendMode(mode)
            ctx.setFillColor(red: 0.95, green: 0.6, blue: 0.1, alpha: 0.7)
            ctx.fillEllipse(in: CGRect(x: x + 7, y: y + 7, width: 15, height: 15))
        }
        let message = ReferenceImage.mismatch(ctx.makeImage()!, suite: "CGBlendModeTests", name: "all-modes")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
