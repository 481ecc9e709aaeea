import CFreeType
import Foundation

/// One font face loaded through FreeType: its metrics in font units, its character map, and
/// its glyph outlines, unhinted and unscaled (text is drawn from outlines at any size and
/// transform by Lamina's own rasterizer, so nothing here depends on a size).
///
/// FreeType objects are not thread-safe: the library is touched only under `libraryLock` and
/// the face only under `lock`; everything read once (metrics, names) is copied out at load.
/// `@unchecked Sendable` for that reason. Outlines and advances are cached per glyph.
package final class FontFace: @unchecked Sendable {
    /// Where the face came from: a file and face index, or bytes (kept alive for FreeType).
    package let path: String?
    package let index: Int
    private let bytes: UnsafeMutableRawBufferPointer?
    private let face: FT_Face
    private let lock = NSLock()

    package let unitsPerEm: Int
    /// hhea ascender (positive, up), descender (negative) and line gap, in font units.
    package let ascender: Int
    package let descender: Int
    package let lineGap: Int
    package private(set) var capHeight: Int
    package private(set) var xHeight: Int
    package let underlinePosition: Int
    package let underlineThickness: Int
    package let italicAngle: Double
    /// The face's bounding box, font units, y up.
    package let boundingBox: CGRect
    package let glyphCount: Int
    package let familyName: String
    package let styleName: String
    package let postScriptName: String
    /// OS/2 weight class (400 regular, 700 bold) and whether the face is italic, fixed-pitch.
    package let weightClass: Int
    package let isItalic: Bool
    package let isFixedPitch: Bool
    /// A process-unique number, for cache keys.
    package let identifier: Int

    /// The pixel size of the colour bitmap strike that glyphs are drawn from, for colour
    /// bitmap faces (CBDT, sbix); nil for outline faces.
    package let colorStrike: Int?
    private var colorGlyphs: [UInt16: ColorGlyph] = [:]
    private var outlines: [UInt16: CGPath] = [:]
    /// Glyphs of the first 0x3000 scalars, looked up once (0xFFFF: not yet).
    private var lowGlyphs = [UInt16](repeating: 0xFFFF, count: 0x3000)
    private var advances: [UInt16: Int32] = [:]

    private static let libraryLock = NSLock()
    nonisolated(unsafe) private static var library: FT_Library?
    nonisolated(unsafe) private static var nextIdentifier = 0

    /// The FreeType library, made at first use; call with `libraryLock` held.
    private static func sharedLibrary() -> FT_Library? {
        if library == nil {
            var made: FT_Library?
            if FT_Init_FreeType(&made) == 0 { library = made }
        }
        return library
    }

    /// A face from a font file (TrueType, OpenType, collections by `index`); nil when the file
    /// cannot be read or is not a font.
    package convenience init?(path: String, index: Int = 0) {
        self.init(path: path, bytes: nil, index: index)
    }

    /// A face from a font file's bytes (copied); nil when they are not a font.
    package convenience init?(data: Data, index: Int = 0) {
        guard !data.isEmpty else { return nil }
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        copy.copyMemory(from: UnsafeRawBufferPointer(start: (data as NSData).bytes, count: data.count))
        self.init(path: nil, bytes: copy, index: index)
    }

    private init?(path: String?, bytes: UnsafeMutableRawBufferPointer?, index: Int) {
        var loaded: FT_Face?
        let error: FT_Error = FontFace.libraryLock.withLock {
            guard let library = FontFace.sharedLibrary() else { return 1 }
            if let path {
                return FT_New_Face(library, path, FT_Long(index), &loaded)
            }
            guard let bytes else { return 1 }
            return FT_New_Memory_Face(library, bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                      FT_Long(bytes.count), FT_Long(index), &loaded)
        }
        // Outline faces, and colour bitmap faces (CBDT/sbix emoji), whose largest strike is
        // selected once and scaled to any size.
        var strike: Int?
        if error == 0, let face = loaded, (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) == 0,
           (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0, face.pointee.num_fixed_sizes > 0,
           let sizes = face.pointee.available_sizes {
            let best = (0..<Int(face.pointee.num_fixed_sizes)).max { sizes[$0].y_ppem < sizes[$1].y_ppem }!
            if FT_Select_Size(face, FT_Int(best)) == 0, sizes[best].y_ppem >= 64 { strike = Int(sizes[best].y_ppem) / 64 }
        }
        let head = loaded.flatMap { FT_Get_Sfnt_Table($0, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self).pointee }
        let hhea = loaded.flatMap { FT_Get_Sfnt_Table($0, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self).pointee }
        guard error == 0, let face = loaded,
              (face.pointee.units_per_EM > 0 && (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0)
                || (strike != nil && (head?.Units_Per_EM ?? 0) > 0 && hhea != nil) else {
            if let loaded { FontFace.libraryLock.withLock { _ = FT_Done_Face(loaded) } }
            bytes?.deallocate()
            return nil
        }
        colorStrike = strike
        self.path = path
        self.index = index
        self.bytes = bytes
        self.face = face
        let f = face.pointee
        glyphCount = Int(f.num_glyphs)
        if strike != nil, let head, let hhea {
            // FreeType gives a bitmap face no font-unit metrics: the head and hhea tables do.
            unitsPerEm = Int(head.Units_Per_EM)
            ascender = Int(hhea.Ascender)
            descender = Int(hhea.Descender)
            lineGap = Swift.max(0, Int(hhea.Line_Gap))
            boundingBox = CGRect(x: CGFloat(head.xMin), y: CGFloat(head.yMin),
                                 width: CGFloat(Int(head.xMax) - Int(head.xMin)), height: CGFloat(Int(head.yMax) - Int(head.yMin)))
        } else {
            unitsPerEm = Int(f.units_per_EM)
            ascender = Int(f.ascender)
            descender = Int(f.descender)
            lineGap = Swift.max(0, Int(f.height) - Int(f.ascender) + Int(f.descender))
            boundingBox = CGRect(x: CGFloat(f.bbox.xMin), y: CGFloat(f.bbox.yMin),
                                 width: CGFloat(f.bbox.xMax - f.bbox.xMin), height: CGFloat(f.bbox.yMax - f.bbox.yMin))
        }
        familyName = f.family_name.map { String(cString: $0) } ?? ""
        styleName = f.style_name.map { String(cString: $0) } ?? ""
        postScriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) }
            ?? (familyName + (styleName.isEmpty ? "" : "-" + styleName)).replacingOccurrences(of: " ", with: "")
        var cap = 0, x = 0, weight = 400
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self) {
            weight = Int(os2.pointee.usWeightClass)
            if os2.pointee.version >= 2 {
                cap = Int(os2.pointee.sCapHeight)
                x = Int(os2.pointee.sxHeight)
            }
        }
        var angle = 0.0
        var underline = (Int(f.underline_position), Int(f.underline_thickness))
        if let post = FT_Get_Sfnt_Table(face, FT_SFNT_POST)?.assumingMemoryBound(to: TT_Postscript.self) {
            angle = Double(post.pointee.italicAngle) / 65536
            // The post table's own position (FreeType's field is moved to the stroke's centre).
            underline = (Int(post.pointee.underlinePosition), Int(post.pointee.underlineThickness))
        }
        weightClass = weight
        italicAngle = angle
        underlinePosition = underline.0
        underlineThickness = underline.1
        isItalic = (f.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC)) != 0
        isFixedPitch = (f.face_flags & FT_Long(FT_FACE_FLAG_FIXED_WIDTH)) != 0
        identifier = FontFace.libraryLock.withLock {
            FontFace.nextIdentifier += 1
            return FontFace.nextIdentifier
        }
        // Faces without OS/2 heights: measure 'H' and 'x'.
        capHeight = cap
        xHeight = x
        if cap == 0 { capHeight = Int(glyphBounds(glyph(for: 0x48)).maxY) }
        if x == 0 { xHeight = Int(glyphBounds(glyph(for: 0x78)).maxY) }
    }

    deinit {
        FontFace.libraryLock.withLock { _ = FT_Done_Face(face) }
        bytes?.deallocate()
    }

    /// The glyph for a Unicode scalar, 0 (.notdef) when the face has none.
    package func glyph(for scalar: UInt32) -> UInt16 {
        lock.withLock {
            if scalar < 0x3000 {
                let known = lowGlyphs[Int(scalar)]
                if known != 0xFFFF { return known }
            }
            let glyph = UInt16(truncatingIfNeeded: FT_Get_Char_Index(face, FT_ULong(scalar)))
            if scalar < 0x3000 { lowGlyphs[Int(scalar)] = glyph == 0xFFFF ? 0 : glyph }
            return glyph
        }
    }

    /// Whether the face maps `scalar` to a glyph.
    package func hasGlyph(for scalar: UInt32) -> Bool { glyph(for: scalar) != 0 }

    /// The horizontal advance of a glyph, font units.
    package func advance(_ glyph: UInt16) -> Int32 {
        lock.withLock {
            if let known = advances[glyph] { return known }
            var value: Int32 = 0
            if Int(glyph) < glyphCount {
                // hmtx's advance, read without loading the glyph (bitmap faces have no outline
                // to load unscaled).
                var advance: FT_Fixed = 0
                if FT_Get_Advance(face, FT_UInt(glyph), FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING), &advance) == 0 {
                    value = Int32(truncatingIfNeeded: advance)
                }
            }
            advances[glyph] = value
            return value
        }
    }

    /// The glyph's outline in font units (y up); empty for blank glyphs and bad indices.
    package func outline(_ glyph: UInt16) -> CGPath {
        lock.withLock {
            if let known = outlines[glyph] { return known }
            let path = CGMutablePath()
            if Int(glyph) < glyphCount,
               FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
               face.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
                FontFace.decompose(&face.pointee.glyph.pointee.outline, into: path)
            }
            outlines[glyph] = path
            return path
        }
    }

    /// A colour glyph of a colour bitmap face, from its strike: its image with the bitmap's
    /// offset from the pen (strike pixels, y up to the top row); nil for
    /// outline faces and glyphs without a bitmap.
    package func colorGlyph(_ glyph: UInt16) -> ColorGlyph? {
        guard colorStrike != nil else { return nil }
        return lock.withLock {
            if let known = colorGlyphs[glyph] { return known.width > 0 ? known : nil }
            var made = ColorGlyph(width: 0, height: 0, left: 0, top: 0, image: nil)
            if Int(glyph) < glyphCount, FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(FT_LOAD_COLOR)) == 0 {
                let slot = face.pointee.glyph.pointee
                let bitmap = slot.bitmap
                if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), bitmap.width > 0, bitmap.rows > 0,
                   let buffer = bitmap.buffer {
                    let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
                    var pixels = [UInt8](repeating: 0, count: width * height * 4)
                    for y in 0..<height {
                        let row = pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
                        for x in 0..<width {
                            // FreeType's BGRA is premultiplied already.
                            let o = (y * width + x) * 4
                            pixels[o] = row[x * 4 + 2]
                            pixels[o + 1] = row[x * 4 + 1]
                            pixels[o + 2] = row[x * 4]
                            pixels[o + 3] = row[x * 4 + 3]
                        }
                    }
                    made = ColorGlyph(width: width, height: height, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
                                      image: CGImage(width: width, height: height, pixels: pixels, isOpaque: false))
                }
            }
            colorGlyphs[glyph] = made
            return made.width > 0 ? made : nil
        }
    }

    /// The outline's bounding box, font units.
    package func glyphBounds(_ glyph: UInt16) -> CGRect {
        if let strike = colorStrike {
            guard let bitmap = colorGlyph(glyph) else { return .zero }
            let k = CGFloat(unitsPerEm) / CGFloat(strike)
            return CGRect(x: CGFloat(bitmap.left) * k, y: CGFloat(bitmap.top - bitmap.height) * k,
                          width: CGFloat(bitmap.width) * k, height: CGFloat(bitmap.height) * k)
        }
        let box = outline(glyph).boundingBoxOfPath
        return box.isNull ? .zero : box
    }

    /// A table's bytes by its four-letter tag, nil when the face has none.
    package func table(_ tag: UInt32) -> Data? {
        lock.withLock {
            var length: FT_ULong = 0
            guard FT_Load_Sfnt_Table(face, FT_ULong(tag), 0, nil, &length) == 0, length > 0 else { return nil }
            var data = Data(count: Int(length))
            let ok = data.withUnsafeMutableBytes { raw in
                FT_Load_Sfnt_Table(face, FT_ULong(tag), 0, raw.baseAddress!.assumingMemoryBound(to: FT_Byte.self), &length) == 0
            }
            return ok ? data : nil
        }
    }

    /// The glyph's name from the font's tables ("A", "uni0041"), nil when it has none.
    package func glyphName(_ glyph: UInt16) -> String? {
        lock.withLock {
            guard FT_HAS_GLYPH_NAMES(face) else { return nil }
            var buffer = [CChar](repeating: 0, count: 64)
            guard FT_Get_Glyph_Name(face, FT_UInt(glyph), &buffer, 64) == 0, buffer[0] != 0 else { return nil }
            return String(cString: buffer)
        }
    }

    /// The glyph a name stands for, 0 when none.
    package func glyph(named name: String) -> UInt16 {
        lock.withLock { UInt16(truncatingIfNeeded: FT_Get_Name_Index(face, name)) }
    }

    /// Appends a FreeType outline to `path` (font units; quadratic and cubic segments).
    private static func decompose(_ outline: UnsafeMutablePointer<FT_Outline>, into path: CGMutablePath) {
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let path = Unmanaged<CGMutablePath>.fromOpaque(user!).takeUnretainedValue()
                path.closeSubpath()
                path.move(to: CGPoint(x: CGFloat(to!.pointee.x), y: CGFloat(to!.pointee.y)))
                return 0
            },
            line_to: { to, user in
                let path = Unmanaged<CGMutablePath>.fromOpaque(user!).takeUnretainedValue()
                path.addLine(to: CGPoint(x: CGFloat(to!.pointee.x), y: CGFloat(to!.pointee.y)))
                return 0
            },
            conic_to: { control, to, user in
                let path = Unmanaged<CGMutablePath>.fromOpaque(user!).takeUnretainedValue()
                path.addQuadCurve(to: CGPoint(x: CGFloat(to!.pointee.x), y: CGFloat(to!.pointee.y)),
                                  control: CGPoint(x: CGFloat(control!.pointee.x), y: CGFloat(control!.pointee.y)))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                let path = Unmanaged<CGMutablePath>.fromOpaque(user!).takeUnretainedValue()
                path.addCurve(to: CGPoint(x: CGFloat(to!.pointee.x), y: CGFloat(to!.pointee.y)),
                              control1: CGPoint(x: CGFloat(c1!.pointee.x), y: CGFloat(c1!.pointee.y)),
                              control2: CGPoint(x: CGFloat(c2!.pointee.x), y: CGFloat(c2!.pointee.y)))
                return 0
            },
            shift: 0, delta: 0)
        _ = FT_Outline_Decompose(outline, &funcs, Unmanaged.passUnretained(path).toOpaque())
        path.closeSubpath()
    }
}

/// A colour glyph's bitmap at its face's strike size.
package struct ColorGlyph: Sendable {
    package let width: Int
    package let height: Int
    /// From the pen to the bitmap's left edge and up to its top row, strike pixels.
    package let left: Int
    package let top: Int
    /// The bitmap (premultiplied, top row first); nil for a glyph without one.
    package let image: CGImage?
}

/// FreeType's FT_HAS_GLYPH_NAMES macro.
private func FT_HAS_GLYPH_NAMES(_ face: FT_Face) -> Bool {
    (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_GLYPH_NAMES)) != 0
}
