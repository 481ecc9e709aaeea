import CPNG

/// PNG decoding and encoding through libpng's simplified API, which reports errors through
/// return codes (libpng's longjmp never crosses into Swift).
enum PNGCodec {
    // libpng's compound format macros are not imported into Swift: colour (2) | alpha (1).
    private static let formatRGB = UInt32(PNG_FORMAT_FLAG_COLOR)
    private static let formatRGBA = UInt32(PNG_FORMAT_FLAG_COLOR) | UInt32(PNG_FORMAT_FLAG_ALPHA)
    /// Decodes any PNG (every colour type and bit depth, palette and tRNS included) into a
    /// premultiplied RGBA image; nil for data that is not a valid PNG.
    static func decode(_ data: Data) -> CGImage? {
        guard data.count >= 8 else { return nil }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = data.withUnsafeBytes { raw -> Int32 in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard began != 0 else {
            png_image_free(&image)
            return nil
        }
        let hasAlpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
        image.format = formatRGBA
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= 1 << 16, height <= 1 << 16,
              width * height <= PNGCodec.maximumPixels, PNGCodec.couldHold(data, width: width, height: height) else {
            png_image_free(&image)
            return nil
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = data.withUnsafeBytes { _ in
            pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
            }
        }
        guard finished != 0 else {
            png_image_free(&image)
            return nil
        }
        if hasAlpha { premultiply(&pixels) }
        return CGImage(width: width, height: height, pixels: pixels, isOpaque: !hasAlpha)
    }

    /// The most pixels a decoded PNG may have (100 million, 400 MB of RGBA).
    static let maximumPixels = 100_000_000

    /// Whether `data` is big enough to hold the image data of a `width` × `height` PNG.
    /// Deflate expands at most 1032:1, so the filtered rows (one filter byte each, then the
    /// packed samples, at the bit depth and channel count the header gives) need at least
    /// 1/1032 of their size in the file; a header claiming more describes a truncated or
    /// hostile file, refused before anything is allocated for it.
    static func couldHold(_ data: Data, width: Int, height: Int) -> Bool {
        // IHDR follows the 8-byte signature and the chunk's length and type: width and height
        // (4 bytes each), then bit depth and colour type.
        guard data.count >= 26 else { return false }
        let base = data.startIndex
        let bitDepth = Int(data[base + 24]), colorType = data[base + 25]
        let channels: Int
        switch colorType {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        default: channels = 4
        }
        let rowBytes = 1 + (width * channels * Swift.max(bitDepth, 1) + 7) / 8
        let filtered = rowBytes * height
        return filtered / 1032 <= data.count
    }

    /// Encodes an image as an 8-bit RGBA PNG (RGB when the image is opaque).
    static func encode(_ source: CGImage) -> Data? {
        var pixels = source.pixels
        unpremultiply(&pixels)
        let opaque = source.isOpaque
        if opaque {
            var rgb = [UInt8](repeating: 0, count: source.width * source.height * 3)
            for i in 0..<(source.width * source.height) {
                rgb[i * 3] = pixels[i * 4]
                rgb[i * 3 + 1] = pixels[i * 4 + 1]
                rgb[i * 3 + 2] = pixels[i * 4 + 2]
            }
            pixels = rgb
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(source.width)
        image.height = UInt32(source.height)
        image.format = opaque ? formatRGB : formatRGBA
        let stride = Int32(source.width * (opaque ? 3 : 4))
        var size = 0
        // First pass measures, second writes.
        let measured = pixels.withUnsafeBytes { raw in
            png_image_write_to_memory(&image, nil, &size, 0, raw.baseAddress, stride, nil)
        }
        guard measured != 0, size > 0 else {
            png_image_free(&image)
            return nil
        }
        var out = Data(count: size)
        let written = out.withUnsafeMutableBytes { dst in
            pixels.withUnsafeBytes { raw in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, raw.baseAddress, stride, nil)
            }
        }
        png_image_free(&image)
        guard written != 0 else { return nil }
        out.count = size
        return out
    }

    static func premultiply(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = UInt32(p[i + 3])
                if a != 255 {
                    p[i] = UInt8((UInt32(p[i]) * a + 127) / 255)
                    p[i + 1] = UInt8((UInt32(p[i + 1]) * a + 127) / 255)
                    p[i + 2] = UInt8((UInt32(p[i + 2]) * a + 127) / 255)
                }
                i += 4
            }
        }
    }

    static func unpremultiply(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = UInt32(p[i + 3])
                if a != 255 && a != 0 {
                    p[i] = UInt8(Swift.min(255, (UInt32(p[i]) * 255 + a / 2) / a))
                    p[i + 1] = UInt8(Swift.min(255, (UInt32(p[i + 1]) * 255 + a / 2) / a))
                    p[i + 2] = UInt8(Swift.min(255, (UInt32(p[i + 2]) * 255 + a / 2) / a))
                } else if a == 0 {
                    p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
                }
                i += 4
            }
        }
    }
}

extension CGImage {
    /// Decodes PNG data; nil when the data is not a valid PNG.
    ///
    /// - Note: Differs from Apple: Apple goes through `CGDataProvider` and ImageIO; this is
    ///   Lamina's direct entry point, used by `UIImage(data:)`.
    public static func decodePNG(_ data: Data) -> CGImage? { PNGCodec.decode(data) }

    /// The image encoded as PNG.
    ///
    /// - Note: Differs from Apple: a Lamina convenience (on Apple this is ImageIO's job).
    public func pngData() -> Data? { PNGCodec.encode(self) }
}
