/// A path that can be built element by element.
///
/// Every building method takes an optional `transform` that maps its points before they are
/// stored. Drawing into a path with no current point (a line before any move) starts a subpath
/// at the line's end instead.
///
/// - Note: Differs from Apple: a line or curve added to an empty path begins a subpath at its
///   end point instead of logging an error.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public override init() {
        super.init()
    }

    override init(elements: [PathElement], subpathStart: CGPoint?, lastPoint: CGPoint?) {
        super.init(elements: elements, subpathStart: subpathStart, lastPoint: lastPoint)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        if case .move? = elements.last {
            elements[elements.count - 1] = .move(p)
        } else {
            elements.append(.move(p))
        }
        subpathStart = p
        lastPoint = p
    }

    /// Ensures a subpath is open, starting one at `p` (already transformed) if needed.
    /// Returns false when the path had no current point.
    @discardableResult
    private func beginIfNeeded(at p: CGPoint) -> Bool {
        if lastPoint == nil {
            elements.append(.move(p))
            subpathStart = p
            lastPoint = p
            return false
        }
        if case .close? = elements.last, let start = subpathStart {
            // After a close a new segment starts from the closed subpath's start point.
            elements.append(.move(start))
        }
        return true
    }

    /// Appends a straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        guard beginIfNeeded(at: p) else { return }
        elements.append(.line(p))
        lastPoint = p
    }

    /// Appends a sequence of connected lines: a move to the first point, lines to the rest.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() { addLine(to: point, transform: transform) }
    }

    /// Appends a quadratic Bézier curve.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        let p = end.applying(transform)
        guard beginIfNeeded(at: p) else { return }
        elements.append(.quad(control.applying(transform), p))
        lastPoint = p
    }

    /// Appends a cubic Bézier curve.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        let p = end.applying(transform)
        guard beginIfNeeded(at: p) else { return }
        elements.append(.cubic(control1.applying(transform), control2.applying(transform), p))
        lastPoint = p
    }

    /// Closes the current subpath with a line back to its start.
    public func closeSubpath() {
        guard let last = elements.last else { return }
        if case .close = last { return }
        elements.append(.close)
        lastPoint = subpathStart
    }

    /// Appends a closed rectangle: a move to the origin corner and three lines, then a close.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    /// Appends one closed rectangle per element of `rects`.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// Appends a closed ellipse inscribed in `rect`, as four cubic curves starting at the
    /// rectangle's right-middle point and turning from +x towards +y.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        guard !r.isNull else { return }
        let k = BezierMath.circleKappa
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let ox = rx * k, oy = ry * k
        move(to: CGPoint(x: cx + rx, y: cy), transform: transform)
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + oy),
                 control2: CGPoint(x: cx + ox, y: cy + ry), transform: transform)
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - ox, y: cy + ry),
                 control2: CGPoint(x: cx - rx, y: cy + oy), transform: transform)
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - oy),
                 control2: CGPoint(x: cx - ox, y: cy - ry), transform: transform)
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + ox, y: cy - ry),
                 control2: CGPoint(x: cx + rx, y: cy - oy), transform: transform)
        closeSubpath()
    }

    /// Appends a closed rounded rectangle. Corner sizes are clamped to half the rectangle's
    /// width and height; a zero corner gives a plain rectangle.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        let r = rect.standardized
        guard !r.isNull else { return }
        let cw = Swift.min(Swift.max(cornerWidth, 0), r.width / 2)
        let ch = Swift.min(Swift.max(cornerHeight, 0), r.height / 2)
        guard cw > 0, ch > 0 else {
            addRect(r, transform: transform)
            return
        }
        let k = BezierMath.circleKappa
        let kx = cw * k, ky = ch * k
        let minX = r.minX, maxX = r.maxX, minY = r.minY, maxY = r.maxY
        move(to: CGPoint(x: minX + cw, y: minY), transform: transform)
        addLine(to: CGPoint(x: maxX - cw, y: minY), transform: transform)
        addCurve(to: CGPoint(x: maxX, y: minY + ch), control1: CGPoint(x: maxX - cw + kx, y: minY),
                 control2: CGPoint(x: maxX, y: minY + ch - ky), transform: transform)
        addLine(to: CGPoint(x: maxX, y: maxY - ch), transform: transform)
        addCurve(to: CGPoint(x: maxX - cw, y: maxY), control1: CGPoint(x: maxX, y: maxY - ch + ky),
                 control2: CGPoint(x: maxX - cw + kx, y: maxY), transform: transform)
        addLine(to: CGPoint(x: minX + cw, y: maxY), transform: transform)
        addCurve(to: CGPoint(x: minX, y: maxY - ch), control1: CGPoint(x: minX + cw - kx, y: maxY),
                 control2: CGPoint(x: minX, y: maxY - ch + ky), transform: transform)
        addLine(to: CGPoint(x: minX, y: minY + ch), transform: transform)
        addCurve(to: CGPoint(x: minX + cw, y: minY), control1: CGPoint(x: minX, y: minY + ch - ky),
                 control2: CGPoint(x: minX + cw - kx, y: minY), transform: transform)
        closeSubpath()
    }

    /// Appends the elements of `path`, mapped by `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        for element in path.elements {
            switch element {
            case .move(let p): move(to: p, transform: transform)
            case .line(let p): addLine(to: p, transform: transform)
            case .quad(let c, let p): addQuadCurve(to: p, control: c, transform: transform)
            case .cubic(let c1, let c2, let p):
                addCurve(to: p, control1: c1, control2: c2, transform: transform)
            case .close: closeSubpath()
            }
        }
    }

    /// Removes every element.
    func removeAll() {
        elements.removeAll(keepingCapacity: true)
        subpathStart = nil
        lastPoint = nil
    }
}
