/// How a shape layer decides what is inside its path.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Inside where the winding number is not zero (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Inside where the number of crossings is odd.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The end caps of a shape layer's stroke.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The corners of a shape layer's stroke.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// A layer that draws a path: filled, then stroked, in the layer's coordinates, above its
/// background and below its sublayers (not clipped to the bounds unless `masksToBounds`).
/// `strokeStart` and `strokeEnd` draw only part of the stroke, as fractions of the path's
/// length — animating `strokeEnd` draws the path on.
open class CAShapeLayer: CALayer {
    /// The shape.
    open var path: CGPath? { didSet { propertyDidChange("path", from: oldValue) } }
    /// The fill; opaque black by default, nil for none.
    open var fillColor: CGColor? = CGColor(gray: 0, alpha: 1) { didSet { propertyDidChange("fillColor", from: oldValue) } }
    /// How the fill decides what is inside.
    open var fillRule = CAShapeLayerFillRule.nonZero { didSet { propertyDidChange("fillRule", from: oldValue) } }
    /// The stroke; nil (none) by default.
    open var strokeColor: CGColor? { didSet { propertyDidChange("strokeColor", from: oldValue) } }
    /// Where the stroke starts, as a fraction of the path's length (0 by default).
    open var strokeStart: CGFloat = 0 { didSet { propertyDidChange("strokeStart", from: oldValue) } }
    /// Where the stroke ends, as a fraction of the path's length (1 by default).
    open var strokeEnd: CGFloat = 1 { didSet { propertyDidChange("strokeEnd", from: oldValue) } }
    /// The stroke width; 1 by default. A width of 0 or less (or NaN) strokes nothing, since
    /// Core Graphics requires a line width greater than 0; the value itself is kept.
    ///
    /// - Note: Differs from Apple: Core Animation does not document negative widths; Lamina
    ///   follows `CGContext.setLineWidth(_:)`'s documented requirement rather than stroking
    ///   the absolute value.
    open var lineWidth: CGFloat = 1 { didSet { propertyDidChange("lineWidth", from: oldValue) } }
    /// The miter limit; 10 by default.
    open var miterLimit: CGFloat = 10 { didSet { propertyDidChange("miterLimit", from: oldValue) } }
    /// The end caps; `.butt` by default.
    open var lineCap = CAShapeLayerLineCap.butt { didSet { propertyDidChange("lineCap", from: oldValue) } }
    /// The corners; `.miter` by default.
    open var lineJoin = CAShapeLayerLineJoin.miter { didSet { propertyDidChange("lineJoin", from: oldValue) } }
    /// How far into the dash pattern the stroke starts.
    open var lineDashPhase: CGFloat = 0 { didSet { propertyDidChange("lineDashPhase", from: oldValue) } }
    /// Alternating painted and unpainted lengths; nil strokes solid.
    open var lineDashPattern: [NSNumber]? { didSet { propertyDidChange("lineDashPattern", from: oldValue) } }

    public required init() {
        super.init()
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAShapeLayer else { return }
        path = other.path
        fillColor = other.fillColor
        fillRule = other.fillRule
        strokeColor = other.strokeColor
        strokeStart = other.strokeStart
        strokeEnd = other.strokeEnd
        lineWidth = other.lineWidth
        miterLimit = other.miterLimit
        lineCap = other.lineCap
        lineJoin = other.lineJoin
        lineDashPhase = other.lineDashPhase
        lineDashPattern = other.lineDashPattern
    }

    public required init?(coder: NSCoder) { nil }

    private static let shapeKeys: Set<String> = ["path", "fillColor", "strokeColor", "strokeStart", "strokeEnd",
                                                 "lineWidth", "miterLimit", "lineDashPhase"]

    override package func isAnimatable(_ key: String) -> Bool {
        CAShapeLayer.shapeKeys.contains(key) || super.isAnimatable(key)
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "path": return path
        case "fillColor": return fillColor
        case "fillRule": return fillRule.rawValue
        case "strokeColor": return strokeColor
        case "strokeStart": return KeyValueBox.box(strokeStart)
        case "strokeEnd": return KeyValueBox.box(strokeEnd)
        case "lineWidth": return KeyValueBox.box(lineWidth)
        case "miterLimit": return KeyValueBox.box(miterLimit)
        case "lineCap": return lineCap.rawValue
        case "lineJoin": return lineJoin.rawValue
        case "lineDashPhase": return KeyValueBox.box(lineDashPhase)
        case "lineDashPattern": return lineDashPattern
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        let number = AnimationNumber.double(value).map { CGFloat($0) }
        switch key {
        case "path": path = value.flatMap { $0 as? CGPath }
        case "fillColor": fillColor = KeyPathMember.color(value)
        case "fillRule": if let v = value as? String { fillRule = CAShapeLayerFillRule(rawValue: v) }
        case "strokeColor": strokeColor = KeyPathMember.color(value)
        case "strokeStart": if let number { strokeStart = number }
        case "strokeEnd": if let number { strokeEnd = number }
        case "lineWidth": if let number { lineWidth = number }
        case "miterLimit": if let number { miterLimit = number }
        case "lineCap": if let v = value as? String { lineCap = CAShapeLayerLineCap(rawValue: v) }
        case "lineJoin": if let v = value as? String { lineJoin = CAShapeLayerLineJoin(rawValue: v) }
        case "lineDashPhase": if let number { lineDashPhase = number }
        case "lineDashPattern": lineDashPattern = value as? [NSNumber]
        default: super.setValue(value, forKey: key)
        }
    }

    override var renderContent: LayerContent {
        .shape(ShapeContent(path: path, fillColor: fillColor, fillRule: fillRule, strokeColor: strokeColor,
                            strokeStart: strokeStart, strokeEnd: strokeEnd, lineWidth: lineWidth, miterLimit: miterLimit,
                            lineCap: lineCap, lineJoin: lineJoin, lineDashPhase: lineDashPhase,
                            lineDashPattern: lineDashPattern?.map { CGFloat($0.doubleValue) }))
    }
}
