import CoreGraphics
import Foundation

/// A font face at a size: what Core Text lays out and draws with. Metrics are the face's
/// font-unit values scaled linearly by `size / unitsPerEm` (unhinted, fractional).
public final class CTFont: @unchecked Sendable, Hashable {
    package let face: FontFace
    /// The em size, points.
    package let size: CGFloat
    /// Applied to glyphs in text space (identity for plain fonts).
    package let matrix: CGAffineTransform
    /// The traits the font was asked for that the face cannot show (a synthetic slant).
    package let requestedTraits: CTFontSymbolicTraits

    package init(face: FontFace, size: CGFloat, matrix: CGAffineTransform = .identity,
                 requestedTraits: CTFontSymbolicTraits = []) {
        self.face = face
        // A size every metric stays finite at (ascender − descender of the largest finite
        // size overflows to ∞).
        self.size = size.isFinite && size > 0 ? Swift.min(size, CTFont.largestSize) : 12
        self.matrix = matrix
        self.requestedTraits = requestedTraits
    }

    /// The largest size a font is made at.
    ///
    /// - Note: Differs from Apple: Core Text's own limit is not documented; Lamina makes
    ///   larger sizes at 100,000 points so that line heights and glyph boxes stay finite.
    package static let largestSize: CGFloat = 100_000

    /// Points per font unit.
    package var scale: CGFloat { size / CGFloat(face.unitsPerEm) }

    public static func == (a: CTFont, b: CTFont) -> Bool {
        a.face === b.face && a.size == b.size && a.matrix == b.matrix
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(face.identifier)
        hasher.combine(size)
    }

    /// The font used where no font is given: Core Text's Helvetica 12, here the system sans at 12.
    package static let defaultFont: CTFont = CTFont(face: SystemFonts.face(weight: .regular, italic: false), size: 12)

    /// The glyph for a scalar in this face, or a fallback face and its glyph.
    package func glyph(for scalar: UInt32) -> (face: FontFace, glyph: UInt16)? {
        let own = face.glyph(for: scalar)
        if own != 0 { return (face, own) }
        guard let other = FontCatalog.shared.fallbackFace(for: scalar, like: face) else { return nil }
        let g = other.glyph(for: scalar)
        return g != 0 ? (other, g) : nil
    }

    /// This size in another face (a fallback font for characters this face lacks).
    package func withFace(_ other: FontFace) -> CTFont {
        other === face ? self : CTFont(face: other, size: size, matrix: matrix)
    }
}

/// Symbolic traits of a font: bold, italic, monospaced, and so on.
public struct CTFontSymbolicTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let traitItalic = CTFontSymbolicTraits(rawValue: 1 << 0)
    public static let traitBold = CTFontSymbolicTraits(rawValue: 1 << 1)
    public static let traitExpanded = CTFontSymbolicTraits(rawValue: 1 << 5)
    public static let traitCondensed = CTFontSymbolicTraits(rawValue: 1 << 6)
    public static let traitMonoSpace = CTFontSymbolicTraits(rawValue: 1 << 10)
    public static let traitVertical = CTFontSymbolicTraits(rawValue: 1 << 11)
    public static let traitUIOptimized = CTFontSymbolicTraits(rawValue: 1 << 12)
    public static let traitColorGlyphs = CTFontSymbolicTraits(rawValue: 1 << 13)
    public static let traitComposite = CTFontSymbolicTraits(rawValue: 1 << 14)
}

/// The weights the system font comes in, on fontconfig's scale.
package enum SystemFontWeight: Int, Sendable {
    case ultraLight = 0, thin = 40, light = 50, regular = 80, medium = 100, semibold = 180, bold = 200,
         heavy = 205, black = 210
}

/// The faces that stand in for Apple's system fonts.
///
/// The system font is the best sans the machine has: Inter when installed (the nearest open
/// relative of SF), else DejaVu Sans (on every fresh machine of this kind), else whatever
/// fontconfig offers; monospaced text uses DejaVu Sans Mono or the first monospaced face.
package enum SystemFonts {
    static let sansFamilies = ["Inter", "Inter Variable", "DejaVu Sans", "Liberation Sans", "Noto Sans", "FreeSans"]
    static let monoFamilies = ["DejaVu Sans Mono", "JetBrains Mono", "Liberation Mono", "Noto Sans Mono", "FreeMono"]

    private static let faces = Locked<(generation: Int, chosen: [String: FontFace])>((0, [:]))

    /// The system face nearest to a weight and slant.
    package static func face(weight: SystemFontWeight, italic: Bool, monospaced: Bool = false) -> FontFace {
        let key = "\(weight.rawValue)-\(italic)-\(monospaced)"
        let generation = FontCatalog.shared.generation
        if let known = faces.withLock({ $0.generation == generation ? $0.chosen[key] : nil }) { return known }
        let found = FontCatalog.shared.face(families: monospaced ? monoFamilies : sansFamilies, weight: weight.rawValue,
                                            slant: italic ? 100 : 0, monospaced: monospaced)
        guard let found else { fatalError("Lamina needs at least one scalable font installed (fontconfig found none)") }
        faces.withLock {
            if $0.generation != generation { $0 = (generation, [:]) }
            $0.chosen[key] = found
        }
        return found
    }
}
