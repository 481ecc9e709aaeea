extension CGPath {
    /// The outline of this path stroked with the given settings, as a fillable path (nonzero
    /// rule), mapped by `transform`. Curves come back flattened to lines.
    public func copy(
        strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
        miterLimit: CGFloat, transform: CGAffineTransform = .identity
    ) -> CGPath {
        let result = CGMutablePath()
        guard lineWidth.isFinite, lineWidth > 0 else { return result }
        let tolerance = Swift.max(lineWidth, 1) * 0.002
        let contours = PathFlattener(tolerance: tolerance).contours(elements, transform: .identity)
        let stroker = Stroker(halfWidth: lineWidth / 2, cap: lineCap, join: lineJoin,
                              miterLimit: miterLimit, tolerance: tolerance)
        for outline in stroker.stroke(contours) where outline.count > 1 {
            result.addLines(between: outline, transform: transform)
            result.closeSubpath()
        }
        return result
    }

    /// The "on" pieces of this path under a dash pattern, as open line subpaths mapped by
    /// `transform`. An invalid pattern (see `CGContext.setLineDash`) returns the path as is.
    public func copy(
        dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity
    ) -> CGPath {
        guard let dasher = Dasher(phase: phase, lengths: lengths) else {
            var t = transform
            return copy(using: &t) ?? self
        }
        let result = CGMutablePath()
        let contours = PathFlattener(tolerance: 0.01).contours(elements, transform: .identity)
        for piece in dasher.dash(contours) {
            result.addLines(between: piece.points, transform: transform)
        }
        return result
    }

    /// The outline of `path` stroked with the given settings, mapped by `transform`: the
    /// C function `CGPathCreateCopyByStrokingPath` as Swift imports it. Nil for a width that
    /// is not a positive finite number.
    public convenience init?(__byStroking path: CGPath, transform: UnsafePointer<CGAffineTransform>?, lineWidth: CGFloat,
                             lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat) {
        guard lineWidth.isFinite, lineWidth > 0 else { return nil }
        let outline = path.copy(strokingWithWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
                                transform: transform?.pointee ?? .identity)
        self.init(elements: outline.elements, subpathStart: outline.subpathStart, lastPoint: outline.lastPoint)
    }
}
