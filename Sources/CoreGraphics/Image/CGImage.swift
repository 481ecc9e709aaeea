/// An immutable bitmap image.
///
/// Lamina keeps every image's pixels as 8-bit premultiplied RGBA (rows top to bottom), whatever
/// it was made from, and reports that layout through `bitmapInfo`.
///
/// - Note: Differs from Apple: images made from BGRA or ARGB contexts are stored (and reported)
///   as RGBA.
public final class CGImage: @unchecked Sendable, CustomStringConvertible {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Premultiplied RGBA bytes, `width * 4` per row.
    package let pixels: [UInt8]
    /// Whether every pixel is opaque (the source had no alpha channel).
    package let isOpaque: Bool
    private let wordsLock = NSLock()
    private var cachedWords: (layout: PixelLayout, words: [UInt32], opaque: Bool)?
    private var cachedLevels: [(layout: PixelLayout, level: Int, width: Int, height: Int, words: [UInt32])] = []

    /// Whether this image is an image mask (made by `init(maskWidth:…)`): its pixels are
    /// white, premultiplied, with alpha 255 where the mask paints.
    public let isMask: Bool

    package init(width: Int, height: Int, pixels: [UInt8], isOpaque: Bool, isMask: Bool = false) {
        precondition(pixels.count == width * height * 4, "pixel storage does not match the image size")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.isOpaque = isOpaque
        self.isMask = isMask
    }

    /// Always 8.
    public var bitsPerComponent: Int { 8 }
    /// Always 32.
    public var bitsPerPixel: Int { 32 }
    /// `width * 4`.
    public var bytesPerRow: Int { width * 4 }
    /// sRGB; nil for an image mask, as on Apple platforms.
    public var colorSpace: CGColorSpace? { isMask ? nil : CGColorSpace.sharedSRGB }
    /// Premultiplied-last alpha (or skip-last for opaque images), default byte order.
    public var alphaInfo: CGImageAlphaInfo { isOpaque ? .noneSkipLast : .premultipliedLast }
    /// The layout flags, matching `alphaInfo`.
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(rawValue: alphaInfo.rawValue) }
    /// Whether drawing may interpolate this image.
    public var shouldInterpolate: Bool { true }

    public var description: String {
        "<CGImage \(width)×\(height) RGBA8 premultiplied>"
    }
}

extension CGImage {
    /// The pixels as packed words in `layout`'s memory order (premultiplied), and whether
    /// every alpha is 255; made once per layout and kept, so repeated draws of one image do
    /// not convert it again.
    func packedWords(layout: PixelLayout) -> (words: [UInt32], opaque: Bool) {
        wordsLock.lock()
        defer { wordsLock.unlock() }
        if let cached = cachedWords, cached.layout == layout { return (cached.words, cached.opaque) }
        #if _endian(little)
        // Whole pixels at a time: each byte of the stored R G B A word moved to its place.
        let count = width * height
        var alphas: UInt32 = 0xFF
        let (red, green, blue, alpha) = (UInt32(layout.red * 8), UInt32(layout.green * 8), UInt32(layout.blue * 8), UInt32(layout.alpha * 8))
        let identity = layout.red == 0 && layout.green == 1 && layout.blue == 2 && layout.alpha == 3
        let packed = [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
            pixels.withUnsafeBytes { raw in
                for i in 0..<count {
                    let w = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                    alphas &= w >> 24
                    out[i] = identity ? w
                        : (w & 0xFF) << red | ((w >> 8) & 0xFF) << green | ((w >> 16) & 0xFF) << blue | (w >> 24) << alpha
                }
            }
            initialized = count
        }
        cachedWords = (layout, packed, alphas == 0xFF)
        return (packed, alphas == 0xFF)
        #else
        var opaque = true
        var words = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { p in
            for i in 0..<(width * height) {
                let o = i * 4
                var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                withUnsafeMutableBytes(of: &bytes) { raw in
                    raw[layout.red] = p[o]
                    raw[layout.green] = p[o + 1]
                    raw[layout.blue] = p[o + 2]
                    raw[layout.alpha] = p[o + 3]
                }
                words[i] = unsafeBitCast(bytes, to: UInt32.self)
                if p[o + 3] != 255 { opaque = false }
            }
        }
        cachedWords = (layout, words, opaque)
        return (words, opaque)
        #endif
    }
}

extension CGImage {
    /// The part of the image inside `rect` (pixel coordinates, origin top-left), rounded out to
    /// whole pixels and limited to the image; nil when nothing of the image is inside.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard rect.isFiniteRect else { return nil }
        let area = DeviceRect(covering: rect.standardized).intersection(DeviceRect(x0: 0, y0: 0, x1: width, y1: height))
        guard !area.isEmpty else { return nil }
        var cropped = [UInt8](repeating: 0, count: area.width * area.height * 4)
        for row in 0..<area.height {
            let from = ((area.y0 + row) * width + area.x0) * 4
            cropped.replaceSubrange(row * area.width * 4..<(row + 1) * area.width * 4,
                                    with: pixels[from..<(from + area.width * 4)])
        }
        return CGImage(width: area.width, height: area.height, pixels: cropped, isOpaque: isOpaque, isMask: isMask)
    }
}

extension CGImage {
    /// Level `level` of the image's reduction pyramid (level 0 is the image; each level halves
    /// both sides, rounding up, averaging 2 × 2 texels), as packed words in `layout` order.
    func packedLevel(_ level: Int, layout: PixelLayout) -> (words: [UInt32], opaque: Bool, width: Int, height: Int) {
        let base = packedWords(layout: layout)
        guard level > 0, width > 1 || height > 1 else { return (base.words, base.opaque, width, height) }
        wordsLock.lock()
        if let hit = cachedLevels.first(where: { $0.layout == layout && $0.level == level }) {
            wordsLock.unlock()
            return (hit.words, base.opaque, hit.width, hit.height)
        }
        wordsLock.unlock()
        var words = base.words, w = width, h = height
        for _ in 0..<level where w > 1 || h > 1 {
            let nw = (w + 1) / 2, nh = (h + 1) / 2
            var next = [UInt32](repeating: 0, count: nw * nh)
            for y in 0..<nh {
                for x in 0..<nw {
                    let x0 = 2 * x, y0 = 2 * y
                    let x1 = Swift.min(x0 + 1, w - 1), y1 = Swift.min(y0 + 1, h - 1)
                    // Average of four premultiplied texels, channel by channel (½·½ lerps).
                    let top = PixelMath.lerp(words[y0 * w + x0], words[y0 * w + x1], 128)
                    let bottom = PixelMath.lerp(words[y1 * w + x0], words[y1 * w + x1], 128)
                    next[y * nw + x] = PixelMath.lerp(top, bottom, 128)
                }
            }
            words = next
            w = nw
            h = nh
        }
        wordsLock.lock()
        cachedLevels.append((layout, level, w, h, words))
        if cachedLevels.count > 8 { cachedLevels.removeFirst() }
        wordsLock.unlock()
        return (words, base.opaque, w, h)
    }
}

