extension CGContext {
    /// Intersects the clip with `rect` (user space).
    public func clip(to rect: CGRect) {
        clip(to: [rect])
    }

    /// Intersects the clip with the union of `rects` (user space).
    public func clip(to rects: [CGRect]) {
        let path = CGMutablePath()
        path.addRects(rects.map { $0.standardized }.filter { !$0.isNull }, transform: userToPixel)
        intersectClip(withPixelPath: path, rule: .winding)
    }

    /// Intersects the clip with the current path filled by `rule`, then clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        intersectClip(withPixelPath: currentPath, rule: rule)
        currentPath.removeAll()
    }

    /// Intersects the clip with a mask image stretched over `rect`: an opaque mask's luminance
    /// (white lets drawing through, black blocks it), or else its alpha. Outside `rect`
    /// nothing is drawn.
    ///
    /// - Note: Differs from Apple: Quartz takes gray images or image masks; Lamina's images are
    ///   RGBA, so luminance stands in for gray and alpha for a transparent image's mask.
    public func clip(to rect: CGRect, mask: CGImage) {
        let r = rect.standardized
        guard let pixelToImage = pixelToImage(mask, in: r) else {
            state.clipBounds = .zero
            state.clipRect = .empty
            return
        }
        let toPixel = userToPixel
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)].map { $0.applying(toPixel) }
        var bounds = BoundsAccumulator()
        corners.forEach { bounds.add($0) }
        state.clipBounds = state.clipBounds.intersection(bounds.rect)
        if state.clipBounds.isNull { state.clipBounds = .zero }
        let surface = DeviceRect(x0: 0, y0: 0, x1: width, y1: height)
        state.clipRect = state.clipRect.intersection(DeviceRect(covering: bounds.rect)).intersection(surface)
        let sampler = ImageSampler(image: mask, layout: .rgba, pixelToImage: pixelToImage,
                                   bilinear: state.interpolationQuality != .none, tiled: false, alpha: 1)
        let region = state.clipRect
        sourceWords.reserve(region.width)
        bandWords.reserve((region.width + 3) / 4)
        let words = sourceWords.pointer
        let bytes = UnsafeMutableRawPointer(bandWords.pointer).assumingMemoryBound(to: UInt8.self)
        let luminance = sampler.isOpaque
        let combined = ClipMask(region: region, previous: state.clipMask) { writer in
            guard !region.isEmpty else { return }
            rasterizer.reset(region: region)
            rasterizer.addPolygon(corners)
            rasterizer.forEachRow(rule: .winding, antialias: antialias) { y, x0, coverage in
                sampler.fetch(y: y, x0: x0, into: words, count: coverage.count)
                for i in 0..<coverage.count {
                    let w = words[i]
                    let level: Float = luminance
                        ? 0.299 * Float(w & 0xFF) + 0.587 * Float((w >> 8) & 0xFF) + 0.114 * Float((w >> 16) & 0xFF)
                        : Float(w >> 24)
                    bytes[i] = PixelMath.byte(level * coverage[i])
                }
                writer.multiply(y, x0, UnsafeBufferPointer(start: bytes, count: coverage.count))
            }
        }
        state.clipMask = combined
    }

    /// Resets the clip to the whole bitmap.
    public func resetClip() {
        state.clipBounds = CGRect(x: 0, y: 0, width: width, height: height)
        state.clipRect = DeviceRect(x0: 0, y0: 0, x1: width, y1: height)
        state.clipMask = nil
    }

    /// The bounding box of the clip, in user space.
    public var boundingBoxOfClipPath: CGRect {
        if state.clipBounds.isEmpty { return .zero }
        return state.clipBounds.applying(userToPixel.inverted())
    }

    /// Narrows the clip to the pixel-space `path`. Rectangles on whole pixels only shrink the
    /// clip rectangle; any other shape is rasterized (anti-aliased) into the clip mask.
    func intersectClip(withPixelPath path: CGPath, rule: CGPathFillRule) {
        let pathBounds = path.boundingBoxOfPath
        let finite = !pathBounds.isNull && pathBounds.minX.isFinite && pathBounds.minY.isFinite
            && pathBounds.maxX.isFinite && pathBounds.maxY.isFinite
        guard finite else {
            // An empty or non-finite clip path clips everything away.
            state.clipBounds = .zero
            state.clipRect = .empty
            return
        }
        state.clipBounds = state.clipBounds.intersection(pathBounds)
        if state.clipBounds.isNull { state.clipBounds = .zero }
        var rect = CGRect.zero
        let surface = DeviceRect(x0: 0, y0: 0, x1: width, y1: height)
        // A rectangle on whole pixels (to within rounding: a position of k/3 points at 3× is
        // a whole pixel) clips by rectangle alone.
        if path.isRect(&rect), let whole = CGContext.wholePixels(rect) {
            state.clipRect = state.clipRect.intersection(DeviceRect(covering: whole)).intersection(surface)
            return
        }
        state.clipRect = state.clipRect.intersection(DeviceRect(covering: pathBounds)).intersection(surface)
        // Rasterize the path's coverage and multiply it into the mask, within the clip
        // rectangle alone (nothing draws outside it).
        let region = state.clipRect
        let previous = state.clipMask
        guard !region.isEmpty else {
            state.clipMask = ClipMask(region: region, previous: previous) { _ in }
            return
        }
        rasterizer.reset(region: region)
        let contours = PathFlattener(tolerance: CGContext.flatteningTolerance).contours(path.elements, transform: .identity)
        guard contours.allSatisfy({ $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }) else {
            // Flattening overflowed: like any non-finite clip, it clips everything away.
            state.clipBounds = .zero
            state.clipRect = .empty
            return
        }
        for contour in contours { rasterizer.addPolygon(contour.points) }
        sourceWords.reserve((region.width + 3) / 4)
        let bytes = UnsafeMutableRawPointer(sourceWords.pointer).assumingMemoryBound(to: UInt8.self)
        let mask = ClipMask(region: region, previous: previous) { writer in
            rasterizer.forEachRow(rule: rule, antialias: antialias, run: { y, x0, count, value in
                writer.multiply(y, x0, count: count, value: PixelMath.byte(value * 255))
                return true
            }) { y, x0, coverage in
                for i in 0..<coverage.count { bytes[i] = PixelMath.byte(coverage[i] * 255) }
                writer.multiply(y, x0, UnsafeBufferPointer(start: bytes, count: coverage.count))
            }
        }
        state.clipMask = mask
    }
}
