import JPEGDecoder

/// JPEG decoding through libjpeg-turbo (via the small C wrapper that contains libjpeg's
/// longjmp error handling).
enum JPEGCodec {
    /// Decodes baseline and progressive JPEGs (gray, RGB/YCbCr, CMYK/YCCK) into an opaque
    /// image; nil for data that is not a decodable JPEG.
    ///
    /// - Note: Differs from Apple: a truncated JPEG gives nil rather than a partly gray image,
    ///   and images over 100 million pixels are refused.
    static func decode(_ data: Data) -> CGImage? {
        guard data.count >= 4 else { return nil }
        var width: Int32 = 0, height: Int32 = 0
        let maximumPixels = 100_000_000
        let decoded = data.withUnsafeBytes { raw -> UnsafeMutablePointer<UInt8>? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            return lamina_jpeg_decode(base, raw.count, maximumPixels, &width, &height)
        }
        guard let decoded else { return nil }
        defer { lamina_jpeg_free(decoded) }
        let count = Int(width) * Int(height) * 4
        let pixels = [UInt8](UnsafeBufferPointer(start: decoded, count: count))
        return CGImage(width: Int(width), height: Int(height), pixels: pixels, isOpaque: true)
    }

    /// Encodes `image` as a baseline JPEG at `quality` (0…1, clamped; NaN counts as 0). JPEG
    /// has no alpha: transparent parts come out black, as the premultiplied colour is what
    /// is kept. Nil when the image is too large for JPEG (65,500 pixels a side).
    static func encode(_ image: CGImage, quality: CGFloat) -> Data? {
        let width = image.width, height = image.height
        guard width > 0, height > 0, width <= 65_500, height <= 65_500 else { return nil }
        let rgba = image.pixels
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            rgb[i * 3] = rgba[i * 4]
            rgb[i * 3 + 1] = rgba[i * 4 + 1]
            rgb[i * 3 + 2] = rgba[i * 4 + 2]
        }
        let q = quality.isNaN ? 0 : Swift.min(Swift.max(quality, 0), 1)
        var size = 0
        let encoded = rgb.withUnsafeBufferPointer { buffer in
            lamina_jpeg_encode(buffer.baseAddress, Int32(width), Int32(height), Int32((q * 100).rounded()), &size)
        }
        guard let encoded else { return nil }
        defer { lamina_jpeg_free(encoded) }
        return Data(bytes: encoded, count: size)
    }

    /// Whether `data` starts like a JPEG (SOI marker).
    static func looksLikeJPEG(_ data: Data) -> Bool {
        data.count >= 3 && data[data.startIndex] == 0xFF && data[data.startIndex + 1] == 0xD8
            && data[data.startIndex + 2] == 0xFF
    }
}

extension CGImage {
    /// Decodes JPEG data; nil when the data is not a decodable JPEG.
    ///
    /// - Note: Differs from Apple: a Lamina entry point (on Apple this is ImageIO's job).
    public static func decodeJPEG(_ data: Data) -> CGImage? { JPEGCodec.decode(data) }

    /// The image encoded as a baseline JPEG at `quality` (0…1); transparent parts come out
    /// black. Nil for images over 65,500 pixels a side.
    ///
    /// - Note: Differs from Apple: a Lamina entry point (on Apple this is ImageIO's job).
    public func jpegData(compressionQuality quality: CGFloat) -> Data? { JPEGCodec.encode(self, quality: quality) }

    /// Decodes PNG or JPEG data, whichever it is; nil otherwise.
    ///
    /// - Note: Differs from Apple: a Lamina entry point used by `UIImage(data:)`.
    public static func decodeImage(_ data: Data) -> CGImage? {
        JPEGCodec.looksLikeJPEG(data) ? JPEGCodec.decode(data) : PNGCodec.decode(data)
    }
}
