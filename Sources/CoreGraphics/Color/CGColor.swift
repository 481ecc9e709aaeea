/// An immutable colour: components in a colour space plus alpha.
public final class CGColor: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The colour space the components are in.
    public let colorSpace: CGColorSpace?
    /// The colour components followed by alpha, e.g. `[r, g, b, a]` or `[white, a]`.
    public let components: [CGFloat]?

    package init(space: CGColorSpace, storage: [CGFloat]) {
        self.colorSpace = space
        self.components = storage
    }

    /// A device-independent gray colour (generic gray, gamma 2.2).
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.sharedGenericGray, storage: [gray, alpha])
    }

    /// An sRGB colour.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: CGColorSpace.sharedSRGB, storage: [red, green, blue, alpha])
    }

    /// An sRGB colour (the `srgbRed:` spelling).
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A colour in `space`; `components` holds the colour components followed by alpha.
    /// Returns nil when the count does not match the space.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        let count = space.numberOfComponents
        guard count > 0, space.supportsOutput else { return nil }
        let values = (0...count).map { components[$0] }
        self.init(space: space, storage: values)
    }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The alpha component.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// The number of components including alpha.
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// A copy of this colour with a different alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard var values = components, let space = colorSpace else { return nil }
        values[values.count - 1] = alpha
        return CGColor(space: space, storage: values)
    }

    /// A copy of this colour.
    public func copy() -> CGColor? { self }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs === rhs || (lhs.colorSpace == rhs.colorSpace && lhs.components == rhs.components)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(colorSpace)
        hasher.combine(components)
    }

    public var description: String {
        let values = (components ?? []).map { "\($0)" }.joined(separator: " ")
        return "<CGColor> [\(colorSpace?.description ?? "?")] ( \(values) )"
    }

    /// Straight (not premultiplied) RGBA in 0…1, clamped: what the rasterizer paints with.
    var rgba: (r: Float, g: Float, b: Float, a: Float) {
        let c = components ?? [0, 0, 0, 1]
        func clamp(_ v: CGFloat) -> Float { v.isNaN ? 0 : Float(Swift.min(Swift.max(v, 0), 1)) }
        switch colorSpace?.model {
        case .monochrome?:
            let w = clamp(c[0])
            return (w, w, w, clamp(c[1]))
        case .rgb?:
            return (clamp(c[0]), clamp(c[1]), clamp(c[2]), clamp(c[3]))
        default:
            return (0, 0, 0, clamp(c.last ?? 1))
        }
    }
}
