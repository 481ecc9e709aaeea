import Foundation

/// A shape layer's path and how it is filled and stroked.
struct ShapeContent: Sendable {
    var path: CGPath?
    var fillColor: CGColor?
    var fillRule = CAShapeLayerFillRule.nonZero
    var strokeColor: CGColor?
    var strokeStart: CGFloat = 0
    var strokeEnd: CGFloat = 1
    var lineWidth: CGFloat = 1
    var miterLimit: CGFloat = 10
    var lineCap = CAShapeLayerLineCap.butt
    var lineJoin = CAShapeLayerLineJoin.miter
    var lineDashPhase: CGFloat = 0
    var lineDashPattern: [CGFloat]?

    /// The value of an animatable shape key; `.none` when `key` is not one.
    func value(forKey key: String) -> Any?? {
        switch key {
        case "path": return .some(path)
        case "fillColor": return .some(fillColor)
        case "strokeColor": return .some(strokeColor)
        case "strokeStart": return .some(strokeStart)
        case "strokeEnd": return .some(strokeEnd)
        case "lineWidth": return .some(lineWidth)
        case "miterLimit": return .some(miterLimit)
        case "lineDashPhase": return .some(lineDashPhase)
        case "lineDashPattern": return .some(lineDashPattern?.map { NSNumber(value: Double($0)) })
        default: return .none
        }
    }

    /// Sets an animatable shape key; false when `key` is not one.
    mutating func setValue(_ value: Any?, forKey key: String) -> Bool {
        let number = AnimationNumber.double(value).map { CGFloat($0) }
        switch key {
        case "path": path = value.flatMap { $0 as? CGPath }
        case "fillColor": fillColor = KeyPathMember.color(value)
        case "strokeColor": strokeColor = KeyPathMember.color(value)
        case "strokeStart": if let number { strokeStart = number }
        case "strokeEnd": if let number { strokeEnd = number }
        case "lineWidth": if let number { lineWidth = number }
        case "miterLimit": if let number { miterLimit = number }
        case "lineDashPhase": if let number { lineDashPhase = number }
        case "lineDashPattern": lineDashPattern = (value as? [Any])?.compactMap { AnimationNumber.double($0).map { CGFloat($0) } }
        default: return false
        }
        return true
    }

    /// Fills, then strokes, the path into `ctx` (in layer coordinates).
    func draw(in ctx: CGContext) {
        guard let path, !path.isEmpty else { return }
        if let fillColor, fillColor.alpha > 0 {
            ctx.saveGState()
            ctx.addPath(path)
            ctx.setFillColor(fillColor)
            ctx.fillPath(using: fillRule == .evenOdd ? .evenOdd : .winding)
            ctx.restoreGState()
        }
        guard let strokeColor, strokeColor.alpha > 0, lineWidth > 0, strokeEnd > strokeStart else { return }
        let start = Swift.min(Swift.max(strokeStart, 0), 1), end = Swift.min(Swift.max(strokeEnd, 0), 1)
        guard end > start else { return }
        let stroked = (start == 0 && end == 1) ? path : path.trimmed(from: start, to: end)
        ctx.saveGState()
        ctx.addPath(stroked)
        ctx.setStrokeColor(strokeColor)
        ctx.setLineWidth(lineWidth)
        ctx.setMiterLimit(miterLimit)
        ctx.setLineCap(lineCap == .round ? .round : lineCap == .square ? .square : .butt)
        ctx.setLineJoin(lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter)
        if let pattern = lineDashPattern, !pattern.isEmpty {
            ctx.setLineDash(phase: lineDashPhase, lengths: pattern)
        }
        ctx.strokePath()
        ctx.restoreGState()
    }
}
