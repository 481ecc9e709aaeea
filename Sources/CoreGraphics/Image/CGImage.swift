/// An immutable bitmap image.
///
/// Lamina reports every image's pixels as 8-bit premultiplied RGBA (rows top to bottom),
/// whatever it was made from, and reports that layout through `bitmapInfo`. An image made by a
/// bitmap context keeps the context's own memory order until something asks for RGBA bytes, so
/// drawing it into a context of that order copies nothing.
///
/// - Note: Differs from Apple: images made from BGRA or ARGB contexts are reported as RGBA.
public final class CGImage: @unchecked Sendable, CustomStringConvertible {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Whether every pixel is opaque (the source had no alpha channel).
    package let isOpaque: Bool
    private let lock = NSLock()
    /// RGBA bytes: given when the image was made, or made from `stored` when first asked for.
    private var rgba: [UInt8]?
    /// The words a bitmap context made the image with, in its layout.
    private let stored: (layout: PixelLayout, words: PixelWords)?
    private var cachedWords: (layout: PixelLayout, words: PixelWords, opaque: Bool)?
    private var cachedLevels: [(layout: PixelLayout, level: Int, width: Int, height: Int, words: PixelWords)] = []

    /// Whether this image is an image mask (made by `init(maskWidth:…)`): its pixels are
    /// white, premultiplied, with alpha 255 where the mask paints.
    public let isMask: Bool

    package init(width: Int, height: Int, pixels: [UInt8], isOpaque: Bool, isMask: Bool = false) {
        precondition(pixels.count == width * height * 4, "pixel storage does not match the image size")
        self.width = width
        self.height = height
        self.rgba = pixels
        self.stored = nil
        self.isOpaque = isOpaque
        self.isMask = isMask
    }

    /// An image of premultiplied `words` in `layout` order (colour never above alpha; alpha
    /// 255 throughout when `layout` has none).
    init(width: Int, height: Int, words: PixelWords, layout: PixelLayout) {
        precondition(words.count == width * height, "pixel storage does not match the image size")
        self.width = width
        self.height = height
        self.rgba = nil
        self.stored = (layout, words)
        self.isOpaque = !layout.hasAlpha
        self.isMask = false
    }

    /// Premultiplied RGBA bytes, `width * 4` per row.
    package var pixels: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if let rgba { return rgba }
        let (layout, words) = stored!
        let bytes = [UInt8](unsafeUninitializedCapacity: words.count * 4) { out, initialized in
            PixelWords.convert(UnsafeRawPointer(words.base), layout, into: UnsafeMutableRawPointer(out.baseAddress!), .rgba,
                               count: words.count)
            initialized = words.count * 4
        }
        rgba = bytes
        return bytes
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

    /// Runs `body` with the image's pixels as stored, four bytes each, and the byte of each
    /// pixel that holds red, green, blue and alpha (alpha is 255 throughout in an opaque
    /// image), without making a copy in another order.
    package func withStoredPixels<Result>(
        _ body: (UnsafeRawBufferPointer, _ order: (red: Int, green: Int, blue: Int, alpha: Int)) -> Result
    ) -> Result {
        if let stored {
            let l = stored.layout
            return body(UnsafeRawBufferPointer(start: stored.words.base, count: stored.words.count * 4), (l.red, l.green, l.blue, l.alpha))
        }
        return pixels.withUnsafeBytes { body($0, (0, 1, 2, 3)) }
    }
}

extension CGImage {
    /// The pixels as packed words in `layout`'s memory order (premultiplied), and whether
    /// every alpha is 255; made once per layout and kept, so repeated draws of one image do
    /// not convert it again. An image a context made in `layout`'s order is its own words.
    func packedWords(layout: PixelLayout) -> (words: PixelWords, opaque: Bool) {
        lock.lock()
        if let cached = cachedWords, cached.layout.sameOrder(as: layout) {
            lock.unlock()
            return (cached.words, cached.opaque)
        }
        let words: PixelWords
        let opaque: Bool
        if let stored {
            words = stored.layout.sameOrder(as: layout) ? stored.words : stored.words.converted(from: stored.layout, to: layout)
            opaque = !stored.layout.hasAlpha || words.allOpaque(alphaIndex: layout.alpha)
        } else {
            let pixels = rgba!
            lock.unlock()
            words = PixelWords(count: width * height)
            pixels.withUnsafeBytes { PixelWords.convert($0.baseAddress!, .rgba, into: UnsafeMutableRawPointer(words.base), layout, count: words.count) }
            opaque = words.allOpaque(alphaIndex: layout.alpha)
            lock.lock()
        }
        cachedWords = (layout, words, opaque)
        lock.unlock()
        return (words, opaque)
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
        let pixels = self.pixels
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
    func packedLevel(_ level: Int, layout: PixelLayout) -> (words: PixelWords, opaque: Bool, width: Int, height: Int) {
        let base = packedWords(layout: layout)
        guard level > 0, width > 1 || height > 1 else { return (base.words, base.opaque, width, height) }
        lock.lock()
        if let hit = cachedLevels.first(where: { $0.layout.sameOrder(as: layout) && $0.level == level }) {
            lock.unlock()
            return (hit.words, base.opaque, hit.width, hit.height)
        }
        lock.unlock()
        var words = base.words.withUnsafeBufferPointer { [UInt32]($0) }, w = width, h = height
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
        let made = PixelWords(words)
        lock.lock()
        cachedLevels.append((layout, level, w, h, made))
        if cachedLevels.count > 8 { cachedLevels.removeFirst() }
        lock.unlock()
        return (made, base.opaque, w, h)
    }
}

