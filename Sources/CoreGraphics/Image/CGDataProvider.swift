/// Core Foundation's byte buffer type, which `CGDataProvider(data:)` takes.
///
/// - Note: Differs from Apple: Foundation on Linux has no `CFData`; Lamina names `Data` so that
///   `data as CFData` compiles unchanged.
public typealias CFData = Data

/// Core Foundation's URL type, which `CGPDFDocument` and Core Text's font manager take.
///
/// - Note: Differs from Apple: Foundation on Linux has no `CFURL`; Lamina names `URL`, so
///   `url as CFURL` compiles unchanged.
public typealias CFURL = URL

/// A source of bytes for an image: here, always a block of memory.
public final class CGDataProvider: @unchecked Sendable {
    /// The bytes.
    public let data: CFData?

    /// A provider of a copy of `data`.
    public init?(data: CFData) {
        self.data = data
    }
}

extension CGImage {
    /// An image from raw pixels: 8 bits per component; gray (8 bits per pixel), gray with alpha
    /// (16), RGB (24) or RGB with alpha (32, alpha first or last, premultiplied or not, either
    /// byte order). Nil for other layouts, for rows shorter than `width` pixels or data shorter
    /// than `height` rows.
    ///
    /// - Note: Differs from Apple: `decode` arrays are not applied and the rendering intent is
    ///   ignored.
    public convenience init?(
        width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
        decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent
    ) {
        guard width > 0, height > 0, width <= 1 << 16, height <= 1 << 16, bitsPerComponent == 8,
              let data = provider.data else { return nil }
        let channels = bitsPerPixel / 8
        let gray = space.model == .monochrome
        guard bitsPerPixel % 8 == 0, (gray && (channels == 1 || channels == 2)) || (!gray && (channels == 3 || channels == 4)),
              bytesPerRow >= width * channels
        else { return nil }
        // Checked arithmetic: a huge bytesPerRow must fail, not overflow.
        let (rowsBefore, overflow) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        guard !overflow, rowsBefore <= Int.max - width * channels, data.count >= rowsBefore + width * channels else { return nil }
        let alphaInfo = CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
        let little = bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue == CGBitmapInfo.byteOrder32Little.rawValue
            || bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue == CGBitmapInfo.byteOrder16Little.rawValue
        let alphaFirst = alphaInfo == .premultipliedFirst || alphaInfo == .first || alphaInfo == .noneSkipFirst
        let hasAlpha = [.premultipliedFirst, .premultipliedLast, .first, .last].contains(alphaInfo)
        let premultiplied = alphaInfo == .premultipliedFirst || alphaInfo == .premultipliedLast
        let skips = alphaInfo == .noneSkipFirst || alphaInfo == .noneSkipLast
        guard channels == (gray ? 1 : 3) + (hasAlpha || skips ? 1 : 0) else { return nil }
        // Where each channel's byte sits in a pixel (little-endian words list them backwards).
        func at(_ logical: Int) -> Int { little ? channels - 1 - logical : logical }
        let colourStart = (hasAlpha || skips) && alphaFirst ? 1 : 0
        let rOffset = at(gray ? (hasAlpha && alphaFirst ? 1 : 0) : colourStart)
        let gOffset = gray ? rOffset : at(colourStart + 1), bOffset = gray ? rOffset : at(colourStart + 2)
        let aOffset = hasAlpha ? at(alphaFirst ? 0 : channels - 1) : -1
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                for y in 0..<height {
                    let row = y * bytesPerRow
                    let outRow = y * width * 4
                    if channels == 4, rOffset == 0, gOffset == 1, bOffset == 2, aOffset == 3, premultiplied {
                        // Already premultiplied RGBA: the row as it is, colours kept within alpha.
                        UnsafeMutableRawPointer(out.baseAddress! + outRow)
                            .copyMemory(from: bytes.baseAddress! + row, byteCount: width * 4)
                        var p = outRow
                        let end = outRow + width * 4
                        while p < end {
                            let a = out[p + 3]
                            if out[p] > a || out[p + 1] > a || out[p + 2] > a {
                                out[p] = Swift.min(out[p], a); out[p + 1] = Swift.min(out[p + 1], a); out[p + 2] = Swift.min(out[p + 2], a)
                            }
                            p += 4
                        }
                        continue
                    }
                    for x in 0..<width {
                        let o = row + x * channels
                        let r = bytes[o + rOffset], g = bytes[o + gOffset], b = bytes[o + bOffset]
                        let a = aOffset >= 0 ? bytes[o + aOffset] : 255
                        let p = outRow + x * 4
                        if hasAlpha && !premultiplied {
                            out[p] = UInt8((UInt32(r) * UInt32(a) + 127) / 255)
                            out[p + 1] = UInt8((UInt32(g) * UInt32(a) + 127) / 255)
                            out[p + 2] = UInt8((UInt32(b) * UInt32(a) + 127) / 255)
                        } else {
                            out[p] = Swift.min(r, a); out[p + 1] = Swift.min(g, a); out[p + 2] = Swift.min(b, a)
                        }
                        out[p + 3] = a
                    }
                }
            }
        }
        self.init(width: width, height: height, pixels: pixels, isOpaque: !hasAlpha)
    }

    /// The image's pixels (RGBA, premultiplied, `bytesPerRow` apart) as a data provider.
    public var dataProvider: CGDataProvider? {
        CGDataProvider(data: Data(pixels))
    }
}

/// How colours outside the destination gamut are mapped (Lamina does not colour-manage).
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0
    case absoluteColorimetric
    case relativeColorimetric
    case perceptual
    case saturation
}
