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
        rasterizer.reset(region: region)
        for polygon in polygons { rasterizer.addPolygon(polygon) }
        paintCoverage(rule: rule, paint: paint)
    }

    /// Paints the coverage currently accumulated in the rasterizer.
    func paintCoverage(rule: CGPathFillRule, paint: Paint) {
        let painter = SpanPainter(buffer: target, mask: state.clipMask, mode: state.blendMode)
        switch paint {
        case .solid(let color):
            let solid = SolidColor(color, alphaIndex: target.layout.alpha)
            rasterizer.forEachRow(rule: rule, antialias: antialias) { y, x0, coverage in
                painter.paintSolid(y, x0, coverage, solid)
            }
        case .gradient(let sampler):
            sourceWords.reserve(rasterizer.region.width)
            let words = sourceWords.pointer
            rasterizer.forEachRow(rule: rule, antialias: antialias) { y, x0, coverage in
                sampler.fetch(y: y, x0: x0, into: words, coverage: coverage)
                painter.paintWords(y, x0, coverage, words, sourceIsOpaque: sampler.isOpaque)
            }
        case .image(let sampler):
            sourceWords.reserve(rasterizer.region.width)
            let words = sourceWords.pointer
            rasterizer.forEachRow(rule: rule, antialias: antialias) { y, x0, coverage in
                sampler.fetch(y: y, x0: x0, into: words, count: coverage.count)
                painter.paintWords(y, x0, coverage, words, alpha: sampler.alpha, sourceIsOpaque: sampler.isOpaque)
            }
        }
    }
}
