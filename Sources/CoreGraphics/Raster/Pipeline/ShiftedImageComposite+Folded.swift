/// The fully covered runs of an opaque image at a fractional offset, with the vertical mix
/// and the composite folded into one weighted sum per channel.
///
/// The generic path computes, per channel, three truncated lerps:
/// 1. h = ⌊(a·(256 − fx) + b·fx) / 256⌋ for the two texels of each source row,
/// 2. s = ⌊V / 256⌋ with V = h_top·(256 − fy) + h_bottom·fy,
/// 3. out = ⌊(d·(256 − f) + s·f) / 256⌋ at global alpha f (0…256).
///
/// Here step 1 is the same and steps 2–3 become out = ⌊(⌊V·f / 256⌋ + d·(256 − f)) / 256⌋:
/// V is kept whole instead of truncated to s, so the result is never below the generic one
/// and at most 1 above it (V mod 256 adds less than f ≤ 256 to the numerator), and it is
/// closer to the exact value. Every intermediate fits 16 bits: V ≤ 255·256, ⌊V·f/256⌋ ≤ 255·f,
/// and the sum ≤ 255·256. At f = 256 (an opaque layer) out = ⌊V / 256⌋ = s exactly.
///
/// Per two pixels (eight 16-bit lanes) that is seven multiplies and adds for the vertical mix
/// and composite where three lerps take fifteen, which is most of a moving layer's cost.
extension ShiftedImageComposite {
    /// Eight channels (two pixels) as unsigned 16-bit lanes.
    typealias Wide = SIMD8<UInt16>

    /// The weights of one row, each in every lane.
    struct FoldedWeights {
        /// 256 − fx and fx: the horizontal mix.
        let left: Wide, right: Wide
        /// 256 − fy and fy: the vertical mix.
        let upper: Wide, lower: Wide
        /// f·256 (f < 256) for the high multiply, and 256 − f for the destination.
        let source: Wide, destination: Wide
        /// f = 256: the mixed value is stored as it is.
        let copies: Bool
        let f: UInt32, fy: UInt32

        init(fx: UInt32, fy: UInt32, alpha k: UInt32) {
            let f = k >= 255 ? 256 : k + (k >> 7)
            left = Wide(repeating: UInt16(256 - fx))
            right = Wide(repeating: UInt16(fx))
            upper = Wide(repeating: UInt16(256 - fy))
            lower = Wide(repeating: UInt16(fy))
            source = Wide(repeating: UInt16(truncatingIfNeeded: f << 8))
            destination = Wide(repeating: UInt16(256 - f))
            copies = f >= 256
            self.f = f
            self.fy = fy
        }
    }

    /// ⌊x·y / 65536⌋ per lane.
    @inline(__always)
    static func multiplyHigh(_ x: Wide, _ y: Wide) -> Wide {
        Wide(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: x) &* SIMD8<UInt32>(truncatingIfNeeded: y)) &>> 16)
    }

    /// Four destination pixels from the two mixed rows' lanes (`top`, `bottom`, two pixels
    /// each), composited over the destination bytes `d`; `copies` is `w.copies`, passed as a
    /// constant so that each caller's loop has no branch.
    @inline(__always)
    static func folded(_ t0: Wide, _ t1: Wide, _ b0: Wide, _ b1: Wide, over d: SIMD16<UInt8>,
                       upper: Wide, lower: Wide, source: Wide, destination: Wide, copies: Bool) -> SIMD16<UInt8> {
        let v0 = t0 &* upper &+ b0 &* lower, v1 = t1 &* upper &+ b1 &* lower
        if copies {
            return SIMD16<UInt8>(lowHalf: SIMD8<UInt8>(truncatingIfNeeded: v0 &>> 8),
                                 highHalf: SIMD8<UInt8>(truncatingIfNeeded: v1 &>> 8))
        }
        let d0 = Wide(truncatingIfNeeded: d.lowHalf), d1 = Wide(truncatingIfNeeded: d.highHalf)
        let o0 = (multiplyHigh(v0, source) &+ d0 &* destination) &>> 8
        let o1 = (multiplyHigh(v1, source) &+ d1 &* destination) &>> 8
        return SIMD16<UInt8>(lowHalf: SIMD8<UInt8>(truncatingIfNeeded: o0), highHalf: SIMD8<UInt8>(truncatingIfNeeded: o1))
    }

    /// One pixel of the folded composite: `upper` and `lower` are its mixed texels (channels
    /// 0…255, byte order of the words), `d` the destination word.
    @inline(__always)
    static func foldedPixel(_ upper: UInt32, _ lower: UInt32, over d: UInt32, _ w: FoldedWeights) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), to: 32, by: 8) {
            let v = ((upper >> shift) & 0xFF) * (256 - w.fy) + ((lower >> shift) & 0xFF) * w.fy
            let channel = w.copies ? v >> 8 : ((v * w.f) >> 8 + ((d >> shift) & 0xFF) * (256 - w.f)) >> 8
            out |= channel << shift
        }
        return out
    }

    /// A fully covered run from two mixed rows (`top`, `bottom`), composited folded.
    static func foldedShiftedRun(_ destination: UnsafeMutableRawPointer, _ top: UnsafeRawPointer,
                                 _ bottom: UnsafeRawPointer, count: Int, _ w: FoldedWeights, opaqueBits: UInt32) {
        let opaque = unsafeBitCast(SIMD4<UInt32>(repeating: opaqueBits), to: SIMD16<UInt8>.self)
        let upper = w.upper, lower = w.lower, source = w.source, weight = w.destination
        @inline(__always) func run(copies: Bool) -> Int {
            var i = 0
            while i &+ 4 <= count {
                let p = i &* 8
                let d = destination.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self) | opaque
                let out = folded(top.loadUnaligned(fromByteOffset: p, as: Wide.self),
                                 top.loadUnaligned(fromByteOffset: p &+ 16, as: Wide.self),
                                 bottom.loadUnaligned(fromByteOffset: p, as: Wide.self),
                                 bottom.loadUnaligned(fromByteOffset: p &+ 16, as: Wide.self), over: d,
                                 upper: upper, lower: lower, source: source, destination: weight, copies: copies)
                destination.storeBytes(of: out | opaque, toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
                i &+= 4
            }
            return i
        }
        var i = w.copies ? run(copies: true) : run(copies: false)
        while i < count {
            let d = destination.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self) | opaqueBits
            let out = foldedPixel(slotWord(top, i), slotWord(bottom, i), over: d, w) | opaqueBits
            destination.storeBytes(of: out, toByteOffset: i &* 4, as: UInt32.self)
            i &+= 1
        }
    }

    /// A fully covered run whose lower source row is new: mixes it horizontally (kept in
    /// `bottom` for the next output row) and composites folded with `top`, in one pass.
    /// `texels` holds both texels of every pixel; `count` is at least 4 (a last partial group
    /// overlaps the one before and keeps the pixels that group wrote).
    static func foldedFreshRun(_ destination: UnsafeMutableRawPointer, _ texels: UnsafePointer<UInt32>,
                               _ top: UnsafeRawPointer, _ bottom: UnsafeMutableRawPointer,
                               count: Int, _ w: FoldedWeights, opaqueBits: UInt32) {
        assert(count >= 4, "the fused run takes at least one group of four pixels")
        let texels = UnsafeRawPointer(texels)
        let opaque = unsafeBitCast(SIMD4<UInt32>(repeating: opaqueBits), to: SIMD16<UInt8>.self)
        let left = w.left, right = w.right, upper = w.upper, lower = w.lower, source = w.source, weight = w.destination
        /// Four pixels: the lower row's horizontal mix (stored), then the folded composite.
        @inline(__always) func drawn(_ i: Int, copies: Bool) -> SIMD16<UInt8> {
            let a = texels.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
            let b = texels.loadUnaligned(fromByteOffset: i &* 4 &+ 4, as: SIMD16<UInt8>.self)
            let h0 = (Wide(truncatingIfNeeded: a.lowHalf) &* left &+ Wide(truncatingIfNeeded: b.lowHalf) &* right) &>> 8
            let h1 = (Wide(truncatingIfNeeded: a.highHalf) &* left &+ Wide(truncatingIfNeeded: b.highHalf) &* right) &>> 8
            let p = i &* 8
            bottom.storeBytes(of: h0, toByteOffset: p, as: Wide.self)
            bottom.storeBytes(of: h1, toByteOffset: p &+ 16, as: Wide.self)
            let d = destination.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self) | opaque
            return folded(top.loadUnaligned(fromByteOffset: p, as: Wide.self),
                          top.loadUnaligned(fromByteOffset: p &+ 16, as: Wide.self), h0, h1, over: d,
                          upper: upper, lower: lower, source: source, destination: weight, copies: copies) | opaque
        }
        let whole = count & ~3
        var i = 0
        if w.copies {
            while i < whole {
                destination.storeBytes(of: drawn(i, copies: true), toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
                i &+= 4
            }
        } else {
            while i < whole {
                destination.storeBytes(of: drawn(i, copies: false), toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
                i &+= 4
            }
        }
        guard whole < count else { return }
        // The last group ends at `count`; its first pixels were drawn by the group before
        // (the mixed row gets the same values again) and are kept as they are now.
        let last = count &- 4
        let now = destination.loadUnaligned(fromByteOffset: last &* 4, as: SIMD16<UInt8>.self)
        let out = drawn(last, copies: w.copies)
        // All ones in the bytes of the kept pixels: byte index − kept bytes is negative there.
        let byte = SIMD16<Int8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        let keep = unsafeBitCast((byte &- SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: (whole &- last) &* 4))) &>> 7,
                                 to: SIMD16<UInt8>.self)
        destination.storeBytes(of: (now & keep) | (out & ~keep), toByteOffset: last &* 4, as: SIMD16<UInt8>.self)
    }

    /// The groups of four pixels of a partly covered row's run (the rectangle's first or last
    /// row, columns fully inside it) at the one alpha `k` of the row's coverage, with
    /// `SpanPainter.paintWords`' arithmetic for an opaque source exactly: s = ⌊V / 256⌋, then
    /// s·k/255 + d·(255 − k)/255, each rounded. Returns how many pixels it drew (the rest are
    /// left to the per-pixel path).
    static func partialRowRun(_ destination: UnsafeMutableRawPointer, _ top: UnsafeRawPointer, _ bottom: UnsafeRawPointer,
                              count: Int, fy: UInt32, alpha k: UInt32, opaqueBits: UInt32) -> Int {
        assert(k <= 255, "a coverage-scaled alpha is at most 255")
        let opaque = unsafeBitCast(SIMD4<UInt32>(repeating: opaqueBits), to: SIMD16<UInt8>.self)
        let upper = Wide(repeating: UInt16(256 - fy)), lower = Wide(repeating: UInt16(fy))
        let kept = Wide(repeating: UInt16(k)), rest = Wide(repeating: UInt16(255 - k))
        var i = 0
        while i &+ 4 <= count {
            let p = i &* 8
            let s0 = (top.loadUnaligned(fromByteOffset: p, as: Wide.self) &* upper
                      &+ bottom.loadUnaligned(fromByteOffset: p, as: Wide.self) &* lower) &>> 8
            let s1 = (top.loadUnaligned(fromByteOffset: p &+ 16, as: Wide.self) &* upper
                      &+ bottom.loadUnaligned(fromByteOffset: p &+ 16, as: Wide.self) &* lower) &>> 8
            let d = destination.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self) | opaque
            let o0 = PixelMath.div255(s0, kept) &+ PixelMath.div255(Wide(truncatingIfNeeded: d.lowHalf), rest)
            let o1 = PixelMath.div255(s1, kept) &+ PixelMath.div255(Wide(truncatingIfNeeded: d.highHalf), rest)
            let out = SIMD16<UInt8>(lowHalf: SIMD8<UInt8>(truncatingIfNeeded: o0), highHalf: SIMD8<UInt8>(truncatingIfNeeded: o1))
            destination.storeBytes(of: out, toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
            i &+= 4
        }
        return i
    }
}
