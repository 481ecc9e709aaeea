/// Where the channels of one 32-bit pixel sit in memory.
///
/// Invariant: `red`, `green`, `blue` and `alpha` are distinct byte offsets in 0..<4. When
/// `hasAlpha` is false the alpha byte is padding ("skip"): the pixel is opaque and drawing
/// writes 255 there.
struct PixelLayout: Equatable, Sendable {
    var red: Int
    var green: Int
    var blue: Int
    var alpha: Int
    var hasAlpha: Bool

    /// R G B A in memory: the canonical layout of `CGImage` storage.
    static let rgba = PixelLayout(red: 0, green: 1, blue: 2, alpha: 3, hasAlpha: true)

    /// The layout a bitmap context with `info` uses, or nil for layouts Lamina cannot draw into.
    init?(bitmapInfo info: UInt32) {
        let alphaInfo = CGImageAlphaInfo(rawValue: info & CGBitmapInfo.alphaInfoMask.rawValue)
        let byteOrder = info & CGBitmapInfo.byteOrderMask.rawValue
        guard info & CGBitmapInfo.floatComponents.rawValue == 0 else { return nil }
        let alphaFirst: Bool
        let hasAlpha: Bool
        switch alphaInfo {
        case .premultipliedLast?: alphaFirst = false; hasAlpha = true
        case .premultipliedFirst?: alphaFirst = true; hasAlpha = true
        case .noneSkipLast?: alphaFirst = false; hasAlpha = false
        case .noneSkipFirst?: alphaFirst = true; hasAlpha = false
        default: return nil
        }
        let little: Bool
        switch byteOrder {
        case CGBitmapInfo.byteOrderDefault.rawValue, CGBitmapInfo.byteOrder32Big.rawValue: little = false
        case CGBitmapInfo.byteOrder32Little.rawValue: little = true
        default: return nil
        }
        // Big-endian order lists the channels as named (ARGB / RGBA); little-endian reverses
        // the 32-bit word in memory (BGRA / ABGR).
        var order = alphaFirst ? [3, 0, 1, 2] : [0, 1, 2, 3]  // memory slot → channel (0 r, 1 g, 2 b, 3 a)
        if little { order.reverse() }
        self.red = order.firstIndex(of: 0)!
        self.green = order.firstIndex(of: 1)!
        self.blue = order.firstIndex(of: 2)!
        self.alpha = order.firstIndex(of: 3)!
        self.hasAlpha = hasAlpha
    }

    init(red: Int, green: Int, blue: Int, alpha: Int, hasAlpha: Bool) {
        assert(Set([red, green, blue, alpha]) == [0, 1, 2, 3], "channel offsets must be distinct bytes of the pixel")
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.hasAlpha = hasAlpha
    }

    /// A premultiplied colour (0…255 per channel) placed in this layout's channel order.
    func arrange(r: Float, g: Float, b: Float, a: Float) -> SIMD4<Float> {
        var v = SIMD4<Float>(repeating: 0)
        v[red] = r
        v[green] = g
        v[blue] = b
        v[alpha] = a
        return v
    }
}
