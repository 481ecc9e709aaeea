/// A per-pixel clip coverage (0…255), used once a clip is not a pixel-aligned rectangle. It
/// covers only `region`, the clip rectangle it was made for: nothing is drawn outside the
/// clip rectangle, and the clip rectangle only shrinks until the state is restored.
///
/// Invariant: `values.count == region.width * region.height`, row by row. Instances are
/// shared between saved graphics states; a state that changes its mask replaces it with a new
/// one (copy on write by hand).
final class ClipMask {
    let region: DeviceRect
    var values: [UInt8]
    /// For each row, the columns (device pixels) where the mask is 255 throughout: its one
    /// run of full coverage (a rounded rectangle's is all but the corners), or an empty one.
    private var solidColumns: [(x0: Int32, x1: Int32)] = []

    /// A mask over `region` whose values are `previous`'s there (255 with no previous mask)
    /// multiplied by the coverage `cover` hands its writer; pixels it leaves out are clipped
    /// away.
    init(region: DeviceRect, previous: ClipMask?, cover: (Writer) -> Void) {
        self.region = region
        var values = [UInt8](repeating: 0, count: region.width * region.height)
        let before = previous?.values ?? []
        before.withUnsafeBufferPointer { before in
            values.withUnsafeMutableBufferPointer { out in
                cover(Writer(region: region, out: out.baseAddress, previous: previous.map { ($0.region, before.baseAddress!) }))
            }
        }
        self.values = values
        solidColumns = values.withUnsafeBufferPointer { mask in
            (0..<region.height).map { row in
                let line = mask.baseAddress! + row * region.width
                let width = region.width
                var first = 0
                while first < width && line[first] != 255 { first += 1 }
                var end = first
                while end < width && line[end] == 255 { end += 1 }
                return (Int32(region.x0 + first), Int32(region.x0 + end))
            }
        }
    }

    /// Whether the mask is 255 at every pixel of row `y` from `x0` up to `x1`: drawing there
    /// is as without the mask.
    @inline(__always)
    func isSolid(y: Int, from x0: Int, to x1: Int) -> Bool {
        guard y >= region.y0, y < region.y1 else { return false }
        let run = solidColumns[y - region.y0]
        return Int(run.x0) <= x0 && x1 <= Int(run.x1)
    }

    /// The index in `values` of device pixel (`x`, `y`), which must be inside `region`.
    @inline(__always)
    func offset(x: Int, y: Int) -> Int {
        assert(x >= region.x0 && x <= region.x1 && y >= region.y0 && y < region.y1, "(\(x), \(y)) is outside the clip mask")
        return (y - region.y0) * region.width + (x - region.x0)
    }

    /// Writes a new mask's rows: coverage times the previous mask's value.
    struct Writer {
        let region: DeviceRect
        let out: UnsafeMutablePointer<UInt8>?
        let previous: (region: DeviceRect, values: UnsafePointer<UInt8>)?

        /// The columns of a run on row `y` inside both masks, or nil.
        @inline(__always)
        private func columns(_ y: Int, _ x0: Int, _ count: Int) -> Range<Int>? {
            let old = previous?.region ?? region
            let start = Swift.max(x0, region.x0, old.x0), end = Swift.min(x0 + count, region.x1, old.x1)
            guard y >= region.y0, y < region.y1, y >= old.y0, y < old.y1, start < end else { return nil }
            return start..<end
        }

        /// Coverage `coverage[i]` for device pixel (`x0 + i`, `y`).
        func multiply(_ y: Int, _ x0: Int, _ coverage: UnsafeBufferPointer<UInt8>) {
            guard let columns = columns(y, x0, coverage.count), let out else { return }
            let row = out + (y - region.y0) * region.width - region.x0
            guard let previous else {
                for x in columns { row[x] = coverage[x - x0] }
                return
            }
            let from = previous.values + (y - previous.region.y0) * previous.region.width - previous.region.x0
            for x in columns { row[x] = UInt8((UInt16(from[x]) * UInt16(coverage[x - x0]) + 127) / 255) }
        }

        /// Coverage `value` for `count` device pixels from (`x0`, `y`).
        func multiply(_ y: Int, _ x0: Int, count: Int, value: UInt8) {
            guard let columns = columns(y, x0, count), let out else { return }
            let row = out + (y - region.y0) * region.width - region.x0
            guard let previous else {
                (row + columns.lowerBound).update(repeating: value, count: columns.count)
                return
            }
            let from = previous.values + (y - previous.region.y0) * previous.region.width - previous.region.x0
            for x in columns { row[x] = UInt8((UInt16(from[x]) * UInt16(value) + 127) / 255) }
        }
    }
}
