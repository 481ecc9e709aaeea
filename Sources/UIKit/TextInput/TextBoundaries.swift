import Foundation

/// Character, word and paragraph boundaries in UTF-16 text, as caret movement, deletion and
/// double-click selection use them.
///
/// Characters are composed character sequences (an emoji with its modifiers is one). Words
/// are runs of letters, digits and underscores, an apostrophe between letters included
/// ("don't" is one word); everything else separates words.
enum TextBoundaries {
    /// The offset after the character at `index` (the text's length at the end).
    static func nextCharacter(_ text: NSString, after index: Int) -> Int {
        guard index < text.length else { return text.length }
        let range = text.rangeOfComposedCharacterSequence(at: Swift.max(0, index))
        return Swift.max(index + 1, range.location + range.length)
    }

    /// The offset of the character before `index` (0 at the start).
    static func previousCharacter(_ text: NSString, before index: Int) -> Int {
        guard index > 0 else { return 0 }
        return text.rangeOfComposedCharacterSequence(at: Swift.min(index, text.length) - 1).location
    }

    /// Whether the UTF-16 unit at `index` belongs to a word.
    static func isWordUnit(_ text: NSString, at index: Int) -> Bool {
        guard index >= 0, index < text.length else { return false }
        let unit = text.character(at: index)
        if unit == 0x27 || unit == 0x2019 {
            // An apostrophe joins the letters on both sides.
            return index > 0 && index + 1 < text.length && isLetter(text.character(at: index - 1)) && isLetter(text.character(at: index + 1))
        }
        if unit == 0x5F { return true }
        if (0xD800...0xDFFF).contains(unit) {
            let range = text.rangeOfComposedCharacterSequence(at: index)
            let scalar = text.substring(with: range).unicodeScalars.first
            return scalar.map { $0.properties.isAlphabetic || $0.properties.numericType != nil } ?? false
        }
        guard let scalar = Unicode.Scalar(unit) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            || scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .spacingMark
    }

    private static func isLetter(_ unit: UInt16) -> Bool {
        Unicode.Scalar(unit).map { $0.properties.isAlphabetic } ?? (0xD800...0xDFFF).contains(unit)
    }

    /// The end of the word at or after `index`: separators skipped, then the word.
    static func wordEnd(_ text: NSString, from index: Int) -> Int {
        var i = Swift.max(0, index)
        while i < text.length, !isWordUnit(text, at: i) { i = nextCharacter(text, after: i) }
        while i < text.length, isWordUnit(text, at: i) { i = nextCharacter(text, after: i) }
        return i
    }

    /// The start of the word at or before `index`: separators skipped backwards, then the word.
    static func wordStart(_ text: NSString, before index: Int) -> Int {
        var i = Swift.min(index, text.length)
        while i > 0, !isWordUnit(text, at: i - 1) { i = previousCharacter(text, before: i) }
        while i > 0, isWordUnit(text, at: i - 1) { i = previousCharacter(text, before: i) }
        return i
    }

    /// What a double-click at `index` selects: the word there, the run of spaces there, or
    /// the one other character. At the end of the text, what precedes it.
    static func wordRange(_ text: NSString, at index: Int) -> NSRange {
        guard text.length > 0 else { return NSRange(location: 0, length: 0) }
        let i = Swift.min(Swift.max(0, index), text.length - 1)
        let kind = classify(text, at: i)
        if kind == 2 { return text.rangeOfComposedCharacterSequence(at: i) }
        var start = i, end = nextCharacter(text, after: i)
        while start > 0, classify(text, at: start - 1) == kind { start = previousCharacter(text, before: start) }
        while end < text.length, classify(text, at: end) == kind { end = nextCharacter(text, after: end) }
        return NSRange(location: start, length: end - start)
    }

    /// 0 word, 1 white space, 2 anything else.
    private static func classify(_ text: NSString, at index: Int) -> Int {
        if isWordUnit(text, at: index) { return 0 }
        return isSpace(text, at: index) ? 1 : 2
    }

    private static func isSpace(_ text: NSString, at index: Int) -> Bool {
        let unit = text.character(at: index)
        return unit == 0x20 || unit == 0x09 || unit == 0xA0
    }

    /// Whether the unit at `index` ends a paragraph (a line feed, carriage return or
    /// paragraph separator).
    static func isNewline(_ text: NSString, at index: Int) -> Bool {
        guard index >= 0, index < text.length else { return false }
        let unit = text.character(at: index)
        return unit == 0x0A || unit == 0x0D || unit == 0x2029 || unit == 0x2028
    }

    /// The paragraph holding `index`, its terminator included.
    static func paragraphRange(_ text: NSString, at index: Int) -> NSRange {
        var start = Swift.min(Swift.max(0, index), text.length)
        while start > 0, !isNewline(text, at: start - 1) { start -= 1 }
        var end = Swift.min(Swift.max(0, index), text.length)
        while end < text.length, !isNewline(text, at: end) { end += 1 }
        if end < text.length { end += 1 }
        return NSRange(location: start, length: end - start)
    }
}

/// A tokenizer over a text object's string: characters, words and paragraphs from the
/// text itself, lines (and sentences, taken as paragraphs) likewise.
///
/// - Note: Differs from Apple: line boundaries are paragraph boundaries (the tokenizer sees
///   the text, not its layout), and sentences are paragraphs.
@preconcurrency @MainActor
open class UITextInputStringTokenizer: NSObject, UITextInputTokenizer {
    private weak var textInput: (UIResponder & UITextInput)?

    public init(textInput: UIResponder & UITextInput) {
        self.textInput = textInput
        super.init()
    }

    private var text: NSString {
        guard let input = textInput, let range = input.textRange(from: input.beginningOfDocument, to: input.endOfDocument) else { return "" }
        return (input.text(in: range) ?? "") as NSString
    }

    private func offset(_ position: UITextPosition) -> Int? {
        guard let input = textInput else { return nil }
        return input.offset(from: input.beginningOfDocument, to: position)
    }

    private func unit(around index: Int, _ granularity: UITextGranularity, in text: NSString) -> NSRange {
        switch granularity {
        case .character:
            guard index < text.length else { return NSRange(location: text.length, length: 0) }
            return text.rangeOfComposedCharacterSequence(at: index)
        case .word:
            return TextBoundaries.wordRange(text, at: index)
        case .sentence, .paragraph, .line:
            return TextBoundaries.paragraphRange(text, at: index)
        case .document:
            return NSRange(location: 0, length: text.length)
        }
    }

    open func rangeEnclosingPosition(_ position: UITextPosition, with granularity: UITextGranularity,
                                     inDirection direction: UITextDirection) -> UITextRange? {
        guard let index = offset(position) else { return nil }
        let text = self.text
        let probe = direction.isForward ? index : index - 1
        guard probe >= 0, probe <= text.length else { return nil }
        let range = unit(around: probe, granularity, in: text)
        if granularity == .word, TextBoundaries.classify(text, probe) != 0 { return nil }
        return IndexedTextRange(range)
    }

    open func isPosition(_ position: UITextPosition, atBoundary granularity: UITextGranularity, inDirection direction: UITextDirection) -> Bool {
        guard let index = offset(position) else { return false }
        let text = self.text
        if index == 0 || index == text.length { return true }
        let range = unit(around: direction.isForward ? index - 1 : index, granularity, in: text)
        return direction.isForward ? range.location + range.length == index : range.location == index
    }

    open func position(from position: UITextPosition, toBoundary granularity: UITextGranularity,
                       inDirection direction: UITextDirection) -> UITextPosition? {
        guard let index = offset(position) else { return nil }
        let text = self.text
        let target: Int
        switch granularity {
        case .character:
            target = direction.isForward ? TextBoundaries.nextCharacter(text, after: index) : TextBoundaries.previousCharacter(text, before: index)
        case .word:
            target = direction.isForward ? TextBoundaries.wordEnd(text, from: index) : TextBoundaries.wordStart(text, before: index)
        case .document:
            target = direction.isForward ? text.length : 0
        case .sentence, .paragraph, .line:
            if direction.isForward {
                var end = index
                while end < text.length, !TextBoundaries.isNewline(text, at: end) { end += 1 }
                target = end == index && end < text.length ? TextBoundaries.paragraphRange(text, at: end + 1).location : end
            } else {
                var start = index
                while start > 0, !TextBoundaries.isNewline(text, at: start - 1) { start -= 1 }
                target = start == index && start > 0 ? TextBoundaries.paragraphRange(text, at: start - 1).location : start
            }
        }
        return IndexedTextPosition(target)
    }

    open func isPosition(_ position: UITextPosition, withinTextUnit granularity: UITextGranularity,
                         inDirection direction: UITextDirection) -> Bool {
        guard let index = offset(position) else { return false }
        let text = self.text
        let probe = direction.isForward ? index : index - 1
        guard probe >= 0, probe < text.length else { return false }
        if granularity == .word { return TextBoundaries.isWordUnit(text, at: probe) }
        return true
    }
}

extension TextBoundaries {
    /// 0 word, 1 white space, 2 anything else (for the tokenizer).
    static func classify(_ text: NSString, _ index: Int) -> Int {
        guard index >= 0, index < text.length else { return 2 }
        if isWordUnit(text, at: index) { return 0 }
        let unit = text.character(at: index)
        return unit == 0x20 || unit == 0x09 || unit == 0xA0 ? 1 : 2
    }
}
