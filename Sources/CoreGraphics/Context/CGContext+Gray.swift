/// The memory of an 8-bit gray context. Drawing works on an RGBA copy (`working`); every
/// operation that writes pixels first refreshes the area it touches from the caller's gray
/// bytes, then writes the result back as luminance, so the caller's memory is always current
/// and changes the caller makes between operations are respected.
///
/// - Note: Differs from Apple: colours drawn into a gray context are reduced to luminance
///   (0.299 R + 0.587 G + 0.114 B) per pixel after blending.
final class GrayStorage {
    let base: UnsafeMutablePointer<UInt8>
    let bytesPerRow: Int
    let width: Int
    let height: Int
    let working: OwnedPixels
    private let ownedGray: OwnedPixels?

    init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bytesPerRow: Int) {
        let rowBytes = bytesPerRow == 0 ? width : bytesPerRow
        guard rowBytes >= width else { return nil }
        let (total, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard !overflow, total <= CGContext.maximumByteCount / 4, let working = OwnedPixels(count: width * height * 4)
        else { return nil }
        if let data {
            base = data.assumingMemoryBound(to: UInt8.self)
            ownedGray = nil
        } else {
            guard let memory = OwnedPixels(count: total) else { return nil }
            base = memory.pointer
            ownedGray = memory
        }
        self.bytesPerRow = rowBytes
        self.width = width
        self.height = height
        self.working = working
    }

    /// Copies the caller's gray bytes of `area` into the RGBA working bitmap.
    func load(into bitmap: PixelBuffer, _ area: DeviceRect) {
        guard !area.isEmpty else { return }
        for y in area.y0..<area.y1 {
            let gray = base + y * bytesPerRow
            let rgba = bitmap.row(y)
            for x in area.x0..<area.x1 {
                let v = gray[x]
                rgba[x * 4] = v; rgba[x * 4 + 1] = v; rgba[x * 4 + 2] = v; rgba[x * 4 + 3] = 255
            }
        }
    }

    /// Writes the luminance of `area` of the working bitmap back to the caller's gray bytes.
    func store(from bitmap: PixelBuffer, _ area: DeviceRect) {
        guard !area.isEmpty else { return }
        for y in area.y0..<area.y1 {
            let gray = base + y * bytesPerRow
            let rgba = bitmap.row(y)
            for x in area.x0..<area.x1 {
                let r = UInt32(rgba[x * 4]), g = UInt32(rgba[x * 4 + 1]), b = UInt32(rgba[x * 4 + 2])
                // 0.299, 0.587, 0.114 in 16.16 fixed point, rounded.
                gray[x] = UInt8((19595 * r + 38470 * g + 7471 * b + 32768) >> 16)
            }
        }
    }
}

extension CGContext {
    /// Runs a pixel-writing step over `area` of the bitmap, keeping a gray context's memory in
    /// step. Other contexts (and drawing into transparency layers) run it directly.
    @inline(__always)
    func writingPixels(_ area: DeviceRect, _ body: () -> Void) {
        clearIfNeeded()
        // Offscreen layers remember where they were drawn, so that compositing and shadows
        // look only there.
        if let layer = activeOffscreen, layer.buffer.base == target.base {
            layer.touched = layer.touched.union(area.intersection(DeviceRect(x0: 0, y0: 0, x1: width, y1: height)))
        } else if let layer = transparencyLayers.last, layer.buffer.base == target.base {
            layer.touched = layer.touched.union(area.intersection(DeviceRect(x0: 0, y0: 0, x1: width, y1: height)))
        }
        guard let gray, target.base == bitmap.base else {
            body()
            return
        }
        let clipped = area.intersection(DeviceRect(x0: 0, y0: 0, x1: width, y1: height))
        gray.load(into: bitmap, clipped)
        body()
        gray.store(from: bitmap, clipped)
    }
}
