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

    /// Decodes PNG or JPEG data, whichever it is; nil otherwise.
    ///
    /// - Note: Differs from Apple: a Lamina entry point used by `UIImage(data:)`.
    public static func decodeImage(_ data: Data) -> CGImage? {
        JPEGCodec.looksLikeJPEG(data) ? JPEGCodec.decode(data) : PNGCodec.decode(data)
    }
}
