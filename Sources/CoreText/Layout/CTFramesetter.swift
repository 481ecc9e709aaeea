import CoreGraphics
import Foundation

/// Breaks an attributed string into lines: its paragraphs are shaped once and kept.
public final class CTTypesetter: @unchecked Sendable {
    package let source: TextSource
    private let cache = Locked<[Range<Int>: ShapedParagraph]>([:])
    private let breakers = Locked<[Range<Int>: LineBreaker]>([:])
    private let ranges: [Range<Int>]

    package init(_ string: NSAttributedString) {
        source = TextSource(string)
        ranges = source.paragraphRanges
    }

    /// The line breaker of a paragraph (made once: break opportunities are found once).
    package func breaker(_ range: Range<Int>) -> LineBreaker {
        if let known = breakers.withLock({ $0[range] }) { return known }
        let made = LineBreaker(paragraph(range))
        breakers.withLock { $0[range] = made }
        return made
    }

    /// The shaped paragraph of a range (made once).
    package func paragraph(_ range: Range<Int>) -> ShapedParagraph {
        if let known = cache.withLock({ $0[range] }) { return known }
        let made = source.paragraph(range)
        cache.withLock { $0[range] = made }
        return made
    }

    /// The paragraph holding string index `index`.
    package func paragraphRange(containing index: Int) -> Range<Int> {
        // Paragraphs are in order: a binary search finds the one holding `index`.
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound <= index { lo = mid + 1 } else { hi = mid }
        }
        return lo < ranges.count && ranges[lo].contains(index) ? ranges[lo] : (source.units.count..<source.units.count)
    }
}

/// A typesetter for an attributed string.
public func CTTypesetterCreateWithAttributedString(_ string: CFAttributedString) -> CTTypesetter {
    CTTypesetter(string)
}

/// How many UTF-16 units from `startIndex` fit a line `width` points wide, breaking between words.
public func CTTypesetterSuggestLineBreak(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double) -> CFIndex {
    suggestBreak(typesetter, startIndex, width, offset: 0, byCharacter: false)
}

/// How many UTF-16 units from `startIndex` fit a line `width` points wide, breaking between
/// words, for a line starting `offset` points from the leading edge (where tab stops count from).
public func CTTypesetterSuggestLineBreakWithOffset(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double,
                                                   _ offset: Double) -> CFIndex {
    suggestBreak(typesetter, startIndex, width, offset: offset, byCharacter: false)
}

/// How many UTF-16 units from `startIndex` fit a line `width` points wide, breaking between characters.
public func CTTypesetterSuggestClusterBreak(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double) -> CFIndex {
    suggestBreak(typesetter, startIndex, width, offset: 0, byCharacter: true)
}

/// How many UTF-16 units from `startIndex` fit a line `width` points wide, breaking between
/// characters, for a line starting `offset` points from the leading edge.
public func CTTypesetterSuggestClusterBreakWithOffset(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double,
                                                      _ offset: Double) -> CFIndex {
    suggestBreak(typesetter, startIndex, width, offset: offset, byCharacter: true)
}

private func suggestBreak(_ typesetter: CTTypesetter, _ startIndex: Int, _ width: Double, offset: Double, byCharacter: Bool) -> Int {
    let range = typesetter.paragraphRange(containing: startIndex)
    guard !range.isEmpty else { return 0 }
    let origin = offset.isFinite ? CGFloat(offset) : 0
    let end = typesetter.breaker(range).lineEnd(from: startIndex - range.lowerBound, width: CGFloat(width), byCharacter: byCharacter,
                                                tabOrigin: origin)
    return end + range.lowerBound - startIndex
}

/// The line of `stringRange` (length 0: to the end of its paragraph).
public func CTTypesetterCreateLine(_ typesetter: CTTypesetter, _ stringRange: CFRange) -> CTLine {
    CTTypesetterCreateLineWithOffset(typesetter, stringRange, 0)
}

/// The line of `stringRange` (length 0: to the end of its paragraph), starting `offset` points
/// from the leading edge: its tabs go to the stops past that.
public func CTTypesetterCreateLineWithOffset(_ typesetter: CTTypesetter, _ stringRange: CFRange, _ offset: Double) -> CTLine {
    let range = typesetter.paragraphRange(containing: stringRange.location)
    let paragraph = typesetter.paragraph(range)
    let lo = Swift.max(0, stringRange.location - range.lowerBound)
    let hi = stringRange.length <= 0 ? paragraph.text.count : Swift.min(paragraph.text.count, lo + stringRange.length)
    return CTLine(paragraph: paragraph, range: lo..<Swift.max(lo, hi), tabOrigin: offset.isFinite ? CGFloat(offset) : 0)
}

/// Lays an attributed string out in frames.
public final class CTFramesetter: @unchecked Sendable {
    package let typesetter: CTTypesetter

    package init(_ string: NSAttributedString) {
        typesetter = CTTypesetter(string)
    }

    /// Lines of `range` of the string in `width`, at most `height` tall.
    package func layout(_ range: CFRange, width: CGFloat, height: CGFloat) -> FrameLayout {
        let source = typesetter.source
        if range.location == 0 && (range.length == 0 || range.length >= source.units.count) {
            return FrameLayout(source, width: width, maximumHeight: height) { self.typesetter.paragraph($0) }
        }
        return FrameLayout(source, width: width, maximumHeight: height)
    }
}

/// Lines laid out in a path's bounding rectangle, with their origins.
public final class CTFrame: @unchecked Sendable {
    package let layout: FrameLayout
    package let path: CGPath
    package let stringRange: CFRange

    package init(layout: FrameLayout, path: CGPath, stringRange: CFRange) {
        self.layout = layout
        self.path = path
        self.stringRange = stringRange
    }

    /// Baseline origins from the path's bounding box's bottom-left corner (y up).
    package var origins: [CGPoint] {
        let box = path.boundingBoxOfPath
        return layout.lines.map { CGPoint(x: $0.x, y: box.height - $0.baseline) }
    }
}

/// A framesetter for an attributed string.
public func CTFramesetterCreateWithAttributedString(_ attrString: CFAttributedString) -> CTFramesetter {
    CTFramesetter(attrString)
}

/// The framesetter's typesetter.
public func CTFramesetterGetTypesetter(_ framesetter: CTFramesetter) -> CTTypesetter { framesetter.typesetter }

/// Lays `stringRange` (length 0: all) out in `path`'s bounding rectangle, from its top, as
/// many lines as fit.
///
/// - Note: Differs from Apple: lines fill the path's bounding box, not the path's own shape;
///   `frameAttributes` takes a Swift dictionary and is ignored.
public func CTFramesetterCreateFrame(_ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath,
                                     _ frameAttributes: [String: Any]?) -> CTFrame {
    let box = path.boundingBoxOfPath
    let layout = framesetter.layout(stringRange, width: box.isNull ? 0 : box.width, height: box.isNull ? 0 : box.height)
    return CTFrame(layout: layout, path: path, stringRange: stringRange)
}

/// The size the text of `stringRange` needs within `constraints` (CGFloat.greatestFiniteMagnitude
/// for no limit), and through `fitRange` how much of it fits.
public func CTFramesetterSuggestFrameSizeWithConstraints(_ framesetter: CTFramesetter, _ stringRange: CFRange,
                                                         _ frameAttributes: [String: Any]?, _ constraints: CGSize,
                                                         _ fitRange: UnsafeMutablePointer<CFRange>?) -> CGSize {
    let layout = framesetter.layout(stringRange, width: constraints.width, height: constraints.height)
    fitRange?.pointee = CFRange(location: stringRange.location, length: layout.visibleLength - stringRange.location)
    return CGSize(width: layout.usedWidth, height: layout.height)
}

/// The frame's lines, top to bottom.
///
/// - Note: Differs from Apple: returns `[CTLine]` where Apple's returns a `CFArray`.
public func CTFrameGetLines(_ frame: CTFrame) -> [CTLine] { frame.layout.lines.map(\.line) }

/// Copies the baseline origins of lines `range` (length 0: all), relative to the path's
/// bounding box's bottom-left corner, into `origins`.
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    let all = frame.origins
    let start = Swift.max(0, Swift.min(range.location, all.count))
    let end = range.length <= 0 ? all.count : Swift.min(all.count, start + range.length)
    for i in start..<Swift.max(start, end) { origins[i - start] = all[i] }
}

/// The part of the string the frame was asked to show.
public func CTFrameGetStringRange(_ frame: CTFrame) -> CFRange { frame.stringRange }

/// The part of the string whose lines fit in the frame.
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange {
    CFRange(location: frame.stringRange.location, length: frame.layout.visibleLength - frame.stringRange.location)
}

/// The frame's path.
public func CTFrameGetPath(_ frame: CTFrame) -> CGPath { frame.path }

/// Draws the frame's lines, each at its origin from the path's bounding box.
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    let box = frame.path.boundingBoxOfPath
    for (placed, origin) in zip(frame.layout.lines, frame.origins) {
        TextDrawing.draw(placed.line, in: context, origin: CGPoint(x: box.minX + origin.x, y: box.minY + origin.y))
    }
}
