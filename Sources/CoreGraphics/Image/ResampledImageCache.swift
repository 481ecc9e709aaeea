/// Images already resampled to the pixel size and sub-pixel phase they are drawn at, so that a
/// compositor drawing the same scaled image frame after frame (a photo in a scrolling grid)
/// resamples it once and afterwards copies pixels, as a GPU keeps a texture.
///
/// Rules (a raster cache with stated rules, as Flutter's):
/// - An entry is keyed by the source image's identity (the entry keeps the image alive, so the
///   identity cannot be reused), the device rectangle's size and its phase against the pixel
///   grid (both to 1/4096 pixel), the mirroring, and the sampling settings.
/// - A key is resampled only the second time it is drawn: a size that changes every frame (an
///   animated zoom) is drawn directly and never pays for a copy nobody reuses.
/// - Entries unused for `maximumAge` frames are dropped at `endFrame()`, and the least recently
///   used go first whenever the resampled pixels pass `byteBudget`.
///
/// Safe to use from several bands at once: lookups take a lock, resampling does not (two
/// bands may both make an entry; the second one wins, with the same pixels).
package final class ResampledImageCache: Sendable {
    package struct Key: Hashable {
        let image: ObjectIdentifier
        /// The copy's size in whole pixels.
        let pixelWidth: Int, pixelHeight: Int
        /// Device size and phase (x0 − ⌊x0⌋, y0 − ⌊y0⌋) in 1/4096 pixels.
        let width: Int64, height: Int64, phaseX: Int64, phaseY: Int64
        let mirrorX: Bool, mirrorY: Bool
        let quality: Int32
        let trilinear: Bool
        let antialias: Bool
    }

    private struct Entry {
        let source: CGImage
        var resampled: CGImage?
        var lastUse: UInt64
        /// Order of last use across frames (least recently used goes first).
        var tick: UInt64 = 0
        var bytes: Int { resampled.map { $0.width * $0.height * 4 } ?? 0 }
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var frame: UInt64 = 0
        var tick: UInt64 = 0
        var bytes = 0
    }

    private let state = Locked(State())
    package let byteBudget: Int
    package let maximumAge: UInt64

    package init(byteBudget: Int = 48 << 20, maximumAge: UInt64 = 240) {
        self.byteBudget = byteBudget
        self.maximumAge = maximumAge
    }

    /// The resampled image for `key`, or nil: on a first sighting (remembered), or when
    /// `make` fails. `make` runs outside the lock.
    package func image(for key: Key, source: CGImage, make: () -> CGImage?) -> CGImage? {
        // One lock for the lookup: a copy at hand, a key seen before (make one), or a first
        // sighting (remember it).
        enum Lookup { case hit(CGImage), make, firstSighting }
        let lookup: Lookup = state.withLock { s in
            s.tick &+= 1
            guard var entry = s.entries[key] else {
                s.entries[key] = Entry(source: source, resampled: nil, lastUse: s.frame, tick: s.tick)
                return .firstSighting
            }
            entry.lastUse = s.frame
            entry.tick = s.tick
            s.entries[key] = entry
            return entry.resampled.map(Lookup.hit) ?? .make
        }
        switch lookup {
        case .hit(let image): return image
        case .firstSighting: return nil
        case .make: break
        }
        guard let made = make() else { return nil }
        state.withLock { s in
            let old = s.entries[key]?.bytes ?? 0
            s.tick &+= 1
            s.entries[key] = Entry(source: source, resampled: made, lastUse: s.frame, tick: s.tick)
            s.bytes += made.width * made.height * 4 - old
            evictOverBudget(&s)
        }
        return made
    }

    /// Ages the entries: call once per composited frame.
    package func endFrame() {
        state.withLock { s in
            s.frame &+= 1
            let oldest = s.frame > maximumAge ? s.frame - maximumAge : 0
            guard s.entries.values.contains(where: { $0.lastUse < oldest }) else { return }
            s.entries = s.entries.filter { $0.value.lastUse >= oldest }
            s.bytes = s.entries.values.reduce(0) { $0 + $1.bytes }
        }
    }

    /// How many resampled images are kept (for tests and benchmarks).
    package var resampledCount: Int { state.withLock { $0.entries.values.filter { $0.resampled != nil }.count } }

    /// Bytes of resampled pixels kept.
    package var byteCount: Int { state.withLock { $0.bytes } }

    private func evictOverBudget(_ s: inout State) {
        guard s.bytes > byteBudget else { return }
        let byAge = s.entries.filter { $0.value.resampled != nil }.sorted { $0.value.tick < $1.value.tick }
        for (key, entry) in byAge where s.bytes > byteBudget {
            s.bytes -= entry.bytes
            s.entries[key] = nil
        }
    }
}
