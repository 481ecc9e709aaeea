/// Fetches image pixels for a row of device pixels: maps each pixel centre back into the
/// image through `pixelToImage` and samples (nearest or bilinear), clamping at the edges or
/// wrapping when tiling.
///
/// Output is premultiplied 0…255 in the destination's layout order, scaled by `alpha`.
struct ImageSampler {
    let pixels: [UInt8]
    let width: Int
    let height: Int
    /// Pixel space (y down) to image pixel coordinates (u right, v down; integers at texel
    /// corners).
    let pixelToImage: CGAffineTransform
    let bilinear: Bool
    let tiled: Bool
    let layout: PixelLayout
    let alpha: Float

    func fetch(y: Int, x0: Int, into out: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let t = pixelToImage
        let py = Double(y) + 0.5
        // Step along the row: u and v change linearly with x.
        var u = Double(t.a) * (Double(x0) + 0.5) + Double(t.c) * py + Double(t.tx)
        var v = Double(t.b) * (Double(x0) + 0.5) + Double(t.d) * py + Double(t.ty)
        let du = Double(t.a), dv = Double(t.b)
        let l = layout
        pixels.withUnsafeBufferPointer { src in
            for i in 0..<out.count {
                var rgba: SIMD4<Float>
                if bilinear {
                    rgba = sampleBilinear(src, u - 0.5, v - 0.5)
                } else {
                    rgba = texel(src, Int((u).rounded(.down)), Int((v).rounded(.down)))
                }
                rgba *= alpha
                var arranged = SIMD4<Float>()
                arranged[l.red] = rgba[0]
                arranged[l.green] = rgba[1]
                arranged[l.blue] = rgba[2]
                arranged[l.alpha] = rgba[3]
                out[i] = arranged
                u += du
                v += dv
            }
        }
    }

    @inline(__always)
    private func wrap(_ i: Int, _ n: Int) -> Int {
        if tiled {
            let m = i % n
            return m < 0 ? m + n : m
        }
        return Swift.min(Swift.max(i, 0), n - 1)
    }

    @inline(__always)
    private func texel(_ src: UnsafeBufferPointer<UInt8>, _ x: Int, _ y: Int) -> SIMD4<Float> {
        let o = (wrap(y, height) * width + wrap(x, width)) * 4
        return SIMD4(Float(src[o]), Float(src[o + 1]), Float(src[o + 2]), Float(src[o + 3]))
    }

    @inline(__always)
    private func sampleBilinear(_ src: UnsafeBufferPointer<UInt8>, _ u: Double, _ v: Double) -> SIMD4<Float> {
        guard u.isFinite, v.isFinite else { return .zero }
        let fu = u.rounded(.down), fv = v.rounded(.down)
        let x = Int(Swift.max(-1e9, Swift.min(1e9, fu))), y = Int(Swift.max(-1e9, Swift.min(1e9, fv)))
        let ax = Float(u - fu), ay = Float(v - fv)
        let p00 = texel(src, x, y), p10 = texel(src, x + 1, y)
        let p01 = texel(src, x, y + 1), p11 = texel(src, x + 1, y + 1)
        let top = p00 + (p10 - p00) * ax
        let bottom = p01 + (p11 - p01) * ax
        return top + (bottom - top) * ay
    }
}
