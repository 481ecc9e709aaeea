import CoreText
import Foundation

/// Where text positions are in laid-out text: caret rectangles, the position under a
/// point, selection rectangles and line ends, in the layout's coordinates (the first line's
/// top-left corner at the origin, y down).
///
/// Invariant: `layout` was made from a string of `length` UTF-16 units; `emptyLineHeight` and
/// `emptyAscent` size the caret on a line without text (an empty text, or the line after a
/// final line break); `alignmentWidth` places that caret by `alignment`.
struct TextLayoutGeometry {
    let layout: FrameLayout
    let length: Int
    let text: NSString
    let emptyLineHeight: CGFloat
    let alignment: NSTextAlignment
    let alignmentWidth: CGFloat

    /// The caret's width, as iOS draws it.
    static let caretWidth: CGFloat = 2

    /// Whether the text ends with a line break, which leaves an empty last line.
    private var endsWithBreak: Bool { TextBoundaries.isNewline(text, at: length - 1) }

    /// The empty line's box: below the last line, or the first line of empty text.
    private var emptyLine: (top: CGFloat, x: CGFloat) {
        let top = layout.lines.last.map { $0.top + $0.height } ?? 0
        var x: CGFloat = 0
        if alignmentWidth < .greatestFiniteMagnitude / 2 {
            switch alignment {
            case .center: x = alignmentWidth / 2
            case .right: x = alignmentWidth
            default: x = 0
            }
        }
        return (top, x)
    }

    /// The index of the line showing the caret at `index`: the line that holds the character
    /// there, or for the end of a line broken by wrapping, the next line.
    func lineIndex(for index: Int) -> Int? {
        guard !layout.lines.isEmpty else { return nil }
        if index >= length && endsWithBreak { return nil }
        for (i, placed) in layout.lines.enumerated() {
            let range = placed.line.stringRange
            if index < range.location + range.length { return i }
        }
        return layout.lines.count - 1
    }

    /// The caret's rectangle at `index`.
    func caretRect(at index: Int) -> CGRect {
        guard let i = lineIndex(for: index) else {
            let empty = emptyLine
            let x = Swift.max(0, empty.x - (alignment == .right ? Self.caretWidth : (alignment == .center ? Self.caretWidth / 2 : 0)))
            return CGRect(x: x, y: empty.top, width: Self.caretWidth, height: emptyLineHeight)
        }
        let placed = layout.lines[i]
        let x = placed.x + CTLineGetOffsetForStringIndex(placed.line, index, nil)
        // A caret past the line's right end stays inside the text's width.
        return CGRect(x: x - (x > 0 ? Self.caretWidth / 2 : 0), y: placed.top, width: Self.caretWidth,
                      height: placed.height)
    }

    /// The caret position nearest `point`.
    func index(at point: CGPoint) -> Int {
        guard !layout.lines.isEmpty else { return 0 }
        if endsWithBreak, let last = layout.lines.last, point.y >= last.top + last.height { return length }
        let i = layout.lines.firstIndex { point.y < $0.top + $0.height } ?? layout.lines.count - 1
        return index(onLine: i, x: point.x)
    }

    /// The caret position on line `i` nearest `x`.
    func index(onLine i: Int, x: CGFloat) -> Int {
        let placed = layout.lines[i]
        let range = placed.line.stringRange
        var found = CTLineGetStringIndexForPosition(placed.line, CGPoint(x: x - placed.x, y: 0))
        let end = range.location + range.length
        // The end of a line that a break or a wrap ends is before the break or the space.
        if found >= end, end > range.location, i < layout.lines.count - 1 || TextBoundaries.isNewline(text, at: end - 1) {
            if TextBoundaries.isNewline(text, at: end - 1) || TextBoundaries.classify(text, end - 1) == 1 { found = end - 1 }
        }
        return Swift.min(Swift.max(found, 0), length)
    }

    /// The first and last caret positions of the line showing `index`.
    func lineBounds(at index: Int) -> (start: Int, end: Int) {
        guard let i = lineIndex(for: index) else { return (length, length) }
        let range = layout.lines[i].line.stringRange
        var end = range.location + range.length
        if end > range.location, TextBoundaries.isNewline(text, at: end - 1) || (i < layout.lines.count - 1 && TextBoundaries.classify(text, end - 1) == 1) {
            end -= 1
        }
        return (range.location, end)
    }

    /// The caret position `lines` lines above (negative) or below `index`, nearest `goalX`;
    /// past the first line it is the start, past the last the end.
    func index(from index: Int, lines: Int, goalX: CGFloat) -> Int {
        let current = lineIndex(for: index) ?? layout.lines.count
        let target = current + lines
        if target < 0 { return 0 }
        let lineCount = layout.lines.count + (endsWithBreak || layout.lines.isEmpty ? 1 : 0)
        if target >= lineCount { return length }
        if target >= layout.lines.count { return length }
        return self.index(onLine: target, x: goalX)
    }

    /// The highlight of `range`: one rectangle per line it touches; a selection that goes on
    /// past a line's end covers the rest of that line's width.
    func selectionRects(for range: NSRange, lineWidth: CGFloat) -> [CGRect] {
        guard range.length > 0 else { return [] }
        let lower = range.location, upper = range.location + range.length
        var rects: [CGRect] = []
        for (i, placed) in layout.lines.enumerated() {
            let lineRange = placed.line.stringRange
            let start = lineRange.location, end = lineRange.location + lineRange.length
            guard lower < end || (lower == end && i == layout.lines.count - 1 && lower < upper && end == length), upper > start else { continue }
            let from = placed.x + CTLineGetOffsetForStringIndex(placed.line, Swift.max(lower, start), nil)
            var to = placed.x + CTLineGetOffsetForStringIndex(placed.line, Swift.min(upper, end), nil)
            if upper > end, i < layout.lines.count - 1 || endsWithBreak {
                // To the container's edge (a hanging space past it included).
                to = lineWidth < .greatestFiniteMagnitude / 2 ? lineWidth : Swift.max(to, placed.x + placed.line.width)
            }
            // Spaces hanging past the container's edge are not highlighted beyond it.
            if lineWidth < .greatestFiniteMagnitude / 2 { to = Swift.min(to, lineWidth) }
            rects.append(CGRect(x: Swift.min(from, to), y: placed.top, width: abs(to - from), height: placed.height))
        }
        return rects
    }

    /// The size the text takes: its widest line and its height (an empty last line counted).
    var usedSize: CGSize {
        let height = endsWithBreak || layout.lines.isEmpty ? emptyLine.top + emptyLineHeight : layout.height
        let widest = layout.lines.reduce(CGFloat(0)) { Swift.max($0, $1.x + $1.line.width) }
        return CGSize(width: widest, height: height)
    }
}
