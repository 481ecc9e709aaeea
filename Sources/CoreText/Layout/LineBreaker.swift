import CoreGraphics
import Foundation

/// Greedy line breaking over a shaped paragraph: the longest run of units from `start` that
/// ends at a break opportunity (UAX #14) and fits `width` once its trailing spaces are left
/// out (they hang past the edge, as in Core Text and TextKit). A word longer than the width
/// breaks between characters; a line always takes at least one character.
package struct LineBreaker {
    package let paragraph: ShapedParagraph
    private let breaks: [Int]
    private let characters: [Int]

    package init(_ paragraph: ShapedParagraph) {
        self.paragraph = paragraph
        breaks = TextBreaks.lineBreaks(paragraph.text)
        characters = TextBreaks.characterBreaks(paragraph.text)
    }

    /// Where the line starting at `start` ends (exclusive), for `width` points; `byCharacter`
    /// breaks between any characters instead of at word boundaries.
    package func lineEnd(from start: Int, width: CGFloat, byCharacter: Bool = false) -> Int {
        let text = paragraph.text
        guard start < text.count else { return text.count }
        // A hard line break (U+2028 or a paragraph's own separator) ends the line.
        var hardEnd = text.count
        for i in start..<text.count where text[i] == 0x2028 {
            hardEnd = i + 1
            break
        }
        var best = -1
        var x: CGFloat = 0
        var position = start
        let opportunities = byCharacter ? characters : breaks
        for candidate in opportunities where candidate > start {
            let end = Swift.min(candidate, hardEnd)
            while position < end { x += paragraph.unitAdvances[position]; position += 1 }
            var visibleEnd = end
            var visible = x
            while visibleEnd > start, TextBreaks.isWhitespace(text[visibleEnd - 1]) {
                visibleEnd -= 1
                visible -= paragraph.unitAdvances[visibleEnd]
            }
            if visible <= width + 0.0001 {
                best = end
            } else {
                break
            }
            if end == hardEnd { break }
        }
        if best > start { return best }
        if byCharacter {
            return characters.first { $0 > start } ?? text.count
        }
        // The first word is wider than the line: break it between characters.
        return lineEnd(from: start, width: width, byCharacter: true)
    }
}
