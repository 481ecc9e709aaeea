import Foundation

/// The Objective-C selectors of a target's methods, read from its Swift sources: what
/// `#selector(didTap)` names when it gives no argument labels.
package struct SelectorNames: Sendable {
    /// Each method's selector by its base name (the first declaration's, as overloads
    /// exposed to Objective-C must differ in their selectors anyway).
    private var byBaseName: [String: String] = [:]
    /// The base names of the optional requirements (`@objc optional func`) of the target's
    /// own protocols: calls written `delegate?.name?(…)` lose their second `?`.
    package private(set) var optionalRequirements: Set<String> = []

    package init() {}

    /// The methods declared in `sources` (the whole target's files).
    package init(sources: [String]) {
        for source in sources { add(source) }
    }

    /// The selectors of the methods the target's files expose (a selector can only name a
    /// method marked `@objc` or `@IBAction`, or one of an `@objcMembers` class, so these are
    /// all `#selector` can reach), read by the registrations' scans.
    package init(registrations: [SelectorRegistrations]) {
        for file in registrations {
            for method in file.methods where method.kind == .method && byBaseName[method.name] == nil {
                byBaseName[method.name.trimmingCharacters(in: ["`"])] = method.selector
            }
            optionalRequirements.formUnion(file.optionalRequirements)
        }
    }

    /// The selector Objective-C gives a method named `base` with these argument labels
    /// (`_` for none): `didTap` with no arguments, `didTap:` for `didTap(_:)`, `fooWithBar:`
    /// for `foo(bar:)`, `handle:forEvent:` for `handle(_:forEvent:)`.
    package static func selector(base: String, labels: [String]) -> String {
        guard let first = labels.first else { return base }
        var name = base
        if first != "_" { name += "With" + first.prefix(1).uppercased() + first.dropFirst() }
        name += ":"
        for label in labels.dropFirst() { name += (label == "_" ? "" : label) + ":" }
        return name
    }

    /// The selector of the method `base` declared in the sources, or `base` itself (a method
    /// of no arguments, or one declared elsewhere).
    package func selector(forBaseName base: String) -> String {
        byBaseName[base] ?? base
    }

    private mutating func add(_ source: String) {
        let bytes = Array(source.utf8)
        let tokens = SwiftLexer(bytes).tokens().filter { $0.kind != .space && $0.kind != .newline && $0.kind != .comment }
        // Each token's text, made once.
        let words = tokens.map { String(decoding: bytes[$0.range], as: UTF8.self) }
        func text(_ i: Int) -> String { words[i] }
        var customName: String?
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            if token.kind == .attribute, text(i) == "@objc", i + 1 < tokens.count, text(i + 1) == "(" {
                // @objc(custom:name:) names the next declaration's selector.
                var j = i + 2
                var name = ""
                while j < tokens.count, text(j) != ")" { name += text(j); j += 1 }
                customName = name
                i = j + 1
                continue
            }
            if token.kind == .identifier, text(i) == "optional", i + 2 < tokens.count, text(i + 1) == "func" {
                optionalRequirements.insert(text(i + 2).trimmingCharacters(in: ["`"]))
            }
            if token.kind == .identifier, text(i) == "func", i + 2 < tokens.count, tokens[i + 1].kind == .identifier {
                let base = text(i + 1).trimmingCharacters(in: ["`"])
                var j = i + 2
                // Generic parameters.
                if text(j) == "<" {
                    var depth = 0
                    repeat {
                        if text(j) == "<" { depth += 1 } else if text(j) == ">" { depth -= 1 }
                        j += 1
                    } while j < tokens.count && depth > 0
                }
                if j < tokens.count, text(j) == "(" {
                    let (labels, _) = SelectorNames.labels(tokens: tokens, from: j, text: text)
                    let selector = customName ?? SelectorNames.selector(base: base, labels: labels)
                    if byBaseName[base] == nil { byBaseName[base] = selector }
                }
                customName = nil
            } else if token.kind == .identifier, ["var", "let", "class", "struct", "enum", "init"].contains(text(i)) {
                customName = nil
            }
            i += 1
        }
    }

    /// The external labels of the parameter list opening at `open`, and the index after it.
    static func labels(tokens: [SwiftLexer.Token], from open: Int, text: (Int) -> String) -> ([String], Int) {
        var labels: [String] = []
        var depth = 0
        var segment: [String] = []
        var sawColon = false
        var j = open
        func finish() {
            if let first = segment.first { labels.append(first) }
            segment = []
            sawColon = false
        }
        while j < tokens.count {
            let t = text(j)
            if t == "(" || t == "[" || (t == "<" && depth > 0) {
                depth += 1
                if depth == 1 { j += 1; continue }
            } else if t == ")" || t == "]" || (t == ">" && j > 0 && text(j - 1) != "-" && depth > 1) {
                depth -= 1
                if depth == 0 {
                    if !segment.isEmpty { finish() }
                    return (labels, j + 1)
                }
            } else if depth == 1 {
                if t == "," { finish() } else if t == ":" { sawColon = true } else if !sawColon, tokens[j].kind == .identifier {
                    segment.append(t.trimmingCharacters(in: ["`"]))
                }
            }
            j += 1
        }
        return (labels, j)
    }
}
