extension CGContext {
    /// Fills the clip with a linear gradient from `startPoint` (location 0) to `endPoint`
    /// (location 1), constant along lines perpendicular to them.
    public func drawLinearGradient(
        _ gradient: CGGradient, start startPoint: CGPoint, end endPoint: CGPoint,
        options: CGGradientDrawingOptions
    ) {
        let delta = CGPoint(x: endPoint.x - startPoint.x, y: endPoint.y - startPoint.y)
        let lengthSquared = delta.x * delta.x + delta.y * delta.y
        guard startPoint.x.isFinite, startPoint.y.isFinite, lengthSquared > 0, lengthSquared.isFinite else { return }
        drawGradient(gradient, .linear(start: startPoint, delta: delta, inverseLengthSquared: 1 / lengthSquared), options)
    }

    /// Fills the clip with a radial gradient blending the circle (startCenter, startRadius)
    /// at location 0 into (endCenter, endRadius) at location 1.
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
        endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions
    ) {
        let values = [startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius]
        guard values.allSatisfy(\.isFinite), startRadius >= 0, endRadius >= 0,
              startRadius > 0 || endRadius > 0 else { return }
        drawGradient(
            gradient,
            .radial(c0: startCenter, r0: startRadius,
                    dc: CGPoint(x: endCenter.x - startCenter.x, y: endCenter.y - startCenter.y),
                    dr: endRadius - startRadius),
            options)
    }

    private func drawGradient(_ gradient: CGGradient, _ geometry: GradientSampler.Geometry, _ options: CGGradientDrawingOptions) {
        let toPixel = userToPixel
        let determinant = toPixel.a * toPixel.d - toPixel.b * toPixel.c
        guard determinant != 0, determinant.isFinite else { return }
        let sampler = GradientSampler(
            geometry: geometry, pixelToUser: toPixel.inverted(),
            table: gradient.lookupTable(size: 1024, layout: layout, alpha: state.alpha),
            isOpaque: state.alpha >= 1 && gradient.stops.allSatisfy { $0.a >= 1 },
            extendBefore: options.contains(.drawsBeforeStartLocation),
            extendAfter: options.contains(.drawsAfterEndLocation))
        let c = state.clipRect
        guard !c.isEmpty else { return }
        let shape = [[CGPoint(x: c.x0, y: c.y0), CGPoint(x: c.x1, y: c.y0),
                      CGPoint(x: c.x1, y: c.y1), CGPoint(x: c.x0, y: c.y1)]]
        fillContours(shape, rule: .winding, paint: .gradient(sampler))
    }
}
