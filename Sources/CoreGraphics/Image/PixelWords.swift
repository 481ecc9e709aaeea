import Foundation

/// Premultiplied pixels as 32-bit words in one `PixelLayout`'s memory order, in memory that does
/// not move: what image drawing reads. Either its own allocation or a bitmap context's memory
/// handed over when the context is done with it (`CGContext.makeImageTakingPixels()`).
final class PixelWords: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt32>
    let count: Int
    /// The context memory the words live in, when they were handed over.
    private let adopted: OwnedPixels?

    /// `count` words, not initialized.
    init(count: Int) {
        base = .allocate(capacity: Swift.max(count, 1))
        self.count = count
        adopted = nil
    }

    /// The words of `array`.
    convenience init(_ array: [UInt32]) {
        self.init(count: array.count)
        array.withUnsafeBufferPointer { base.update(from: $0.baseAddress!, count: array.count) }
    }

    /// The context memory `pixels` (whole words), kept alive by these words from now on.
    init(adopting pixels: OwnedPixels) {
        base = UnsafeMutableRawPointer(pixels.pointer).bindMemory(to: UInt32.self, capacity: pixels.count / 4)
        count = pixels.count / 4
        adopted = pixels
    }

    deinit {
        if adopted == nil { base.deallocate() }
    }

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Whether every pixel's alpha (at byte `alphaIndex` of each word's memory) is 255.
    func allOpaque(alphaIndex: Int) -> Bool {
        // Every word ANDed together: an alpha byte stays 255 only if it is 255 everywhere.
        let raw = UnsafeRawPointer(base)
        var all = UInt64.max
        for i in 0..<(count / 2) { all &= raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self) }
        if count % 2 == 1, raw.load(fromByteOffset: (count - 1) * 4 + alphaIndex, as: UInt8.self) != 0xFF { return false }
        return withUnsafeBytes(of: all) { $0[alphaIndex] == 0xFF && $0[alphaIndex + 4] == 0xFF }
    }

    /// The same pixels in `to`'s channel order (from `from`'s), as new words.
    func converted(from: PixelLayout, to: PixelLayout) -> PixelWords {
        let out = PixelWords(count: count)
        PixelWords.convert(UnsafeRawPointer(base), from, into: UnsafeMutableRawPointer(out.base), to, count: count)
        return out
    }

    /// Writes `count` pixels from `source` (channels in `from`'s byte order) to `target` in
    /// `to`'s byte order.
    static func convert(_ source: UnsafeRawPointer, _ from: PixelLayout, into target: UnsafeMutableRawPointer, _ to: PixelLayout,
                        count: Int) {
        guard !from.sameOrder(as: to) else {
            target.copyMemory(from: source, byteCount: count * 4)
            return
        }
        #if _endian(little)
        // Each channel's byte moved from its slot to the new one, a word at a time.
        let (r0, r1) = (UInt32(from.red * 8), UInt32(to.red * 8)), (g0, g1) = (UInt32(from.green * 8), UInt32(to.green * 8))
        let (b0, b1) = (UInt32(from.blue * 8), UInt32(to.blue * 8)), (a0, a1) = (UInt32(from.alpha * 8), UInt32(to.alpha * 8))
        for i in 0..<count {
            let w = source.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
            target.storeBytes(of: ((w &>> r0) & 0xFF) &<< r1 | ((w &>> g0) & 0xFF) &<< g1
                                  | ((w &>> b0) & 0xFF) &<< b1 | ((w &>> a0) & 0xFF) &<< a1,
                              toByteOffset: i * 4, as: UInt32.self)
        }
        #else
        for i in 0..<count {
            let o = i * 4
            for (f, t) in [(from.red, to.red), (from.green, to.green), (from.blue, to.blue), (from.alpha, to.alpha)] {
                target.storeBytes(of: source.load(fromByteOffset: o + f, as: UInt8.self), toByteOffset: o + t, as: UInt8.self)
            }
        }
        #endif
    }
}

extension PixelLayout {
    /// Whether the channels sit in the same bytes (whether alpha is kept does not matter to
    /// premultiplied words).
    func sameOrder(as other: PixelLayout) -> Bool {
        red == other.red && green == other.green && blue == other.blue && alpha == other.alpha
    }
}
