/// Composites rows of coverage onto a `PixelBuffer`, with a solid colour or a row of source
/// pixels, through the clip mask and blend mode chosen once per draw.
struct SpanPainter {
    var buffer: PixelBuffer
    var mask: ClipMask?
    var mode: CGBlendMode

    /// Multiplies `coverage` by the clip mask for the row.
    @inline(__always)
    private func applyMask(_ y: Int, _ x0: Int, _ coverage: UnsafeMutableBufferPointer<Float>) {
        guard let mask else { return }
        let offset = y * mask.width + x0
        mask.values.withUnsafeBufferPointer { m in
            for i in 0..<coverage.count {
                coverage[i] *= Float(m[offset + i]) * (1 / 255)
            }
        }
    }

    /// Paints `color` (premultiplied, 0…255, layout order) with per-pixel `coverage`.
    func paintSolid(_ y: Int, _ x0: Int, _ coverage: UnsafeMutableBufferPointer<Float>, _ color: SIMD4<Float>) {
        applyMask(y, x0, coverage)
        let layout = buffer.layout
        let a = layout.alpha
        var p = buffer.row(y) + x0 * 4
        if mode == .normal {
            let opaqueColor = color[a] >= 255
            for i in 0..<coverage.count {
                let c = coverage[i]
                if c >= 0.999 && opaqueColor {
                    PixelMath.store(color, p)
                } else if c > 0 {
                    let s = color * c
                    var d = PixelMath.load(p)
                    if !layout.hasAlpha { d[a] = 255 }
                    PixelMath.store(s + d * (1 - s[a] * (1 / 255)), p)
                }
                p += 4
            }
            return
        }
        let blender = Blender(mode: mode, layout: layout)
        let s = color * (1 / 255)
        for i in 0..<coverage.count {
            let c = coverage[i]
            if c > 0 { blendPixel(p, s, c, blender) }
            p += 4
        }
    }

    /// Paints a row of source pixels (premultiplied, 0…255, layout order) with `coverage`.
    func paintRow(
        _ y: Int, _ x0: Int, _ coverage: UnsafeMutableBufferPointer<Float>,
        _ source: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        applyMask(y, x0, coverage)
        let layout = buffer.layout
        let a = layout.alpha
        var p = buffer.row(y) + x0 * 4
        let blender = Blender(mode: mode, layout: layout)
        for i in 0..<coverage.count {
            let c = coverage[i]
            if c > 0 {
                if mode == .normal {
                    let s = source[i] * c
                    var d = PixelMath.load(p)
                    if !layout.hasAlpha { d[a] = 255 }
                    PixelMath.store(s + d * (1 - s[a] * (1 / 255)), p)
                } else {
                    blendPixel(p, source[i] * (1 / 255), c, blender)
                }
            }
            p += 4
        }
    }

    /// General path: blend in 0…1 and mix with the destination by coverage.
    @inline(__always)
    private func blendPixel(_ p: UnsafeMutablePointer<UInt8>, _ s: SIMD4<Float>, _ c: Float, _ blender: Blender) {
        let layout = buffer.layout
        var d = PixelMath.load(p) * (1 / 255)
        if !layout.hasAlpha { d[layout.alpha] = 1 }
        var r = blender.blend(s, d)
        r = d + (r - d) * c
        if !layout.hasAlpha { r[layout.alpha] = 1 }
        PixelMath.store(r * 255, p)
    }
}
