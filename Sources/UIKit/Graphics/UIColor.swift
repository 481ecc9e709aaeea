/// A colour, in extended sRGB (from RGB or HSB components) or extended gray (from a white
/// level), convertible to a `CGColor`.
open class UIColor: NSObject, _ExpressibleByColorLiteral, @unchecked Sendable {
    private let staticColor: CGColor
    /// For a dynamic colour: the colour for given traits.
    let provider: (@Sendable (UITraitCollection) -> UIColor)?

    /// The Core Graphics colour; a dynamic colour resolves with `UITraitCollection.current`.
    open var cgColor: CGColor {
        guard let provider else { return staticColor }
        return provider(UITraitCollection.current).cgColor
    }

    /// A colour from RGB components (extended sRGB; values outside 0…1 are kept).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        staticColor = CGColor(space: CGColorSpace.sharedExtendedSRGB, storage: [red, green, blue, alpha])
        provider = nil
        super.init()
    }

    /// A gray colour (extended gray space).
    public init(white: CGFloat, alpha: CGFloat) {
        staticColor = CGColor(space: CGColorSpace.sharedExtendedGray, storage: [white, alpha])
        provider = nil
        super.init()
    }

    /// A colour that `dynamicProvider` picks for each trait collection (light and dark
    /// appearances, say).
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        provider = dynamicProvider
        staticColor = dynamicProvider(UITraitCollection.screen).cgColor
        super.init()
    }

    /// The colour for `traitCollection`: a dynamic colour's pick, or `self`.
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        provider.map { $0(traitCollection).resolvedColor(with: traitCollection) } ?? self
    }

    /// A colour from hue, saturation and brightness (0…1 each).
    /// Non-finite components count as 0.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        @inline(__always) func finite(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        let hue = finite(hue), saturation = finite(saturation), brightness = finite(brightness)
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h.rounded(.down)) % 6
        let f = h - h.rounded(.down)
        let v = brightness, s = saturation
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The colour a `#colorLiteral(red:green:blue:alpha:)` names (sRGB components).
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    /// A colour wrapping `cgColor`.
    public init(cgColor: CGColor) {
        staticColor = cgColor
        provider = nil
        super.init()
    }

    /// A colour from display-P3 components (treated as sRGB by Lamina).
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    // MARK: Named colours (iOS component values)

    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    open class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    open class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // System colours: light and dark values (the gray is the same in both).
    open class var systemRed: UIColor {
        system(UIColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1), dark: UIColor(red: 255 / 255, green: 69 / 255, blue: 58 / 255, alpha: 1))
    }
    open class var systemGreen: UIColor {
        system(UIColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1), dark: UIColor(red: 48 / 255, green: 209 / 255, blue: 88 / 255, alpha: 1))
    }
    open class var systemBlue: UIColor {
        system(UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1), dark: UIColor(red: 10 / 255, green: 132 / 255, blue: 255 / 255, alpha: 1))
    }
    open class var systemOrange: UIColor {
        system(UIColor(red: 1, green: 149 / 255, blue: 0, alpha: 1), dark: UIColor(red: 255 / 255, green: 159 / 255, blue: 10 / 255, alpha: 1))
    }
    open class var systemYellow: UIColor {
        system(UIColor(red: 1, green: 204 / 255, blue: 0, alpha: 1), dark: UIColor(red: 255 / 255, green: 214 / 255, blue: 10 / 255, alpha: 1))
    }
    open class var systemPink: UIColor {
        system(UIColor(red: 1, green: 45 / 255, blue: 85 / 255, alpha: 1), dark: UIColor(red: 255 / 255, green: 55 / 255, blue: 95 / 255, alpha: 1))
    }
    open class var systemPurple: UIColor {
        system(UIColor(red: 175 / 255, green: 82 / 255, blue: 222 / 255, alpha: 1), dark: UIColor(red: 191 / 255, green: 90 / 255, blue: 242 / 255, alpha: 1))
    }
    open class var systemIndigo: UIColor {
        system(UIColor(red: 88 / 255, green: 86 / 255, blue: 214 / 255, alpha: 1), dark: UIColor(red: 94 / 255, green: 92 / 255, blue: 230 / 255, alpha: 1))
    }
    open class var systemGray: UIColor { UIColor(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 1) }
    open class var systemTeal: UIColor {
        system(UIColor(red: 48 / 255, green: 176 / 255, blue: 199 / 255, alpha: 1), dark: UIColor(red: 64 / 255, green: 200 / 255, blue: 224 / 255, alpha: 1))
    }
    open class var systemCyan: UIColor {
        system(UIColor(red: 50 / 255, green: 173 / 255, blue: 230 / 255, alpha: 1), dark: UIColor(red: 100 / 255, green: 210 / 255, blue: 255 / 255, alpha: 1))
    }
    open class var systemMint: UIColor {
        system(UIColor(red: 0, green: 199 / 255, blue: 190 / 255, alpha: 1), dark: UIColor(red: 99 / 255, green: 230 / 255, blue: 226 / 255, alpha: 1))
    }
    open class var systemBrown: UIColor {
        system(UIColor(red: 162 / 255, green: 132 / 255, blue: 94 / 255, alpha: 1), dark: UIColor(red: 172 / 255, green: 142 / 255, blue: 104 / 255, alpha: 1))
    }

    // MARK: Components

    /// Writes the RGB components (gray colours convert exactly). Returns false for colours in
    /// other spaces.
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        guard let c = cgColor.components, let model = cgColor.colorSpace?.model else { return false }
        switch model {
        case .rgb:
            red?.pointee = c[0]; green?.pointee = c[1]; blue?.pointee = c[2]; alpha?.pointee = c[3]
        case .monochrome:
            red?.pointee = c[0]; green?.pointee = c[0]; blue?.pointee = c[0]; alpha?.pointee = c[1]
        default:
            return false
        }
        return true
    }

    /// Writes the white level and alpha. Returns false unless the colour is gray.
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard let c = cgColor.components, cgColor.colorSpace?.model == .monochrome else { return false }
        white?.pointee = c[0]
        alpha?.pointee = c[1]
        return true
    }

    /// Writes hue, saturation, brightness and alpha (RGB or gray colours).
    open func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        guard getRed(&r, green: &g, blue: &b, alpha: &a) else { return false }
        let maxC = Swift.max(r, g, b), minC = Swift.min(r, g, b), delta = maxC - minC
        var h: CGFloat = 0
        if delta > 0 {
            if maxC == r { h = (g - b) / delta } else if maxC == g { h = 2 + (b - r) / delta } else { h = 4 + (r - g) / delta }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maxC > 0 ? delta / maxC : 0
        brightness?.pointee = maxC
        alpha?.pointee = a
        return true
    }

    /// The same colour with another alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
    }

    /// Sets this colour as the fill and stroke colour of the current context.
    open func set() {
        setFill()
        setStroke()
    }

    /// Sets this colour as the fill colour of the current context.
    open func setFill() {
        UIGraphicsGetCurrentContext()?.setFillColor(cgColor)
    }

    /// Sets this colour as the stroke colour of the current context.
    open func setStroke() {
        UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return cgColor == other.cgColor
    }

    open override var hash: Int { cgColor.hashValue }

    open override var description: String {
        let values = (cgColor.components ?? []).map { String(format: "%g", Double($0)) }.joined(separator: " ")
        let space = cgColor.colorSpace?.model == .monochrome ? "UIExtendedGrayColorSpace" : "UIExtendedSRGBColorSpace"
        return "\(space) \(values)"
    }
}
