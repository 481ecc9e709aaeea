extension CGContext {
    /// Discards the current path.
    public func beginPath() {
        currentPath.removeAll()
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) {
        currentPath.move(to: point, transform: userToPixel)
    }

    /// Adds a line from the current point to `point`.
    public func addLine(to point: CGPoint) {
        currentPath.addLine(to: point, transform: userToPixel)
    }

    /// Adds a move to the first point and lines through the rest.
    public func addLines(between points: [CGPoint]) {
        currentPath.addLines(between: points, transform: userToPixel)
    }

    /// Adds a closed rectangle.
    public func addRect(_ rect: CGRect) {
        currentPath.addRect(rect, transform: userToPixel)
    }

    /// Adds one closed rectangle per element.
    public func addRects(_ rects: [CGRect]) {
        currentPath.addRects(rects, transform: userToPixel)
    }

    /// Adds an ellipse inscribed in `rect`.
    public func addEllipse(in rect: CGRect) {
        currentPath.addEllipse(in: rect, transform: userToPixel)
    }

    /// Adds a circular arc (see `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:)`).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        currentPath.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
            clockwise: clockwise, transform: userToPixel)
    }

    /// Adds an arc tangent to two lines (see `CGMutablePath.addArc(tangent1End:tangent2End:radius:transform:)`).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        currentPath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: userToPixel)
    }

    /// Adds a cubic Bézier curve.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: end, control1: control1, control2: control2, transform: userToPixel)
    }

    /// Adds a quadratic Bézier curve.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        currentPath.addQuadCurve(to: end, control: control, transform: userToPixel)
    }

    /// Closes the current subpath.
    public func closePath() {
        currentPath.closeSubpath()
    }

    /// Adds `path`, interpreted in the current user space.
    public func addPath(_ path: CGPath) {
        currentPath.addPath(path, transform: userToPixel)
    }

    /// Whether the current path is empty.
    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// The current point of the path, in user space.
    public var currentPointOfPath: CGPoint {
        currentPath.currentPoint.applying(userToPixel.inverted())
    }

    /// The bounding box of the current path, in user space; `CGRect.null` if empty.
    public var boundingBoxOfPath: CGRect {
        currentPath.boundingBoxOfPath.applying(userToPixel.inverted())
    }

    /// A copy of the current path in user space, or nil if it is empty.
    public var path: CGPath? {
        guard !currentPath.isEmpty else { return nil }
        var t = userToPixel.inverted()
        return currentPath.copy(using: &t)
    }

    /// Replaces the current path by the outline of its stroke with the current line settings.
    public func replacePathWithStrokedPath() {
        let outlines = strokeOutlines(currentPath)
        currentPath.removeAll()
        for outline in outlines where outline.count > 1 {
            currentPath.addLines(between: outline)
            currentPath.closeSubpath()
        }
    }
}
