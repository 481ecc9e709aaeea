import CoreGraphics
import Foundation

/// Which way glyph metrics are measured.
public enum CTFontOrientation: UInt32, Sendable {
    case `default` = 0
    case horizontal = 1
    case vertical = 2
}

/// The installed font with this PostScript, full or family name at `size` points (12 for 0);
/// an unknown name gives the system font, as Core Text gives a fallback face.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    let face = FontCatalog.shared.face(named: name) ?? CTFont.defaultFont.face
    return CTFont(face: face, size: size == 0 ? 12 : size, matrix: matrix?.pointee ?? .identity)
}

/// A font of a `CGFont` face at `size` points (12 for 0).
public func CTFontCreateWithGraphicsFont(_ graphicsFont: CGFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                         _ attributes: CTFontDescriptor?) -> CTFont {
    CTFont(face: graphicsFont.face, size: size == 0 ? 12 : size, matrix: matrix?.pointee ?? .identity)
}

/// The same face at another size (0 keeps the size).
public func CTFontCreateCopyWithAttributes(_ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                           _ attributes: CTFontDescriptor?) -> CTFont {
    CTFont(face: font.face, size: size == 0 ? font.size : size, matrix: matrix?.pointee ?? font.matrix)
}

/// A face of the same family with the traits in `symTraitMask` set as in `symTraitValue`
/// (bold, italic), at `size` (0 keeps the size); nil when the family has no such face.
public func CTFontCreateCopyWithSymbolicTraits(_ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                               _ symTraitValue: CTFontSymbolicTraits,
                                               _ symTraitMask: CTFontSymbolicTraits) -> CTFont? {
    var traits = CTFontGetSymbolicTraits(font)
    traits.subtract(symTraitMask)
    traits.formUnion(symTraitValue.intersection(symTraitMask))
    let members = FontCatalog.shared.records(inFamily: font.face.familyName)
    let bold = traits.contains(.traitBold), italic = traits.contains(.traitItalic)
    let match = members.filter { ($0.weight >= 180) == bold && ($0.slant != 0) == italic && $0.width == 100 }
        .min { abs($0.weight - (bold ? 200 : 80)) < abs($1.weight - (bold ? 200 : 80)) }
    guard let match, let face = FontCatalog.shared.face(for: match) else { return nil }
    return CTFont(face: face, size: size == 0 ? font.size : size, matrix: matrix?.pointee ?? font.matrix)
}

/// The point size.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }

/// The transform applied to the font's glyphs.
public func CTFontGetMatrix(_ font: CTFont) -> CGAffineTransform { font.matrix }

/// Bold, italic, monospaced: what the face is.
public func CTFontGetSymbolicTraits(_ font: CTFont) -> CTFontSymbolicTraits {
    var traits: CTFontSymbolicTraits = []
    if font.face.weightClass >= 600 { traits.insert(.traitBold) }
    if font.face.isItalic { traits.insert(.traitItalic) }
    if font.face.isFixedPitch { traits.insert(.traitMonoSpace) }
    return traits
}

/// Height above the baseline, points.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { CGFloat(font.face.ascender) * font.scale }

/// Depth below the baseline, points, positive.
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { CGFloat(-font.face.descender) * font.scale }

/// Extra space between lines the face asks for, points.
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { CGFloat(font.face.lineGap) * font.scale }

/// Font units per em.
public func CTFontGetUnitsPerEm(_ font: CTFont) -> UInt32 { UInt32(font.face.unitsPerEm) }

/// How many glyphs the face has.
public func CTFontGetGlyphCount(_ font: CTFont) -> CFIndex { font.face.glyphCount }

/// The box that holds every glyph, points.
public func CTFontGetBoundingBox(_ font: CTFont) -> CGRect {
    let box = font.face.boundingBox
    let s = font.scale
    return CGRect(x: box.minX * s, y: box.minY * s, width: box.width * s, height: box.height * s)
}

/// Where underlines go, points below (negative) the baseline.
public func CTFontGetUnderlinePosition(_ font: CTFont) -> CGFloat { CGFloat(font.face.underlinePosition) * font.scale }

/// How thick underlines are, points.
public func CTFontGetUnderlineThickness(_ font: CTFont) -> CGFloat { CGFloat(font.face.underlineThickness) * font.scale }

/// The italic slant, degrees.
public func CTFontGetSlantAngle(_ font: CTFont) -> CGFloat { CGFloat(font.face.italicAngle) }

/// Height of capital letters, points.
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { CGFloat(font.face.capHeight) * font.scale }

/// Height of lowercase letters, points.
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { CGFloat(font.face.xHeight) * font.scale }

/// The face's PostScript name.
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.face.postScriptName }

/// The face's family name.
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString { font.face.familyName }

/// The face's full name.
public func CTFontCopyFullName(_ font: CTFont) -> CFString { CGFont(face: font.face).fullName ?? font.face.familyName }

/// The face's name for display.
public func CTFontCopyDisplayName(_ font: CTFont) -> CFString { CTFontCopyFullName(font) }

/// The size-independent face.
public func CTFontCopyGraphicsFont(_ font: CTFont, _ attributes: UnsafeMutablePointer<Unmanaged<CTFontDescriptor>?>?) -> CGFont {
    CGFont(face: font.face)
}

/// Glyphs for UTF-16 characters, one per code unit (a surrogate pair's second unit gets 0);
/// true when every character has a glyph in this face.
public func CTFontGetGlyphsForCharacters(_ font: CTFont, _ characters: UnsafePointer<UniChar>,
                                         _ glyphs: UnsafeMutablePointer<CGGlyph>, _ count: CFIndex) -> Bool {
    var all = true
    var i = 0
    while i < count {
        let unit = characters[i]
        if UTF16.isLeadSurrogate(unit), i + 1 < count, UTF16.isTrailSurrogate(characters[i + 1]) {
            let scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(characters[i + 1]) - 0xDC00)
            glyphs[i] = font.face.glyph(for: scalar)
            glyphs[i + 1] = 0
            all = all && glyphs[i] != 0
            i += 2
        } else {
            glyphs[i] = font.face.glyph(for: UInt32(unit))
            all = all && glyphs[i] != 0
            i += 1
        }
    }
    return all
}

/// Each glyph's advance (points) into `advances` if given; returns their sum.
public func CTFontGetAdvancesForGlyphs(_ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
                                       _ advances: UnsafeMutablePointer<CGSize>?, _ count: CFIndex) -> Double {
    var total = 0.0
    for i in 0..<Swift.max(0, count) {
        let width = CGFloat(font.face.advance(glyphs[i])) * font.scale
        if orientation == .vertical {
            advances?[i] = CGSize(width: 0, height: font.size)
            total += Double(font.size)
        } else {
            advances?[i] = CGSize(width: width, height: 0)
            total += Double(width)
        }
    }
    return total
}

/// Each glyph's outline bounds (points, y up) into `boundingRects` if given; returns their union.
public func CTFontGetBoundingRectsForGlyphs(_ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
                                            _ boundingRects: UnsafeMutablePointer<CGRect>?, _ count: CFIndex) -> CGRect {
    var union = CGRect.null
    let s = font.scale
    for i in 0..<Swift.max(0, count) {
        let b = font.face.glyphBounds(glyphs[i])
        let r = CGRect(x: b.minX * s, y: b.minY * s, width: b.width * s, height: b.height * s)
        boundingRects?[i] = r
        if r.width > 0 || r.height > 0 { union = union.union(r) }
    }
    return union.isNull ? .zero : union
}

/// A glyph's outline at the font's size (points, y up), transformed by `matrix`; nil for a
/// glyph the face does not have.
public func CTFontCreatePathForGlyph(_ font: CTFont, _ glyph: CGGlyph, _ matrix: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    guard Int(glyph) < font.face.glyphCount else { return nil }
    let s = font.scale
    var transform = CGAffineTransform(scaleX: s, y: s).concatenating(font.matrix)
    if let matrix { transform = transform.concatenating(matrix.pointee) }
    let path = CGMutablePath()
    path.addPath(font.face.outline(glyph), transform: transform)
    return path
}

/// Draws glyphs at positions (text space) with the context's fill colour and text settings.
public func CTFontDrawGlyphs(_ font: CTFont, _ glyphs: UnsafePointer<CGGlyph>, _ positions: UnsafePointer<CGPoint>,
                             _ count: Int, _ context: CGContext) {
    guard count > 0 else { return }
    context.drawGlyphs(font.face, size: font.size, glyphs: UnsafeBufferPointer(start: glyphs, count: count),
                       positions: UnsafeBufferPointer(start: positions, count: count))
}

/// A font that can draw the start of `string[range]`: this one when it has the first
/// character's glyph, else an installed face that has it, at the same size.
public func CTFontCreateForString(_ currentFont: CTFont, _ string: CFString, _ range: CFRange) -> CTFont {
    let units = Array(string.utf16)
    guard range.location >= 0, range.location < units.count,
          let scalar = String(utf16CodeUnits: Array(units[range.location...]), count: units.count - range.location)
            .unicodeScalars.first,
          let found = currentFont.glyph(for: scalar.value) else { return currentFont }
    return currentFont.withFace(found.face)
}
