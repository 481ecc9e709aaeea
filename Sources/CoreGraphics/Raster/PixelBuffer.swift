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
}

/// Memory the context allocated itself (when the caller passed no data), zero-filled.
final class OwnedPixels {
    let pointer: UnsafeMutablePointer<UInt8>
    let count: Int

    init?(count: Int) {
        guard count > 0, let raw = calloc(count, 1) else { return nil }
        self.pointer = raw.assumingMemoryBound(to: UInt8.self)
        self.count = count
    }

    deinit { free(pointer) }
}
