/// An offscreen buffer that drawing goes to between `beginTransparencyLayer` and
/// `endTransparencyLayer`, composited as one image when it ends.
final class TransparencyLayer {
    let pixels: OwnedPixels
    let buffer: PixelBuffer
    /// The state at `begin`: its alpha, blend mode and clip apply to the composite.
    let outerState: GraphicsState
    let outerTarget: PixelBuffer
    /// Where drawing wrote so far (device pixels): nothing else of the buffer is set.
    var touched = DeviceRect(x0: 0, y0: 0, x1: 0, y1: 0)

    init?(width: Int, height: Int, layout: PixelLayout, outerState: GraphicsState, outerTarget: PixelBuffer) {
        guard let pixels = OwnedPixels(count: width * height * 4) else { return nil }
        self.pixels = pixels
        var layerLayout = layout
        layerLayout.hasAlpha = true
        self.buffer = PixelBuffer(base: pixels.pointer, width: width, height: height, bytesPerRow: width * 4, layout: layerLayout)
        self.outerState = outerState
        self.outerTarget = outerTarget
    }
}

extension CGContext {
    /// Starts a transparency layer: later drawing goes to a transparent offscreen buffer that
    /// `endTransparencyLayer()` composites with the alpha, blend mode and shadow in force now
    /// (the layer casts one shadow). Inside the layer alpha is 1, the blend mode normal and
    /// shadows off; the clip and CTM carry on.
    public func beginTransparencyLayer(auxiliaryInfo: [String: Any]?) {
        guard let layer = TransparencyLayer(
            width: width, height: height, layout: layout, outerState: state, outerTarget: target)
        else { return }
        transparencyLayers.append(layer)
        target = layer.buffer
        savedStates.append(state)
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
    }

    /// Like `beginTransparencyLayer(auxiliaryInfo:)`; `rect` only bounds the drawing.
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: [String: Any]?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
    }

    /// Ends the innermost transparency layer and composites it.
    public func endTransparencyLayer() {
        endTransparencyLayer(tint: nil)
    }

    /// Ends the innermost transparency layer and composites it with every pixel's colour
    /// multiplied by `tint` (straight red, green, blue, alpha, each 0…1): a replicator layer's
    /// instance colour.
    package func endTransparencyLayer(multiplying tint: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)) {
        endTransparencyLayer(tint: tint)
    }

    private func endTransparencyLayer(tint: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)?) {
        guard let layer = transparencyLayers.popLast() else { return }
        savedStates.removeLast()
        state = layer.outerState
        target = layer.outerTarget
        // Outside what was drawn the layer is transparent: with normal blending compositing
        // there changes nothing, so only the drawn part is composited.
        let c = state.blendMode == .normal ? state.clipRect.intersection(layer.touched) : state.clipRect
        guard !c.isEmpty else { return }
        if let shadow = state.shadow, tint == nil {
            // The layer casts one shadow, from its composited alpha.
            castShadow(of: layer, shadow, alpha: state.alpha, drawsContent: true)
            return
        }
        // Composite the layer's pixels (same memory order as the target) as a full-clip image.
        let painter = SpanPainter(buffer: target, mask: state.clipMask, mode: state.blendMode)
        var coverage = [Float](repeating: 1, count: c.width)
        var source = [SIMD4<Float>](repeating: .zero, count: c.width)
        // Premultiplied pixels times the tint: colour channels by tint colour × tint alpha, alpha
        // by tint alpha (the straight colour multiplied), in the layer's channel order.
        var factor = SIMD4<Float>(repeating: state.alpha)
        if let tint {
            let clamp: (CGFloat) -> Float = { Float(Swift.min(Swift.max($0.isFinite ? $0 : 1, 0), 1)) }
            let ta = clamp(tint.a)
            var scale = SIMD4<Float>(repeating: ta)
            let l = layer.buffer.layout
            scale[l.red] = clamp(tint.r) * ta
            scale[l.green] = clamp(tint.g) * ta
            scale[l.blue] = clamp(tint.b) * ta
            factor *= scale
        }
        let alpha = factor
        writingPixels(c) {
        coverage.withUnsafeMutableBufferPointer { cov in
            source.withUnsafeMutableBufferPointer { src in
                for y in c.y0..<c.y1 {
                    let row = layer.buffer.row(y)
                    var any = false
                    for i in 0..<c.width {
                        let v = PixelMath.load(row + (c.x0 + i) * 4) * alpha
                        src[i] = v
                        cov[i] = 1
                        if v != .zero { any = true }
                    }
                    if any || state.blendMode != .normal { painter.paintRow(y, c.x0, cov, src) }
                }
            }
        }
        }
    }
}
