import Foundation

/// A glyph's coverage at one size: 8-bit gray anti-aliasing, rows top to bottom.
struct GlyphMask: Sendable {
    /// Pixel offset of the mask's top-left corner from the pen position (device pixels, y down).
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    /// Coverage 0…255, `width` bytes a row.
    let coverage: [UInt8]
}

/// Rasterized glyphs, keyed by face, size, direction of the y axis and a quarter-pixel
/// horizontal offset, within a byte budget (2 MiB, Skia's default): when a new glyph would go
/// over it, the least recently used half is dropped.
///
/// Masks are drawn from the unhinted outlines by Lamina's own scan converter, so cached text
/// looks exactly like text drawn from outlines at the same place. Shared by every context;
/// `@unchecked Sendable` because the table is reached only under `lock`.
final class GlyphCache: @unchecked Sendable {
    static let shared = GlyphCache()

    struct Key: Hashable {
        let face: Int
        let glyph: UInt16
        /// Device pixels per font unit, as bits (the exact scale is the key).
        let scale: UInt64
        /// The outline's y axis points down the page (a flipped context).
        let flipped: Bool
        /// Horizontal pen offset in quarter pixels, 0…3.
        let quarter: UInt8
    }

    /// The budget, bytes of coverage.
    static let byteBudget = 2 << 20
    /// Horizontal positions are rounded to this fraction of a pixel.
    static let subpixelSteps = 4

    private let lock = NSLock()
    private var entries: [Key: (mask: GlyphMask, used: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0
    private let rasterizer = CoverageRasterizer()
    /// How many masks were rasterized (for tests of cache hits).
    private(set) var rasterizedCount = 0

    var byteCount: Int { lock.withLock { bytes } }

    /// The glyphs of one face at one scale and direction: looked up by glyph and quarter
    /// with one lock and no hashing of the whole key per glyph.
    final class Strike: @unchecked Sendable {
        let cache: GlyphCache
        let face: FontFace
        let scale: Double
        let flipped: Bool
        /// Masks by glyph × 4 + quarter; reached under the cache's lock.
        var masks: [Int: GlyphMask] = [:]

        init(cache: GlyphCache, face: FontFace, scale: Double, flipped: Bool) {
            self.cache = cache
            self.face = face
            self.scale = scale
            self.flipped = flipped
        }

        func mask(_ glyph: UInt16, quarter: Int) -> GlyphMask {
            cache.mask(in: self, glyph: glyph, quarter: quarter)
        }

        /// The masks of several glyph slots (glyph × 4 + quarter), under one lock.
        func masks(_ slots: [Int]) -> [GlyphMask] {
            cache.masks(in: self, slots: slots)
        }
    }

    private struct StrikeKey: Hashable {
        let face: Int
        let scale: UInt64
        let flipped: Bool
    }

    private var strikes: [StrikeKey: Strike] = [:]

    /// The strike of a face at a scale (pixels per font unit) and y direction.
    func strike(face: FontFace, scale: Double, flipped: Bool) -> Strike {
        lock.withLock {
            let key = StrikeKey(face: face.identifier, scale: scale.bitPattern, flipped: flipped)
            if let known = strikes[key] { return known }
            let made = Strike(cache: self, face: face, scale: scale, flipped: flipped)
            strikes[key] = made
            return made
        }
    }

    fileprivate func masks(in strike: Strike, slots: [Int]) -> [GlyphMask] {
        lock.withLock { slots.map { maskLocked(in: strike, slot: $0) } }
    }

    fileprivate func mask(in strike: Strike, glyph: UInt16, quarter: Int) -> GlyphMask {
        lock.withLock { maskLocked(in: strike, slot: Int(glyph) << 2 | quarter) }
    }

    /// A strike's mask, rasterized on first use; call with `lock` held.
    private func maskLocked(in strike: Strike, slot: Int) -> GlyphMask {
        do {
            let glyph = UInt16(truncatingIfNeeded: slot >> 2), quarter = slot & 3
            clock += 1
            if let hit = strike.masks[slot] { return hit }
            let mask = rasterize(strike.face.outline(glyph), scale: strike.scale, flipped: strike.flipped,
                                 offset: Double(quarter) / Double(GlyphCache.subpixelSteps))
            rasterizedCount += 1
            if bytes + mask.coverage.count > GlyphCache.byteBudget {
                // Over budget: every strike starts again (they are rebuilt as text is drawn).
                for (_, other) in strikes { other.masks.removeAll(keepingCapacity: false) }
                entries.removeAll()
                bytes = 0
            }
            strike.masks[slot] = mask
            bytes += mask.coverage.count
            return mask
        }
    }

    /// The mask of `glyph` of `face` at `scale` pixels per unit, pen offset `quarter`/4 pixel.
    func mask(face: FontFace, glyph: UInt16, scale: Double, flipped: Bool, quarter: Int) -> GlyphMask {
        let key = Key(face: face.identifier, glyph: glyph, scale: scale.bitPattern, flipped: flipped,
                      quarter: UInt8(quarter))
        return lock.withLock {
            clock += 1
            if let hit = entries[key] {
                entries[key] = (hit.mask, clock)
                return hit.mask
            }
            let mask = rasterize(face.outline(glyph), scale: scale, flipped: flipped,
                                 offset: Double(quarter) / Double(GlyphCache.subpixelSteps))
            rasterizedCount += 1
            if bytes + mask.coverage.count > GlyphCache.byteBudget { evictOldestHalf() }
            entries[key] = (mask, clock)
            bytes += mask.coverage.count
            return mask
        }
    }

    /// Drops every glyph (tests start from an empty cache).
    func removeAll() {
        lock.withLock {
            entries.removeAll()
            for (_, strike) in strikes { strike.masks.removeAll() }
            bytes = 0
        }
    }

    private func evictOldestHalf() {
        let sorted = entries.sorted { $0.value.used < $1.value.used }
        for (key, entry) in sorted.prefix(Swift.max(1, sorted.count / 2)) {
            entries[key] = nil
            bytes -= entry.mask.coverage.count
        }
    }

    /// Scan-converts an outline (font units, y up) scaled to pixels, its pen at (offset, 0).
    private func rasterize(_ outline: CGPath, scale: Double, flipped: Bool, offset: Double) -> GlyphMask {
        let ySign = flipped ? 1.0 : -1.0
        let transform = CGAffineTransform(a: CGFloat(scale), b: 0, c: 0, d: CGFloat(ySign * scale),
                                          tx: CGFloat(offset), ty: 0)
        let contours = PathFlattener(tolerance: 0.05).contours(outline.elements, transform: transform)
        var bounds = BoundsAccumulator()
        for contour in contours { for p in contour.points { bounds.add(p) } }
        let box = bounds.rect
        guard !box.isNull, box.width > 0, box.height > 0, box.width < 4096, box.height < 4096 else {
            return GlyphMask(left: 0, top: 0, width: 0, height: 0, coverage: [])
        }
        let region = DeviceRect(covering: box)
        rasterizer.reset(region: region)
        for contour in contours { rasterizer.addPolygon(contour.points) }
        var coverage = [UInt8](repeating: 0, count: region.width * region.height)
        coverage.withUnsafeMutableBufferPointer { out in
            rasterizer.forEachRow(rule: .winding, antialias: true) { y, x0, row in
                let base = (y - region.y0) * region.width + (x0 - region.x0)
                for i in 0..<row.count { out[base + i] = UInt8(Swift.min(255, row[i] * 255 + 0.5)) }
            }
        }
        return GlyphMask(left: region.x0, top: region.y0, width: region.width, height: region.height, coverage: coverage)
    }
}
