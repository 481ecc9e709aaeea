extension CGContext {
    /// Fills the current path and clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        fillPixelPath(currentPath.elements, rule: rule, color: state.fill)
        currentPath.removeAll()
    }

    /// Strokes the current path with the current line settings and clears it.
    public func strokePath() {
        strokePixelPath(currentPath)
        currentPath.removeAll()
    }

    /// Fills and/or strokes the current path, then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fillPixelPath(currentPath.elements, rule: .winding, color: state.fill)
        case .eoFill: fillPixelPath(currentPath.elements, rule: .evenOdd, color: state.fill)
        case .stroke: strokePixelPath(currentPath)
        case .fillStroke:
            fillPixelPath(currentPath.elements, rule: .winding, color: state.fill)
            strokePixelPath(currentPath)
        case .eoFillStroke:
            fillPixelPath(currentPath.elements, rule: .evenOdd, color: state.fill)
            strokePixelPath(currentPath)
        }
        currentPath.removeAll()
    }

    /// Fills `rect` with the fill colour; the current path is left alone.
    public func fill(_ rect: CGRect) {
        fill([rect])
    }

    /// Fills each rectangle with the fill colour (overlaps are painted once).
    public func fill(_ rects: [CGRect]) {
        let toPixel = userToPixel
        if rects.count == 1, toPixel.b == 0, toPixel.c == 0 {
            // Axis-aligned: no scan conversion needed.
            fillPixelRect(rects[0].standardized.applying(toPixel), color: state.fill)
            return
        }
        let path = CGMutablePath()
        path.addRects(rects, transform: userToPixel)
        fillPixelPath(path.elements, rule: .winding, color: state.fill)
    }

    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: CGRect) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: userToPixel)
        fillPixelPath(path.elements, rule: .winding, color: state.fill)
    }

    /// Strokes the outline of `rect` with the current line settings.
    public func stroke(_ rect: CGRect) {
        let path = CGMutablePath()
        path.addRect(rect, transform: userToPixel)
        strokePixelPath(path)
    }

    /// Strokes the outline of `rect` with line width `width`.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = state.lineWidth
        state.lineWidth = width
        stroke(rect)
        state.lineWidth = saved
    }

    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: CGRect) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: userToPixel)
        strokePixelPath(path)
    }

    /// Strokes separate segments: points 0–1, 2–3, and so on.
    public func strokeLineSegments(between points: [CGPoint]) {
        let path = CGMutablePath()
        var index = 0
        while index + 1 < points.count {
            path.move(to: points[index], transform: userToPixel)
            path.addLine(to: points[index + 1], transform: userToPixel)
            index += 2
        }
        strokePixelPath(path)
    }

    /// Makes the pixels of `rect` fully transparent (black for contexts without alpha).
    public func clear(_ rect: CGRect) {
        let toPixel = userToPixel
        if state.clipMask == nil, toPixel.b == 0, toPixel.c == 0, rect.isFiniteRect,
           let whole = CGContext.wholePixels(rect.standardized.applying(toPixel)) {
            // Whole pixels and a rectangular clip: store the cleared word row by row.
            let region = DeviceRect(covering: whole).intersection(state.clipRect)
                .intersection(DeviceRect(x0: 0, y0: 0, x1: width, y1: height))
            guard !region.isEmpty else { return }
            let word: UInt32 = target.layout.hasAlpha ? 0 : 0xFF << UInt32(target.layout.alpha * 8)
            writingPixels(region) {
                for y in region.y0..<region.y1 {
                    SpanPainter.storeWords(UnsafeMutableRawPointer(target.row(y) + region.x0 * 4), word, count: region.width)
                }
            }
            return
        }
        let path = CGMutablePath()
        path.addRect(rect, transform: userToPixel)
        // Clearing casts no shadow.
        let saved = state
        state.blendMode = .clear
        state.shadow = nil
        fillPixelPath(path.elements, rule: .winding, color: (0, 0, 0, 1))
        state = saved
    }

    // MARK: Internals

    /// Tolerance, in pixels, between curves and their flattened polylines.
    static let flatteningTolerance: CGFloat = 0.1

    /// Fills pixel-space path elements with a solid straight-alpha colour.
    func fillPixelPath(_ elements: [PathElement], rule: CGPathFillRule, color: (r: Float, g: Float, b: Float, a: Float)) {
        let contours = PathFlattener(tolerance: CGContext.flatteningTolerance).contours(elements, transform: .identity)
        fillContours(contours.map(\.points), rule: rule, paint: .solid(premultiplied(color)))
    }

    /// The stroke outlines of a pixel-space path, back in pixel space: the path is mapped to
    /// user space, stroked there with the line settings, and mapped forward again, so a
    /// non-uniform CTM shapes the pen as Quartz does.
    func strokeOutlines(_ path: CGPath) -> [[CGPoint]] {
        var outlines: [[CGPoint]] = []
        forEachStrokeOutline(path) { outlines.append($0) }
        return outlines
    }

    /// Hands the stroke outlines of a pixel-space path to `emit` as they are made (see
    /// `strokeOutlines`). Undashed, no subpath is held whole: long ones are stroked in pieces of
    /// `pieceLength` points (`StrokeStream`).
    func forEachStrokeOutline(_ path: CGPath, pieceLength: Int = 4096, _ emit: @escaping ([CGPoint]) -> Void) {
        let toPixel = userToPixel
        let width = state.lineWidth
        guard width.isFinite, width >= 0 else { return }
        let tolerance = CGContext.flatteningTolerance
        if width == 0 {
            // Hairline: one device pixel wide whatever the CTM.
            let stroker = Stroker(halfWidth: 0.5, cap: state.lineCap, join: state.lineJoin,
                                  miterLimit: state.miterLimit, tolerance: tolerance)
            guard let dash = state.dash else {
                var stream = StrokeStream(stroker: stroker, pieceLength: pieceLength, emit: emit)
                PathFlattener(tolerance: tolerance).walk(path.elements, transform: .identity, into: &stream)
                return
            }
            // The pattern is in user space: dash there, then map back to pixels.
            let toUser = toPixel.inverted()
            let contours = PathFlattener(tolerance: tolerance).contours(path.elements, transform: .identity)
                .map { Contour(points: $0.points.map { $0.applying(toUser) }, isClosed: $0.isClosed) }
            for piece in dash.dash(contours) {
                stroker.stroke(Contour(points: piece.points.map { $0.applying(toPixel) }, isClosed: false), emit: emit)
            }
            return
        }
        let scale = Swift.max(hypot(toPixel.a, toPixel.b), hypot(toPixel.c, toPixel.d))
        guard scale > 0, scale.isFinite else { return }
        // A similarity (rotation, uniform scale, reflection, translation) maps circles to
        // circles: stroking in pixel space with the widths and dashes scaled is the same
        // shape, without mapping every point to user space and back.
        let isSimilarity = (toPixel.a == toPixel.d && toPixel.b == -toPixel.c)
            || (toPixel.a == -toPixel.d && toPixel.b == toPixel.c)
        if isSimilarity {
            let stroker = Stroker(halfWidth: width * scale / 2, cap: state.lineCap, join: state.lineJoin,
                                  miterLimit: state.miterLimit, tolerance: tolerance)
            if let dash = state.dash, let scaled = Dasher(phase: dash.phase * scale, lengths: dash.lengths.map { $0 * scale }) {
                let contours = PathFlattener(tolerance: tolerance).contours(path.elements, transform: .identity)
                for piece in scaled.dash(contours) { stroker.stroke(piece, emit: emit) }
                return
            }
            var stream = StrokeStream(stroker: stroker, pieceLength: pieceLength, emit: emit)
            PathFlattener(tolerance: tolerance).walk(path.elements, transform: .identity, into: &stream)
            return
        }
        let toUser = toPixel.inverted()
        let userTolerance = tolerance / scale
        let stroker = Stroker(halfWidth: width / 2, cap: state.lineCap, join: state.lineJoin,
                              miterLimit: state.miterLimit, tolerance: userTolerance)
        let mapped: ([CGPoint]) -> Void = { emit($0.map { $0.applying(toPixel) }) }
        if let dash = state.dash {
            let contours = PathFlattener(tolerance: userTolerance).contours(path.elements, transform: toUser)
            for piece in dash.dash(contours) { stroker.stroke(piece, emit: mapped) }
            return
        }
        var stream = StrokeStream(stroker: stroker, pieceLength: pieceLength, emit: mapped)
        PathFlattener(tolerance: userTolerance).walk(path.elements, transform: toUser, into: &stream)
    }

    /// Paths of at least this many elements are stroked straight into the rasterizer, piece by
    /// piece, instead of as a list of outlines: memory stays bounded however long the path.
    static let streamedStrokeElements = 8192

    func strokePixelPath(_ path: CGPath, streamingFrom elements: Int = CGContext.streamedStrokeElements,
                         pieceLength: Int = 4096) {
        let paint = Paint.solid(premultiplied(state.stroke))
        if path.elements.count >= elements {
            streamStroke(path, paint: paint, pieceLength: pieceLength)
        } else {
            fillContours(strokeOutlines(path), rule: .winding, paint: paint)
        }
    }

    /// A straight colour premultiplied by itself and the global alpha, 0…255, in layout order.
    func premultiplied(_ c: (r: Float, g: Float, b: Float, a: Float)) -> SIMD4<Float> {
        let a = c.a * state.alpha
        return layout.arrange(r: c.r * a * 255, g: c.g * a * 255, b: c.b * a * 255, a: a * 255)
    }
}
