/// Fetches image pixels for a row of device pixels: maps each pixel centre back into the
/// image through `pixelToImage` and samples (nearest or bilinear), clamping at the edges or
/// wrapping when tiling.
///
/// Sampling runs on packed premultiplied words in the destination's memory order (the image
/// keeps a copy in that order), with 16.16 fixed-point coordinates and 8-bit weights; an
/// integer translation copies texels directly.
struct ImageSampler {
    let words: PixelWords
    /// Whether every texel's alpha is 255 (then every sample's is too).
    let isOpaque: Bool
    let width: Int
    let height: Int
    /// Pixel space (y down) to image pixel coordinates (u right, v down; integers at texel
    /// corners).
    let pixelToImage: CGAffineTransform
    let bilinear: Bool
    let tiled: Bool
    /// Global alpha as 0…255; the painter applies it together with coverage.
    let alpha: UInt32
    /// For an integer translation, the texel offset of pixel (x, y): (x + dx, y + dy).
    let translation: (dx: Int, dy: Int)?

    /// For a perspective draw, pixel space to homogeneous image coordinates (then
    /// `pixelToImage` is unused).
    let projective: ProjectiveTransform?
    /// For trilinear filtering, the next smaller level and the weight (0…256) its samples
    /// get against this level's.
    let coarser: (level: SamplerLevel, weight: UInt32)?

    /// `prefilter` (medium and high quality) samples a half-size level of the image for each
    /// halving of its size on screen, so strong reductions average texels instead of skipping
    /// them. `trilinear` also blends with the next smaller level by how far the scale lies
    /// between the two, so the reduction changes smoothly instead of in steps.
    init(image: CGImage, layout: PixelLayout, pixelToImage: CGAffineTransform, bilinear: Bool, tiled: Bool,
         alpha: Float, prefilter: Bool = false, trilinear: Bool = false) {
        var level = 0
        var coarser: (level: SamplerLevel, weight: UInt32)?
        if (prefilter || trilinear) && !tiled {
            // Texels per pixel along the image's faster-shrinking axis.
            let t = pixelToImage
            let step = Swift.max(hypot(t.a, t.b), hypot(t.c, t.d))
            if trilinear, step.isFinite, step > 1 {
                let exact = Swift.min(Double(log2(step)), 12)
                level = Int(exact)
                let weight = UInt32(((exact - Double(level)) * 256).rounded())
                if weight > 0 {
                    coarser = (SamplerLevel(ImageSampler(image: image, layout: layout, pixelToImage: pixelToImage, bilinear: bilinear,
                                                         tiled: false, alpha: alpha, level: level + 1)), weight)
                }
            } else if step.isFinite && step >= 2 {
                level = Swift.min(Int(log2(Double(step))), 12)
            }
        }
        self.init(image: image, layout: layout, pixelToImage: pixelToImage, bilinear: bilinear, tiled: tiled,
                  alpha: alpha, level: level, coarser: coarser)
    }

    /// Samples level `level` of the image's reduction pyramid.
    private init(image: CGImage, layout: PixelLayout, pixelToImage: CGAffineTransform, bilinear: Bool, tiled: Bool,
                 alpha: Float, level: Int, coarser: (level: SamplerLevel, weight: UInt32)? = nil) {
        let pyramid = image.packedLevel(level, layout: layout)
        (words, isOpaque) = (pyramid.words, pyramid.opaque)
        width = pyramid.width
        height = pyramid.height
        let shrink = CGFloat(image.width) / CGFloat(pyramid.width)
        let shrinkY = CGFloat(image.height) / CGFloat(pyramid.height)
        let pixelToImage = level == 0 ? pixelToImage
            : pixelToImage.concatenating(CGAffineTransform(scaleX: 1 / shrink, y: 1 / shrinkY))
        self.pixelToImage = pixelToImage
        self.tiled = tiled
        self.alpha = ImageSampler.alphaByte(alpha)
        self.projective = nil
        self.coarser = coarser
        // At an integer translation every pixel centre lands on a texel centre: sampling is a copy.
        // Transforms built from several steps (a layer's position, anchor point and contents
        // flip) carry rounding noise far below a pixel: within 1e-9 of the identity scale and
        // a millionth of a texel of whole texels counts as exact (the offsets of a list
        // scrolled millions of pixels down carry noise above 1e-9).
        let t = pixelToImage
        let near: (CGFloat, CGFloat) -> Bool = { Swift.abs($0 - $1) <= 1e-9 }
        let whole: (CGFloat) -> Bool = { Swift.abs($0 - $0.rounded()) <= 1e-6 }
        let isTranslation = near(t.a, 1) && near(t.b, 0) && near(t.c, 0) && near(t.d, 1)
            && whole(t.tx) && whole(t.ty)
        self.bilinear = bilinear && !isTranslation
        // Pixel centre x + ½ maps to u = x + ½ + tx, inside texel x + tx.
        translation = isTranslation && Swift.abs(t.tx) < 1e9 && Swift.abs(t.ty) < 1e9 && coarser == nil
            ? (Int(t.tx.rounded()), Int(t.ty.rounded())) : nil
    }

    /// Global alpha 0…1 as 0…255, rounded.
    private static func alphaByte(_ alpha: Float) -> UInt32 {
        UInt32(Swift.max(0, Swift.min(255, alpha * 255 + 0.5)))
    }

    /// A perspective draw: each pixel centre maps through `projective` to homogeneous image
    /// coordinates and is divided through; edges clamp.
    init(image: CGImage, layout: PixelLayout, projective: ProjectiveTransform, bilinear: Bool, alpha: Float) {
        let base = image.packedLevel(0, layout: layout)
        (words, isOpaque) = (base.words, base.opaque)
        width = base.width
        height = base.height
        pixelToImage = .identity
        self.projective = projective
        self.bilinear = bilinear
        tiled = false
        self.alpha = ImageSampler.alphaByte(alpha)
        translation = nil
        coarser = nil
    }

    func fetch(y: Int, x0: Int, into out: UnsafeMutablePointer<UInt32>, count: Int) {
        if let projective {
            fetchProjective(projective, y: y, x0: x0, into: out, count: count)
            return
        }
        fetchLevel(y: y, x0: x0, into: out, count: count)
        guard let coarser else { return }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { other in
            coarser.level.sampler.fetchLevel(y: y, x0: x0, into: other.baseAddress!, count: count)
            for i in 0..<count { out[i] = PixelMath.lerp(out[i], other[i], coarser.weight) }
        }
    }

    private func fetchProjective(_ h: ProjectiveTransform, y: Int, x0: Int, into out: UnsafeMutablePointer<UInt32>, count: Int) {
        let py = Double(y) + 0.5
        var px = Double(x0) + 0.5
        words.withUnsafeBufferPointer { src in
            for i in 0..<count {
                let p = h.homogeneous(px, py)
                px += 1
                guard p.w > 0 else {
                    out[i] = 0
                    continue
                }
                let u = p.x / p.w, v = p.y / p.w
                out[i] = bilinear ? sampleBilinear(src, u - 0.5, v - 0.5)
                    : texel(src, clampInt(u.rounded(.down)), clampInt(v.rounded(.down)))
            }
        }
    }

    private func fetchLevel(y: Int, x0: Int, into out: UnsafeMutablePointer<UInt32>, count: Int) {
        let t = pixelToImage
        let py = Double(y) + 0.5, px = Double(x0) + 0.5
        var u = Double(t.a) * px + Double(t.c) * py + Double(t.tx)
        var v = Double(t.b) * px + Double(t.d) * py + Double(t.ty)
        let du = Double(t.a), dv = Double(t.b)
        words.withUnsafeBufferPointer { src in
            if let translation {
                // A copy: one row of texels, indexes wrapped or clamped only where they leave it.
                let row = wrap(y + translation.dy, height) * width
                let first = x0 + translation.dx
                if !tiled && first >= 0 && first + count <= width {
                    (src.baseAddress! + row + first).withMemoryRebound(to: UInt32.self, capacity: count) { from in
                        out.update(from: from, count: count)
                    }
                } else {
                    for i in 0..<count { out[i] = src[row + wrap(first + i, width)] }
                }
            } else if bilinear {
                u -= 0.5
                v -= 0.5
                let endU = u + du * Double(count), endV = v + dv * Double(count)
                if !tiled, Swift.max(abs(u), abs(v), abs(endU), abs(endV)) < 1e9 {
                    // 32.32 fixed point along the row: the same texels and rounded 8-bit
                    // weights as the floating-point path, without a floor per pixel.
                    let one = 4_294_967_296.0
                    var fu = Int64(u * one), fv = Int64(v * one)
                    let stepU = Int64(du * one), stepV = Int64(dv * one)
                    let maxX = width - 1, maxY = height - 1, w = width
                    let base = src.baseAddress!
                    if stepU == 1 << 32 && stepV == 0 {
                        // A fractional translation: the weights and the two source rows are the
                        // same for the whole row, so the interior runs four pixels at a time.
                        translatedRow(base, out, count: count, fu: fu, fv: fv)
                        return
                    }
                    @inline(__always) func clamped(_ i: Int) {
                        let fu = fu &+ Int64(i) &* stepU, fv = fv &+ Int64(i) &* stepV
                        let xi = Int(truncatingIfNeeded: fu >> 32), yi = Int(truncatingIfNeeded: fv >> 32)
                        let fx = UInt32(truncatingIfNeeded: ((fu & 0xFFFF_FFFF) &+ (1 << 23)) >> 24)
                        let fy = UInt32(truncatingIfNeeded: ((fv & 0xFFFF_FFFF) &+ (1 << 23)) >> 24)
                        let x0 = Swift.min(Swift.max(xi, 0), maxX), x1 = Swift.min(Swift.max(xi &+ 1, 0), maxX)
                        let r0 = Swift.min(Swift.max(yi, 0), maxY) &* w, r1 = Swift.min(Swift.max(yi &+ 1, 0), maxY) &* w
                        let top = PixelMath.lerp(base[r0 &+ x0], base[r0 &+ x1], fx)
                        let bottom = PixelMath.lerp(base[r1 &+ x0], base[r1 &+ x1], fx)
                        out[i] = PixelMath.lerp(top, bottom, fy)
                    }
                    // Where all four texels are inside the image (0 ≤ x < maxX, 0 ≤ y < maxY),
                    // no clamping: the two texel pairs are two 8-byte loads, mixed in 16-bit
                    // lanes with the same truncating arithmetic as `PixelMath.lerp`.
                    let columns = FixedPointSpan.inside(start: fu, step: stepU, low: 0, high: Int64(maxX) << 32 - 1, count: count)
                    let rows = FixedPointSpan.inside(start: fv, step: stepV, low: 0, high: Int64(maxY) << 32 - 1, count: count)
                    let first = Swift.max(columns.lowerBound, rows.lowerBound)
                    let end = Swift.max(first, Swift.min(columns.upperBound, rows.upperBound))
                    for i in 0..<first { clamped(i) }
                    let texels = UnsafeRawPointer(base), rowBytes = w * 4
                    var u = fu &+ Int64(first) &* stepU, v = fv &+ Int64(first) &* stepV
                    for i in first..<end {
                        let offset = (Int(truncatingIfNeeded: v >> 32) &* w &+ Int(truncatingIfNeeded: u >> 32)) &* 4
                        let fx = UInt16(truncatingIfNeeded: ((u & 0xFFFF_FFFF) &+ (1 << 23)) >> 24)
                        let fy = UInt16(truncatingIfNeeded: ((v & 0xFFFF_FFFF) &+ (1 << 23)) >> 24)
                        let top = SIMD8<UInt16>(truncatingIfNeeded: texels.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt8>.self))
                        let bottom = SIMD8<UInt16>(truncatingIfNeeded: texels.loadUnaligned(fromByteOffset: offset &+ rowBytes,
                                                                                            as: SIMD8<UInt8>.self))
                        // Left texel × (256 − fx) + right texel × fx, ≤ 255·256 per lane.
                        let wx = SIMD8<UInt16>(lowHalf: SIMD4(repeating: 256 &- fx), highHalf: SIMD4(repeating: fx))
                        let t = top &* wx, b = bottom &* wx
                        let mixed = SIMD8<UInt16>(lowHalf: (t.lowHalf &+ t.highHalf) &>> 8, highHalf: (b.lowHalf &+ b.highHalf) &>> 8)
                        let wy = SIMD8<UInt16>(lowHalf: SIMD4(repeating: 256 &- fy), highHalf: SIMD4(repeating: fy))
                        let m = mixed &* wy
                        let result = SIMD4<UInt8>(truncatingIfNeeded: (m.lowHalf &+ m.highHalf) &>> 8)
                        out[i] = unsafeBitCast(result, to: UInt32.self)
                        u &+= stepU
                        v &+= stepV
                    }
                    for i in end..<count { clamped(i) }
                    return
                }
                for i in 0..<count {
                    out[i] = sampleBilinear(src, u, v)
                    u += du
                    v += dv
                }
            } else {
                for i in 0..<count {
                    out[i] = texel(src, clampInt(u.rounded(.down)), clampInt(v.rounded(.down)))
                    u += du
                    v += dv
                }
            }
        }
    }

    /// Bilinear samples of a row under a pure translation (32.32 fixed-point start `fu`, `fv`;
    /// one texel per pixel): identical arithmetic to the general loop (8-bit weights,
    /// a·(256 − f) + b·f truncated per channel), edges clamped the same way.
    private func translatedRow(_ base: UnsafePointer<UInt32>, _ out: UnsafeMutablePointer<UInt32>, count: Int, fu: Int64, fv: Int64) {
        let maxX = width - 1, maxY = height - 1
        let xi0 = Int(truncatingIfNeeded: fu >> 32), yi = Int(truncatingIfNeeded: fv >> 32)
        let fx = UInt32(truncatingIfNeeded: ((fu & 0xFFFF_FFFF) &+ (1 << 23)) >> 24)
        let fy = UInt32(truncatingIfNeeded: ((fv & 0xFFFF_FFFF) &+ (1 << 23)) >> 24)
        let r0 = Swift.min(Swift.max(yi, 0), maxY) * width, r1 = Swift.min(Swift.max(yi + 1, 0), maxY) * width
        @inline(__always) func one(_ i: Int) -> UInt32 {
            let x = xi0 + i
            let x0 = Swift.min(Swift.max(x, 0), maxX), x1 = Swift.min(Swift.max(x + 1, 0), maxX)
            let top = PixelMath.lerp(base[r0 + x0], base[r0 + x1], fx)
            let bottom = PixelMath.lerp(base[r1 + x0], base[r1 + x1], fx)
            return PixelMath.lerp(top, bottom, fy)
        }
        // Pixels whose two texels are both inside the row: x0 = xi0 + i ≥ 0 and x0 + 1 ≤ maxX.
        let lo = Swift.min(Swift.max(-xi0, 0), count)
        let hi = Swift.min(Swift.max(maxX - xi0, lo), count)
        for i in 0..<lo { out[i] = one(i) }
        let fxV = SIMD8<UInt16>(repeating: UInt16(fx)), gxV = SIMD8<UInt16>(repeating: UInt16(256 - fx))
        let fyV = SIMD8<UInt16>(repeating: UInt16(fy)), gyV = SIMD8<UInt16>(repeating: UInt16(256 - fy))
        @inline(__always) func mix(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, _ f: SIMD8<UInt16>, _ g: SIMD8<UInt16>) -> SIMD8<UInt16> {
            // Even bytes and odd bytes apart; a·g + b·f ≤ 255·256 fits the lanes.
            let even = ((a & 0x00FF) &* g &+ (b & 0x00FF) &* f) &>> 8
            let odd = ((a &>> 8) &* g &+ (b &>> 8) &* f) & 0xFF00
            return even | odd
        }
        let raw = UnsafeRawPointer(base)
        let destination = UnsafeMutableRawPointer(out)
        var i = lo
        while i + 4 <= hi {
            let x = (xi0 + i) * 4
            @inline(__always) func load(_ offset: Int) -> SIMD8<UInt16> {
                unsafeBitCast(raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self), to: SIMD8<UInt16>.self)
            }
            let top = mix(load(r0 * 4 + x), load(r0 * 4 + x + 4), fxV, gxV)
            let bottom = mix(load(r1 * 4 + x), load(r1 * 4 + x + 4), fxV, gxV)
            destination.storeBytes(of: unsafeBitCast(mix(top, bottom, fyV, gyV), to: SIMD16<UInt8>.self),
                                   toByteOffset: i * 4, as: SIMD16<UInt8>.self)
            i += 4
        }
        while i < count {
            out[i] = one(i)
            i += 1
        }
    }

    @inline(__always)
    private func clampInt(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(Swift.max(-1e9, Swift.min(1e9, value)))
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
    private func texel(_ src: UnsafeBufferPointer<UInt32>, _ x: Int, _ y: Int) -> UInt32 {
        src[wrap(y, height) * width + wrap(x, width)]
    }

    @inline(__always)
    private func sampleBilinear(_ src: UnsafeBufferPointer<UInt32>, _ u: Double, _ v: Double) -> UInt32 {
        guard u.isFinite, v.isFinite else { return 0 }
        let fu = u.rounded(.down), fv = v.rounded(.down)
        let x = clampInt(fu), y = clampInt(fv)
        // 8-bit weights: f in 0…256.
        let fx = UInt32((u - fu) * 256 + 0.5), fy = UInt32((v - fv) * 256 + 0.5)
        let top = PixelMath.lerp(texel(src, x, y), texel(src, x + 1, y), fx)
        let bottom = PixelMath.lerp(texel(src, x, y + 1), texel(src, x + 1, y + 1), fx)
        return PixelMath.lerp(top, bottom, fy)
    }
}

/// A sampler held by reference, so that a sampler can carry the next level of its pyramid.
final class SamplerLevel {
    let sampler: ImageSampler
    init(_ sampler: ImageSampler) { self.sampler = sampler }
}
