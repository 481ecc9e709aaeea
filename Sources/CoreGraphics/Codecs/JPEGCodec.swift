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
        guard data.count >= 4, isPlausible(data) else { return nil }
        var width: Int32 = 0, height: Int32 = 0
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

    /// The most pixels a decoded JPEG may have (100 million, 400 MB of RGBA).
    static let maximumPixels = 100_000_000

    /// Whether `data`'s header describes an image it could hold, judged before anything is
    /// allocated: at most `maximumPixels`, and (for Huffman coding) no more than 1024 pixels
    /// per byte of file beyond the first million pixels. A complete Huffman-coded file spends
    /// at least one bit on each 8 × 8 luma block's DC coefficient (pixels / 512 bytes); a
    /// header claiming twice that density belongs to a truncated or hostile file, which
    /// libjpeg would otherwise buffer in full (a 294-byte progressive file declaring
    /// 65,500 × 65,500 cost gigabytes). Arithmetic coding has no such floor: only the cap
    /// applies to it.
    static func isPlausible(_ data: Data) -> Bool {
        var width: Int32 = 0, height: Int32 = 0, arithmetic: Int32 = 0
        let read = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
            return lamina_jpeg_header(base, raw.count, &width, &height, &arithmetic)
        }
        guard read != 0, width > 0, height > 0 else { return false }
        let pixels = Int(width) * Int(height)
        guard pixels <= maximumPixels else { return false }
        return arithmetic != 0 || pixels <= 1 << 20 || pixels / 1024 <= data.count
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
