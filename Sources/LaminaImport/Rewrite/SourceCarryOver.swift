import Foundation

/// A Swift file carried over for Swift without an Objective-C runtime: the generated copy the
/// `lamina` command compiles (the user's file is never touched).
package struct CarriedSource: Sendable {
    /// One edit, for `lamina package --explain`.
    package struct Change: Equatable, Sendable {
        package let line: Int
        package let description: String
    }

    /// The new text: the same lines, in the same places, under a `#sourceLocation` naming the
    /// original file, so compiler errors and crashes point to the user's file and line.
    package let text: String
    package let changes: [Change]
}

/// What the carry-over rewrites, token by token (comments and strings are never touched):
/// - `@objc`, `@objc(name)`, `@objcMembers`, `@IBOutlet`, `@IBAction`, `@IBInspectable`,
///   `@IBDesignable`, `@IBSegueAction` and `@GKInspectable` are dropped (Swift on Linux
///   rejects them: "Objective-C interoperability is disabled");
/// - `#selector(…)` becomes `Selector("didTap:")`, named as Objective-C names the method;
/// - `#keyPath(Type.a.b)` becomes `"a.b"`;
/// - `@UIApplicationMain` and `@NSApplicationMain` become `@main`;
/// - `import UIKit.UIGestureRecognizerSubclass` becomes `import UIKit`;
/// - `import Foundation` in a file using `URLSession` and its kin gains `import FoundationNetworking`;
/// - `@NSManaged var x: T` becomes a property kept by key-value coding (layer subclasses' custom
///   animatable properties);
/// - a layer subclass's `override init(layer:)` and `override init()` become `required`.
package enum SourceCarryOver {
    private static let droppedAttributes: Set<String> = [
        "@objc", "@objcMembers", "@IBOutlet", "@IBAction", "@IBInspectable", "@IBDesignable", "@IBSegueAction",
        "@GKInspectable", "@IBOutletCollection",
    ]

    /// `source` carried over; `path` is the original file's, `selectors` the target's methods.
    package static func carry(_ source: String, path: String, selectors: SelectorNames) -> CarriedSource {
        let bytes = Array(source.utf8)
        let all = SwiftLexer(bytes).tokens()
        func text(_ token: SwiftLexer.Token) -> String { String(decoding: bytes[token.range], as: UTF8.self) }
        // Lines, for the change list.
        var lineOf: [Int] = []
        lineOf.reserveCapacity(all.count)
        var line = 1
        /// The line a `#sourceLocation(…, line: N)` directive sets for the line after it.
        var directed: Int?
        for (index, token) in all.enumerated() {
            lineOf.append(line)
            if token.kind == .pound, text(token) == "#sourceLocation" {
                let arguments = all[index...].prefix { $0.kind != .newline && text($0) != ")" }
                directed = arguments.first { $0.kind == .number }.flatMap { Int(text($0)) }
            }
            if token.kind == .newline {
                line = directed ?? line + 1
                directed = nil
            } else if token.kind == .string || token.kind == .comment {
                line += bytes[token.range].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            }
        }
        var edits: [(range: Range<Int>, replacement: String)] = []
        /// Default implementations of optional requirements, written after the file.
        var defaults: [String] = []
        var changes: [CarriedSource.Change] = []
        func next(_ i: Int) -> Int? {
            var j = i + 1
            while j < all.count, all[j].kind == .space || all[j].kind == .newline || all[j].kind == .comment { j += 1 }
            return j < all.count ? j : nil
        }
        /// The index of the `)` closing the `(` at `open`.
        func closing(_ open: Int) -> Int? {
            var depth = 0
            var j = open
            while j < all.count {
                if all[j].kind == .punctuation {
                    let t = bytes[all[j].range.lowerBound]
                    if t == 0x28 { depth += 1 } else if t == 0x29 {
                        depth -= 1
                        if depth == 0 { return j }
                    }
                }
                j += 1
            }
            return nil
        }
        var i = 0
        while i < all.count {
            let token = all[i]
            let word = text(token)
            switch token.kind {
            case .attribute where droppedAttributes.contains(word):
                var end = i
                // `@objc(name)`: the name goes too.
                if word == "@objc", i + 1 < all.count, text(all[i + 1]) == "(", let close = closing(i + 1) { end = close }
                // One space after the attribute goes with it.
                if end + 1 < all.count, all[end + 1].kind == .space { end += 1 }
                edits.append((token.range.lowerBound..<all[end].range.upperBound, ""))
                changes.append(.init(line: lineOf[i], description: "dropped \(word)"))
                i = end + 1
                continue
            case .attribute where word == "@UIApplicationMain" || word == "@NSApplicationMain":
                edits.append((token.range, "@main"))
                changes.append(.init(line: lineOf[i], description: "\(word) became @main"))
            case .pound where word == "#selector" || word == "#keyPath":
                guard let open = next(i), text(all[open]) == "(", let close = closing(open) else { break }
                let inner = all[(open + 1)..<close].filter { $0.kind != .space && $0.kind != .newline && $0.kind != .comment }.map(text)
                let replacement: String
                if word == "#selector" {
                    let name = selectorName(inner, selectors: selectors)
                    replacement = "Selector(\"\(name)\")"
                } else {
                    var components = inner.filter { $0 != "." && $0 != "?" && $0 != "!" && $0 != "\\" }
                    if components.count > 1, let first = components.first?.first, first.isUppercase { components.removeFirst() }
                    replacement = "\"" + components.joined(separator: ".") + "\""
                }
                edits.append((token.range.lowerBound..<all[close].range.upperBound, replacement))
                changes.append(.init(line: lineOf[i], description: "\(word)(…) became \(replacement)"))
                i = close + 1
                continue
            case .attribute where word == "@NSManaged":
                // `@NSManaged var progress: CGFloat` in a layer subclass: a property kept by the
                // layer's key-value coding, so `needsDisplay(forKey:)` and animations reach it.
                guard let managed = managedProperty(after: i) else { break }
                edits.append((token.range.lowerBound..<managed.end, managed.replacement))
                changes.append(.init(line: lineOf[i], description: "@NSManaged var \(managed.name) became a key-value-coded property"))
                i = managed.nextToken
                continue
            case .identifier where word == "override":
                // A layer subclass's `init(layer:)` (and `init()`) override must be `required`
                // on Linux, where Lamina's CALayer declares them so.
                guard let layerClass = enclosingClassIsLayer(at: i), layerClass,
                      let initToken = next(i), text(all[initToken]) == "init", let open = next(initToken), text(all[open]) == "(",
                      let close = closing(open) else { break }
                let inner = all[(open + 1)..<close].filter { $0.kind != .space && $0.kind != .newline && $0.kind != .comment }.map(text)
                guard inner.isEmpty || inner.first == "layer" else { break }
                var k = i - 1
                var required = false
                while k >= 0, all[k].kind != .newline, text(all[k]) != "{", text(all[k]) != "}", text(all[k]) != ";" {
                    if text(all[k]) == "required" { required = true }
                    k -= 1
                }
                if !required {
                    edits.append((token.range.lowerBound..<token.range.lowerBound, "required "))
                    changes.append(.init(line: lineOf[i], description: "init\(inner.isEmpty ? "()" : "(layer:)") of a layer subclass made required"))
                }
            case .identifier where word == "optional":
                // `optional func name(…)` in a protocol: a plain requirement with a default
                // implementation written after the file (Swift has optional requirements only
                // for Objective-C protocols).
                guard let funcToken = next(i), text(all[funcToken]) == "func", let protocolName = enclosingProtocol(at: i),
                      let signature = requirementSignature(from: funcToken) else { break }
                var end = i + 1
                if end < all.count, all[end].kind == .space { end += 1 }
                edits.append((token.range.lowerBound..<all[end - 1].range.upperBound, ""))
                defaults.append("extension \(protocolName) {\n    \(signature.text) \(defaultBody(returning: signature.returnType))\n}\n")
                changes.append(.init(line: lineOf[i], description: "optional requirement \(signature.name) given a default implementation"))
            case .punctuation where (word == "?" || word == "!") && i > 1 && all[i - 1].kind == .identifier
                && text(all[i - 2]) == "." && i + 1 < all.count && text(all[i + 1]) == "(":
                // `delegate?.name?(…)`: a call to an optional requirement, which is now a plain one.
                let name = text(all[i - 1])
                guard selectors.optionalRequirements.contains(name) || SourceCarryOver.isAppleOptionalRequirement(name) else { break }
                edits.append((token.range, ""))
                changes.append(.init(line: lineOf[i], description: "call to optional requirement \(name)\(word)(…) made plain"))
            case .identifier where word == "import":
                // `import Foundation` in a file using URLSession and its kin, which Linux keeps in
                // FoundationNetworking.
                if let module = next(i), text(all[module]) == "Foundation", next(module).map({ text(all[$0]) != "." }) ?? true,
                   all.contains(where: { $0.kind == .identifier && SourceCarryOver.networkingTypes.contains(text($0)) }) {
                    edits.append((all[module].range.upperBound..<all[module].range.upperBound, "; import FoundationNetworking"))
                    changes.append(.init(line: lineOf[i], description: "import FoundationNetworking added (URLSession and its kin)"))
                }
                // import UIKit.UIGestureRecognizerSubclass
                if let module = next(i), text(all[module]) == "UIKit", let dot = next(module), text(all[dot]) == ".",
                   let sub = next(dot), text(all[sub]) == "UIGestureRecognizerSubclass" {
                    edits.append((all[module].range.upperBound..<all[sub].range.upperBound, ""))
                    changes.append(.init(line: lineOf[i], description: "import UIKit.UIGestureRecognizerSubclass became import UIKit"))
                    i = sub + 1
                    continue
                }
            default:
                break
            }
            i += 1
        }
        /// `@NSManaged var name: Type` starting at attribute `i`, as a computed property.
        func managedProperty(after i: Int) -> (name: String, replacement: String, end: Int, nextToken: Int)? {
            var j = i + 1
            var modifiers: [String] = []
            while let n = next(j - 1), all[n].kind == .identifier, text(all[n]) != "var" {
                modifiers.append(text(all[n]))
                j = n + 1
                if modifiers.count > 4 { return nil }
            }
            guard let varToken = next(j - 1), text(all[varToken]) == "var", let nameToken = next(varToken),
                  let colon = next(nameToken), text(all[colon]) == ":" else { return nil }
            // The type runs to the end of the line.
            var k = colon + 1
            var typeText = ""
            while k < all.count, all[k].kind != .newline, all[k].kind != .comment {
                typeText += text(all[k])
                k += 1
            }
            let type = typeText.trimmingCharacters(in: .whitespaces)
            let name = text(all[nameToken])
            let fallback: String
            switch type {
            case "CGFloat", "Double", "Float", "Int", "CFTimeInterval", "TimeInterval": fallback = " ?? 0"
            case "Bool": fallback = " ?? false"
            default: fallback = type.hasSuffix("?") ? "" : "!"
            }
            let cast = type.hasSuffix("?") ? "as? \(type.dropLast())" : "as? \(type)"
            var getter = fallback == "!" ? "(value(forKey: \"\(name)\") \(cast))!" : "value(forKey: \"\(name)\") \(cast)\(fallback)"
            if fallback == " ?? 0" {
                // Animated values may arrive as NSNumber.
                getter = "let v = value(forKey: \"\(name)\"); return (v as? \(type)) ?? (v as? NSNumber).map { \(type)($0.doubleValue) } ?? 0"
            }
            let prefix = modifiers.isEmpty ? "" : modifiers.joined(separator: " ") + " "
            let replacement = "\(prefix)var \(name): \(type) { get { \(getter) } set { setValue(newValue, forKey: \"\(name)\") } }"
            var end = k
            while end > colon, all[end - 1].kind == .space { end -= 1 }
            return (name, replacement, all[end - 1].range.upperBound, end)
        }

        /// The words (identifiers and `:`) of the header of the innermost declaration whose body
        /// holds token `i` (`class Name: Super`), nil at file scope.
        func enclosingHeader(at i: Int) -> [String]? {
            var depth = 0
            var k = i - 1
            while k >= 0 {
                let t = text(all[k])
                if t == "}" { depth += 1 } else if t == "{" {
                    if depth == 0 {
                        var m = k - 1
                        var words: [String] = []
                        while m >= 0, text(all[m]) != "}", text(all[m]) != "{", text(all[m]) != ";" {
                            if all[m].kind == .identifier || text(all[m]) == ":" { words.insert(text(all[m]), at: 0) }
                            m -= 1
                        }
                        return words
                    }
                    depth -= 1
                }
                k -= 1
            }
            return nil
        }

        /// The protocol whose body holds token `i`, if the innermost declaration is one.
        func enclosingProtocol(at i: Int) -> String? {
            guard let words = enclosingHeader(at: i), let index = words.firstIndex(of: "protocol"), index + 1 < words.count else {
                return nil
            }
            return words[index + 1]
        }

        /// A requirement's declaration text from `func` to the end of its line (or its last
        /// parenthesis), its name and its return type ("" for none).
        func requirementSignature(from funcToken: Int) -> (text: String, name: String, returnType: String)? {
            guard let nameToken = next(funcToken) else { return nil }
            var k = funcToken
            var text = ""
            var depth = 0
            while k < all.count {
                let t = SourceCarryOver.tokenText(all[k], bytes)
                if all[k].kind == .newline, depth == 0 { break }
                if all[k].kind == .comment { k += 1; continue }
                if t == "(" { depth += 1 } else if t == ")" { depth -= 1 }
                text += all[k].kind == .newline ? " " : t
                k += 1
            }
            text = text.trimmingCharacters(in: .whitespaces)
            if text.hasSuffix(";") { text.removeLast() }
            var returnType = ""
            if let arrow = text.range(of: "->", options: .backwards), !text[arrow.upperBound...].contains(")") || text.hasSuffix(")") {
                returnType = String(text[arrow.upperBound...]).trimmingCharacters(in: .whitespaces)
            }
            return (text, SourceCarryOver.tokenText(all[nameToken], bytes), returnType)
        }

        /// Whether the type declaration around token `i` is a class whose superclass's name
        /// ends in `Layer` (nil outside any class).
        func enclosingClassIsLayer(at i: Int) -> Bool? {
            guard let words = enclosingHeader(at: i), words.contains("class"), let colon = words.firstIndex(of: ":"),
                  colon + 1 < words.count else { return nil }
            return words[colon + 1].hasSuffix("Layer")
        }

        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 128)
        out.append(contentsOf: Array("#sourceLocation(file: \"\(escaped(path))\", line: 1)\n".utf8))
        var cursor = 0
        for edit in edits {
            out.append(contentsOf: bytes[cursor..<edit.range.lowerBound])
            out.append(contentsOf: Array(edit.replacement.utf8))
            cursor = edit.range.upperBound
        }
        out.append(contentsOf: bytes[cursor...])
        if out.last != 0x0A { out.append(0x0A) }
        out.append(contentsOf: Array("#sourceLocation()\n".utf8))
        for extensionText in defaults { out.append(contentsOf: Array(("\n" + extensionText).utf8)) }
        return CarriedSource(text: String(decoding: out, as: UTF8.self), changes: changes)
    }

    /// Foundation's networking types, which Linux keeps in FoundationNetworking.
    static let networkingTypes: Set<String> = [
        "URLSession", "URLRequest", "URLResponse", "HTTPURLResponse", "URLSessionConfiguration", "URLSessionTask",
        "URLSessionDataTask", "URLSessionDownloadTask", "URLSessionUploadTask", "URLSessionDelegate", "URLSessionDataDelegate",
        "URLSessionTaskDelegate", "URLCache", "URLCredential", "URLProtectionSpace", "URLAuthenticationChallenge", "URLProtocol",
        "NSURLRequest", "NSMutableURLRequest", "HTTPCookie", "HTTPCookieStorage", "CachedURLResponse",
    ]

    /// The selector `#selector(…)`'s significant tokens name.
    static func selectorName(_ tokens: [String], selectors: SelectorNames) -> String {
        var tokens = tokens
        // A cast picks an overload: `#selector((foo) as (T) -> () -> Void)`.
        if let cast = tokens.firstIndex(of: "as") { tokens = Array(tokens[..<cast]) }
        var accessor: String?
        if tokens.count > 2, tokens[0] == "getter" || tokens[0] == "setter", tokens[1] == ":" {
            accessor = tokens[0]
            tokens.removeFirst(2)
        }
        // The last name before a label list (or the end).
        var base = ""
        var labels: [String]?
        var k = 0
        while k < tokens.count {
            let t = tokens[k]
            if t == "(" , !base.isEmpty {
                var found: [String] = []
                var m = k + 1
                while m + 1 < tokens.count, tokens[m + 1] == ":" {
                    found.append(tokens[m])
                    m += 2
                }
                if m < tokens.count, tokens[m] == ")" { labels = found }
                break
            }
            if let c = t.unicodeScalars.first, CharacterSet.letters.contains(c) || t.hasPrefix("_") || t.hasPrefix("`") {
                base = t.trimmingCharacters(in: ["`"])
            }
            k += 1
        }
        if let accessor {
            return accessor == "getter" ? base : "set" + base.prefix(1).uppercased() + base.dropFirst() + ":"
        }
        if let labels { return SelectorNames.selector(base: base, labels: labels) }
        return selectors.selector(forBaseName: base)
    }

    static func tokenText(_ token: SwiftLexer.Token, _ bytes: [UInt8]) -> String {
        String(decoding: bytes[token.range], as: UTF8.self)
    }

    /// The body a default implementation of an optional requirement returns: nothing, nil, a
    /// zero or an empty value where the type has one.
    static func defaultBody(returning type: String) -> String {
        switch type {
        case "", "Void", "()": return "{}"
        case "Bool": return "{ false }"
        case "Int", "CGFloat", "Double", "Float", "UInt", "TimeInterval": return "{ 0 }"
        case "String": return "{ \"\" }"
        case "CGSize": return "{ .zero }"
        default:
            if type.hasSuffix("?") { return "{ nil }" }
            if type.hasPrefix("[") { return type.contains(":") ? "{ [:] }" : "{ [] }" }
            return "{ fatalError(\"optional requirement not implemented\") }"
        }
    }

    /// Base names of optional requirements of UIKit's delegate and data-source protocols,
    /// which Lamina declares as plain requirements with defaults.
    static func isAppleOptionalRequirement(_ name: String) -> Bool {
        let prefixes = ["tableView", "collectionView", "scrollView", "textField", "textView", "navigationController",
                        "pageViewController", "splitViewController", "tabBarController", "tabBar", "gestureRecognizer",
                        "searchBar", "pickerView", "presentationController", "adaptivePresentationStyle", "application",
                        "scene", "sceneDidBecomeActive", "sceneWillResignActive", "sceneWillEnterForeground",
                        "sceneDidEnterBackground", "sceneDidDisconnect", "windowScene", "numberOfSections"]
        return prefixes.contains { name.hasPrefix($0) }
    }

    private static func escaped(_ path: String) -> String {
        path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
