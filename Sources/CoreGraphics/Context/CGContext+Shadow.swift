/// A shadow as the graphics state keeps it: offset in base (device, y-up) space, blur radius,
/// premultiplied straight colour.
struct Shadow {
    var offset: CGSize
    var blur: CGFloat
    var color: (r: Float, g: Float, b: Float, a: Float)
}

extension CGContext {
    /// Draws a shadow under everything drawn from now on (until the state is restored):
    /// `offset` moves it in device space (y up, unaffected by the CTM), `blur` softens it (a
    /// Gaussian of standard deviation blur / 2), in `color`. A nil or transparent colour turns
    /// shadows off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0, offset.width.isFinite, offset.height.isFinite, blur.isFinite else {
            state.shadow = nil
            return
        }
        // Limits keep the pixel arithmetic in range: no shadow travels or spreads further than a
        // bitmap can be wide.
        let limit: CGFloat = 1_048_576
        state.shadow = Shadow(
            offset: CGSize(width: Swift.min(Swift.max(offset.width, -limit), limit),
                           height: Swift.min(Swift.max(offset.height, -limit), limit)),
            blur: Swift.min(Swift.max(0, blur), 1024), color: color.rgba)
    }

    /// Like `setShadow(offset:blur:color:)` with black at one third opacity.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    /// Runs `draw` into a transparent offscreen layer, then composites the blurred, tinted,
    /// offset alpha of what it drew (the shadow) and the drawing itself onto the target, with
    /// the blend mode in force. Within the offscreen pass shadows are off and blending normal.
    func drawWithShadow(_ shadow: Shadow, _ draw: () -> Void) {
        guard let layer = drawOffscreen(draw) else { return }
        castShadow(of: layer, shadow, alpha: 1, drawsContent: true)
    }

    /// Draws only the shadow that `draw` would cast with the shadow in force (nothing if
    /// none): the drawing itself is not composited. For shadows of a given shape, such as a
    /// layer's `shadowPath`.
    package func drawShadowOnly(_ draw: () -> Void) {
        guard let shadow = state.shadow, let layer = drawOffscreen(draw) else { return }
        castShadow(of: layer, shadow, alpha: 1, drawsContent: false)
    }

    /// Runs `draw` into a transparent offscreen layer with shadows off and normal blending.
    private func drawOffscreen(_ draw: () -> Void) -> TransparencyLayer? {
        guard let layer = TransparencyLayer(
            width: width, height: height, layout: layout, outerState: state, outerTarget: target)
        else { return nil }
        let outer = state
        let outerOffscreen = activeOffscreen
        target = layer.buffer
        activeOffscreen = layer
        state.shadow = nil
        state.blendMode = .normal
        draw()
        state = outer
        target = layer.outerTarget
        activeOffscreen = outerOffscreen
        return layer
    }

    /// Composites the shadow of `layer`'s pixels (and, with `drawsContent`, the pixels on top),
    /// both scaled by `alpha`, with the current clip and blend mode.
    func castShadow(of layer: TransparencyLayer, _ shadow: Shadow, alpha: Float, drawsContent: Bool) {
        // 1. The drawn area, to limit the work.
        let a = layer.buffer.layout.alpha
        var box = DeviceRect(x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
        // Only where drawing wrote can alpha be set.
        let written = layer.touched.intersection(DeviceRect(x0: 0, y0: 0, x1: width, y1: height))
        for y in written.y0..<Swift.max(written.y0, written.y1) {
            let row = layer.buffer.row(y)
            for x in written.x0..<Swift.max(written.x0, written.x1) where row[x * 4 + a] != 0 {
                box.x0 = Swift.min(box.x0, x); box.x1 = Swift.max(box.x1, x + 1)
                box.y0 = Swift.min(box.y0, y); box.y1 = Swift.max(box.y1, y + 1)
            }
        }
        guard box.x0 < box.x1 else { return }
        // 2. Shadow alpha: the layer's alpha, blurred (three box passes ≈ Gaussian).
        let sigma = Double(shadow.blur) / 2
        let margin = Int((sigma * 3).rounded(.up)) + 1
        let dx = Int(Double(shadow.offset.width).rounded()), dy = -Int(Double(shadow.offset.height).rounded())
        // Only shadow that lands inside the clip matters: blur just the source pixels within
        // `margin` of that.
        let clip = state.clipRect
        let visible = DeviceRect(x0: clip.x0 - dx - margin, y0: clip.y0 - dy - margin,
                                 x1: clip.x1 - dx + margin, y1: clip.y1 - dy + margin)
        let area = DeviceRect(x0: box.x0 - margin, y0: box.y0 - margin, x1: box.x1 + margin, y1: box.y1 + margin)
            .intersection(visible)
        guard !area.isEmpty else {
            if drawsContent { compositeDrawn(layer, box: box, alpha: alpha) }
            return
        }
        var values = [Float](repeating: 0, count: area.width * area.height)
        let copied = box.intersection(area)
        if !copied.isEmpty {
            for y in copied.y0..<copied.y1 {
                let row = layer.buffer.row(y)
                for x in copied.x0..<copied.x1 {
                    values[(y - area.y0) * area.width + (x - area.x0)] = Float(row[x * 4 + a]) / 255
                }
            }
        }
        if sigma > 0 { ShadowBlur.gaussian(&values, width: area.width, height: area.height, sigma: sigma) }
        // 3. Composite the shadow (colour × blurred alpha) at the offset, through the clip.
        let shifted = DeviceRect(x0: area.x0 + dx, y0: area.y0 + dy, x1: area.x1 + dx, y1: area.y1 + dy)
            .intersection(state.clipRect)
        let painter = SpanPainter(buffer: target, mask: state.clipMask, mode: state.blendMode)
        var tint = shadow.color
        tint.a *= alpha
        let solid = SolidColor(premultiplied(tint), alphaIndex: layout.alpha)
        if !shifted.isEmpty {
            writingPixels(shifted) { paintShadowRows(shifted, alpha: values, area: area, dx: dx, dy: dy, painter: painter, solid: solid) }
        }
        if drawsContent { compositeDrawn(layer, box: box, alpha: alpha) }
    }

    private func paintShadowRows(
        _ shifted: DeviceRect, alpha: [Float], area: DeviceRect, dx: Int, dy: Int, painter: SpanPainter, solid: SolidColor
    ) {
        rowCoverage.reserve(shifted.width)
        let coverage = rowCoverage.pointer
        for y in shifted.y0..<shifted.y1 {
            let source = (y - dy - area.y0) * area.width - area.x0 - dx
            for x in shifted.x0..<shifted.x1 { coverage[x - shifted.x0] = alpha[source + x] }
            painter.paintSolid(y, shifted.x0, UnsafeMutableBufferPointer(start: coverage, count: shifted.width), solid)
        }
    }

    /// Step 4 of `castShadow`: the offscreen drawing itself, on top of its shadow.
    private func compositeDrawn(_ layer: TransparencyLayer, box: DeviceRect, alpha: Float) {
        let painter = SpanPainter(buffer: target, mask: state.clipMask, mode: state.blendMode)
        let drawn = box.intersection(state.clipRect)
        guard !drawn.isEmpty else { return }
        let weight = UInt32((Swift.min(Swift.max(alpha, 0), 1) * 255).rounded())
        writingPixels(drawn) { paintDrawn(layer, drawn, painter, weight) }
    }

    private func paintDrawn(_ layer: TransparencyLayer, _ drawn: DeviceRect, _ painter: SpanPainter, _ weight: UInt32) {
        sourceWords.reserve(drawn.width)
        rowCoverage.reserve(drawn.width)
        let words = sourceWords.pointer, coverage = rowCoverage.pointer
        for y in drawn.y0..<drawn.y1 {
            let row = UnsafeRawPointer(layer.buffer.row(y) + drawn.x0 * 4)
            for i in 0..<drawn.width {
                words[i] = row.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                coverage[i] = 1
            }
            painter.paintWords(y, drawn.x0, UnsafeMutableBufferPointer(start: coverage, count: drawn.width), words, alpha: weight)
        }
    }
}

/// Separable Gaussian approximation: three box blurs per axis.
enum ShadowBlur {
    /// Three box blurs per axis (≈ a Gaussian of `sigma`), zero outside the area. Rows run
    /// along memory; columns are blurred a whole row at a time (a running sum per column), so
    /// both passes read memory in order. Per value the sums are formed in the same order as a
    /// pass along each column would, so the result does not depend on the traversal.
    static func gaussian(_ values: inout [Float], width: Int, height: Int, sigma: Double) {
        // Box width for three passes: w = √(12σ²/3 + 1), rounded to odd.
        var box = Int((sqrt(4 * sigma * sigma + 1)).rounded())
        if box % 2 == 0 { box += 1 }
        let radius = box / 2
        guard radius > 0, width > 0, height > 0 else { return }
        let scale = 1 / Float(2 * radius + 1)
        var other = [Float](repeating: 0, count: values.count)
        var sums = [Float](repeating: 0, count: width)
        values.withUnsafeMutableBufferPointer { a in
            other.withUnsafeMutableBufferPointer { b in
                sums.withUnsafeMutableBufferPointer { s in
                    let va = a.baseAddress!, vb = b.baseAddress!, sum = s.baseAddress!
                    for _ in 0..<3 {
                        for y in 0..<height { horizontal(va + y * width, vb + y * width, width, radius, scale) }
                        vertical(vb, va, width, height, radius, scale, sum)
                    }
                }
            }
        }
    }

    private static func horizontal(_ src: UnsafePointer<Float>, _ dst: UnsafeMutablePointer<Float>, _ count: Int,
                                   _ radius: Int, _ scale: Float) {
        var sum: Float = 0
        for i in 0...Swift.min(radius, count - 1) { sum += src[i] }
        for i in 0..<count {
            dst[i] = sum * scale
            let leaving = i - radius, entering = i + radius + 1
            if leaving >= 0 { sum -= src[leaving] }
            if entering < count { sum += src[entering] }
        }
    }

    private static func vertical(_ src: UnsafePointer<Float>, _ dst: UnsafeMutablePointer<Float>, _ width: Int, _ height: Int,
                                 _ radius: Int, _ scale: Float, _ sum: UnsafeMutablePointer<Float>) {
        sum.update(repeating: 0, count: width)
        for j in 0...Swift.min(radius, height - 1) {
            let row = src + j * width
            for x in 0..<width { sum[x] += row[x] }
        }
        for y in 0..<height {
            let out = dst + y * width
            for x in 0..<width { out[x] = sum[x] * scale }
            let leaving = y - radius, entering = y + radius + 1
            if leaving >= 0 {
                let row = src + leaving * width
                for x in 0..<width { sum[x] -= row[x] }
            }
            if entering < height {
                let row = src + entering * width
                for x in 0..<width { sum[x] += row[x] }
            }
        }
    }
}
