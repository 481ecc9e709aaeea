extension CGImage {
    /// An image mask from 1, 2, 4 or 8-bit samples: where a sample is 0 the mask paints, where
    /// it is the largest value it blocks (an inverse alpha), unless `decode` (two values, the
    /// decoded range of samples 0 and max) says otherwise. Drawn with `CGContext.draw(_:in:)`,
    /// a mask paints the current fill colour; it can also clip (`clip(to:mask:)`) and mask an
    /// image (`masking(_:)`).
    ///
    /// Nil for other depths, more than 2²⁸ pixels, `bitsPerPixel` other than `bitsPerComponent`, rows shorter than
    /// `width` samples or data shorter than `height` rows.
    public convenience init?(
        maskWidth width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
        provider: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool
    ) {
        guard width > 0, height > 0, width <= 1 << 16, height <= 1 << 16, width * height <= 1 << 28,
              [1, 2, 4, 8].contains(bitsPerComponent), bitsPerPixel == bitsPerComponent,
              let data = provider.data else { return nil }
        let rowBytes = (width * bitsPerPixel + 7) / 8
        guard bytesPerRow >= rowBytes, data.count >= bytesPerRow * (height - 1) + rowBytes else { return nil }
        let maxSample = (1 << bitsPerComponent) - 1
        let low = decode.map { Double($0[0]) } ?? 0, high = decode.map { Double($0[1]) } ?? 1
        guard low.isFinite, high.isFinite else { return nil }
        // Painted amount (0…255) for each possible sample value.
        let table: [UInt8] = (0...maxSample).map { s in
            let decoded = low + Double(s) / Double(maxSample) * (high - low)
            return PixelMath.byte(Float((1 - Swift.min(1, Swift.max(0, decoded))) * 255))
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for y in 0..<height {
                for x in 0..<width {
                    let bit = x * bitsPerComponent
                    let byte = bytes[y * bytesPerRow + bit / 8]
                    // Samples are packed from the most significant bit.
                    let sample = Int(byte >> UInt8(8 - bitsPerComponent - bit % 8)) & maxSample
                    let a = table[sample]
                    let p = (y * width + x) * 4
                    pixels[p] = a; pixels[p + 1] = a; pixels[p + 2] = a; pixels[p + 3] = a
                }
            }
        }
        self.init(width: width, height: height, pixels: pixels, isOpaque: false, isMask: true)
    }

    /// This image with `mask` applied: an image mask's samples act as inverse alpha (0 paints),
    /// an opaque image's gray level as alpha (white keeps the image, black removes it). A mask
    /// of another size is stretched over the image. Nil when this image is itself a mask, or
    /// when `mask` is neither an image mask nor opaque.
    ///
    /// - Note: Differs from Apple: Quartz wants a DeviceGray mask image; Lamina takes any
    ///   opaque image and uses its luminance (for a gray image, its gray level).
    public func masking(_ mask: CGImage) -> CGImage? {
        guard !isMask, mask.isMask || mask.isOpaque else { return nil }
        let levels = mask.maskLevels(width: width, height: height)
        var out = pixels
        var opaque = isOpaque
        for i in 0..<(width * height) {
            let k = UInt32(levels[i])
            if k == 255 { continue }
            opaque = false
            for c in 0..<4 {
                out[i * 4 + c] = UInt8((UInt32(out[i * 4 + c]) * k + 127) / 255)
            }
        }
        return CGImage(width: width, height: height, pixels: out, isOpaque: opaque)
    }

    /// The mask level (0…255) of each pixel, resampled bilinearly to `width` × `height`:
    /// alpha for an image mask, luminance for an opaque image.
    private func maskLevels(width w: Int, height h: Int) -> [UInt8] {
        var own = [Float](repeating: 0, count: width * height)
        let pixels = self.pixels
        for i in 0..<(width * height) {
            let p = i * 4
            own[i] = isMask ? Float(pixels[p + 3])
                : 0.299 * Float(pixels[p]) + 0.587 * Float(pixels[p + 1]) + 0.114 * Float(pixels[p + 2])
        }
        if w == width && h == height { return own.map { PixelMath.byte($0) } }
        var levels = [UInt8](repeating: 0, count: w * h)
        let sx = Float(width) / Float(w), sy = Float(height) / Float(h)
        for y in 0..<h {
            let v = Swift.min(Swift.max((Float(y) + 0.5) * sy - 0.5, 0), Float(height - 1))
            let y0 = Int(v), y1 = Swift.min(y0 + 1, height - 1), fy = v - Float(y0)
            for x in 0..<w {
                let u = Swift.min(Swift.max((Float(x) + 0.5) * sx - 0.5, 0), Float(width - 1))
                let x0 = Int(u), x1 = Swift.min(x0 + 1, width - 1), fx = u - Float(x0)
                let top = own[y0 * width + x0] * (1 - fx) + own[y0 * width + x1] * fx
                let bottom = own[y1 * width + x0] * (1 - fx) + own[y1 * width + x1] * fx
                levels[y * w + x] = PixelMath.byte(top * (1 - fy) + bottom * fy)
            }
        }
        return levels
    }
}
