/// A Swift source file split into tokens, exactly: every byte belongs to one token, so a
/// rewrite that replaces some tokens keeps the rest (comments, spacing, line breaks) as written.
///
/// It knows what the carry-over needs and no more: comments (nested block comments too),
/// string literals of every form (`"…"`, multi-line `"""…"""`, raw `#"…"#` with any number of
/// `#`, interpolations holding strings and parentheses of their own), identifiers (backticked
/// too), attributes (`@objc`), pound directives (`#selector`, `#if`), numbers, and single
/// punctuation characters.
package struct SwiftLexer {
    package enum Kind: Equatable, Sendable {
        case space, newline, comment, string, identifier, attribute, pound, number, punctuation
    }

    package struct Token: Equatable, Sendable {
        package let kind: Kind
        package let range: Range<Int>
    }

    private let bytes: [UInt8]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The file's tokens, in order, covering every byte.
    package func tokens() -> [Token] {
        var result: [Token] = []
        var i = 0
        while i < bytes.count {
            let token = scan(at: i)
            result.append(token)
            i = token.range.upperBound
        }
        return result
    }

    private static func isIdentifierStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
    }

    private static func isIdentifierBody(_ b: UInt8) -> Bool {
        isIdentifierStart(b) || (b >= 0x30 && b <= 0x39)
    }

    private func scan(at start: Int) -> Token {
        let b = bytes[start]
        if b == 0x0A { return Token(kind: .newline, range: start..<start + 1) }
        if b == 0x20 || b == 0x09 || b == 0x0D {
            var i = start
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D { i += 1 }
            return Token(kind: .space, range: start..<i)
        }
        if b == 0x2F, start + 1 < bytes.count {
            if bytes[start + 1] == 0x2F {
                var i = start
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                return Token(kind: .comment, range: start..<i)
            }
            if bytes[start + 1] == 0x2A { return Token(kind: .comment, range: start..<blockCommentEnd(start)) }
        }
        if b == 0x22 { return Token(kind: .string, range: start..<stringEnd(start, hashes: 0)) }
        if b == 0x23 {
            // Raw strings: #"…"#, ##"…"##.
            var hashes = 0
            var i = start
            while i < bytes.count, bytes[i] == 0x23 { hashes += 1; i += 1 }
            if i < bytes.count, bytes[i] == 0x22 { return Token(kind: .string, range: start..<stringEnd(i, hashes: hashes)) }
            if start + 1 < bytes.count, SwiftLexer.isIdentifierStart(bytes[start + 1]) {
                var j = start + 1
                while j < bytes.count, SwiftLexer.isIdentifierBody(bytes[j]) { j += 1 }
                return Token(kind: .pound, range: start..<j)
            }
            return Token(kind: .punctuation, range: start..<start + 1)
        }
        if b == 0x40, start + 1 < bytes.count, SwiftLexer.isIdentifierStart(bytes[start + 1]) {
            var j = start + 1
            while j < bytes.count, SwiftLexer.isIdentifierBody(bytes[j]) { j += 1 }
            return Token(kind: .attribute, range: start..<j)
        }
        if b == 0x60 {
            var j = start + 1
            while j < bytes.count, bytes[j] != 0x60, bytes[j] != 0x0A { j += 1 }
            return Token(kind: .identifier, range: start..<Swift.min(j + 1, bytes.count))
        }
        if SwiftLexer.isIdentifierStart(b) || b == 0x24 {
            var j = start + 1
            while j < bytes.count, SwiftLexer.isIdentifierBody(bytes[j]) || bytes[j] == 0x24 { j += 1 }
            return Token(kind: .identifier, range: start..<j)
        }
        if b >= 0x30 && b <= 0x39 {
            var j = start + 1
            while j < bytes.count, SwiftLexer.isIdentifierBody(bytes[j]) || bytes[j] == 0x2E && j + 1 < bytes.count
                    && bytes[j + 1] >= 0x30 && bytes[j + 1] <= 0x39 { j += 1 }
            return Token(kind: .number, range: start..<j)
        }
        return Token(kind: .punctuation, range: start..<start + 1)
    }

    /// The end of a block comment starting at `start` (comments nest, as in Swift).
    private func blockCommentEnd(_ start: Int) -> Int {
        var depth = 0
        var i = start
        while i + 1 < bytes.count {
            if bytes[i] == 0x2F, bytes[i + 1] == 0x2A { depth += 1; i += 2; continue }
            if bytes[i] == 0x2A, bytes[i + 1] == 0x2F {
                depth -= 1
                i += 2
                if depth == 0 { return i }
                continue
            }
            i += 1
        }
        return bytes.count
    }

    /// The end of a string literal whose opening quote is at `quote`, after `hashes` `#`s.
    private func stringEnd(_ quote: Int, hashes: Int) -> Int {
        let multiLine = quote + 2 < bytes.count && bytes[quote + 1] == 0x22 && bytes[quote + 2] == 0x22
        var i = quote + (multiLine ? 3 : 1)
        func closes(at index: Int) -> Int? {
            let quotes = multiLine ? 3 : 1
            guard index + quotes + hashes <= bytes.count else { return nil }
            for k in 0..<quotes where bytes[index + k] != 0x22 { return nil }
            for k in 0..<hashes where bytes[index + quotes + k] != 0x23 { return nil }
            return index + quotes + hashes
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A, !multiLine { return i }
            if b == 0x5C {
                // An escape needs as many `#` after the backslash as the literal has.
                var j = i + 1
                var count = 0
                while count < hashes, j < bytes.count, bytes[j] == 0x23 { count += 1; j += 1 }
                if count == hashes, j < bytes.count {
                    if bytes[j] == 0x28 {
                        i = interpolationEnd(j)
                        continue
                    }
                    i = j + 1
                    continue
                }
                i += 1
                continue
            }
            if b == 0x22, let end = closes(at: i) { return end }
            i += 1
        }
        return bytes.count
    }

    /// The index after the `)` closing an interpolation whose `(` is at `open`.
    private func interpolationEnd(_ open: Int) -> Int {
        var depth = 0
        var i = open
        while i < bytes.count {
            let token = scan(at: i)
            if token.kind == .punctuation {
                if bytes[i] == 0x28 { depth += 1 }
                if bytes[i] == 0x29 {
                    depth -= 1
                    if depth == 0 { return token.range.upperBound }
                }
            }
            i = token.range.upperBound
        }
        return bytes.count
    }
}
