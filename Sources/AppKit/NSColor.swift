/// A colour, in the sRGB space (device and calibrated initializers give the same colour).
/// `cgColor` hands it to Core Graphics and Core Animation; `set()`, `setFill()` and
/// `setStroke()` make it the current context's colour.
///
/// - Note: Differs from Apple: system colours have their light appearance only.
open class NSColor: NSObject, @unchecked Sendable {
    /// The colour for Core Graphics.
    public let cgColor: CGColor

    /// The colour `cgColor` describes (nil when it has no RGB components).
    public init?(cgColor: CGColor) {
        guard cgColor.numberOfComponents >= 2 else { return nil }
        self.cgColor = cgColor
        super.init()
    }

    private init(_ color: CGColor) {
        cgColor = color
        super.init()
    }

    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    public convenience init(calibratedRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    public convenience init(deviceRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(CGColor(gray: white, alpha: alpha))
    }

    public convenience init(calibratedWhite white: CGFloat, alpha: CGFloat) {
        self.init(white: white, alpha: alpha)
    }

    public convenience init(deviceWhite white: CGFloat, alpha: CGFloat) {
        self.init(white: white, alpha: alpha)
    }

    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let (r, g, b) = NSColor.rgb(hue: hue, saturation: saturation, brightness: brightness)
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    private static func rgb(hue: CGFloat, saturation s: CGFloat, brightness v: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6
        let i = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch i {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    /// The RGBA components (grays repeat their white).
    private var rgba: (CGFloat, CGFloat, CGFloat, CGFloat) {
        let c = cgColor.components ?? [0, 1]
        if c.count >= 4 { return (c[0], c[1], c[2], c[3]) }
        return (c[0], c[0], c[0], c.count > 1 ? c[1] : 1)
    }

    open var redComponent: CGFloat { rgba.0 }
    open var greenComponent: CGFloat { rgba.1 }
    open var blueComponent: CGFloat { rgba.2 }
    open var alphaComponent: CGFloat { rgba.3 }

    /// The same colour with `alpha`.
    open func withAlphaComponent(_ alpha: CGFloat) -> NSColor {
        NSColor(cgColor.copy(alpha: alpha) ?? cgColor)
    }

    /// Makes the colour the current context's fill and stroke colour.
    open func set() {
        setFill()
        setStroke()
    }

    open func setFill() { NSGraphicsContext.current?.cgContext.setFillColor(cgColor) }
    open func setStroke() { NSGraphicsContext.current?.cgContext.setStrokeColor(cgColor) }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSColor else { return false }
        return other.cgColor == cgColor
    }

    open override var hash: Int { cgColor.hashValue }

    // MARK: Named colours

    private static func rgb255(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat) -> NSColor {
        NSColor(red: r / 255, green: g / 255, blue: b / 255, alpha: 1)
    }

    public static var black: NSColor { NSColor(white: 0, alpha: 1) }
    public static var white: NSColor { NSColor(white: 1, alpha: 1) }
    public static var darkGray: NSColor { NSColor(white: 1.0 / 3, alpha: 1) }
    public static var gray: NSColor { NSColor(white: 0.5, alpha: 1) }
    public static var lightGray: NSColor { NSColor(white: 2.0 / 3, alpha: 1) }
    public static var clear: NSColor { NSColor(white: 0, alpha: 0) }
    public static var red: NSColor { NSColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public static var green: NSColor { NSColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public static var blue: NSColor { NSColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public static var cyan: NSColor { NSColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public static var yellow: NSColor { NSColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public static var magenta: NSColor { NSColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public static var orange: NSColor { NSColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public static var purple: NSColor { NSColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public static var brown: NSColor { NSColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }

    // macOS's light-appearance system colours.
    public static var systemRed: NSColor { rgb255(255, 59, 48) }
    public static var systemOrange: NSColor { rgb255(255, 149, 0) }
    public static var systemYellow: NSColor { rgb255(255, 204, 0) }
    public static var systemGreen: NSColor { rgb255(40, 205, 65) }
    public static var systemMint: NSColor { rgb255(0, 199, 190) }
    public static var systemTeal: NSColor { rgb255(89, 173, 196) }
    public static var systemCyan: NSColor { rgb255(85, 190, 240) }
    public static var systemBlue: NSColor { rgb255(0, 122, 255) }
    public static var systemIndigo: NSColor { rgb255(88, 86, 214) }
    public static var systemPurple: NSColor { rgb255(175, 82, 222) }
    public static var systemPink: NSColor { rgb255(255, 45, 85) }
    public static var systemBrown: NSColor { rgb255(162, 132, 94) }
    public static var systemGray: NSColor { rgb255(142, 142, 147) }
    public static var controlAccentColor: NSColor { systemBlue }
    public static var windowBackgroundColor: NSColor { rgb255(236, 236, 236) }
    public static var controlBackgroundColor: NSColor { white }
    public static var underPageBackgroundColor: NSColor { rgb255(150, 150, 150) }
    public static var labelColor: NSColor { NSColor(white: 0, alpha: 0.85) }
    public static var secondaryLabelColor: NSColor { NSColor(white: 0, alpha: 0.5) }
    public static var tertiaryLabelColor: NSColor { NSColor(white: 0, alpha: 0.26) }
    public static var textColor: NSColor { black }
    public static var textBackgroundColor: NSColor { white }
    public static var separatorColor: NSColor { NSColor(white: 0, alpha: 0.1) }
    public static var gridColor: NSColor { NSColor(white: 0.9, alpha: 1) }
    public static var selectedContentBackgroundColor: NSColor { rgb255(0, 99, 225) }
}
