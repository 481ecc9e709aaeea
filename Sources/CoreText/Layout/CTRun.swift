import CoreGraphics
import Foundation

/// What a run is: right to left, reordered, made of non-monotonic or non-identity glyphs.
public struct CTRunStatus: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let rightToLeft = CTRunStatus(rawValue: 1 << 0)
    public static let nonMonotonic = CTRunStatus(rawValue: 1 << 1)
    public static let hasNonIdentityMatrix = CTRunStatus(rawValue: 1 << 2)
}

/// Glyphs of one font, style and direction in a line, positioned from the line's origin.
public final class CTRun: @unchecked Sendable {
    package let style: TextStyle
    package let font: CTFont
    package let glyphs: [UInt16]
    /// Glyph origins from the line's origin, points, y up.
    package let positions: [CGPoint]
    package let advances: [CGFloat]
    /// UTF-16 indices in the whole attributed string.
    package let indices: [Int]
    package let isRightToLeft: Bool
    package let stringRange: CFRange

    package init(style: TextStyle, font: CTFont, glyphs: [UInt16], positions: [CGPoint], advances: [CGFloat],
                 indices: [Int], isRightToLeft: Bool) {
        self.style = style
        self.font = font
        self.glyphs = glyphs
        self.positions = positions
        self.advances = advances
        self.indices = indices
        self.isRightToLeft = isRightToLeft
        let lo = indices.min() ?? 0, hi = indices.max() ?? -1
        stringRange = CFRange(location: lo, length: Swift.max(0, hi - lo + 1))
    }

    package var width: CGFloat { advances.reduce(0, +) }
}

/// How many glyphs the run has.
public func CTRunGetGlyphCount(_ run: CTRun) -> CFIndex { run.glyphs.count }

/// The run's attributes, with the font it is drawn in as `kCTFontAttributeName` (a fallback
/// font where the string's font lacks the characters, as on Apple platforms).
public func CTRunGetAttributes(_ run: CTRun) -> [NSAttributedString.Key: Any] {
    var attributes = run.style.attributes
    attributes[NSAttributedString.Key(kCTFontAttributeName)] = run.font
    return attributes
}

/// Right to left or not.
public func CTRunGetStatus(_ run: CTRun) -> CTRunStatus { run.isRightToLeft ? .rightToLeft : [] }

/// The part of the string the run shows.
public func CTRunGetStringRange(_ run: CTRun) -> CFRange { run.stringRange }

/// The run's glyphs are not in a buffer of their own here: always nil (use `CTRunGetGlyphs`).
public func CTRunGetGlyphsPtr(_ run: CTRun) -> UnsafePointer<CGGlyph>? { nil }

/// The run's positions are not in a buffer of their own here: always nil.
public func CTRunGetPositionsPtr(_ run: CTRun) -> UnsafePointer<CGPoint>? { nil }

/// Copies glyphs of `range` (length 0: to the end) into `buffer`.
public func CTRunGetGlyphs(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGGlyph>) {
    for (k, i) in runIndices(run, range).enumerated() { buffer[k] = run.glyphs[i] }
}

/// Copies glyph origins of `range` (from the line's origin) into `buffer`.
public func CTRunGetPositions(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGPoint>) {
    for (k, i) in runIndices(run, range).enumerated() { buffer[k] = run.positions[i] }
}

/// Copies glyph advances of `range` into `buffer`.
public func CTRunGetAdvances(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGSize>) {
    for (k, i) in runIndices(run, range).enumerated() { buffer[k] = CGSize(width: run.advances[i], height: 0) }
}

/// Copies each glyph's UTF-16 index in the string into `buffer`.
public func CTRunGetStringIndices(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CFIndex>) {
    for (k, i) in runIndices(run, range).enumerated() { buffer[k] = run.indices[i] }
}

/// The width of glyphs `range`, and the font's ascent, descent and leading.
public func CTRunGetTypographicBounds(_ run: CTRun, _ range: CFRange, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                      _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    ascent?.pointee = CTFontGetAscent(run.font)
    descent?.pointee = CTFontGetDescent(run.font)
    leading?.pointee = CTFontGetLeading(run.font)
    return Double(runIndices(run, range).reduce(CGFloat(0)) { $0 + run.advances[$1] })
}

/// Draws glyphs `range` of the run at the context's text position.
public func CTRunDraw(_ run: CTRun, _ context: CGContext, _ range: CFRange) {
    let indices = Array(runIndices(run, range))
    guard !indices.isEmpty else { return }
    TextDrawing.draw(run, glyphs: indices, in: context, origin: context.textPosition)
}

private func runIndices(_ run: CTRun, _ range: CFRange) -> Range<Int> {
    let start = Swift.max(0, Swift.min(range.location, run.glyphs.count))
    let end = range.length <= 0 ? run.glyphs.count : Swift.min(run.glyphs.count, start + range.length)
    return start..<Swift.max(start, end)
}
