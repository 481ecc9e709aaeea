/// A path with its own line settings, drawn into the current UIKit context.
///
/// Arcs take `clockwise` in UIKit's y-down sense: clockwise on screen.
open class UIBezierPath: NSObject {
    private var storage = CGMutablePath()

    /// Stroke width; 1 by default.
    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    open var miterLimit: CGFloat = 10
    /// Whether `fill()` uses the even-odd rule.
    open var usesEvenOddFillRule = false
    private var dashPattern: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    public override init() {
        super.init()
    }

    /// A closed rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        storage.addRect(rect)
    }

    /// An ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        storage.addEllipse(in: rect)
    }

    /// A rectangle with all corners rounded by `cornerRadius` (clamped to half the shorter side).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let radius = Swift.min(Swift.max(cornerRadius, 0), Swift.min(rect.width, rect.height) / 2)
        storage.addRoundedRect(in: rect, cornerWidth: radius, cornerHeight: radius)
    }

    /// A circular arc (as the start of a new subpath).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with the elements of `cgPath`.
    public convenience init(cgPath: CGPath) {
        self.init()
        storage.addPath(cgPath)
    }

    /// The path as a Core Graphics path.
    open var cgPath: CGPath {
        get { storage.copy()! }
        set {
            storage = CGMutablePath()
            storage.addPath(newValue)
        }
    }

    /// Whether the path has no elements.
    open var isEmpty: Bool { storage.isEmpty }
    /// The bounding box of the path (control points included).
    open var bounds: CGRect { storage.boundingBox }
    /// The end point of the last element.
    open var currentPoint: CGPoint { storage.currentPoint }

    open func move(to point: CGPoint) { storage.move(to: point) }
    open func addLine(to point: CGPoint) { storage.addLine(to: point) }
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        storage.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        storage.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// Adds an arc; `clockwise` is on-screen clockwise in UIKit's y-down space, i.e. towards
    /// increasing angles (the opposite of `CGMutablePath`'s y-up sense).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        storage.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    open func close() { storage.closeSubpath() }
    open func removeAllPoints() { storage = CGMutablePath() }
    open func append(_ bezierPath: UIBezierPath) { storage.addPath(bezierPath.storage) }
    open func apply(_ transform: CGAffineTransform) {
        var t = transform
        storage = storage.mutableCopy(using: &t) ?? storage
    }

    /// Sets the dash pattern used by `stroke()`: `count` alternating on/off lengths starting
    /// `phase` into the pattern; nil or a count of 0 strokes solid.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dashPattern = pattern.map { p in (0..<Swift.max(0, count)).map { p[$0] } } ?? []
        dashPhase = phase
    }

    /// Copies the dash pattern into `pattern` (when it is not nil) and reports its length and
    /// phase.
    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                          phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern { for (i, length) in dashPattern.enumerated() { pattern[i] = length } }
        count?.pointee = dashPattern.count
        phase?.pointee = dashPhase
    }

    /// Whether `point` is inside the path under its fill rule.
    open func contains(_ point: CGPoint) -> Bool {
        storage.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Fills the path in the current context with its fill colour.
    open func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.beginPath()
        context.addPath(storage)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        context.restoreGState()
    }

    /// Strokes the path in the current context with its line settings and stroke colour.
    open func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.setLineDash(phase: dashPhase, lengths: dashPattern)
        context.beginPath()
        context.addPath(storage)
        context.strokePath()
        context.restoreGState()
    }

    /// Intersects the current context's clip with the path.
    open func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.addPath(storage)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}
