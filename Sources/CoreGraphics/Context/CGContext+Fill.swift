/// What a fill paints with.
enum Paint {
    /// A premultiplied colour, 0…255, in the target's layout order.
    case solid(SIMD4<Float>)
    /// Pixels fetched per row from an image.
    case image(ImageSampler)
    /// Colours computed per pixel from a gradient (which may also withhold coverage).
    case gradient(GradientSampler)
}

extension CGContext {
    /// Scan-converts closed pixel-space polygons and paints the covered pixels through the
    /// clip. Non-finite coordinates make the whole shape draw nothing.
    func fillContours(_ polygons: [[CGPoint]], rule: CGPathFillRule, paint: Paint) {
        if let shadow = state.shadow {
            drawWithShadow(shadow) { fillContours(polygons, rule: rule, paint: paint) }
            return
        }
        var bounds = BoundsAccumulator()
        for polygon in polygons {
            for p in polygon {
                guard p.x.isFinite, p.y.isFinite else { return }
                bounds.add(p)
            }
        }
        let shapeBounds = bounds.rect
        guard !shapeBounds.isNull else { return }
        var region = DeviceRect(covering: shapeBounds).intersection(state.clipRect)
        // Modes that change pixels outside the shape (copy clears, source-in keeps only the
        // overlap, …) would need the whole clip; Quartz limits them to the shape, and so do we.
        region = region.intersection(DeviceRect(x0: 0, y0: 0, x1: target.width, y1: target.height))
        guard !region.isEmpty else { return }
        if polygons.count == 1, let rect = CGContext.axisAlignedRect(polygons[0]) {
            // An upright rectangle's coverage is known in closed form: no scan conversion.
            if case .gradient(let sampler) = paint, region.width * region.height / 8 >= CGContext.parallelPixels {
                writingPixels(region) { paintGradientRectInBands(sampler, rect: rect, region: region) }
                return
            }
            if unclearedPixels, case .solid(let color) = paint, coversSurfaceOpaquely(rect, color) {
                // Every pixel is about to be stored: the memory need not be zeroed first.
                unclearedPixels = false
            }
            writingPixels(region) {
                if case .solid(let color) = paint {
                    // Whole spans inside, per-pixel work only at the edges.
                    fillPixelRect(rect, solid: SolidColor(color, alphaIndex: target.layout.alpha), clip: region)
                    return
                }
                if case .gradient(let sampler) = paint, paintGradientRows(sampler, rect: rect, region: region) { return }
                paintRows(paint, region: region) { body in self.forEachRectRow(rect, region: region, body) }
            }
            return
        }
        if polygons.count == 1, let sides = CGContext.verticalSides(polygons[0]) {
            // Rows wholly between two vertical sides (a rounded rectangle's straight part) have
            // a rectangle's coverage: closed form there, scan conversion above and below.
            let middleTop = Int(Swift.max(sides.top.rounded(.up), Double(region.y0)))
            let middleBottom = Int(Swift.min(sides.bottom.rounded(.down), Double(region.y1)))
            if middleBottom - middleTop >= 4 {
                let middle = CGRect(x: sides.left, y: Double(middleTop), width: sides.right - sides.left,
                                    height: Double(middleBottom - middleTop))
                writingPixels(region) {
                    scanConvert(polygons, rule: rule, paint: paint,
                                region: DeviceRect(x0: region.x0, y0: region.y0, x1: region.x1, y1: middleTop))
                    let rows = DeviceRect(x0: region.x0, y0: middleTop, x1: region.x1, y1: middleBottom)
                    if case .solid(let color) = paint {
                        fillPixelRect(middle, solid: SolidColor(color, alphaIndex: target.layout.alpha), clip: rows)
                    } else {
                        paintRows(paint, region: rows) { body in self.forEachRectRow(middle, region: rows, body) }
                    }
                    scanConvert(polygons, rule: rule, paint: paint,
                                region: DeviceRect(x0: region.x0, y0: middleBottom, x1: region.x1, y1: region.y1))
                }
                return
            }
        }
        if case .image(let sampler) = paint, region.width * region.height >= CGContext.parallelPixels {
            rasterizer.reset(region: region)
            for polygon in polygons { rasterizer.addPolygon(polygon) }
            writingPixels(region) { paintImageInBands(sampler, region: region, rule: rule) }
            return
        }
        writingPixels(region) { scanConvert(polygons, rule: rule, paint: paint, region: region) }
    }

    /// Strokes a long pixel-space path with `paint`, handing each outline to the rasterizer as
    /// the stroker makes it, so no list of outlines (or of flattened points) is ever held. The
    /// region is the path's control-point bounds grown by the farthest the pen, a miter or a
    /// square cap can reach.
    func streamStroke(_ path: CGPath, paint: Paint, pieceLength: Int = 4096) {
        if let shadow = state.shadow {
            drawWithShadow(shadow) { streamStroke(path, paint: paint, pieceLength: pieceLength) }
            return
        }
        var bounds = BoundsAccumulator()
        var isFinite = true
        func add(_ p: CGPoint) {
            if p.x.isFinite && p.y.isFinite { bounds.add(p) } else { isFinite = false }
        }
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        // Non-finite geometry draws nothing.
        guard isFinite, !bounds.rect.isNull else { return }
        let m = userToPixel
        let width = state.lineWidth
        let penRadius = width == 0 ? 0.5 : width / 2 * hypot(hypot(m.a, m.b), hypot(m.c, m.d))
        var reach: CGFloat = 1
        if state.lineJoin == .miter { reach = Swift.max(reach, state.miterLimit) }
        if state.lineCap == .square { reach = Swift.max(reach, 2.0.squareRoot()) }
        let margin = penRadius * reach + 1
        guard margin.isFinite else { return }
        var region = DeviceRect(covering: bounds.rect.insetBy(dx: -margin, dy: -margin)).intersection(state.clipRect)
        region = region.intersection(DeviceRect(x0: 0, y0: 0, x1: target.width, y1: target.height))
        guard !region.isEmpty else { return }
        writingPixels(region) {
            rasterizer.reset(region: region)
            let rasterizer = self.rasterizer
            forEachStrokeOutline(path, pieceLength: pieceLength) { rasterizer.addPolygon($0) }
            rasterizer.prefetchTarget = target
            let aa = antialias
            if case .solid(let color) = paint {
                let painter = SpanPainter(buffer: target, mask: state.clipMask, mode: state.blendMode)
                let solid = SolidColor(color, alphaIndex: target.layout.alpha)
                rasterizer.forEachRow(rule: .winding, antialias: aa, run: { y, x0, count, value in
                    painter.paintSolidRun(y, x0, count, value, solid)
                }) { y, x0, coverage in painter.paintSolid(y, x0, coverage, solid) }
                return
            }
            paintRows(paint, region: region) { body in self.rasterizer.forEachRow(rule: .winding, antialias: aa, body) }
        }
    }

    /// Scan-converts `polygons` within `region` (device pixels) and paints the coverage.
    private func scanConvert(_ polygons: [[CGPoint]], rule: CGPathFillRule, paint: Paint, region: DeviceRect) {
        guard !region.isEmpty else { return }
        if case .solid(let color) = paint, region.width * region.height >= CGContext.parallelPathPixels, region.height >= 16 {
            scanConvertInBands(polygons, rule: rule, solid: SolidColor(color, alphaIndex: target.layout.alpha), region: region)
            return
        }
        rasterizer.reset(region: region)
        for polygon in polygons { rasterizer.addPolygon(polygon) }
        let aa = antialias
        do {
            if case .solid(let color) = paint {
                // Interiors go to the span loop as constant runs.
                let painter = SpanPainter(buffer: target, mask: state.clipMask, mode: state.blendMode)
                let solid = SolidColor(color, alphaIndex: target.layout.alpha)
                rasterizer.prefetchTarget = target
                rasterizer.forEachRow(rule: rule, antialias: aa, run: { y, x0, count, value in
                    painter.paintSolidRun(y, x0, count, value, solid)
                }) { y, x0, coverage in painter.paintSolid(y, x0, coverage, solid) }
                return
            }
            rasterizer.prefetchTarget = target
            paintRows(paint, region: region) { body in self.rasterizer.forEachRow(rule: rule, antialias: aa, body) }
        }
    }

    /// Whether `sampler`'s colours are the result wherever it paints: opaque, extended at both
    /// ends, no clip mask, normal blending, and a target of aligned 32-bit pixels.
    private func gradientPaintsDirectly(_ sampler: GradientSampler) -> Bool {
        sampler.isOpaque && sampler.extendBefore && sampler.extendAfter && state.clipMask == nil
            && state.blendMode == .normal && target.bytesPerRow % 4 == 0 && Int(bitPattern: target.base) % 4 == 0
    }

    /// A gradient-filled rectangle that covers whole columns of `region` with a gradient that
    /// paints directly: the rows of full vertical coverage are fetched straight into the target
    /// (no coverage row to build and test), the others go the usual way. False, drawing
    /// nothing, when the rectangle or the gradient does not qualify.
    private func paintGradientRows(_ sampler: GradientSampler, rect: CGRect, region: DeviceRect) -> Bool {
        guard antialias, gradientPaintsDirectly(sampler), Double(rect.minX) <= Double(region.x0),
              Double(rect.maxX) >= Double(region.x1) else { return false }
        let minY = Double(rect.minY), maxY = Double(rect.maxY)
        let width = region.width
        rowCoverage.reserve(width)
        let unused = UnsafeMutableBufferPointer(start: rowCoverage.pointer, count: width)
        let target = self.target
        for y in region.y0..<region.y1 {
            target.prefetch(before: y, of: region.y0..<region.y1, from: region.x0, to: region.x1)
            if Double(y) >= minY && Double(y + 1) <= maxY {
                let row = UnsafeMutableRawPointer(target.row(y) + region.x0 * 4).assumingMemoryBound(to: UInt32.self)
                // A direct gradient only ever withholds coverage (a radial one outside its
                // circles), leaving those pixels as they are; the coverage row is not read.
                sampler.fetch(y: y, x0: region.x0, into: row, coverage: unused)
            } else {
                let one = DeviceRect(x0: region.x0, y0: y, x1: region.x1, y1: y + 1)
                paintRows(.gradient(sampler), region: one) { body in self.forEachRectRow(rect, region: one, body) }
            }
        }
        return true
    }

    /// Whether filling the pixel-space rectangle `rect` with `color` (premultiplied, layout
    /// order) stores an opaque colour into every pixel of the bitmap (no clip, shadow or
    /// blend mode in the way).
    private func coversSurfaceOpaquely(_ rect: CGRect, _ color: SIMD4<Float>) -> Bool {
        target.base == bitmap.base && antialias && state.clipMask == nil && state.shadow == nil && state.blendMode == .normal
            && state.clipRect == DeviceRect(x0: 0, y0: 0, x1: width, y1: height)
            && SolidColor(color, alphaIndex: target.layout.alpha).isOpaque
            && Double(rect.minX) <= 0 && Double(rect.minY) <= 0 && Double(rect.maxX) >= Double(width) && Double(rect.maxY) >= Double(height)
    }

    /// One row of coverage: device row `y`, starting at pixel `x0`.
    typealias CoverageRow = (_ y: Int, _ x0: Int, _ coverage: UnsafeMutableBufferPointer<Float>) -> Void

    /// Paints the rows a coverage source yields with `paint`.
    private func paintRows(_ paint: Paint, region: DeviceRect, rows: (CoverageRow) -> Void) {
        let painter = SpanPainter(buffer: target, mask: state.clipMask, mode: state.blendMode)
        switch paint {
        case .solid(let color):
            let solid = SolidColor(color, alphaIndex: target.layout.alpha)
            rows { y, x0, coverage in painter.paintSolid(y, x0, coverage, solid) }
        case .gradient(let sampler):
            sourceWords.reserve(region.width)
            let words = sourceWords.pointer
            // An opaque gradient that paints everywhere, over a row of full coverage, is
            // fetched straight into the destination: the colours are the result.
            let direct = gradientPaintsDirectly(sampler)
            let target = self.target
            rows { y, x0, coverage in
                if direct, let first = coverage.first, first >= 0.999,
                   SpanPainter.endOfFullRun(coverage, after: 0) == coverage.count {
                    let row = UnsafeMutableRawPointer(target.row(y) + x0 * 4).assumingMemoryBound(to: UInt32.self)
                    sampler.fetch(y: y, x0: x0, into: row, coverage: coverage)
                    return
                }
                sampler.fetch(y: y, x0: x0, into: words, coverage: coverage)
                painter.paintWords(y, x0, coverage, words, sourceIsOpaque: sampler.isOpaque)
            }
        case .image(let sampler):
            sourceWords.reserve(region.width)
            let words = sourceWords.pointer
            rows { y, x0, coverage in
                sampler.fetch(y: y, x0: x0, into: words, count: coverage.count)
                painter.paintWords(y, x0, coverage, words, alpha: sampler.alpha, sourceIsOpaque: sampler.isOpaque)
            }
        }
    }

    /// The rectangle a four-point polygon outlines, if its sides are horizontal and vertical.
    static func axisAlignedRect(_ p: [CGPoint]) -> CGRect? {
        guard p.count == 4 else { return nil }
        let horizontalFirst = p[0].y == p[1].y && p[1].x == p[2].x && p[2].y == p[3].y && p[3].x == p[0].x
        let verticalFirst = p[0].x == p[1].x && p[1].y == p[2].y && p[2].x == p[3].x && p[3].y == p[0].y
        guard horizontalFirst || verticalFirst else { return nil }
        let r = CGRect(x: p[0].x, y: p[0].y, width: p[2].x - p[0].x, height: p[2].y - p[0].y).standardized
        return r.width > 0 && r.height > 0 ? r : nil
    }

    /// For a closed polygon with exactly two vertical edges whose common rows no other
    /// (non-horizontal) edge crosses: their x positions and the rows they share. Between them
    /// the winding number is ±1, so those rows are covered like a rectangle's.
    static func verticalSides(_ p: [CGPoint]) -> (left: Double, right: Double, top: Double, bottom: Double)? {
        guard p.count >= 4 else { return nil }
        var verticals: [(x: Double, lo: Double, hi: Double)] = []
        var previous = p[p.count - 1]
        for point in p {
            defer { previous = point }
            if previous.x == point.x && previous.y != point.y {
                if verticals.count == 2 { return nil }
                verticals.append((Double(point.x), Double(Swift.min(previous.y, point.y)), Double(Swift.max(previous.y, point.y))))
            }
        }
        guard verticals.count == 2, verticals[0].x != verticals[1].x else { return nil }
        let top = Swift.max(verticals[0].lo, verticals[1].lo), bottom = Swift.min(verticals[0].hi, verticals[1].hi)
        guard bottom > top else { return nil }
        previous = p[p.count - 1]
        for point in p {
            defer { previous = point }
            guard previous.x != point.x, previous.y != point.y else { continue }
            let lo = Double(Swift.min(previous.y, point.y)), hi = Double(Swift.max(previous.y, point.y))
            if hi > top && lo < bottom { return nil }
        }
        return (Swift.min(verticals[0].x, verticals[1].x), Swift.max(verticals[0].x, verticals[1].x), top, bottom)
    }

    /// Coverage rows of an upright rectangle (pixel space) within `region`: the product of its
    /// horizontal and vertical overlap with each pixel, as the rasterizer would compute.
    func forEachRectRow(_ r: CGRect, region: DeviceRect, _ body: CoverageRow) {
        // One buffer: the horizontal overlaps, then the row handed to `body`.
        rowCoverage.reserve(region.width * 2)
        let base = rowCoverage.pointer
        let scratch = base + region.width
        let minX = Double(r.minX), maxX = Double(r.maxX), minY = Double(r.minY), maxY = Double(r.maxY)
        let aa = antialias
        for x in region.x0..<region.x1 {
            base[x - region.x0] = Float(Swift.max(0, Swift.min(Double(x + 1), maxX) - Swift.max(Double(x), minX)))
        }
        // The rows are painted into the target: each row's pixels are asked for a few rows
        // ahead.
        let target = self.target
        for y in region.y0..<region.y1 {
            target.prefetch(before: y, of: region.y0..<region.y1, from: region.x0, to: region.x1)
            let vertical = Float(Swift.max(0, Swift.min(Double(y + 1), maxY) - Swift.max(Double(y), minY)))
            for i in 0..<region.width {
                var c = base[i] * vertical
                if !aa { c = c >= 0.5 ? 1 : 0 }
                scratch[i] = c
            }
            body(y, region.x0, UnsafeMutableBufferPointer(start: scratch, count: region.width))
        }
    }

    /// Image draws at least this large (pixels) use both cores, gradients from 8 times this
    /// (below that, waking the second thread costs more than it saves); the environment variable
    /// `LAMINA_RASTER_THREADS=1` (read at the first draw) keeps all drawing on one thread.
    /// Tests change it to compare against one-band drawing; nothing else writes it.
    nonisolated(unsafe) static var parallelPixels =
        ProcessInfo.processInfo.environment["LAMINA_RASTER_THREADS"] == "1" ? Int.max : 1 << 15

    /// Solid path fills (and strokes) at least this large (pixels of their bounds) are scan
    /// converted and painted as two bands of rows on two threads (below that, the second
    /// thread does not pay: `lamina-bench bands`); `LAMINA_RASTER_THREADS=1` turns this off
    /// with the other bands. Tests change it to compare against one-band drawing.
    nonisolated(unsafe) static var parallelPathPixels = parallelPixels == Int.max ? Int.max : 1 << 19

    /// A solid fill as two bands of rows, each accumulated and painted by its own thread:
    /// every row's cells are what one pass gives (`CoverageRasterizer.addLine(band:)`), so the
    /// pixels are identical.
    private func scanConvertInBands(_ polygons: [[CGPoint]], rule: CGPathFillRule, solid: SolidColor, region: DeviceRect) {
        rasterizer.reset(region: region)
        rasterizer.prefetchTarget = target
        bandCoverage.reserve(region.width)
        let job = PathBandJob(rasterizer: rasterizer, polygons: polygons,
                              painter: SpanPainter(buffer: target, mask: state.clipMask, mode: state.blendMode),
                              solid: solid, rule: rule, antialias: antialias, middle: region.height / 2,
                              height: region.height, secondCoverage: bandCoverage.pointer)
        DispatchQueue.concurrentPerform(iterations: 2) { band in job.run(band: band) }
    }

    /// Resolves and paints the accumulated coverage of an image draw as two bands of rows on
    /// two threads. Each band has its own scratch rows; rows are independent, so the result is
    /// the same as one pass.
    private func paintImageInBands(_ sampler: ImageSampler, region: DeviceRect, rule: CGPathFillRule) {
        sourceWords.reserve(region.width)
        bandWords.reserve(region.width)
        bandCoverage.reserve(region.width)
        let job = BandJob(
            rasterizer: rasterizer, sampler: sampler,
            painter: SpanPainter(buffer: target, mask: state.clipMask, mode: state.blendMode),
            rule: rule, antialias: antialias, middle: region.height / 2, height: region.height,
            firstWords: sourceWords.pointer, secondWords: bandWords.pointer, secondCoverage: bandCoverage.pointer)
        DispatchQueue.concurrentPerform(iterations: 2) { band in job.run(band: band) }
    }
}

extension CGContext {
    /// A gradient over an upright rectangle as two bands of rows on two threads, each with its
    /// own coverage and colour rows. Rows are independent, so the pixels are those of one pass.
    fileprivate func paintGradientRectInBands(_ sampler: GradientSampler, rect: CGRect, region: DeviceRect) {
        let width = region.width
        // Per band: the horizontal overlaps, then the row handed to the painter.
        rowCoverage.reserve(width * 2)
        sourceWords.reserve(width)
        bandCoverage.reserve(width * 2)
        bandWords.reserve(width)
        let job = GradientBandJob(
            sampler: sampler, painter: SpanPainter(buffer: target, mask: state.clipMask, mode: state.blendMode),
            rect: rect, region: region, antialias: antialias,
            coverage: (rowCoverage.pointer, bandCoverage.pointer), words: (sourceWords.pointer, bandWords.pointer))
        DispatchQueue.concurrentPerform(iterations: 2) { band in job.run(band: band) }
    }
}

/// One gradient rectangle split into two bands of rows.
///
/// `@unchecked Sendable`: the bands write disjoint rows of the target and only their own
/// scratch rows; the sampler's table and the clip mask are only read.
private struct GradientBandJob: @unchecked Sendable {
    let sampler: GradientSampler
    let painter: SpanPainter
    let rect: CGRect
    let region: DeviceRect
    let antialias: Bool
    let coverage: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    let words: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>)

    func run(band: Int) {
        let middle = region.y0 + region.height / 2
        let rows = band == 0 ? region.y0..<middle : middle..<region.y1
        let row = band == 0 ? coverage.0 : coverage.1, colours = band == 0 ? words.0 : words.1
        let width = region.width
        let minX = Double(rect.minX), maxX = Double(rect.maxX), minY = Double(rect.minY), maxY = Double(rect.maxY)
        // The same closed-form coverage as `forEachRectRow`: horizontal overlap × vertical.
        let horizontal = row + width
        for i in 0..<width {
            let x = Double(region.x0 + i)
            horizontal[i] = Float(Swift.max(0, Swift.min(x + 1, maxX) - Swift.max(x, minX)))
        }
        for y in rows {
            let vertical = Float(Swift.max(0, Swift.min(Double(y + 1), maxY) - Swift.max(Double(y), minY)))
            for i in 0..<width {
                var c = horizontal[i] * vertical
                if !antialias { c = c >= 0.5 ? 1 : 0 }
                row[i] = c
            }
            let buffer = UnsafeMutableBufferPointer(start: row, count: width)
            sampler.fetch(y: y, x0: region.x0, into: colours, coverage: buffer)
            painter.paintWords(y, region.x0, buffer, colours, sourceIsOpaque: sampler.isOpaque)
        }
    }
}

/// One solid path fill split into two bands of rows. `@unchecked Sendable`: each band
/// accumulates into, resolves and paints only its own rows, with its own coverage row; the
/// polygons are only read.
private struct PathBandJob: @unchecked Sendable {
    let rasterizer: CoverageRasterizer
    let polygons: [[CGPoint]]
    let painter: SpanPainter
    let solid: SolidColor
    let rule: CGPathFillRule
    let antialias: Bool
    let middle: Int
    let height: Int
    let secondCoverage: UnsafeMutablePointer<Float>

    func run(band: Int) {
        let rows = band == 0 ? 0..<middle : middle..<height
        for polygon in polygons { rasterizer.addPolygon(polygon, band: rows) }
        let painter = self.painter, solid = self.solid
        rasterizer.forEachRow(rows: rows, coverage: band == 0 ? rasterizer.coverageRow : secondCoverage, rule: rule,
                              antialias: antialias, run: { y, x0, count, value in
                                  painter.paintSolidRun(y, x0, count, value, solid)
                              }) { y, x0, coverage in painter.paintSolid(y, x0, coverage, solid) }
    }
}

/// One image draw split into two bands of rows.
///
/// `@unchecked Sendable`: the two bands touch disjoint rows of the rasterizer's cells and of
/// the target, each writes only its own scratch rows, and everything else (sampler, clip mask,
/// coverage bounds) is only read while `concurrentPerform` runs.
private struct BandJob: @unchecked Sendable {
    let rasterizer: CoverageRasterizer
    let sampler: ImageSampler
    let painter: SpanPainter
    let rule: CGPathFillRule
    let antialias: Bool
    let middle: Int
    let height: Int
    let firstWords: UnsafeMutablePointer<UInt32>
    let secondWords: UnsafeMutablePointer<UInt32>
    let secondCoverage: UnsafeMutablePointer<Float>

    func run(band: Int) {
        let words = band == 0 ? firstWords : secondWords
        let body: CGContext.CoverageRow = { y, x0, coverage in
            sampler.fetch(y: y, x0: x0, into: words, count: coverage.count)
            painter.paintWords(y, x0, coverage, words, alpha: sampler.alpha, sourceIsOpaque: sampler.isOpaque)
        }
        if band == 0 {
            rasterizer.forEachRow(rule: rule, antialias: antialias, rowsBefore: middle, body)
        } else {
            rasterizer.forEachRow(rows: middle..<height, coverage: secondCoverage, rule: rule, antialias: antialias, body)
        }
    }
}
