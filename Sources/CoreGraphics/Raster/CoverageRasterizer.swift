import RasterSupport

/// Exact-area anti-aliased scan conversion by signed-area accumulation.
///
/// Each line segment adds, to the cells of the rows it crosses, the change in coverage it causes
/// from one pixel to the next; a running sum along a row then gives each pixel's signed
/// winding-weighted coverage. Nonzero fill takes `min(1, |sum|)`, even-odd folds the sum into
/// 0…1. The result is the exact area of the pixel inside the shape wherever edges of one
/// contour do not overlap inside one pixel.
///
/// Invariant: `cells` holds at least `(regionWidth + 2) * regionHeight` entries, all zero
/// between draws (`forEachRow` clears each row after reading it).
final class CoverageRasterizer {
    // The hot loops touch these on every edge; exclusivity is guaranteed by construction (one
    // draw at a time per context, no re-entrancy), so the dynamic checks are turned off.
    @exclusivity(unchecked) private var cells = ScratchBuffer<Float>(fill: 0)
    @exclusivity(unchecked) private var rowMin = ScratchBuffer<Int32>(fill: 0)
    @exclusivity(unchecked) private var rowMax = ScratchBuffer<Int32>(fill: 0)
    /// Scratch row of coverage handed to the painter.
    @exclusivity(unchecked) private var coverage = ScratchBuffer<Float>(fill: 0)
    @exclusivity(unchecked) private(set) var region = DeviceRect.empty
    @exclusivity(unchecked) private var stride = 0
    /// One bit per cell, set where a cell may be non-zero, so resolving a row can jump over
    /// the untouched interior of a shape. Invariant: all clear between draws.
    @exclusivity(unchecked) private var occupancy = ScratchBuffer<UInt64>(fill: 0)
    @exclusivity(unchecked) private var wordsPerRow = 0
    /// The destination the rows are painted into, if the painter writes it directly: each
    /// row's first destination cache line is prefetched a few rows ahead, so the painter's
    /// first load does not wait for memory. Set for one draw by the caller, cleared by reset.
    @exclusivity(unchecked) var prefetchTarget: PixelBuffer?

    deinit {
        cells.free()
        rowMin.free()
        rowMax.free()
        coverage.free()
        occupancy.free()
    }

    /// Prepares an empty accumulation area covering `region` (device pixels).
    func reset(region: DeviceRect) {
        self.region = region
        prefetchTarget = nil
        stride = region.width + 2
        cells.reserve(stride * region.height)
        rowMin.reserve(region.height)
        rowMax.reserve(region.height)
        coverage.reserve(region.width)
        wordsPerRow = (stride + 63) / 64
        occupancy.reserve(wordsPerRow * region.height)
        rowMin.pointer.update(repeating: Int32.max, count: region.height)
        rowMax.pointer.update(repeating: Int32.min, count: region.height)
    }

    /// Adds the segment from (x0, y0) to (x1, y1), in device pixels, to the region rows
    /// `band` (all of them if nil). Each row's cells get exactly what they would get without a
    /// band, so bands of rows accumulated apart (at once, on different threads) add up to the
    /// same cells as one pass.
    func addLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, band: Range<Int>? = nil) {
        // Callers reject non-finite shapes; this guard keeps the cell arithmetic safe anyway.
        guard y0 != y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        let ox = Double(region.x0), oy = Double(region.y0)
        let w = Double(region.width)
        var ax = x0 - ox, ay = y0 - oy, bx = x1 - ox, by = y1 - oy
        let h = Double(region.height)
        let rows = band ?? 0..<region.height
        if let band, Swift.max(ay, by) <= Double(band.lowerBound) || Swift.min(ay, by) >= Double(band.upperBound) { return }
        // Inside the region (the usual case: the region is the shape's bounds): no clipping.
        if Swift.min(ax, bx) >= 0, Swift.max(ax, bx) <= w, Swift.min(ay, by) >= 0, Swift.max(ay, by) <= h {
            accumulate(ax, ay, bx, by, rows)
            return
        }
        // Clip to the region's rows first.
        if (ay <= 0 && by <= 0) || (ay >= h && by >= h) { return }
        let dxdy = (bx - ax) / (by - ay)
        if ay < 0 { ax += (0 - ay) * dxdy; ay = 0 } else if ay > h { ax += (h - ay) * dxdy; ay = h }
        if by < 0 { bx += (0 - by) * dxdy; by = 0 } else if by > h { bx += (h - by) * dxdy; by = h }
        // Split where the segment crosses x = 0 and x = w; parts outside are projected onto the
        // boundary (a vertical edge there has the same effect on the pixels inside). At most
        // two split points, kept in order without allocating.
        var tLow = 1.0, tHigh = 1.0
        if ax != bx {
            let t0 = (ax < 0) != (bx < 0) ? (0 - ax) / (bx - ax) : 1
            let tw = (ax > w) != (bx > w) ? (w - ax) / (bx - ax) : 1
            tLow = Swift.min(t0, tw)
            tHigh = Swift.max(t0, tw)
        }
        func piece(_ t0: Double, _ t1: Double) {
            guard t1 > t0 else { return }
            let px0 = ax + (bx - ax) * t0, py0 = ay + (by - ay) * t0
            let px1 = ax + (bx - ax) * t1, py1 = ay + (by - ay) * t1
            accumulate(
                Swift.min(Swift.max(px0, 0), w), py0,
                Swift.min(Swift.max(px1, 0), w), py1, rows)
        }
        piece(0, tLow)
        piece(tLow, tHigh)
        piece(tHigh, 1)
    }

    /// Adds the edges of a closed polygon (the last point joins the first), to the rows
    /// `band` only if given (see `addLine`).
    func addPolygon(_ points: [CGPoint], band: Range<Int>? = nil) {
        guard points.count > 1 else { return }
        var previous = points[points.count - 1]
        for p in points {
            addLine(Double(previous.x), Double(previous.y), Double(p.x), Double(p.y), band: band)
            previous = p
        }
    }

    /// Accumulates a segment already inside the region (x in 0…w, y in 0…h), into the
    /// region rows `rows` only.
    private func accumulate(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ rows: Range<Int>) {
        guard y0 != y1 else { return }
        let direction: Double = y1 > y0 ? 1 : -1
        let (ax, ay, bx, by) = y1 > y0 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let dxdy = (bx - ax) / (by - ay)
        // Over several cells of a row, each inner cell adds d/(r − l) = direction/|dx/dy|; half
        // of it is the factor of the row's quadratic.
        let k = direction * 0.5 / abs(dxdy)
        let w = Double(region.width)
        // Coordinates are inside the region (≥ 0) here, so truncation is the floor (and avoids
        // a call into libm per row).
        let firstRow = Swift.max(Int(ay), rows.lowerBound)
        let lastRow = Swift.min(Int(by.rounded(.up)), rows.upperBound) - 1
        guard firstRow <= lastRow else { return }
        let acc = cells.pointer
        let rowMin = self.rowMin.pointer, rowMax = self.rowMax.pointer
        let stride = self.stride
        let occupancy = self.occupancy.pointer, wordsPerRow = self.wordsPerRow
        do {
            for row in firstRow...lastRow {
                let top = Swift.max(ay, Double(row))
                let bottom = Swift.min(by, Double(row + 1))
                guard bottom > top else { continue }
                let d = Float((bottom - top) * direction)
                // Interpolation can stray a rounding error outside 0…w; clamp it back.
                let xa = Swift.min(Swift.max(ax + (top - ay) * dxdy, 0), w)
                let xb = Swift.min(Swift.max(ax + (bottom - ay) * dxdy, 0), w)
                let line = acc + row * stride
                let (l, r) = xa < xb ? (xa, xb) : (xb, xa)
                let i0 = Int(l), i1 = Int(r)
                if i0 == i1 {
                    // One cell: the part of the pixel right of the edge is 1 − (mean x − i0).
                    let xm = Float((l + r) * 0.5 - Double(i0))
                    line[i0] += d * (1 - xm)
                    line[i0 + 1] += d * xm
                } else {
                    // Several cells: integrate F(X) = d·clamp((X − l)/(r − l), 0, 1) over each
                    // pixel with its antiderivative G (G(X) = d·(X − l)²/2(r − l) inside l…r).
                    // Cell i's coverage is c(i) = G(i + 1) − G(i) and it adds c(i) − c(i − 1);
                    // inside, c is linear in i, so every cell but the two at each end adds the
                    // same d/(r − l).
                    let span = r - l
                    let dd = Double(d)
                    let first = Double(i0 + 1) - l
                    let cFirst = k * first * first
                    let u = Double(i1) - l
                    let cLast = dd * (span * 0.5 + (Double(i1 + 1) - r)) - k * u * u
                    line[i0] += Float(cFirst)
                    if i1 == i0 + 1 {
                        line[i1] += Float(cLast - cFirst)
                    } else {
                        let cSecond = k * (2 * first + 1)
                        line[i0 + 1] += Float(cSecond - cFirst)
                        let step = Float(2 * k)
                        var i = i0 + 2
                        while i < i1 {
                            line[i] += step
                            i += 1
                        }
                        let cBeforeLast = k * (2 * (u - 1) + 1)
                        line[i1] += Float(cLast - cBeforeLast)
                    }
                    line[i1 + 1] += Float(dd - cLast)
                }
                rowMin[row] = Swift.min(rowMin[row], Int32(i0))
                rowMax[row] = Swift.max(rowMax[row], Int32(i1 + 1))
                // Mark cells i0...i1 + 1, a word at a time.
                let bits = occupancy + row * wordsPerRow
                let last = i1 + 1
                let lowWord = i0 >> 6, highWord = last >> 6
                let lowMask = ~UInt64(0) << UInt64(i0 & 63), highMask = ~UInt64(0) >> UInt64(63 - (last & 63))
                if lowWord == highWord {
                    bits[lowWord] |= lowMask & highMask
                } else {
                    bits[lowWord] |= lowMask
                    var word = lowWord + 1
                    while word < highWord {
                        bits[word] = ~0
                        word += 1
                    }
                    bits[highWord] |= highMask
                }
            }
        }
    }

    /// A run of `count` pixels from device pixel `x0` on row `y` that all have coverage
    /// `value` (> 0, already thresholded when anti-aliasing is off). Returns false to have the
    /// run delivered as an ordinary coverage row instead.
    typealias ConstantRun = (_ y: Int, _ x0: Int, _ count: Int, _ value: Float) -> Bool

    /// Resolves coverage row by row and calls `paint(y, x0, coverage)` for each row that has
    /// any, where `coverage[i]` belongs to device pixel `x0 + i`. Rows are cleared as they go.
    /// With `run`, long stretches of constant coverage (a shape's interior) go to `run`
    /// instead, splitting a row into several `paint` calls; zero-coverage stretches are skipped.
    func forEachRow(
        rule: CGPathFillRule, antialias: Bool, run: ConstantRun? = nil,
        _ paint: (_ y: Int, _ x0: Int, _ coverage: UnsafeMutableBufferPointer<Float>) -> Void
    ) {
        forEachRow(rows: 0..<region.height, coverage: coverage.pointer, rule: rule, antialias: antialias, run: run, paint)
    }

    /// `forEachRow` for the first `rowsBefore` rows, with the rasterizer's own coverage row.
    func forEachRow(
        rule: CGPathFillRule, antialias: Bool, rowsBefore: Int,
        _ paint: (_ y: Int, _ x0: Int, _ coverage: UnsafeMutableBufferPointer<Float>) -> Void
    ) {
        forEachRow(rows: 0..<rowsBefore, coverage: coverage.pointer, rule: rule, antialias: antialias, run: nil, paint)
    }

    /// The rasterizer's own coverage row (`region.width` floats), for the first of several
    /// bands resolved at once.
    var coverageRow: UnsafeMutablePointer<Float> { coverage.pointer }

    /// Constant stretches at least this long go to a `ConstantRun` handler.
    private static let shortestRun = 8

    /// `forEachRow` for the region rows `rows` only, writing coverage to `out` (at least
    /// `region.width` floats). Rows are independent, so disjoint ranges with their own `out`
    /// may run on different threads at once.
    func forEachRow(
        rows: Range<Int>, coverage out: UnsafeMutablePointer<Float>, rule: CGPathFillRule, antialias: Bool,
        run: ConstantRun? = nil,
        _ paint: (_ y: Int, _ x0: Int, _ coverage: UnsafeMutableBufferPointer<Float>) -> Void
    ) {
        let width = region.width
        guard width > 0 else { return }
        let acc = cells.pointer
        let rowMin = self.rowMin.pointer, rowMax = self.rowMax.pointer
        let occupancy = self.occupancy.pointer, wordsPerRow = self.wordsPerRow
        let evenOdd = rule == .evenOdd
        let originX = region.x0
        @inline(__always) func resolve(_ sum: Float) -> Float {
            evenOdd ? CoverageRasterizer.evenOdd(sum) : Swift.min(abs(sum), 1)
        }
        @inline(__always) func resolveFour(_ sums: SIMD4<Float>) -> SIMD4<Float> {
            let a = unsafeBitCast(unsafeBitCast(sums, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
            guard evenOdd else { return a.replacing(with: 1, where: a .> 1) }
            // |sum| mod 2 by subtracting 2 (exact for these magnitudes) while above 2: sums of
            // up to three windings, which is nearly all of them; more go lane by lane.
            guard !any(a .> 6) else {
                return SIMD4(CoverageRasterizer.evenOdd(sums[0]), CoverageRasterizer.evenOdd(sums[1]),
                             CoverageRasterizer.evenOdd(sums[2]), CoverageRasterizer.evenOdd(sums[3]))
            }
            var m = a.replacing(with: a - 2, where: a .> 2)
            m = m.replacing(with: m - 2, where: m .> 2)
            let folded = 2 - m
            return m.replacing(with: folded, where: folded .< m)
        }
        // Each row's touched pixels are asked for a few rows before they are painted.
        let ahead = PixelBuffer.prefetchRows
        let target = prefetchTarget
        @inline(__always) func prefetch(_ row: Int) {
            guard let target, rowMin[row] <= rowMax[row] else { return }
            let x0 = originX + Int(rowMin[row]), x1 = originX + Swift.min(Int(rowMax[row]) + 1, width)
            target.prefetch(row: region.y0 + row, from: x0, to: Swift.max(x0, x1))
        }
        for row in rows.lowerBound..<Swift.min(rows.lowerBound + ahead, rows.upperBound) { prefetch(row) }
        for row in rows where rowMin[row] <= rowMax[row] {
            if row + ahead < rows.upperBound { prefetch(row + ahead) }
            let line = acc + row * stride
            let bits = occupancy + row * wordsPerRow
            defer { bits.update(repeating: 0, count: wordsPerRow) }
            let y = region.y0 + row
            let start = Int(rowMin[row])
            let touchedEnd = Swift.min(Int(rowMax[row]) + 1, width)
            // Coverage for cells `segment..<x` is pending in `out`, from `out[0]`.
            var segment = start
            @inline(__always) func flush(_ end: Int) {
                let count = end - segment
                guard count > 0 else { return }
                if !antialias {
                    for i in 0..<count { out[i] = out[i] >= 0.5 ? 1 : 0 }
                }
                paint(y, originX + segment, UnsafeMutableBufferPointer(start: out, count: count))
            }
            /// Hands `x..<end` (constant `value`) to `run`; false when it must stay in `out`.
            @inline(__always) func constant(_ x: Int, _ end: Int, _ value: Float) -> Bool {
                guard let run, end - x >= CoverageRasterizer.shortestRun else { return false }
                let v = antialias ? value : (value >= 0.5 ? 1 : 0)
                if v < 1e-4 {
                    flush(x)
                } else {
                    flush(x)
                    if !run(y, originX + x, end - x, v) {
                        segment = x
                        (out).update(repeating: v, count: end - x)
                        flush(end)
                    }
                }
                segment = end
                return true
            }
            var sum: Float = 0
            var x = start
            // 1. Touched cells: running sum, resolved to coverage by the fill rule; untouched
            //    stretches between them keep the sum, so their coverage is constant.
            while x < touchedEnd {
                let next = CoverageRasterizer.nextMarked(bits, from: x, limit: touchedEnd)
                if next > x {
                    let value = resolve(sum)
                    if !constant(x, next, value) {
                        (out + (x - segment)).update(repeating: value, count: next - x)
                    }
                    x = next
                    continue
                }
                // A stretch of marked cells: no bit tests inside, four cells at a time where
                // the touched part of the row has room (an unmarked cell holds zero, so a group
                // may run past the stretch: those cells get the constant they would get anyway).
                let runEnd = CoverageRasterizer.nextUnmarked(bits, from: x, limit: touchedEnd)
                let o = out - segment
                repeat {
                    if x + 4 <= touchedEnd {
                        let cells = UnsafeMutableRawPointer(line + x)
                        var v = cells.loadUnaligned(as: SIMD4<Float>.self)
                        cells.storeBytes(of: SIMD4<Float>(), as: SIMD4<Float>.self)
                        // Prefix sums within the group, then the running sum.
                        v += SIMD4(0, v[0], v[1], v[2])
                        v += SIMD4(0, 0, v[0], v[1])
                        v += SIMD4(repeating: sum)
                        sum = v[3]
                        UnsafeMutableRawPointer(o + x).storeBytes(of: resolveFour(v), as: SIMD4<Float>.self)
                        x += 4
                    } else {
                        sum += line[x]
                        line[x] = 0
                        o[x] = resolve(sum)
                        x += 1
                    }
                } while x < runEnd
            }
            // 2. Past the last touched cell the sum is constant: nothing more unless it is not
            //    zero (an edge was clipped away on the right).
            let value = resolve(sum)
            if value >= 1e-4 {
                let end = x
                if !constant(end, width, value) {
                    (out + (end - segment)).update(repeating: value, count: width - end)
                }
                (line + end).update(repeating: 0, count: width - end)
                x = width
            }
            // Clear the remaining touched cells (including the spill cells).
            let clearEnd = Swift.min(Int(rowMax[row]) + 1, stride)
            if clearEnd > x { (line + x).update(repeating: 0, count: clearEnd - x) }
            flush(x)
        }
    }

    /// The first marked cell at or after `x` (before `limit`), or `limit`.
    @inline(__always)
    private static func nextMarked(_ bits: UnsafeMutablePointer<UInt64>, from x: Int, limit: Int) -> Int {
        var index = x >> 6
        var word = bits[index] & (~0 << UInt64(x & 63))
        let lastIndex = (limit - 1) >> 6
        while word == 0 {
            index += 1
            if index > lastIndex { return limit }
            word = bits[index]
        }
        return Swift.min(index << 6 + word.trailingZeroBitCount, limit)
    }

    /// The first unmarked cell at or after `x` (before `limit`), or `limit`.
    @inline(__always)
    private static func nextUnmarked(_ bits: UnsafeMutablePointer<UInt64>, from x: Int, limit: Int) -> Int {
        var index = x >> 6
        var word = ~bits[index] & (~0 << UInt64(x & 63))
        let lastIndex = (limit - 1) >> 6
        while word == 0 {
            index += 1
            if index > lastIndex { return limit }
            word = ~bits[index]
        }
        return Swift.min(index << 6 + word.trailingZeroBitCount, limit)
    }

    /// Even-odd coverage of a winding sum: |sum| folded into 0…1 with period 2.
    @inline(__always)
    private static func evenOdd(_ sum: Float) -> Float {
        // Without branches: |sum| mod 2 (truncation is the floor for |sum| ≥ 0; sums beyond
        // 2^24 windings have no fraction left and fold to 0), then the fold about 1.
        let value = Swift.min(abs(sum), 16_777_216)
        let folded = value - 2 * Float(Int32(value * 0.5))
        return Swift.min(folded, 2 - folded)
    }
}
