import CoreGraphics

/// A small RGBA premultiplied-last bitmap whose bytes tests can read.
final class BitmapFixture {
    let width: Int
    let height: Int
    let memory: UnsafeMutablePointer<UInt8>
    let context: CGContext

    init(width: Int, height: Int, info: UInt32 = CGImageAlphaInfo.premultipliedLast.rawValue) {
        self.width = width
        self.height = height
        memory = .allocate(capacity: width * height * 4)
        memory.initialize(repeating: 0, count: width * height * 4)
        context = CGContext(
            data: memory, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)!
    }

    deinit { memory.deallocate() }

    /// The four bytes of the pixel in memory row `row` (0 = top), column `x`.
    func pixel(_ x: Int, row: Int) -> [UInt8] {
        let o = (row * width + x) * 4
        return [memory[o], memory[o + 1], memory[o + 2], memory[o + 3]]
    }
}
