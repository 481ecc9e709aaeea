/// A path with its own line settings, drawn into the current UIKit context.
///
/// Arcs take `clockwise` in UIKit's y-down sense: clockwise on screen.
open class UIBezierPath: NSObject, NSCopying {
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

    /// A copy with the same elements and line settings; later changes to either stay apart.
    /// (A subclass's copy is a plain `UIBezierPath` unless it overrides this.)
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UIBezierPath()
        copy.storage = storage.mutableCopy() ?? CGMutablePath()
        copy.lineWidth = lineWidth
        copy.lineCapStyle = lineCapStyle
        copy.lineJoinStyle = lineJoinStyle
        copy.miterLimit = miterLimit
        copy.usesEvenOddFillRule = usesEvenOddFillRule
        copy.dashPattern = dashPattern
        copy.dashPhase = dashPhase
        return copy
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

    /// A rectangle with only `corners` rounded, by `cornerRadii.width` (clamped to half the
    /// shorter side); the path runs clockwise on screen from the top edge.
    ///
    /// - Note: As on iOS, only `cornerRadii.width` is used.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        guard r.isFiniteRect else { return }
        let radius = Swift.min(Swift.max(cornerRadii.width.isFinite ? cornerRadii.width : 0, 0), Swift.min(r.width, r.height) / 2)
        func rounding(_ corner: UIRectCorner) -> CGFloat { corners.contains(corner) ? radius : 0 }
        let (tl, tr, br, bl) = (rounding(.topLeft), rounding(.topRight), rounding(.bottomRight), rounding(.bottomLeft))
        move(to: CGPoint(x: r.minX + tl, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - tr, y: r.minY))
        if tr > 0 { addArc(withCenter: CGPoint(x: r.maxX - tr, y: r.minY + tr), radius: tr, startAngle: -.pi / 2, endAngle: 0, clockwise: true) }
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - br))
        if br > 0 { addArc(withCenter: CGPoint(x: r.maxX - br, y: r.maxY - br), radius: br, startAngle: 0, endAngle: .pi / 2, clockwise: true) }
        addLine(to: CGPoint(x: r.minX + bl, y: r.maxY))
        if bl > 0 { addArc(withCenter: CGPoint(x: r.minX + bl, y: r.maxY - bl), radius: bl, startAngle: .pi / 2, endAngle: .pi, clockwise: true) }
        addLine(to: CGPoint(x: r.minX, y: r.minY + tl))
        if tl > 0 { addArc(withCenter: CGPoint(x: r.minX + tl, y: r.minY + tl), radius: tl, startAngle: .pi, endAngle: 1.5 * .pi, clockwise: true) }
        close()
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

/// Corners of a rectangle.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners = UIRectCorner(rawValue: UInt.max)
}
