/// A path drawn with AppKit: lines, curves, rectangles, ovals and rounded rectangles,
/// filled or stroked in the current context with its own line width, caps and joins.
open class NSBezierPath: NSObject, @unchecked Sendable {
    public enum LineCapStyle: UInt, Sendable { case butt = 0, round = 1, square = 2 }
    public enum LineJoinStyle: UInt, Sendable { case miter = 0, round = 1, bevel = 2 }
    public enum WindingRule: UInt, Sendable { case nonZero = 0, evenOdd = 1 }

    private var path = CGMutablePath()
    open var lineWidth: CGFloat = 1
    open var lineCapStyle: LineCapStyle = .butt
    open var lineJoinStyle: LineJoinStyle = .miter
    open var miterLimit: CGFloat = 10
    open var windingRule: WindingRule = .nonZero
    private var dash: (pattern: [CGFloat], phase: CGFloat)?

    public override init() { super.init() }

    public convenience init(rect: NSRect) {
        self.init()
        appendRect(rect)
    }

    public convenience init(ovalIn rect: NSRect) {
        self.init()
        appendOval(in: rect)
    }

    public convenience init(roundedRect rect: NSRect, xRadius: CGFloat, yRadius: CGFloat) {
        self.init()
        appendRoundedRect(rect, xRadius: xRadius, yRadius: yRadius)
    }

    /// The path for Core Graphics.
    open var cgPath: CGPath { path.copy() ?? path }

    /// What one element of the path does.
    public enum ElementType: UInt, Sendable {
        case moveTo = 0
        case lineTo = 1
        case cubicCurveTo = 2
        case closePath = 3
        case quadraticCurveTo = 4

        /// The older name of `cubicCurveTo`.
        public static var curveTo: ElementType { .cubicCurveTo }
    }

    /// How many elements (moves, lines, curves, closes) the path holds.
    open var elementCount: Int { path.elementCount }

    /// The type of element `index`, with its points copied to `points` (one for a move or a
    /// line, control points then end point for a curve, none for a close). An index outside
    /// the path stops the program, as AppKit raises `NSRangeException`.
    open func element(at index: Int, associatedPoints points: UnsafeMutablePointer<NSPoint>?) -> ElementType {
        guard let element = path.element(at: index) else {
            fatalError("*** -[NSBezierPath elementAtIndex:associatedPoints:]: index (\(index)) beyond bounds (\(elementCount))")
        }
        if let points { for (i, point) in element.points.enumerated() { points[i] = point } }
        switch element.type {
        case .moveToPoint: return .moveTo
        case .addLineToPoint: return .lineTo
        case .addQuadCurveToPoint: return .quadraticCurveTo
        case .addCurveToPoint: return .cubicCurveTo
        case .closeSubpath: return .closePath
        }
    }

    /// The type of element `index`.
    open func element(at index: Int) -> ElementType {
        element(at: index, associatedPoints: nil)
    }

    open var isEmpty: Bool { path.isEmpty }
    open var bounds: NSRect { path.boundingBoxOfPath }
    open var currentPoint: NSPoint { path.currentPoint }

    open func move(to point: NSPoint) { path.move(to: point) }
    open func line(to point: NSPoint) { path.addLine(to: point) }
    open func curve(to endPoint: NSPoint, controlPoint1: NSPoint, controlPoint2: NSPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    open func close() { path.closeSubpath() }
    open func removeAllPoints() { path = CGMutablePath() }
    open func appendRect(_ rect: NSRect) { path.addRect(rect) }
    open func appendOval(in rect: NSRect) { path.addEllipse(in: rect) }
    open func appendRoundedRect(_ rect: NSRect, xRadius: CGFloat, yRadius: CGFloat) {
        let rx = Swift.min(Swift.max(xRadius, 0), rect.width / 2), ry = Swift.min(Swift.max(yRadius, 0), rect.height / 2)
        path.addRoundedRect(in: rect, cornerWidth: rx, cornerHeight: ry)
    }
    open func appendArc(withCenter center: NSPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                        clockwise: Bool = false) {
        // AppKit's angles are in degrees, counterclockwise in a y-up space.
        path.addArc(center: center, radius: radius, startAngle: startAngle * .pi / 180, endAngle: endAngle * .pi / 180,
                    clockwise: clockwise)
    }
    open func append(_ other: NSBezierPath) { path.addPath(other.path) }
    open func transform(using transform: AffineTransform) {
        let m = CGAffineTransform(a: transform.m11, b: transform.m12, c: transform.m21, d: transform.m22,
                                  tx: transform.tX, ty: transform.tY)
        let moved = CGMutablePath()
        moved.addPath(path, transform: m)
        path = moved
    }
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else {
            dash = nil
            return
        }
        dash = (Array(UnsafeBufferPointer(start: pattern, count: count)), phase)
    }
    open func contains(_ point: NSPoint) -> Bool {
        path.contains(point, using: windingRule == .evenOdd ? .evenOdd : .winding)
    }

    /// Fills the path in the current context with its fill colour.
    open func fill() {
        guard let ctx = NSGraphicsContext.current?.cgContext else { return }
        ctx.addPath(path)
        ctx.fillPath(using: windingRule == .evenOdd ? .evenOdd : .winding)
    }

    /// Strokes the path in the current context with its stroke colour and this path's line.
    open func stroke() {
        guard let ctx = NSGraphicsContext.current?.cgContext else { return }
        ctx.saveGState()
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(CGLineCap(rawValue: Int32(lineCapStyle.rawValue)) ?? .butt)
        ctx.setLineJoin(CGLineJoin(rawValue: Int32(lineJoinStyle.rawValue)) ?? .miter)
        ctx.setMiterLimit(miterLimit)
        if let dash { ctx.setLineDash(phase: dash.phase, lengths: dash.pattern) }
        ctx.addPath(path)
        ctx.strokePath()
        ctx.restoreGState()
    }

    /// Intersects the current context's clip with the path.
    open func addClip() {
        guard let ctx = NSGraphicsContext.current?.cgContext else { return }
        ctx.addPath(path)
        ctx.clip(using: windingRule == .evenOdd ? .evenOdd : .winding)
    }

    public class func fill(_ rect: NSRect) { NSBezierPath(rect: rect).fill() }
    public class func stroke(_ rect: NSRect) { NSBezierPath(rect: rect).stroke() }
    public class func strokeLine(from point1: NSPoint, to point2: NSPoint) {
        let line = NSBezierPath()
        line.move(to: point1)
        line.line(to: point2)
        line.stroke()
    }
}
