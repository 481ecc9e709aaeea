import Foundation

/// A glyph index in a font.
public typealias CGGlyph = UInt16

/// A glyph index in a font, as `CGFont` takes glyph ranges.
public typealias CGFontIndex = UInt16

/// Core Foundation's string type, which Core Graphics and Core Text names take.
///
/// - Note: Differs from Apple: Foundation on Linux has no `CFString`; Lamina names `String`,
///   so `"Helvetica" as CFString` compiles unchanged.
public typealias CFString = String

/// A font face, independent of size: the glyphs, their outlines and advances, and the face's
/// metrics in font units.
///
/// Faces come from the machine's fonts through fontconfig and FreeType, or from font-file bytes.
public final class CGFont: @unchecked Sendable {
    package let face: FontFace

    package init(face: FontFace) {
        self.face = face
    }

    /// The face in a TrueType or OpenType file's bytes; nil when they are not a font.
    public init?(_ provider: CGDataProvider) {
        guard let data = provider.data, let face = FontFace(data: data) else { return nil }
        self.face = face
    }

    /// The installed face with this PostScript name, full name or family name (case does not
    /// matter); nil when the machine has none.
    public init?(_ name: CFString) {
        guard let face = FontCatalog.shared.face(named: name) else { return nil }
        self.face = face
    }

    /// The face's PostScript name ("DejaVuSans-Bold").
    public var postScriptName: CFString? { face.postScriptName }

    /// The face's full name ("DejaVu Sans Bold").
    public var fullName: CFString? {
        face.styleName.isEmpty || face.styleName == "Regular" || face.styleName == "Book"
            ? face.familyName : face.familyName + " " + face.styleName
    }

    /// How many glyphs the face has.
    public var numberOfGlyphs: Int { face.glyphCount }

    /// Font units per em (2048 for most TrueType faces).
    public var unitsPerEm: Int32 { Int32(face.unitsPerEm) }

    /// The distance above the baseline that the face reaches, font units.
    public var ascent: Int32 { Int32(face.ascender) }

    /// The distance below the baseline, font units, negative.
    public var descent: Int32 { Int32(face.descender) }

    /// The extra line spacing the face asks for, font units.
    public var leading: Int32 { Int32(face.lineGap) }

    /// The height of flat capital letters, font units.
    public var capHeight: Int32 { Int32(face.capHeight) }

    /// The height of flat lowercase letters, font units.
    public var xHeight: Int32 { Int32(face.xHeight) }

    /// The box that holds every glyph, font units.
    public var fontBBox: CGRect { face.boundingBox }

    /// The slant of italic glyphs, degrees counterclockwise from vertical.
    public var italicAngle: CGFloat { CGFloat(face.italicAngle) }

    /// The dominant vertical stem width, font units.
    ///
    /// - Note: Differs from Apple: estimated from the weight class, as TrueType faces do not
    ///   record it.
    public var stemV: CGFloat { CGFloat(50 + face.weightClass / 5) }

    /// Writes each glyph's advance (font units) into `advances`; false for a negative count.
    public func getGlyphAdvances(glyphs: UnsafePointer<CGGlyph>, count: Int, advances: UnsafeMutablePointer<Int32>) -> Bool {
        guard count >= 0 else { return false }
        for i in 0..<count { advances[i] = face.advance(glyphs[i]) }
        return true
    }

    /// Writes each glyph's outline bounds (font units) into `bboxes`; false for a negative count.
    public func getGlyphBBoxes(glyphs: UnsafePointer<CGGlyph>, count: Int, bboxes: UnsafeMutablePointer<CGRect>) -> Bool {
        guard count >= 0 else { return false }
        for i in 0..<count { bboxes[i] = face.glyphBounds(glyphs[i]) }
        return true
    }

    /// The glyph a PostScript glyph name stands for, 0 when the face has no such name.
    public func getGlyphWithGlyphName(name: CFString) -> CGGlyph {
        face.glyph(named: name)
    }

    /// A glyph's PostScript name, nil when the face records none.
    public func name(for glyph: CGGlyph) -> CFString? {
        face.glyphName(glyph)
    }

    /// A font table's bytes by tag ('head' is 0x68656164), nil when the face lacks it.
    public func table(for tag: UInt32) -> CFData? {
        face.table(tag)
    }
}
