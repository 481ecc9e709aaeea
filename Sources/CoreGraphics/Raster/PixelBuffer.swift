import RasterSupport

/// A view of 8-bit, 4-channel pixel memory that the rasterizer writes into.
///
/// Invariant: `base` addresses at least `bytesPerRow * height` bytes and
/// `bytesPerRow >= width * 4`. Row 0 is the top row of the image.
struct PixelBuffer {
    var base: UnsafeMutablePointer<UInt8>
    var width: Int
    var height: Int
    var bytesPerRow: Int
    var layout: PixelLayout

    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        assert(y >= 0 && y < height && bytesPerRow >= width * 4, "row \(y) outside the buffer's \(height) rows")
        return base + y * bytesPerRow
    }

    /// How many rows ahead painters ask for the cache lines of the rows they will paint.
    static let prefetchRows = 6

    /// Called before painting row `y` of `rows` (pixels `x0..<x1`): asks for the row
    /// `prefetchRows` ahead, and at the first row for the first `prefetchRows` rows too.
    @inline(__always)
    func prefetch(before y: Int, of rows: Range<Int>, from x0: Int, to x1: Int) {
        if y == rows.lowerBound {
            for row in y..<Swift.min(y + PixelBuffer.prefetchRows, rows.upperBound) { prefetch(row: row, from: x0, to: x1) }
        }
        if y + PixelBuffer.prefetchRows < rows.upperBound { prefetch(row: y + PixelBuffer.prefetchRows, from: x0, to: x1) }
    }

    /// Asks the CPU to start loading every cache line of pixels `x0..<x1` of row `y`, for
    /// writing. Drawing lands anywhere in a frame far larger than the caches, so a painter that
    /// asks for each row's lines a few rows before painting it does not wait for them.
    @inline(__always)
    func prefetch(row y: Int, from x0: Int, to x1: Int) {
        let start = UnsafeRawPointer(row(y)) + x0 * 4
        let end = UnsafeRawPointer(row(y)) + x1 * 4
        var line = UnsafeRawPointer(bitPattern: UInt(bitPattern: start) & ~63)!
        while line < end {
            lamina_prefetch_write(line)
            line += 64
        }
    }
}

/// Memory the context allocated itself (when the caller passed no data): zero-filled, or
/// (`zeroed: false`) left for the context to clear when it first needs to.
final class OwnedPixels {
    let pointer: UnsafeMutablePointer<UInt8>
    let count: Int

    init?(count: Int, zeroed: Bool = true) {
        guard count > 0, let raw = zeroed ? calloc(count, 1) : malloc(count) else { return nil }
        self.pointer = raw.assumingMemoryBound(to: UInt8.self)
        self.count = count
    }

    deinit { free(pointer) }
}
