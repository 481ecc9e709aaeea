/// Core Foundation's array type, which `CGGradient(colorsSpace:colors:locations:)` takes.
///
/// - Note: Differs from Apple: Foundation on Linux has no `CFArray`; Lamina names a Swift
///   array of `Any` so that `[c0, c1] as CFArray` compiles unchanged.
public typealias CFArray = [Any]

/// Options for extending a gradient past its end points.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Paint the start colour before the start point (linear) or inside the start circle.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// Paint the end colour past the end point (linear) or outside the end circle.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}

/// A colour ramp: colours at locations in 0…1, interpolated in between.
public final class CGGradient: @unchecked Sendable {
    /// Straight RGBA stops sorted by location.
    let stops: [(location: CGFloat, r: Float, g: Float, b: Float, a: Float)]
    private let cacheLock = NSLock()
    private var cachedTable: (layout: PixelLayout, alpha: Float, words: [UInt32])?

    /// A gradient from `colors` (CGColor values) at `locations` (nil: evenly spaced).
    /// Returns nil for fewer than one colour or non-CGColor entries.
    public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let cgColors = colors.compactMap { $0 as? CGColor }
        guard !cgColors.isEmpty, cgColors.count == colors.count else { return nil }
        var stops: [(CGFloat, Float, Float, Float, Float)] = []
        for (i, color) in cgColors.enumerated() {
            let location = locations.map { $0[i] } ?? (cgColors.count == 1 ? 0 : CGFloat(i) / CGFloat(cgColors.count - 1))
            let c = color.rgba
            stops.append((location, c.r, c.g, c.b, c.a))
        }
        self.stops = CGGradient.sorted(stops)
    }

    /// A gradient from `count` colours of raw components in `space` (each followed by alpha).
    public init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        let n = space.numberOfComponents
        guard count > 0, n == 1 || n == 3 else { return nil }
        var stops: [(CGFloat, Float, Float, Float, Float)] = []
        for i in 0..<count {
            let base = components + i * (n + 1)
            let values = (0...n).map { base[$0] }
            let color = CGColor(space: space, storage: values)
            let c = color.rgba
            let location = locations.map { $0[i] } ?? (count == 1 ? 0 : CGFloat(i) / CGFloat(count - 1))
            stops.append((location, c.r, c.g, c.b, c.a))
        }
        self.stops = CGGradient.sorted(stops)
    }

    private static func sorted(_ stops: [(CGFloat, Float, Float, Float, Float)])
        -> [(location: CGFloat, r: Float, g: Float, b: Float, a: Float)] {
        stops.map { (location: $0.0.isFinite ? Swift.min(Swift.max($0.0, 0), 1) : 0, r: $0.1, g: $0.2, b: $0.3, a: $0.4) }
            .enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    /// The colour at `t` (clamped to 0…1), straight RGBA. `pair` is where the search for the
    /// stops around `t` starts (1 at first; it is left at the pair found), so a caller stepping
    /// `t` upwards walks the stops once instead of searching them from the start each time.
    func color(at t: CGFloat, pair: inout Int) -> SIMD4<Float> {
        let first = stops[0], last = stops[stops.count - 1]
        if t <= first.location { return SIMD4(first.r, first.g, first.b, first.a) }
        if t >= last.location { return SIMD4(last.r, last.g, last.b, last.a) }
        if stops[pair - 1].location >= t { pair = 1 }
        while stops[pair].location < t { pair += 1 }
        let a = stops[pair - 1], b = stops[pair]
        let span = b.location - a.location
        let f = Float(span > 0 ? (t - a.location) / span : 1)
        let ca = SIMD4(a.r, a.g, a.b, a.a), cb = SIMD4(b.r, b.g, b.b, b.a)
        return ca + (cb - ca) * f
    }

    /// `size` packed premultiplied colours sampling 0…1 evenly, in `layout` memory order,
    /// scaled by `alpha`. The last table made is cached: drawing the same gradient again (the
    /// usual case) costs nothing.
    func lookupTable(size: Int, layout: PixelLayout, alpha: Float) -> [UInt32] {
        cacheLock.lock()
        defer { cacheLock.unlock() }
        if let cached = cachedTable, cached.layout == layout, cached.alpha == alpha, cached.words.count == size {
            return cached.words
        }
        let shifts = (UInt32(layout.red * 8), UInt32(layout.green * 8), UInt32(layout.blue * 8), UInt32(layout.alpha * 8))
        var pair = 1
        let words = (0..<size).map { i -> UInt32 in
            let c = color(at: CGFloat(i) / CGFloat(size - 1), pair: &pair)
            let a = c[3] * alpha
            return UInt32(PixelMath.byte(c[0] * a * 255)) << shifts.0 | UInt32(PixelMath.byte(c[1] * a * 255)) << shifts.1
                | UInt32(PixelMath.byte(c[2] * a * 255)) << shifts.2 | UInt32(PixelMath.byte(a * 255)) << shifts.3
        }
        cachedTable = (layout, alpha, words)
        return words
    }
}
