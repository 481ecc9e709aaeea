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

    static let empty = GlyphMask(left: 0, top: 0, width: 0, height: 0, coverage: [])
}

/// Rasterized glyphs, kept per strike (face × scale × direction of the y axis) by glyph and
/// quarter-pixel horizontal offset, within a byte budget of coverage (2 MiB, Skia's default):
/// when a new glyph would go over it, every strike starts again.
///
/// Masks are drawn from the unhinted outlines by Lamina's own scan converter, so cached text
/// looks like text filled from outlines at the same place (curves are flattened to 0.05 px
/// here, 0.1 px for paths: a few levels of coverage apart near curve tops). Shared by every context;
/// `@unchecked Sendable` because strikes are reached only under `lock`.
package final class GlyphCache: @unchecked Sendable {
    package static let shared = GlyphCache()

    /// The budget, bytes of coverage.
    package static let byteBudget = 2 << 20
    /// Horizontal positions are rounded to this fraction of a pixel.
    static let subpixelSteps = 4

    private let lock = NSLock()
    @exclusivity(unchecked) private var bytes = 0
    private let rasterizer = CoverageRasterizer()
    private var strikes: [StrikeKey: Strike] = [:]
    @exclusivity(unchecked) private var rasterized = 0
    /// How many masks have been rasterized.
    package var rasterizedCount: Int { lock.withLock { rasterized } }

    package var byteCount: Int { lock.withLock { bytes } }

    private struct StrikeKey: Hashable {
        let face: Int
        let scale: UInt64
        let flipped: Bool
    }

    /// The glyphs of one face at one scale and direction, by slot (glyph × 4 + quarter) in
    /// pages of 64 glyphs: a lookup is three array reads, no hashing.
    final class Strike: @unchecked Sendable {
        let cache: GlyphCache
        let face: FontFace
        let scale: Double
        let flipped: Bool
        /// Per page of 256 slots, where its slots start in `slots`, or −1; per slot, its index
        /// into `stored`, or −1. Flat arrays, so a lookup copies and retains nothing. Reached
        /// only under the cache's lock (hence no dynamic exclusivity checks).
        @exclusivity(unchecked) fileprivate var pages: [Int32] = []
        @exclusivity(unchecked) fileprivate var slots: [Int32] = []
        @exclusivity(unchecked) fileprivate var stored: [GlyphMask] = []

        fileprivate init(cache: GlyphCache, face: FontFace, scale: Double, flipped: Bool) {
            self.cache = cache
            self.face = face
            self.scale = scale
            self.flipped = flipped
        }

        /// The masks of glyph slots (glyph × 4 + quarter), rasterized where missing, under one lock.
        func masks(_ slots: [Int]) -> [GlyphMask] {
            cache.lock.withLock { slots.map { cache.maskLocked(in: self, slot: $0) } }
        }

        /// Runs `body` under the cache's lock with a lookup of masks by slot (rasterized where
        /// missing), so a run of glyphs takes the lock once and makes no array of slots.
        func withMasks<Result>(_ body: ((Int) -> GlyphMask) -> Result) -> Result {
            cache.lock.withLock { body { cache.maskLocked(in: self, slot: $0) } }
        }
    }

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

    /// How many masks a strike holds (tests check that drawing again rasterizes nothing).
    package func maskCount(face: FontFace, scale: Double, flipped: Bool) -> Int {
        lock.withLock { strikes[StrikeKey(face: face.identifier, scale: scale.bitPattern, flipped: flipped)]?.stored.count ?? 0 }
    }

    /// Drops every glyph (tests start from an empty cache).
    package func removeAll() {
        lock.withLock { dropAllLocked() }
    }

    private func dropAllLocked() {
        for (_, strike) in strikes {
            strike.pages = []
            strike.slots = []
            strike.stored = []
        }
        bytes = 0
    }

    /// A strike's mask, rasterized on first use; call with `lock` held.
    fileprivate func maskLocked(in strike: Strike, slot: Int) -> GlyphMask {
        let page = slot >> 8, within = slot & 255
        if page < strike.pages.count {
            let start = Int(strike.pages[page])
            if start >= 0 {
                let index = Int(strike.slots[start + within])
                if index >= 0 { return strike.stored[index] }
            }
        }
        let glyph = UInt16(truncatingIfNeeded: slot >> 2), quarter = slot & 3
        let mask = rasterize(strike.face.outline(glyph), scale: strike.scale, flipped: strike.flipped,
                             offset: Double(quarter) / Double(GlyphCache.subpixelSteps))
        rasterized += 1
        if bytes + mask.coverage.count > GlyphCache.byteBudget { dropAllLocked() }
        if strike.pages.count <= page { strike.pages += [Int32](repeating: -1, count: page + 1 - strike.pages.count) }
        if strike.pages[page] < 0 {
            strike.pages[page] = Int32(strike.slots.count)
            strike.slots += [Int32](repeating: -1, count: 256)
        }
        strike.slots[Int(strike.pages[page]) + within] = Int32(strike.stored.count)
        strike.stored.append(mask)
        bytes += mask.coverage.count
        return mask
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
        guard !box.isNull, box.width > 0, box.height > 0, box.width < 4096, box.height < 4096 else { return .empty }
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
