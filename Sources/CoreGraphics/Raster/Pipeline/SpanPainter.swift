/// glibc's `wmemset` (`wchar_t` is 32 bits here): fills `count` words with the widest
/// stores the CPU has, chosen at load time.
@_silgen_name("wmemset")
private func wordFill(_ s: UnsafeMutableRawPointer, _ value: UInt32, _ count: Int) -> UnsafeMutableRawPointer

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
        let offset = mask.offset(x: x0, y: y)
        mask.values.withUnsafeBufferPointer { m in
            for i in 0..<coverage.count {
                coverage[i] *= Float(m[offset + i]) * (1 / 255)
            }
        }
    }

    /// Paints a solid colour with per-pixel `coverage`.
    func paintSolid(_ y: Int, _ x0: Int, _ coverage: UnsafeMutableBufferPointer<Float>, _ solid: SolidColor) {
        let color = solid.color
        applyMask(y, x0, coverage)
        let layout = buffer.layout
        let a = layout.alpha
        var p = buffer.row(y) + x0 * 4
        if mode == .normal {
            // A last group of four may reach past the coverage (with zero coverage there,
            // which leaves those pixels as they are) when it stays inside the row and the
            // pixels have an alpha byte to keep.
            let padded = layout.hasAlpha && x0 + ((coverage.count + 3) & ~3) <= buffer.width
            paintSourceOver(p, coverage, solid, alphaIndex: a, forceOpaque: !layout.hasAlpha, padded: padded)
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

    /// Paints a solid colour through rows of 8-bit coverage (a glyph mask): `rows` device rows
    /// from `y`, `count` pixels from `x0`, each row's coverage `stride` bytes after the last's.
    /// Exactly `paintSolid`'s source-over arithmetic for coverage c/255, without float rows;
    /// false when a clip mask or a blend mode needs the general path.
    func paintCoverageMask(_ y: Int, _ x0: Int, rows: Int, count: Int, _ coverage: UnsafePointer<UInt8>, stride: Int,
                           _ solid: SolidColor) -> Bool {
        guard mask == nil, mode == .normal else { return false }
        let a = buffer.layout.alpha
        var alphaLanes = SIMD8<UInt16>(repeating: 0)
        alphaLanes[a] = 0xFFFF
        alphaLanes[a + 4] = 0xFFFF
        // An opaque colour's alpha·c/255 is c exactly, so 255 − it is c's complement; a black
        // one's colour channels scale to 0, so only its alpha is added. Each case gets its own
        // loop (the kind is a constant in each call).
        if !solid.isOpaque {
            paintMaskRows(kind: 0, y, x0, rows: rows, count: count, coverage, stride: stride, solid, alphaLanes: alphaLanes)
        } else if solid.word & ~(UInt32(0xFF) << UInt32(a * 8)) == 0 {
            paintMaskRows(kind: 2, y, x0, rows: rows, count: count, coverage, stride: stride, solid, alphaLanes: alphaLanes)
        } else {
            paintMaskRows(kind: 1, y, x0, rows: rows, count: count, coverage, stride: stride, solid, alphaLanes: alphaLanes)
        }
        return true
    }

    /// `paintCoverageMask`'s rows for a colour of one kind: 0 any, 1 opaque, 2 opaque black.
    @inline(__always)
    private func paintMaskRows(kind: Int, _ y: Int, _ x0: Int, rows: Int, count: Int, _ coverage: UnsafePointer<UInt8>,
                               stride: Int, _ solid: SolidColor, alphaLanes: SIMD8<UInt16>) {
        let layout = buffer.layout
        let alphaShift = UInt32(layout.alpha * 8)
        let opaqueBits: UInt32 = layout.hasAlpha ? 0 : 0xFF << alphaShift
        let word = solid.word
        let storesWhole = solid.isOpaque
        let color8 = solid.bytes16.lowHalf
        let alpha8 = SIMD8<UInt16>(repeating: color8[layout.alpha])
        let opaque8 = unsafeBitCast(SIMD4<UInt32>(repeating: opaqueBits), to: SIMD16<UInt8>.self)
        let whole = SIMD4<UInt32>(repeating: word | opaqueBits)
        // s = colour·c/255 and out = s + d·(255 − alpha(s))/255, each exactly rounded, on 16-bit
        // lanes (the scalar tail's `scale` and `over`). The source's alpha is computed in every
        // lane as its alpha channel is (no lane extraction).
        @inline(__always) func blend(_ k: SIMD8<UInt16>, _ d: SIMD8<UInt16>) -> SIMD8<UInt16> {
            let source: SIMD8<UInt16>, rest: SIMD8<UInt16>
            if kind == 2 {
                source = k & alphaLanes
                rest = k ^ 255
            } else {
                source = PixelMath.div255Product(color8 &* k)
                rest = kind == 1 ? k ^ 255 : PixelMath.div255Product(alpha8 &* k) ^ 255
            }
            return source &+ PixelMath.div255Product(d &* rest)
        }
        // A padded last group stays inside the row; pixels without alpha keep their padding byte.
        let tailFits = x0 + ((count + 3) & ~3) <= buffer.width && layout.hasAlpha
        var rowPixels = UnsafeMutableRawPointer(buffer.row(y) + x0 * 4)
        var rowCoverage = coverage
        for _ in 0..<rows {
            defer {
                rowPixels += buffer.bytesPerRow
                rowCoverage += stride
            }
            let raw = rowPixels
            var i = 0
            @inline(__always) func four(_ c4: UInt32) {
                if c4 == 0 { return }
                if c4 == 0xFFFF_FFFF && storesWhole {
                    raw.storeBytes(of: whole, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    return
                }
                let c0 = UInt16(c4 & 0xFF), c1 = UInt16((c4 >> 8) & 0xFF), c2 = UInt16((c4 >> 16) & 0xFF), c3 = UInt16(c4 >> 24)
                let bytes = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self) | opaque8
                // Two pixels per half: eight 16-bit lanes, each pixel's coverage in its four lanes.
                let lo = blend(SIMD8<UInt16>(c0, c0, c0, c0, c1, c1, c1, c1), SIMD8<UInt16>(truncatingIfNeeded: bytes.lowHalf))
                let hi = blend(SIMD8<UInt16>(c2, c2, c2, c2, c3, c3, c3, c3), SIMD8<UInt16>(truncatingIfNeeded: bytes.highHalf))
                raw.storeBytes(of: SIMD16<UInt8>(lowHalf: SIMD8<UInt8>(truncatingIfNeeded: lo), highHalf: SIMD8<UInt8>(truncatingIfNeeded: hi)),
                               toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
            }
            // Four pixels at a time.
            while i &+ 4 <= count {
                four(UnsafeRawPointer(rowCoverage + i).loadUnaligned(as: UInt32.self))
                i &+= 4
            }
            // One to three pixels left: as four when the row has room, the missing coverage 0
            // (which leaves a pixel exactly as it was).
            if i < count && tailFits {
                var c4 = UInt32(rowCoverage[i])
                if i &+ 1 < count { c4 |= UInt32(rowCoverage[i &+ 1]) << 8 }
                if i &+ 2 < count { c4 |= UInt32(rowCoverage[i &+ 2]) << 16 }
                four(c4)
                continue
            }
            while i < count {
                let c = UInt32(rowCoverage[i])
                defer { i &+= 1 }
                guard c != 0 else { continue }
                if c == 255 && storesWhole {
                    raw.storeBytes(of: word | opaqueBits, toByteOffset: i &* 4, as: UInt32.self)
                    continue
                }
                let s = c == 255 ? word : PixelMath.scale(word, by: c)
                let d = raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self) | opaqueBits
                raw.storeBytes(of: PixelMath.over(s, d, alphaShift: alphaShift), toByteOffset: i &* 4, as: UInt32.self)
            }
        }
    }

    /// Paints `count` pixels of constant coverage `value` from `x0` on row `y` as one span
    /// (the colour scaled once by the coverage byte); false when a clip mask or a blend mode
    /// needs the per-pixel path.
    @inline(__always)
    func paintSolidRun(_ y: Int, _ x0: Int, _ count: Int, _ value: Float, _ solid: SolidColor) -> Bool {
        guard mask == nil, mode == .normal else { return false }
        let layout = buffer.layout
        let p = buffer.row(y) + x0 * 4
        if value >= 0.999 {
            SpanPainter.fillSpan(p, count: count, solid, alphaIndex: layout.alpha, forceOpaque: !layout.hasAlpha)
        } else {
            let k = UInt32(value * 255 + 0.5)
            guard k > 0 else { return true }
            SpanPainter.fillSpan(p, count: count, solid.scaled(by: k, alphaIndex: layout.alpha),
                                 alphaIndex: layout.alpha, forceOpaque: !layout.hasAlpha)
        }
        return true
    }

    /// Source-over of a solid colour in 8-bit integer arithmetic: out = S + D·(255 − Sa)/255,
    /// exactly rounded, with S the source word scaled by the coverage byte. Runs of full
    /// coverage go through the span loop.
    @inline(__always)
    private func paintSourceOver(
        _ start: UnsafeMutablePointer<UInt8>, _ coverage: UnsafeMutableBufferPointer<Float>,
        _ solid: SolidColor, alphaIndex a: Int, forceOpaque: Bool, padded: Bool
    ) {
        let count = coverage.count
        let alphaShift = UInt32(a * 8)
        let opaqueBits: UInt32 = forceOpaque ? 0xFF << alphaShift : 0
        var i = 0
        while i < count {
            let c = coverage[i]
            if c >= 0.999 {
                let j = SpanPainter.endOfFullRun(coverage, after: i)
                SpanPainter.fillSpan(start + i * 4, count: j - i, solid, alphaIndex: a, forceOpaque: forceOpaque)
                i = j
                continue
            }
            if i + 4 <= count {
                let c4 = UnsafeRawPointer(coverage.baseAddress! + i).loadUnaligned(as: SIMD4<Float>.self)
                SpanPainter.blendFour(start + i * 4, c4, solid, alphaIndex: a, opaqueBits: opaqueBits)
                i += 4
                continue
            }
            if padded {
                var c4 = SIMD4<Float>(repeating: 0)
                for j in 0..<(count - i) { c4[j] = coverage[i + j] }
                SpanPainter.blendFour(start + i * 4, c4, solid, alphaIndex: a, opaqueBits: opaqueBits)
                return
            }
            if c > 0 {
                // The source word scaled by the coverage byte, then over the destination.
                let raw = UnsafeMutableRawPointer(start + i * 4)
                let s = PixelMath.scale(solid.word, by: UInt32(c * 255 + 0.5))
                let d = raw.loadUnaligned(as: UInt32.self) | opaqueBits
                raw.storeBytes(of: PixelMath.over(s, d, alphaShift: alphaShift), as: UInt32.self)
            }
            i += 1
        }
    }

    /// The end of the run of full coverage (≥ 0.999) that starts at `i` (itself full): the
    /// first index after it, or the count. Eight values are tested at a time.
    @inline(__always)
    static func endOfFullRun(_ coverage: UnsafeMutableBufferPointer<Float>, after i: Int) -> Int {
        let count = coverage.count, base = UnsafeRawPointer(coverage.baseAddress!)
        var j = i + 1
        while j + 8 <= count {
            let v = base.loadUnaligned(fromByteOffset: j * 4, as: SIMD8<Float>.self)
            guard all(v .>= 0.999) else { break }
            j += 8
        }
        while j < count && coverage[j] >= 0.999 { j += 1 }
        return j
    }

    /// Stores `word` into `count` consecutive pixels (glibc picks the widest stores at load).
    @inline(__always)
    static func storeWords(_ p: UnsafeMutableRawPointer, _ word: UInt32, count: Int) {
        _ = wordFill(p, word, count)
    }

    /// Source-over of `solid` at coverage `c` onto one pixel (no clip mask, normal mode).
    @inline(__always)
    static func blendOne(_ p: UnsafeMutablePointer<UInt8>, _ c: Float, _ solid: SolidColor, alphaIndex a: Int, forceOpaque: Bool) {
        let k = UInt32(Swift.min(Swift.max(c, 0), 1) * 255 + 0.5)
        guard k > 0 else { return }
        let alphaShift = UInt32(a * 8)
        let raw = UnsafeMutableRawPointer(p)
        let s = k >= 255 ? solid.word : PixelMath.scale(solid.word, by: k)
        let d = raw.loadUnaligned(as: UInt32.self) | (forceOpaque ? 0xFF << alphaShift : 0)
        raw.storeBytes(of: PixelMath.over(s, d, alphaShift: alphaShift), as: UInt32.self)
    }

    /// Source-over of `solid` scaled by four coverage values onto four pixels, in 16-bit
    /// lanes: the arithmetic of the one-pixel path (source word scaled by the coverage byte,
    /// then over), except that coverage bytes are rounded half to even.
    @inline(__always)
    static func blendFour(
        _ p: UnsafeMutablePointer<UInt8>, _ c: SIMD4<Float>, _ solid: SolidColor,
        alphaIndex a: Int, opaqueBits: UInt32
    ) {
        let raw = UnsafeMutableRawPointer(p)
        // Coverage bytes: adding 2²³ leaves the rounded integer in the low mantissa bits.
        let biased = c * 255 + 8_388_608
        let k = unsafeBitCast(biased, to: SIMD4<UInt32>.self) & 0x1FF
        let kk = unsafeBitCast(k | (k &<< 16), to: SIMD8<UInt16>.self)
        let sourceV = unsafeBitCast(SIMD4<UInt32>(repeating: solid.word), to: SIMD8<UInt16>.self)
        let sourceEven = PixelMath.div255(sourceV & 0x00FF, kk)
        let sourceOdd = PixelMath.div255(sourceV &>> 8, kk)
        let inverse = 255 &- PixelMath.div255(SIMD8<UInt16>(repeating: solid.bytes[a]), kk)
        let opaqueV = unsafeBitCast(SIMD4<UInt32>(repeating: opaqueBits), to: SIMD8<UInt16>.self)
        let d = unsafeBitCast(raw.loadUnaligned(as: SIMD16<UInt8>.self), to: SIMD8<UInt16>.self) | opaqueV
        let even = sourceEven &+ PixelMath.div255(d & 0x00FF, inverse)
        let odd = sourceOdd &+ PixelMath.div255(d &>> 8, inverse)
        raw.storeBytes(of: unsafeBitCast(even | (odd &<< 8), to: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
    }

    /// Source-over of `solid` at full coverage over `count` pixels: word stores when opaque,
    /// else four pixels at a time in 16-bit lanes.
    @inline(__always)
    static func fillSpan(
        _ p: UnsafeMutablePointer<UInt8>, count: Int, _ solid: SolidColor, alphaIndex a: Int, forceOpaque: Bool
    ) {
        if solid.isOpaque {
            let raw = UnsafeMutableRawPointer(p)
            if count >= 64 {
                _ = wordFill(raw, solid.word, count)
                return
            }
            for i in 0..<count { raw.storeBytes(of: solid.word, toByteOffset: i * 4, as: UInt32.self) }
            return
        }
        // S + D·(255 − Sa)/255 per channel. Premultiplied channels never exceed alpha, so the
        // sum stays ≤ 255 and no lane carries into the next.
        let inverse = UInt32(255 - solid.bytes[a])
        let opaqueBits: UInt32 = forceOpaque ? 0xFF << UInt32(a * 8) : 0
        let raw = UnsafeMutableRawPointer(p)
        var i = 0
        // Four pixels at a time: 16 bytes as eight 16-bit lanes, even and odd bytes apart.
        let sourceV = unsafeBitCast(SIMD4<UInt32>(repeating: solid.word), to: SIMD8<UInt16>.self)
        let sourceEven = sourceV & 0x00FF, sourceOdd = sourceV &>> 8
        let inverseV = SIMD8<UInt16>(repeating: UInt16(inverse))
        let opaqueV = unsafeBitCast(SIMD4<UInt32>(repeating: opaqueBits), to: SIMD8<UInt16>.self)
        @inline(__always) func blend(_ offset: Int) -> SIMD16<UInt8> {
            let d = unsafeBitCast(raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self), to: SIMD8<UInt16>.self) | opaqueV
            let even = sourceEven &+ PixelMath.div255(d & 0x00FF, inverseV)
            let odd = sourceOdd &+ PixelMath.div255(d &>> 8, inverseV)
            return unsafeBitCast(even | (odd &<< 8), to: SIMD16<UInt8>.self)
        }
        if count >= 4 && count % 4 != 0 {
            // The last four pixels are blended from their original values first and stored
            // after the main loop, which may have blended some of them already: each result
            // depends only on its own pixel, so no scalar tail is needed.
            let tailOffset = (count - 4) * 4
            let tail = blend(tailOffset)
            while i + 4 <= count {
                raw.storeBytes(of: blend(i * 4), toByteOffset: i * 4, as: SIMD16<UInt8>.self)
                i += 4
            }
            raw.storeBytes(of: tail, toByteOffset: tailOffset, as: SIMD16<UInt8>.self)
            return
        }
        while i + 4 <= count {
            raw.storeBytes(of: blend(i * 4), toByteOffset: i * 4, as: SIMD16<UInt8>.self)
            i += 4
        }
        // The same arithmetic on the last pixels of short spans, one packed word each.
        while i < count {
            let d = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) | opaqueBits
            raw.storeBytes(of: solid.word &+ PixelMath.scale(d, by: inverse), toByteOffset: i * 4, as: UInt32.self)
            i += 1
        }
    }

    /// Paints a row of packed premultiplied source pixels (memory order) with `coverage`,
    /// scaled by `alpha` (0…255).
    ///
    /// With `sourceIsOpaque` (every source alpha 255), runs of full coverage need no per-pixel
    /// alpha: they are copied (alpha 255) or mixed with a constant weight, four pixels at a time.
    func paintWords(
        _ y: Int, _ x0: Int, _ coverage: UnsafeMutableBufferPointer<Float>, _ source: UnsafeMutablePointer<UInt32>,
        alpha: UInt32 = 255, sourceIsOpaque: Bool = false
    ) {
        applyMask(y, x0, coverage)
        let layout = buffer.layout
        let raw = UnsafeMutableRawPointer(buffer.row(y) + x0 * 4)
        guard mode == .normal else {
            let blender = Blender(mode: mode, layout: layout)
            for i in 0..<coverage.count where coverage[i] > 0 {
                let w = alpha < 255 ? PixelMath.scale(source[i], by: alpha) : source[i]
                let s = SIMD4<Float>(Float(w & 0xFF), Float((w >> 8) & 0xFF), Float((w >> 16) & 0xFF), Float(w >> 24))
                blendPixel(buffer.row(y) + (x0 + i) * 4, s * (1 / 255), coverage[i], blender)
            }
            return
        }
        let alphaShift = UInt32(layout.alpha * 8)
        let opaqueBits: UInt32 = layout.hasAlpha ? 0 : 0xFF << alphaShift
        let count = coverage.count
        var i = 0
        while i < count {
            let c = coverage[i]
            if sourceIsOpaque && c >= 0.999 {
                let j = SpanPainter.endOfFullRun(coverage, after: i)
                SpanPainter.mixOpaqueRun(raw + i * 4, source + i, count: j - i, alpha: alpha, opaqueBits: opaqueBits)
                i = j
                continue
            }
            defer { i += 1 }
            guard c > 0 else { continue }
            var s = source[i]
            let k = c < 0.999 ? UInt32(c * Float(alpha) + 0.5) : alpha
            if k < 255 { s = PixelMath.scale(s, by: k) }
            let d = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) | opaqueBits
            raw.storeBytes(of: PixelMath.over(s, d, alphaShift: alphaShift), toByteOffset: i * 4, as: UInt32.self)
        }
    }

    /// out ≈ (S·k + D·(255 − k))/255 per channel for opaque sources at constant weight k,
    /// computed on a 0…256 scale (see the loop), within one level of the exact mix.
    @inline(__always)
    static func mixOpaqueRun(
        _ destination: UnsafeMutableRawPointer, _ source: UnsafeMutablePointer<UInt32>, count: Int,
        alpha k: UInt32, opaqueBits: UInt32
    ) {
        if k >= 255 {
            let from = UnsafeRawPointer(source)
            destination.copyMemory(from: from, byteCount: count * 4)
            if opaqueBits != 0 {
                for i in 0..<count {
                    let w = destination.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                    destination.storeBytes(of: w | opaqueBits, toByteOffset: i * 4, as: UInt32.self)
                }
            }
            return
        }
        let from = UnsafeRawPointer(source)
        var i = 0
        // The weight on a 0…256 scale, so the division is a shift: out = (S·f + D·(256 − f))/256
        // with f = k + k/128, the same as `PixelMath.lerp` (within one level of the exact mix).
        let f = k + (k >> 7)
        let fv = SIMD8<UInt16>(repeating: UInt16(f)), gv = SIMD8<UInt16>(repeating: UInt16(256 - f))
        let opaqueV = unsafeBitCast(SIMD4<UInt32>(repeating: opaqueBits), to: SIMD8<UInt16>.self)
        // Four pixels at a time: 16 bytes seen as eight 16-bit lanes, even and odd bytes apart.
        while i + 4 <= count {
            let s = unsafeBitCast(from.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt8>.self), to: SIMD8<UInt16>.self)
            let d = unsafeBitCast(destination.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt8>.self), to: SIMD8<UInt16>.self) | opaqueV
            // S·f + D·(256 − f) ≤ 255·256: the sums fit the lanes.
            let even = ((s & 0x00FF) &* fv &+ (d & 0x00FF) &* gv) &>> 8
            let odd = ((s &>> 8) &* fv &+ (d &>> 8) &* gv) & 0xFF00
            let out = unsafeBitCast(even | odd, to: SIMD16<UInt8>.self)
            destination.storeBytes(of: out, toByteOffset: i * 4, as: SIMD16<UInt8>.self)
            i += 4
        }
        while i < count {
            let d = destination.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) | opaqueBits
            destination.storeBytes(of: PixelMath.lerp(d, source[i], f), toByteOffset: i * 4, as: UInt32.self)
            i += 1
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

/// A solid colour prepared once per draw: premultiplied 0…255 floats in layout order, and the
/// same rounded to bytes for the integer source-over loops.
struct SolidColor {
    let color: SIMD4<Float>
    /// The colour as bytes in memory order.
    let bytes: SIMD4<UInt16>
    /// `bytes` repeated for four pixels.
    let bytes16: SIMD16<UInt16>
    /// The colour as one 32-bit word in memory order (for opaque stores).
    let word: UInt32
    let isOpaque: Bool

    init(_ color: SIMD4<Float>, alphaIndex a: Int) {
        let b = SIMD4<UInt16>(UInt16(PixelMath.byte(color[0])), UInt16(PixelMath.byte(color[1])),
                              UInt16(PixelMath.byte(color[2])), UInt16(PixelMath.byte(color[3])))
        self.init(color: color, bytes: b, alphaIndex: a)
    }

    /// This colour with every byte scaled by `k`/255 (exactly rounded), as the coverage path
    /// scales it pixel by pixel.
    func scaled(by k: UInt32, alphaIndex a: Int) -> SolidColor {
        let w = PixelMath.scale(word, by: k)
        let b = SIMD4<UInt16>(UInt16(w & 0xFF), UInt16((w >> 8) & 0xFF), UInt16((w >> 16) & 0xFF), UInt16(w >> 24))
        return SolidColor(color: SIMD4<Float>(b), bytes: b, alphaIndex: a)
    }

    private init(color: SIMD4<Float>, bytes b: SIMD4<UInt16>, alphaIndex a: Int) {
        self.color = color
        bytes = b
        var repeated = SIMD16<UInt16>()
        for i in 0..<16 { repeated[i] = b[i % 4] }
        bytes16 = repeated
        var word: UInt32 = 0
        withUnsafeMutableBytes(of: &word) { raw in
            for i in 0..<4 { raw[i] = UInt8(b[i]) }
        }
        self.word = word
        isOpaque = b[a] == 255
    }
}
