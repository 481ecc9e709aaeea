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
        if path.isRect(&rect), rect == rect.integral {
            state.clipRect = state.clipRect.intersection(DeviceRect(covering: rect)).intersection(surface)
            return
        }
        state.clipRect = state.clipRect.intersection(DeviceRect(covering: pathBounds)).intersection(surface)
        // Rasterize the path's coverage and multiply it into the mask.
        let mask = state.clipMask.map { ClipMask(copying: $0) } ?? ClipMask(width: width, height: height, fill: 255)
        var coverageMask = [UInt8](repeating: 0, count: width * height)
        let region = state.clipRect
        if !region.isEmpty {
            rasterizer.reset(region: region)
            let contours = PathFlattener(tolerance: CGContext.flatteningTolerance).contours(path.elements, transform: .identity)
            for contour in contours { rasterizer.addPolygon(contour.points) }
            rasterizer.forEachRow(rule: rule, antialias: antialias) { y, x0, coverage in
                let offset = y * width + x0
                for i in 0..<coverage.count { coverageMask[offset + i] = PixelMath.byte(coverage[i] * 255) }
            }
        }
        for i in 0..<mask.values.count {
            mask.values[i] = UInt8((UInt16(mask.values[i]) * UInt16(coverageMask[i]) + 127) / 255)
        }
        state.clipMask = mask
    }
}
