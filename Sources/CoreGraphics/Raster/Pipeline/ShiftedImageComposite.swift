import RasterSupport

/// An image drawn bilinearly at its own size and a fractional offset (every layer caught
/// mid-animation): each output pixel mixes the same two texels of two rows with the same
/// weights, so the draw runs separably.
///
/// Each source row is mixed horizontally once and kept, a channel per 16-bit lane, while the
/// two output rows that use it are drawn; for opaque images the horizontal mix of the new
/// lower row, the vertical mix and the composite of the fully covered run are one pass.
/// Horizontal mixes are `PixelMath.lerp`'s ⌊(a·(256 − f) + b·f) / 256⌋ exactly. Fully covered
/// runs fold the vertical mix into the composite (`ShiftedImageComposite+Folded.swift`): the
/// generic path's pixels exactly for an opaque layer, at most 1/255 above them for a
/// translucent one. Partly covered pixels take `SpanPainter.paintWords`' arithmetic exactly,
/// the rectangle's first and last rows four pixels at a time.
///
/// `@unchecked Sendable`: bands write disjoint rows of the target and their own scratch
/// rows; the sampler's words and the column coverage are only read.
struct ShiftedImageComposite: @unchecked Sendable {
    let sampler: ImageSampler
    let painter: SpanPainter
    /// The rectangle drawn, in device pixels.
    let rect: CGRect
    let region: DeviceRect
    /// Per column of `region`, the part of it inside the rectangle.
    let horizontal: UnsafePointer<Float>

    /// Scratch per band, in words: two mixed rows (two words a pixel), one row of source words
    /// and one of coverage, and a group of four pixels of slack.
    static func scratchWords(width: Int) -> Int { width * 6 + 16 }

    /// Two pixels, a channel (0…255) per lane.
    typealias Lanes = SIMD8<Int16>
    /// A weight f (0…256) as `lerp` takes it: f·256 wrapped to 16 bits and a mask of all ones
    /// where that wrapped (f ≥ 128), in every lane.
    typealias Weight = (w: Lanes, m: Lanes)

    /// Draws `rows` of the region with `scratch` (`scratchWords(width:)` words) of its own.
    func run(rows: Range<Int>, scratch: UnsafeMutablePointer<UInt32>) {
        sampler.words.withUnsafeBufferPointer { texels in draw(rows, scratch, texels.baseAddress!) }
    }

    private func draw(_ rows: Range<Int>, _ scratch: UnsafeMutablePointer<UInt32>, _ texels: UnsafePointer<UInt32>) {
        let width = region.width, imageWidth = sampler.width
        // Two horizontally mixed source rows: `held.0` in `slots.0`, `held.1` in `slots.1`,
        // both mixed from the start `heldStart`.
        var slots = (UnsafeMutableRawPointer(scratch), UnsafeMutableRawPointer(scratch + 2 * width))
        var held: (Int, Int) = (-1, -1)
        var heldStart: Int64 = 0
        let words = scratch + 4 * width
        let coverage = UnsafeMutableRawPointer(scratch + 5 * width).bindMemory(to: Float.self, capacity: width)
        let minY = Double(rect.minY), maxY = Double(rect.maxY)
        let layout = painter.buffer.layout
        let opaqueBits: UInt32 = layout.hasAlpha ? 0 : 0xFF << UInt32(layout.alpha * 8)
        let alphaShift = UInt32(layout.alpha * 8)
        let alpha = sampler.alpha
        let target = painter.buffer
        for y in rows {
            // The destination row two below, line by line: it arrives while these rows are
            // mixed (each row starts a new stream the hardware would find only after misses).
            if y + 2 < rows.upperBound {
                let ahead = target.row(y + 2) + region.x0 * 4
                var line = 0
                while line < width * 4 {
                    lamina_prefetch_write(ahead + line)
                    line += 64
                }
                lamina_prefetch_write(ahead + width * 4 - 1)
            }
            let vertical = Float(Swift.max(0, Swift.min(Double(y + 1), maxY) - Swift.max(Double(y), minY)))
            guard let start = sampler.shiftedRowStart(y: y, x0: region.x0, count: width) else {
                for i in 0..<width { coverage[i] = horizontal[i] * vertical }
                sampler.fetch(y: y, x0: region.x0, into: words, count: width)
                painter.paintWords(y, region.x0, UnsafeMutableBufferPointer(start: coverage, count: width), words,
                                   alpha: alpha, sourceIsOpaque: sampler.isOpaque)
                continue
            }
            if start.fu != heldStart { held = (-1, -1) }
            heldStart = start.fu
            let xi0 = Int(truncatingIfNeeded: start.fu >> 32)
            let fx = UInt32(truncatingIfNeeded: ((start.fu & 0xFFFF_FFFF) &+ (1 << 23)) >> 24)
            let (r0, r1) = start.rows
            let fy = start.fy
            // The upper row into slot 0 (usually the lower row of the row above).
            if held.1 == r0 {
                slots = (slots.1, slots.0)
                held = (held.1, held.0)
            }
            if held.0 != r0 {
                Self.mixRow(texels + r0 * imageWidth, imageWidth: imageWidth, xi0: xi0, fx: fx, count: width, into: slots.0)
                held.0 = r0
            }
            let top = slots.0
            let bottom = r1 == r0 ? top : slots.1
            // Whether the lower row is new: it is then mixed while it is composited.
            let fresh = r1 != r0 && held.1 != r1
            if fresh { held.1 = r1 }
            let lowerTexels = texels + r1 * imageWidth
            guard sampler.isOpaque else {
                if fresh { Self.mixRow(lowerTexels, imageWidth: imageWidth, xi0: xi0, fx: fx, count: width, into: bottom) }
                for i in 0..<width { coverage[i] = horizontal[i] * vertical }
                Self.mixVertically(top, bottom, fy, into: words, count: width)
                painter.paintWords(y, region.x0, UnsafeMutableBufferPointer(start: coverage, count: width), words,
                                   alpha: alpha, sourceIsOpaque: false)
                continue
            }
            let destination = UnsafeMutableRawPointer(painter.buffer.row(y) + region.x0 * 4)
            let weights = FoldedWeights(fx: fx, fy: fy, alpha: alpha)
            /// A fully covered pixel of the run outside the grouped part.
            @inline(__always) func full(_ i: Int) {
                let d = destination.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) | opaqueBits
                let out = Self.foldedPixel(Self.slotWord(top, i), Self.slotWord(bottom, i), over: d, weights)
                destination.storeBytes(of: out | opaqueBits, toByteOffset: i * 4, as: UInt32.self)
            }
            /// `SpanPainter.paintWords` for one partly covered pixel of an opaque source.
            @inline(__always) func partial(_ i: Int) {
                let c = horizontal[i] * vertical
                guard c > 0 else { return }
                var s = PixelMath.lerp(Self.slotWord(top, i), Self.slotWord(bottom, i), fy)
                let k = UInt32(c * Float(alpha) + 0.5)
                if k < 255 { s = PixelMath.scale(s, by: k) }
                let d = destination.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) | opaqueBits
                destination.storeBytes(of: PixelMath.over(s, d, alphaShift: alphaShift), toByteOffset: i * 4, as: UInt32.self)
            }
            if vertical < 0.999 {
                // The rectangle's first or last row: every pixel partly covered, those inside it
                // horizontally all at the row's coverage, so at one alpha.
                if fresh { Self.mixRow(lowerTexels, imageWidth: imageWidth, xi0: xi0, fx: fx, count: width, into: bottom) }
                var a = 0, b = width
                while a < width && horizontal[a] < 1 { a += 1 }
                while b > a && horizontal[b - 1] < 1 { b -= 1 }
                let k = UInt32(vertical * Float(alpha) + 0.5)
                var done = a
                if k > 0 {
                    done += Self.partialRowRun(destination + a * 4, top + a * 8, bottom + a * 8, count: b - a,
                                               fy: fy, alpha: k, opaqueBits: opaqueBits)
                }
                for i in 0..<a { partial(i) }
                for i in done..<width { partial(i) }
                continue
            }
            // Fully covered pixels (the painter's test: coverage ≥ 0.999) form one run, the
            // columns inside the rectangle on a row inside it; the few around it are partial.
            var a = 0, b = width
            while a < width && horizontal[a] * vertical < 0.999 { a += 1 }
            while b > a && horizontal[b - 1] * vertical < 0.999 { b -= 1 }
            // The part of the full run done in groups of four pixels in one pass: pixels whose
            // two texels lie inside the source row.
            var p = a, q = a
            if fresh {
                let inside = Self.unclamped(xi0: xi0, imageWidth: imageWidth, count: width)
                p = Swift.max(a, inside.lowerBound)
                q = Swift.max(p, Swift.min(b, inside.upperBound))
                if q - p < 4 { q = p }
                for i in 0..<p { Self.setSlot(bottom, i, Self.mixedTexel(lowerTexels, imageWidth, xi0 + i, fx)) }
                for i in q..<width { Self.setSlot(bottom, i, Self.mixedTexel(lowerTexels, imageWidth, xi0 + i, fx)) }
                if q > p {
                    Self.foldedFreshRun(destination + p * 4, lowerTexels + xi0 + p, top + p * 8, bottom + p * 8,
                                        count: q - p, weights, opaqueBits: opaqueBits)
                }
            }
            for i in 0..<a { partial(i) }
            if fresh {
                for i in a..<p { full(i) }
                for i in q..<b { full(i) }
            } else if b > a {
                Self.foldedShiftedRun(destination + a * 4, top + a * 8, bottom + a * 8, count: b - a, weights,
                                      opaqueBits: opaqueBits)
            }
            for i in b..<width { partial(i) }
        }
    }

    // MARK: Lanes

    /// ⌊(a·(256 − f) + b·f) / 256⌋ per lane, which is a + ⌊(b − a)·f / 256⌋ (256·a divides
    /// evenly), with one multiply: the high half of (b − a)·(f·256) is ⌊(b − a)·f / 256⌋ for
    /// f < 128; from 128 on f·256 wraps to f·256 − 65536 and the high half comes out b − a too
    /// low, which the mask adds back (f = 256 wraps to 0: the result is b).
    @inline(__always)
    static func lerp(_ a: Lanes, _ b: Lanes, _ weight: Weight) -> Lanes {
        let d = b &- a
        let product = SIMD8<Int32>(truncatingIfNeeded: d) &* SIMD8<Int32>(truncatingIfNeeded: weight.w)
        return a &+ Lanes(truncatingIfNeeded: product &>> 16) &+ (d & weight.m)
    }

    /// Four packed pixels at `offset` as two pairs of lanes.
    @inline(__always)
    static func unpack(_ p: UnsafeRawPointer, _ offset: Int) -> (Lanes, Lanes) {
        let bytes = p.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
        return (Lanes(truncatingIfNeeded: bytes.lowHalf), Lanes(truncatingIfNeeded: bytes.highHalf))
    }

    @inline(__always)
    static func pack(_ lo: Lanes, _ hi: Lanes) -> SIMD16<UInt8> {
        SIMD16<UInt8>(lowHalf: SIMD8<UInt8>(truncatingIfNeeded: lo), highHalf: SIMD8<UInt8>(truncatingIfNeeded: hi))
    }

    @inline(__always)
    static func loadLanes(_ p: UnsafeRawPointer, _ offset: Int) -> Lanes {
        p.loadUnaligned(fromByteOffset: offset, as: Lanes.self)
    }

    @inline(__always)
    static func storeLanes(_ v: Lanes, _ p: UnsafeMutableRawPointer, _ offset: Int) {
        p.storeBytes(of: v, toByteOffset: offset, as: Lanes.self)
    }

    /// Not inlined on purpose: a weight the optimizer sees as one value in every lane gets its
    /// multiply widened to 32 bits, while an opaque vector keeps the single 16-bit multiply-high.
    @inline(never)
    static func weight(_ f: UInt32) -> Weight {
        (Lanes(repeating: Int16(truncatingIfNeeded: f << 8)), Lanes(repeating: f >= 128 ? -1 : 0))
    }

    /// Pixel `i` of a mixed row as a packed word.
    @inline(__always)
    static func slotWord(_ slot: UnsafeRawPointer, _ i: Int) -> UInt32 {
        let v = slot.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<UInt16>.self)
        return UInt32(v.x) | UInt32(v.y) << 8 | UInt32(v.z) << 16 | UInt32(v.w) << 24
    }

    @inline(__always)
    static func setSlot(_ slot: UnsafeMutableRawPointer, _ i: Int, _ word: UInt32) {
        let v = SIMD4<UInt16>(UInt16(word & 0xFF), UInt16((word >> 8) & 0xFF), UInt16((word >> 16) & 0xFF), UInt16(word >> 24))
        slot.storeBytes(of: v, toByteOffset: i &* 8, as: SIMD4<UInt16>.self)
    }

    // MARK: Rows

    /// The pixels `i` of a row starting at texel `xi0` whose two texels (xi0 + i, xi0 + i + 1)
    /// both lie inside a row of `imageWidth` texels.
    @inline(__always)
    static func unclamped(xi0: Int, imageWidth: Int, count: Int) -> Range<Int> {
        let lo = Swift.min(Swift.max(-xi0, 0), count)
        return lo..<Swift.min(Swift.max(imageWidth - 1 - xi0, lo), count)
    }

    /// lerp(texel x, texel x + 1, fx) of a row, texels clamped to it.
    @inline(__always)
    static func mixedTexel(_ row: UnsafePointer<UInt32>, _ imageWidth: Int, _ x: Int, _ fx: UInt32) -> UInt32 {
        let maxX = imageWidth - 1
        return PixelMath.lerp(row[Swift.min(Swift.max(x, 0), maxX)], row[Swift.min(Swift.max(x + 1, 0), maxX)], fx)
    }

    /// A source row (`row`: its first texel) mixed horizontally for `count` pixels from texel
    /// `xi0` into a mixed row: lerp(texel(xi0 + i), texel(xi0 + i + 1), fx), clamped to the row.
    static func mixRow(_ row: UnsafePointer<UInt32>, imageWidth: Int, xi0: Int, fx: UInt32, count: Int,
                       into out: UnsafeMutableRawPointer) {
        let inside = unclamped(xi0: xi0, imageWidth: imageWidth, count: count)
        for i in 0..<inside.lowerBound { setSlot(out, i, mixedTexel(row, imageWidth, xi0 + i, fx)) }
        let fx2 = weight(fx)
        let raw = UnsafeRawPointer(row + xi0)
        var i = inside.lowerBound
        while i &+ 4 <= inside.upperBound {
            let (a0, a1) = unpack(raw, i &* 4), (b0, b1) = unpack(raw, i &* 4 &+ 4)
            storeLanes(lerp(a0, b0, fx2), out, i &* 8)
            storeLanes(lerp(a1, b1, fx2), out, i &* 8 &+ 16)
            i &+= 4
        }
        while i < count {
            setSlot(out, i, mixedTexel(row, imageWidth, xi0 + i, fx))
            i &+= 1
        }
    }

    /// out[i] = lerp(top[i], bottom[i], fy), packed.
    static func mixVertically(_ top: UnsafeRawPointer, _ bottom: UnsafeRawPointer, _ fy: UInt32,
                              into out: UnsafeMutablePointer<UInt32>, count: Int) {
        let fy2 = weight(fy)
        let o = UnsafeMutableRawPointer(out)
        var i = 0
        while i &+ 4 <= count {
            let p = i &* 8
            let v0 = lerp(loadLanes(top, p), loadLanes(bottom, p), fy2)
            let v1 = lerp(loadLanes(top, p &+ 16), loadLanes(bottom, p &+ 16), fy2)
            o.storeBytes(of: pack(v0, v1), toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
            i &+= 4
        }
        while i < count {
            out[i] = PixelMath.lerp(slotWord(top, i), slotWord(bottom, i), fy)
            i &+= 1
        }
    }
}

extension ImageSampler {
    /// Whether each pixel samples one texel step to the right of its neighbour and the same
    /// row (a translation, fractional by construction: whole ones are copies), bilinearly,
    /// from this level alone: `ShiftedImageComposite` can draw it.
    var samplesShifted: Bool {
        guard bilinear, !tiled, projective == nil, coarser == nil, translation == nil else { return false }
        let t = pixelToImage
        guard Swift.abs(t.a) < 2, Swift.abs(t.b) < 2 else { return false }
        let one = 4_294_967_296.0
        return Int64(Double(t.a) * one) == 1 << 32 && Int64(Double(t.b) * one) == 0
    }

    /// For row `y` from column `x0`: the fixed-point start along the row, the two (clamped)
    /// source rows and the vertical weight, computed exactly as `fetch` computes them; nil
    /// where `fetch` would take its floating-point path (coordinates beyond 1e9).
    func shiftedRowStart(y: Int, x0: Int, count: Int) -> (fu: Int64, rows: (Int, Int), fy: UInt32)? {
        let t = pixelToImage
        let py = Double(y) + 0.5, px = Double(x0) + 0.5
        var u = Double(t.a) * px + Double(t.c) * py + Double(t.tx)
        var v = Double(t.b) * px + Double(t.d) * py + Double(t.ty)
        let du = Double(t.a), dv = Double(t.b)
        u -= 0.5
        v -= 0.5
        let endU = u + du * Double(count), endV = v + dv * Double(count)
        guard Swift.max(abs(u), abs(v), abs(endU), abs(endV)) < 1e9 else { return nil }
        let one = 4_294_967_296.0
        let fu = Int64(u * one), fv = Int64(v * one)
        let yi = Int(truncatingIfNeeded: fv >> 32)
        let fy = UInt32(truncatingIfNeeded: ((fv & 0xFFFF_FFFF) &+ (1 << 23)) >> 24)
        let maxY = height - 1
        return (fu, (Swift.min(Swift.max(yi, 0), maxY), Swift.min(Swift.max(yi + 1, 0), maxY)), fy)
    }
}
