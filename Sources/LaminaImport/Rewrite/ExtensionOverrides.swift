import Foundation

/// Moves members out of class extensions into the class body, across the target's files, where
/// Swift without an Objective-C runtime would reject them:
/// - an `override` declared in an extension ("instance method 'viewDidLoad()' declared in
///   'UIViewController' cannot be overridden from extension");
/// - a method or property declared in an extension that a subclass overrides ("instance method
///   'setup()' is declared in extension of 'BaseViewController' and cannot be overridden").
///
/// Only classes the target declares at file scope can take members. A moved member keeps its
/// lines under `#sourceLocation`, so errors still point to the extension's file and line, and its
/// place in the extension keeps as many empty lines. `private` and `fileprivate` on a moved
/// member are dropped when it moves to another file, so the extension's file still reaches it.
/// Extensions with a `where` clause or `#if` blocks are left alone.
package enum ExtensionOverrides {
    package struct Move: Equatable, Sendable {
        /// The extension's file and the member's first line there.
        package let file: String
        package let line: Int
        package let member: String
        package let className: String
    }

    /// The files' texts with the members moved, and what moved.
    package static func apply(paths: [String], texts: [String]) -> (texts: [String], moves: [Move]) {
        let scans = texts.map { FileScan($0) }
        var classes: [String: (file: Int, close: Int, superclass: String?)] = [:]
        for (index, scan) in scans.enumerated() {
            for declared in scan.classes where classes[declared.name] == nil {
                classes[declared.name] = (index, declared.close, declared.superclass)
            }
        }
        /// Whether `ancestor` is `name`'s superclass, or its superclass's, among the target's classes.
        func inherits(_ name: String, from ancestor: String) -> Bool {
            var current = classes[name]?.superclass
            var steps = 0
            while let type = current, steps < 64 {
                if type == ancestor { return true }
                current = classes[type]?.superclass
                steps += 1
            }
            return false
        }
        let overrides = scans.flatMap(\.overrides)
        // Edits per file: byte ranges removed (replaced by their line breaks) and insertions.
        var removals: [[Range<Int>]] = Array(repeating: [], count: texts.count)
        var insertions: [[Int: String]] = Array(repeating: [:], count: texts.count)
        var moves: [Move] = []
        for (index, scan) in scans.enumerated() {
            for member in scan.extensionMembers {
                guard let target = classes[member.className],
                      member.isOverride || overrides.contains(where: { $0.key == member.key && inherits($0.className, from: member.className) })
                else { continue }
                var kept = Array(scan.bytes[member.range])
                if target.file != index {
                    for modifier in member.accessModifiers.reversed() { kept.removeSubrange(modifier) }
                }
                let text = String(decoding: kept, as: UTF8.self)
                let block = "\n#sourceLocation(file: \"\(escaped(paths[index]))\", line: \(member.line))\n" + text + "\n"
                insertions[target.file][target.close, default: ""] += block
                removals[index].append(member.range)
                moves.append(Move(file: paths[index], line: member.line, member: member.key, className: member.className))
            }
        }
        guard !moves.isEmpty else { return (texts, []) }
        var result = texts
        for index in texts.indices where !removals[index].isEmpty || !insertions[index].isEmpty {
            let bytes = scans[index].bytes
            var cuts: [(at: Int, end: Int, text: String)] = removals[index].map { range in
                let lines = bytes[range].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
                return (range.lowerBound, range.upperBound, String(repeating: "\n", count: lines))
            }
            for (offset, block) in insertions[index] {
                let line = bytes[..<offset].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
                cuts.append((offset, offset, block + "#sourceLocation(file: \"\(escaped(paths[index]))\", line: \(line))\n"))
            }
            cuts.sort { $0.at < $1.at }
            var out: [UInt8] = []
            var cursor = 0
            for cut in cuts {
                out += bytes[cursor..<cut.at]
                out += Array(cut.text.utf8)
                cursor = cut.end
            }
            out += bytes[cursor...]
            result[index] = String(decoding: out, as: UTF8.self)
        }
        return (result, moves)
    }

    private static func escaped(_ path: String) -> String {
        path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// One file's classes, extension members and overrides, from its tokens.
    private struct FileScan {
        struct DeclaredClass {
            let name: String
            /// The first name of its inheritance list (its superclass, if it has one).
            let superclass: String?
            /// The byte offset of the body's closing brace.
            let close: Int
        }

        struct Member {
            let className: String
            /// `name(label:_:)` for a method, `name` for a property.
            let key: String
            let isOverride: Bool
            /// From the start of the member's first line to its closing brace.
            let range: Range<Int>
            let line: Int
            /// `private`/`fileprivate` (with `(set)`), relative to `range`.
            let accessModifiers: [Range<Int>]
        }

        let bytes: [UInt8]
        var classes: [DeclaredClass] = []
        var extensionMembers: [Member] = []
        /// Each `override func`/`override var` in a class body or an extension: its key and the
        /// class it overrides in.
        var overrides: [(key: String, className: String)] = []

        static let modifiers: Set<String> = [
            "override", "public", "private", "fileprivate", "internal", "open", "final", "class", "static", "dynamic",
            "mutating", "nonmutating", "convenience", "required", "nonisolated", "lazy", "weak", "unowned", "optional",
            "package", "distributed", "isolated", "consuming",
        ]

        static let keywords: Set<String> = ["func", "var", "let", "init", "subscript", "class", "struct", "enum", "case", "typealias"]

        init(_ text: String) {
            bytes = Array(text.utf8)
            let all = SwiftLexer(bytes).tokens()
            let significant = all.indices.filter { all[$0].kind != .space && all[$0].kind != .newline && all[$0].kind != .comment }
            let tokens = significant.map { all[$0] }
            let words = tokens.map { String(decoding: bytes[$0.range], as: UTF8.self) }
            // Matching braces.
            var match = [Int](repeating: -1, count: tokens.count)
            var stack: [Int] = []
            for (i, word) in words.enumerated() where tokens[i].kind == .punctuation {
                if word == "{" { stack.append(i) } else if word == "}", let open = stack.popLast() { match[open] = i; match[i] = open }
            }
            /// The key of the declaration whose keyword is at `i` (`func`, `var`).
            func key(at i: Int) -> String? {
                guard i + 1 < tokens.count, tokens[i + 1].kind == .identifier else { return nil }
                let name = words[i + 1].trimmingCharacters(in: ["`"])
                if words[i] == "var" { return name }
                var open = i + 2
                if open < words.count, words[open] == "<" {
                    while open < words.count, words[open] != "(" { open += 1 }
                }
                guard open < words.count, words[open] == "(" else { return nil }
                let (parameters, _) = SelectorRegistrations.parameters(tokens: tokens, from: open) { words[$0] }
                return name + "(" + parameters.map { $0.label + ":" }.joined() + ")"
            }
            /// The first token of the declaration whose keyword is at `i`: back over modifiers
            /// and attributes (with their arguments).
            func declarationStart(_ i: Int) -> Int {
                var start = i
                var k = i - 1
                while k >= 0 {
                    if words[k] == ")", match[k] == -1 {
                        // `private(set)`, `@available(…)`: find the `(`.
                        var depth = 0
                        var m = k
                        while m >= 0 {
                            if words[m] == ")" { depth += 1 } else if words[m] == "(" { depth -= 1; if depth == 0 { break } }
                            m -= 1
                        }
                        guard m > 0, tokens[m - 1].kind == .attribute || FileScan.modifiers.contains(words[m - 1]) else { break }
                        k = m - 1
                        start = k
                    } else if tokens[k].kind == .attribute || (tokens[k].kind == .identifier && FileScan.modifiers.contains(words[k])) {
                        start = k
                    } else {
                        break
                    }
                    k -= 1
                }
                return start
            }
            var lineStarts: [Int] = [0]
            for (offset, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
            func lineStart(of offset: Int) -> (offset: Int, line: Int) {
                var low = 0, high = lineStarts.count - 1
                while low < high {
                    let mid = (low + high + 1) / 2
                    if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
                }
                return (lineStarts[low], low + 1)
            }
            var depth = 0
            var i = 0
            /// The classes and extensions whose bodies hold token `i`: their names and `}`.
            var enclosing: [(name: String, close: Int)] = []
            while i < tokens.count {
                let word = words[i]
                if word == "{" { depth += 1 } else if word == "}" { depth -= 1 }
                while let last = enclosing.last, i > last.close { enclosing.removeLast() }
                if word == "func" || word == "var", let owner = enclosing.last?.name,
                   words[declarationStart(i)..<i].contains("override"), let key = key(at: i) {
                    overrides.append((key, owner))
                }
                guard depth == 0, tokens[i].kind == .identifier, word == "class" || word == "extension",
                      i + 1 < tokens.count, tokens[i + 1].kind == .identifier else { i += 1; continue }
                // The body's `{`, if the header is a plain name (generic parameters, an
                // inheritance list; not a `where` clause, not a nested name).
                var open = i + 2
                var plain = true
                while open < tokens.count, words[open] != "{" {
                    if words[open] == "where" || (open == i + 2 && words[open] == ".") { plain = false }
                    if words[open] == "}" || words[open] == ";" { break }
                    open += 1
                }
                guard open < tokens.count, words[open] == "{", match[open] > open else { i += 1; continue }
                let name = words[i + 1]
                let close = match[open]
                if word == "class" {
                    if plain {
                        // `class Name<T: P>: Superclass, Protocol {`: past the generic parameters.
                        var k = i + 2
                        if k < open, words[k] == "<" {
                            var angle = 0
                            while k < open {
                                if words[k] == "<" { angle += 1 } else if words[k] == ">" { angle -= 1 }
                                k += 1
                                if angle == 0 { break }
                            }
                        }
                        let superclass = k + 1 < open && words[k] == ":" ? words[k + 1] : nil
                        classes.append(DeclaredClass(name: name, superclass: superclass, close: tokens[close].range.lowerBound))
                    }
                    enclosing.append((name, close))
                    i += 1
                    continue
                }
                let body = (open + 1)..<close
                guard plain, !body.contains(where: { tokens[$0].kind == .pound && words[$0] == "#if" }) else {
                    i = close + 1
                    continue
                }
                // Members at the extension's own level.
                var k = open + 1
                var level = 0
                while k < close {
                    if words[k] == "{" { level += 1 } else if words[k] == "}" { level -= 1 }
                    if level == 0, words[k] == "func" || words[k] == "var", let key = key(at: k) {
                        // The body: the first `{` at parenthesis depth 0 after the name.
                        var b = k + 2
                        var parens = 0
                        while b < close {
                            if words[b] == "(" || words[b] == "[" { parens += 1 } else if words[b] == ")" || words[b] == "]" { parens -= 1 }
                            if parens == 0, words[b] == "{" { break }
                            // A stored property, or the next declaration: no body.
                            if parens == 0, words[b] == "=" || FileScan.keywords.contains(words[b]) { b = close; break }
                            b += 1
                        }
                        guard b < close, match[b] > b else { k += 1; continue }
                        let start = declarationStart(k)
                        let first = lineStart(of: tokens[start].range.lowerBound)
                        let range = first.offset..<tokens[match[b]].range.upperBound
                        var access: [Range<Int>] = []
                        for m in start..<k where words[m] == "private" || words[m] == "fileprivate" {
                            var end = tokens[m].range.upperBound
                            if m + 3 < k, words[m + 1] == "(", words[m + 3] == ")" { end = tokens[m + 3].range.upperBound }
                            // The space after the modifier goes too.
                            if end < bytes.count, bytes[end] == 0x20 { end += 1 }
                            access.append((tokens[m].range.lowerBound - range.lowerBound)..<(end - range.lowerBound))
                        }
                        let isOverride = words[start..<k].contains("override")
                        if isOverride { overrides.append((key, name)) }
                        extensionMembers.append(Member(className: name, key: key, isOverride: isOverride,
                                                       range: range, line: first.line, accessModifiers: access))
                        k = match[b] + 1
                        continue
                    }
                    k += 1
                }
                i = close + 1
            }
        }
    }
}
