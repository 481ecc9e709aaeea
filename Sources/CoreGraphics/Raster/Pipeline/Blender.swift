/// Per-pixel blending of premultiplied colours in 0…1, in the memory order of a `PixelLayout`.
///
/// The separable modes use `result = (1 − Da)·S + (1 − Sa)·D + Sa·Da·B(Cs, Cd)` on the
/// un-premultiplied colours `Cs`, `Cd`; the non-separable ones (hue … luminosity) apply the
/// W3C compositing definitions to the RGB triple. Porter-Duff modes use their usual fractions.
struct Blender {
    let mode: CGBlendMode
    let layout: PixelLayout

    func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        let a = layout.alpha
        let sa = s[a], da = d[a]
        switch mode {
        case .normal: return s + d * (1 - sa)
        case .clear: return .zero
        case .copy: return s
        case .sourceIn: return s * da
        case .sourceOut: return s * (1 - da)
        case .sourceAtop: return s * da + d * (1 - sa)
        case .destinationOver: return s * (1 - da) + d
        case .destinationIn: return d * sa
        case .destinationOut: return d * (1 - sa)
        case .destinationAtop: return s * (1 - da) + d * sa
        case .xor: return s * (1 - da) + d * (1 - sa)
        case .plusLighter: return pointwiseMin(s + d, SIMD4<Float>(repeating: 1))
        case .plusDarker:
            let alpha = Swift.min(1, sa + da)
            let darkness: SIMD4<Float> = (SIMD4<Float>(repeating: sa) - s) + (SIMD4<Float>(repeating: da) - d)
            var r = pointwiseMax(SIMD4<Float>.zero, SIMD4<Float>(repeating: alpha) - darkness)
            r[a] = alpha
            return r
        default:
            return blendColor(s, d, sa: sa, da: da)
        }
    }

    private func blendColor(_ s: SIMD4<Float>, _ d: SIMD4<Float>, sa: Float, da: Float) -> SIMD4<Float> {
        let channels = [layout.red, layout.green, layout.blue]
        let cs = SIMD3<Float>(channels.map { sa > 0 ? s[$0] / sa : 0 })
        let cd = SIMD3<Float>(channels.map { da > 0 ? d[$0] / da : 0 })
        var mixed = SIMD3<Float>()
        switch mode {
        case .hue: mixed = Blender.setLum(Blender.setSat(cs, Blender.sat(cd)), Blender.lum(cd))
        case .saturation: mixed = Blender.setLum(Blender.setSat(cd, Blender.sat(cs)), Blender.lum(cd))
        case .color: mixed = Blender.setLum(cs, Blender.lum(cd))
        case .luminosity: mixed = Blender.setLum(cd, Blender.lum(cs))
        default:
            for i in 0..<3 { mixed[i] = separable(cs[i], cd[i]) }
        }
        var out = SIMD4<Float>()
        for (i, index) in channels.enumerated() {
            out[index] = (1 - da) * s[index] + (1 - sa) * d[index] + sa * da * mixed[i]
        }
        out[layout.alpha] = sa + da - sa * da
        return out
    }

    private func separable(_ cs: Float, _ cd: Float) -> Float {
        switch mode {
        case .multiply: return cs * cd
        case .screen: return cs + cd - cs * cd
        case .overlay: return Blender.hardLight(cd, cs)
        case .darken: return Swift.min(cs, cd)
        case .lighten: return Swift.max(cs, cd)
        case .colorDodge:
            if cd == 0 { return 0 }
            return cs >= 1 ? 1 : Swift.min(1, cd / (1 - cs))
        case .colorBurn:
            if cd >= 1 { return 1 }
            return cs <= 0 ? 0 : 1 - Swift.min(1, (1 - cd) / cs)
        case .softLight:
            if cs <= 0.5 { return cd - (1 - 2 * cs) * cd * (1 - cd) }
            let dd = cd <= 0.25 ? ((16 * cd - 12) * cd + 4) * cd : cd.squareRoot()
            return cd + (2 * cs - 1) * (dd - cd)
        case .hardLight: return Blender.hardLight(cs, cd)
        case .difference: return abs(cs - cd)
        case .exclusion: return cs + cd - 2 * cs * cd
        default: return cs
        }
    }

    private static func hardLight(_ cs: Float, _ cd: Float) -> Float {
        cs <= 0.5 ? cd * 2 * cs : cd + (2 * cs - 1) - cd * (2 * cs - 1)
    }

    private static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    private static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c)
        let n = Swift.min(c.x, c.y, c.z), x = Swift.max(c.x, c.y, c.z)
        var r = c
        if n < 0 { r = SIMD3(repeating: l) + (r - SIMD3(repeating: l)) * l / (l - n) }
        if x > 1 { r = SIMD3(repeating: l) + (r - SIMD3(repeating: l)) * (1 - l) / (x - l) }
        return r
    }

    private static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
        clipColor(c + SIMD3(repeating: l - lum(c)))
    }

    private static func sat(_ c: SIMD3<Float>) -> Float {
        Swift.max(c.x, c.y, c.z) - Swift.min(c.x, c.y, c.z)
    }

    private static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let mx = Swift.max(c.x, c.y, c.z), mn = Swift.min(c.x, c.y, c.z)
        guard mx > mn else { return .zero }
        return (c - SIMD3(repeating: mn)) * s / (mx - mn)
    }
}
