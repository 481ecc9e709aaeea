extension CGContext {
    /// Fills one rectangle already in pixel space (axis-aligned) without scan conversion: the
    /// exact area coverage of a rectangle is the product of its horizontal and vertical
    /// overlap with each pixel, so only the edge pixels need per-pixel work.
    func fillPixelRect(_ r: CGRect, color: (r: Float, g: Float, b: Float, a: Float)) {
        guard r.isFiniteRect, r.width > 0, r.height > 0 else { return }
        if let shadow = state.shadow {
            drawWithShadow(shadow) { fillPixelRect(r, color: color) }
            return
        }
        let clip = state.clipRect.intersection(DeviceRect(x0: 0, y0: 0, x1: target.width, y1: target.height))
        let region = DeviceRect(covering: r).intersection(clip)
        guard !region.isEmpty else { return }
        writingPixels(region) {
            fillPixelRect(r, solid: SolidColor(premultiplied(color), alphaIndex: target.layout.alpha), clip: clip)
        }
    }

    /// `fillPixelRect(_:color:)` within the device pixels `clip` (already inside the clip
    /// rectangle and the target), without shadow; the caller has made the pixels writable.
    func fillPixelRect(_ r: CGRect, solid: SolidColor, clip: DeviceRect) {
        guard r.isFiniteRect, r.width > 0, r.height > 0 else { return }
        let region = DeviceRect(covering: r).intersection(clip)
        guard !region.isEmpty else { return }
        do {
            let painter = SpanPainter(buffer: target, mask: state.clipMask, mode: state.blendMode)
            rowCoverage.reserve(region.width)
            let row = rowCoverage.pointer
            let minX = Double(r.minX), maxX = Double(r.maxX), minY = Double(r.minY), maxY = Double(r.maxY)
            @inline(__always) func overlap(_ i: Int, _ lo: Double, _ hi: Double) -> Float {
                Float(Swift.max(0, Swift.min(Double(i + 1), hi) - Swift.max(Double(i), lo)))
            }
            let aa = antialias
            // Rows whose vertical coverage is full and columns strictly inside the rectangle form
            // the interior: painted as whole spans, with no per-pixel coverage.
            // Clamp in floating point first: huge rectangles must not overflow Int.
            let interiorX0 = Int(Swift.min(Swift.max(minX.rounded(.up), Double(region.x0)), Double(region.x1)))
            let interiorX1 = Int(Swift.min(Swift.max(maxX.rounded(.down), Double(region.x0)), Double(region.x1)))
            let alphaIndex = target.layout.alpha, forceOpaque = !target.layout.hasAlpha
            // Under a clip mask, rows where it is 255 throughout are painted as without it.
            let mask = state.clipMask
            let spansPossible = aa && state.blendMode == .normal && interiorX1 > interiorX0
            let unmasked = SpanPainter(buffer: target, mask: nil, mode: state.blendMode)
            // Each row's cache lines are asked for a few rows before it is painted (the first
            // rows before the loop).
            let target = self.target
            // Rows of full vertical coverage: the edge columns' coverage is the same on every
            // one, so their scaled source words are worked out once (`blendOne`'s arithmetic).
            let alphaShift = UInt32(alphaIndex * 8)
            let opaqueBits: UInt32 = forceOpaque ? 0xFF << alphaShift : 0
            @inline(__always) func edgeWord(_ x: Int) -> UInt32 {
                let k = UInt32(Swift.min(Swift.max(overlap(x, minX, maxX), 0), 1) * 255 + 0.5)
                return k >= 255 ? solid.word : PixelMath.scale(solid.word, by: k)
            }
            let leftEdge = spansPossible && interiorX0 > region.x0 ? edgeWord(region.x0) : 0
            let rightEdge = spansPossible && region.x1 > interiorX1 ? edgeWord(interiorX1) : 0
            @inline(__always) func blendEdge(_ p: UnsafeMutablePointer<UInt8>, _ s: UInt32) {
                guard s != 0 else { return }
                let raw = UnsafeMutableRawPointer(p)
                let d = raw.loadUnaligned(as: UInt32.self) | opaqueBits
                raw.storeBytes(of: PixelMath.over(s, d, alphaShift: alphaShift), as: UInt32.self)
            }
            func fillRow(_ y: Int) {
                target.prefetch(before: y, of: region.y0..<region.y1, from: region.x0, to: region.x1)
                let vertical = overlap(y, minY, maxY)
                let spans = spansPossible && (mask?.isSolid(y: y, from: region.x0, to: region.x1) ?? true)
                if spans && vertical == 1 {
                    let line = target.row(y)
                    if interiorX0 > region.x0 { blendEdge(line + region.x0 * 4, leftEdge) }
                    SpanPainter.fillSpan(line + interiorX0 * 4, count: interiorX1 - interiorX0, solid,
                                         alphaIndex: alphaIndex, forceOpaque: forceOpaque)
                    if region.x1 > interiorX1 { blendEdge(line + interiorX1 * 4, rightEdge) }
                    return
                }
                if spans {
                    // Edge columns (at most one each side) through the coverage path, the rest as
                    // one span of the colour scaled by the row's vertical coverage.
                    let line = target.row(y)
                    for x in region.x0..<interiorX0 {
                        SpanPainter.blendOne(line + x * 4, overlap(x, minX, maxX) * vertical, solid,
                                             alphaIndex: alphaIndex, forceOpaque: forceOpaque)
                    }
                    _ = unmasked.paintSolidRun(y, interiorX0, interiorX1 - interiorX0, vertical, solid)
                    for x in interiorX1..<region.x1 {
                        SpanPainter.blendOne(line + x * 4, overlap(x, minX, maxX) * vertical, solid,
                                             alphaIndex: alphaIndex, forceOpaque: forceOpaque)
                    }
                    return
                }
                for x in region.x0..<region.x1 {
                    var c = overlap(x, minX, maxX) * vertical
                    if !aa { c = c >= 0.5 ? 1 : 0 }
                    row[x - region.x0] = c
                }
                painter.paintSolid(y, region.x0, UnsafeMutableBufferPointer(start: row, count: region.width), solid)
            }
            var rows = region.y0..<region.y1
            if spansPossible, mask == nil, solid.isOpaque, interiorX0 == 0, interiorX1 == target.width, region.x0 == 0, region.x1 == target.width,
               target.bytesPerRow == target.width * 4 {
                // Whole rows of an opaque colour over contiguous rows: one store run for all
                // the rows with full vertical coverage (a frame clear is one call).
                let firstFull = Int(Swift.min(Swift.max(minY.rounded(.up), Double(region.y0)), Double(region.y1)))
                let lastFull = Int(Swift.min(Swift.max(maxY.rounded(.down), Double(firstFull)), Double(region.y1)))
                if lastFull > firstFull {
                    SpanPainter.storeWords(UnsafeMutableRawPointer(target.row(firstFull)), solid.word,
                                           count: (lastFull - firstFull) * target.width)
                    for y in region.y0..<firstFull { fillRow(y) }
                    rows = lastFull..<region.y1
                }
            }
            for y in rows { fillRow(y) }
        }
    }
}
