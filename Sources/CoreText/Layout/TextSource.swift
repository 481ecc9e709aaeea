import ICUSupport
import CoreGraphics
import Foundation

/// An attributed string read once for layout: its UTF-16 units and its attribute runs as
/// resolved styles.
package struct TextSource {
    package let units: [UInt16]
    package let runs: [(range: Range<Int>, style: TextStyle)]

    /// `linkColor`: UIKit's link appearance; runs with a link attribute take that colour and
    /// a single underline (Core Text draws links as plain text: nil).
    /// Text already split into styled runs (UIKit's plain label text: one run).
    package init(units: [UInt16], runs: [(range: Range<Int>, style: TextStyle)]) {
        self.units = units
        self.runs = runs
    }

    package init(_ string: NSAttributedString, linkColor: CGColor? = nil) {
        units = Array(string.string.utf16)
        var runs: [(range: Range<Int>, style: TextStyle)] = []
        let length = string.length
        var location = 0
        while location < length {
            var effective = NSRange(location: 0, length: 0)
            let attributes = string.attributes(at: location, effectiveRange: &effective)
            let end = Swift.max(location + 1, effective.location + effective.length)
            var style = TextStyle(attributes)
            if let linkColor, attributes[NSAttributedString.Key("NSLink")] != nil {
                style.color = linkColor
                style.colorFromContext = false
                if style.underline == 0 { style.underline = 1 }
            }
            runs.append((location..<Swift.min(end, length), style))
            location = end
        }
        self.runs = runs
    }

    /// The paragraph made of `range` of the string, shaped.
    package func paragraph(_ range: Range<Int>) -> ShapedParagraph {
        let pieces = runs.compactMap { run -> (range: Range<Int>, style: TextStyle)? in
            let lo = Swift.max(run.range.lowerBound, range.lowerBound), hi = Swift.min(run.range.upperBound, range.upperBound)
            return lo < hi ? ((lo - range.lowerBound)..<(hi - range.lowerBound), run.style) : nil
        }
        var styled = pieces
        if styled.isEmpty {
            // An empty paragraph still has the style of the character before it (or the first).
            let nearest = runs.last { $0.range.lowerBound <= range.lowerBound } ?? runs.first
            styled = [(0..<0, nearest?.style ?? TextStyle(font: CTFont.defaultFont))]
        }
        return ShapedParagraph(text: Array(units[range]), start: range.lowerBound, runs: styled)
    }

    /// The string's paragraphs: ranges ending after a line feed, carriage return (CR LF
    /// together), U+2029 or U+0085; the separator belongs to the paragraph it ends.
    package var paragraphRanges: [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var i = 0
        while i < units.count {
            let u = units[i]
            if u == 0x0A || u == 0x0D || u == 0x2029 || u == 0x85 || u == 0x0B || u == 0x0C {
                var end = i + 1
                if u == 0x0D, end < units.count, units[end] == 0x0A { end += 1 }
                ranges.append(start..<end)
                start = end
                i = end
            } else {
                i += 1
            }
        }
        if start < units.count || ranges.isEmpty { ranges.append(start..<units.count) }
        return ranges
    }
}

/// Where lines may break (UAX #14 through ICU) and which characters are spaces.
package enum TextBreaks {
    /// Positions after which a line may end, relative to `text`, ascending, ending with
    /// `text.count`.
    package static func lineBreaks(_ text: [UInt16]) -> [Int] {
        breaks(text, kind: 0)
    }

    /// Grapheme cluster boundaries (positions after each user-perceived character).
    package static func characterBreaks(_ text: [UInt16]) -> [Int] {
        WorkCounter.count(text.count)
        return breaks(text, kind: 1)
    }

    private static func breaks(_ text: [UInt16], kind: Int32) -> [Int] {
        guard !text.isEmpty else { return [0] }
        var out = [Int32](repeating: 0, count: text.count + 1)
        let count = text.withUnsafeBufferPointer { units in
            lamina_breaks(units.baseAddress, Int32(units.count), kind, &out, Int32(out.count))
        }
        guard count > 0 else { return Array(1...text.count) }
        var result = out[0..<Int(count)].map(Int.init)
        if result.last != text.count { result = result.filter { $0 < text.count } + [text.count] }
        return result
    }

    /// Spaces and line/paragraph separators (which hang past a line's edge).
    package static func isWhitespace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0xA0 || unit == 0x2028 || unit == 0x2029
            || unit == 0x3000 || (0x2000...0x200B).contains(unit) || unit == 0x85 || unit == 0x0B || unit == 0x0C
    }
}
