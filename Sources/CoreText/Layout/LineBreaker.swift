import CoreGraphics
import Foundation

/// Greedy line breaking over a shaped paragraph: the longest run of units from `start` that
/// ends at a break opportunity (UAX #14) and fits `width` once its trailing spaces are left
/// out (they hang past the edge, as in Core Text and TextKit). A word longer than the width
/// breaks between characters; a line always takes at least one character.
package struct LineBreaker {
    package let paragraph: ShapedParagraph
    private let breaks: [Int]
    /// Prefix sums of the units' advances: the width of any range in constant time.
    private let prefix: [CGFloat]
    /// Where the hard line breaks (U+2028) are, ascending.
    private let hardBreaks: [Int]
    /// The character breaks, found once when a word first has to be broken.
    private let characterBreaks = CharacterBreaks()

    private final class CharacterBreaks {
        var breaks: [Int]?
    }

    package init(_ paragraph: ShapedParagraph) {
        self.paragraph = paragraph
        breaks = TextBreaks.lineBreaks(paragraph.text)
        var sums = [CGFloat](repeating: 0, count: paragraph.text.count + 1)
        for i in 0..<paragraph.text.count { sums[i + 1] = sums[i] + paragraph.unitAdvances[i] }
        prefix = sums
        hardBreaks = paragraph.text.indices.filter { paragraph.text[$0] == 0x2028 }
    }

    /// The index of the first element of `sorted` greater than `value` (binary search).
    private static func firstIndex(after value: Int, in sorted: [Int]) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] <= value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Where the line starting at `start` ends (exclusive), for `width` points; `byCharacter`
    /// breaks between any characters instead of at word boundaries.
    /// Tabs go to the paragraph's stops, measured from `tabOrigin` points before the line's start.
    package func lineEnd(from start: Int, width: CGFloat, byCharacter: Bool = false, tabOrigin: CGFloat = 0) -> Int {
        let text = paragraph.text
        guard start < text.count else { return text.count }
        // A hard line break (U+2028 or a paragraph's own separator) ends the line: the first
        // at or after `start`, found by binary search (a scan per line made long paragraphs
        // quadratic).
        let hard = LineBreaker.firstIndex(after: start - 1, in: hardBreaks)
        let hardEnd = hard < hardBreaks.count ? hardBreaks[hard] + 1 : text.count
        var best = -1
        let opportunities: [Int]
        if byCharacter {
            if characterBreaks.breaks == nil { characterBreaks.breaks = TextBreaks.characterBreaks(text) }
            opportunities = characterBreaks.breaks ?? []
        } else {
            opportunities = breaks
        }
        // The first opportunity after `start` (opportunities ascend).
        let lo = LineBreaker.firstIndex(after: start, in: opportunities)
        for candidate in opportunities[lo...] {
            WorkCounter.count()
            let end = Swift.min(candidate, hardEnd)
            var visibleEnd = end
            while visibleEnd > start, TextBreaks.isWhitespace(text[visibleEnd - 1]) { visibleEnd -= 1 }
            // Summed in order from the line's start, as the spec's reference wrap does.
            let visible = paragraph.hasTabs ? paragraph.width(start..<visibleEnd, from: tabOrigin, lineEnd: visibleEnd)
                : prefix[visibleEnd] - prefix[start]
            if visible <= width + 0.0001 {
                best = end
            } else {
                break
            }
            if end == hardEnd { break }
        }
        if best > start { return best }
        if byCharacter {
            return opportunities.first { $0 > start } ?? text.count
        }
        // The first word is wider than the line: break it between characters.
        return lineEnd(from: start, width: width, byCharacter: true, tabOrigin: tabOrigin)
    }
}
