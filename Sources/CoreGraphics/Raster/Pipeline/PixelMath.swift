/// Small pixel arithmetic shared by the painters.
enum PixelMath {
    /// Rounds a 0…255 float to a byte, clamping out-of-range values.
    @inline(__always)
    static func byte(_ v: Float) -> UInt8 {
        UInt8(Swift.max(0, Swift.min(255, v + 0.5)))
    }

    /// x / 255 rounded to nearest, exact for 0 ≤ x ≤ 255·255.
    @inline(__always)
    static func div255(_ x: UInt16) -> UInt16 {
        assert(x <= 255 * 255, "div255 is exact only up to 255·255")
        let y = x &+ 128
        return (y &+ (y &>> 8)) &>> 8
    }

    @inline(__always)
    static func load(_ p: UnsafeMutablePointer<UInt8>) -> SIMD4<Float> {
        SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
    }

    @inline(__always)
    static func store(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<UInt8>) {
        p[0] = byte(v[0])
        p[1] = byte(v[1])
        p[2] = byte(v[2])
        p[3] = byte(v[3])
    }

    // MARK: Packed pixels (SWAR)
    //
    // A pixel as one 32-bit word in memory order. Splitting it into the byte pairs 0/2 and 1/3
    // gives two 16-bit lanes each, so one multiply scales two channels.

    static let lanes: UInt32 = 0x00FF_00FF

    /// Every channel of `w` times `k`/255, exactly rounded (k ≤ 255).
    @inline(__always)
    static func scale(_ w: UInt32, by k: UInt32) -> UInt32 {
        assert(k <= 255, "a factor above 255 carries across the byte lanes")
        var rb = (w & lanes) &* k &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & lanes)) >> 8) & lanes
        var ag = ((w >> 8) & lanes) &* k &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & lanes)) & ~lanes
        return rb | ag
    }

    /// Premultiplied source-over: s + d·(255 − alpha(s))/255. Channels of a premultiplied
    /// source never exceed its alpha, so no channel carries into the next.
    @inline(__always)
    static func over(_ s: UInt32, _ d: UInt32, alphaShift: UInt32) -> UInt32 {
        s &+ scale(d, by: 255 - ((s >> alphaShift) & 0xFF))
    }

    /// a·(256 − f)/256 + b·f/256 per channel (f in 0…256).
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 - f
        let rb = ((((a & lanes) &* g) &+ ((b & lanes) &* f)) >> 8) & lanes
        let ag = ((((a >> 8) & lanes) &* g) &+ (((b >> 8) & lanes) &* f)) & ~lanes
        return rb | ag
    }

    /// x·k/255 exactly rounded, lane by lane (x, k ≤ 255).
    @inline(__always)
    static func div255(_ x: SIMD8<UInt16>, _ k: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let t = x &* k &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// p/255 exactly rounded, lane by lane (p ≤ 255·255): (p + 128)·257 >> 16, the high half of
    /// a 16 × 16-bit product (one `pmulhuw`), which equals ((p + 128) + (p + 128) >> 8) >> 8.
    /// Faster than `div255(_:_:)` where LLVM keeps it in 16-bit lanes (the glyph painter);
    /// measure before using it elsewhere.
    @inline(__always)
    static func div255Product(_ p: SIMD8<UInt16>) -> SIMD8<UInt16> {
        SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: p &+ 128) &* 257) &>> 16)
    }
}

/// Positions stepped along a row in 32.32 fixed point (texel or table coordinates).
enum FixedPointSpan {
    /// The pixels `i` in `0..<count` whose position `start + i·step` lies in `low...high`: the
    /// ends estimated by division, then corrected by the exact test (the positions are
    /// monotonic). The caller keeps `start + i·step` within Int64 for every `i`.
    @inline(__always)
    static func inside(start: Int64, step: Int64, low: Int64, high: Int64, count n: Int) -> Range<Int> {
        guard n > 0 else { return 0..<0 }
        @inline(__always) func at(_ i: Int) -> Int64 { start &+ Int64(i) &* step }
        @inline(__always) func holds(_ i: Int) -> Bool { at(i) >= low && at(i) <= high }
        var first = 0, end = n
        if step > 0 {
            if start < low { first = Int(Swift.min(Int64(n), (low - start) / step)) }
            if at(n - 1) > high { end = Int(Swift.max(0, Swift.min(Int64(n), (high - start) / step + 1))) }
        } else if step < 0 {
            if start > high { first = Int(Swift.min(Int64(n), (start - high) / -step)) }
            if at(n - 1) < low { end = Int(Swift.max(0, Swift.min(Int64(n), (start - low) / -step + 1))) }
        } else if start < low || start > high {
            first = n
        }
        while first < n && !holds(first) { first += 1 }
        while first > 0 && holds(first - 1) { first -= 1 }
        end = Swift.max(end, first)
        while end > first && !holds(end - 1) { end -= 1 }
        while end < n && holds(end) { end += 1 }
        return first..<end
    }
}

