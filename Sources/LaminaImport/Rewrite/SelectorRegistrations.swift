import Foundation

/// The methods of a file that selectors may reach — those marked `@objc` or `@IBAction`, and
/// every instance method of an `@objcMembers` class — and the Swift that registers them in
/// `SelectorTable`, written into the same file so `private` methods stay reachable.
package struct SelectorRegistrations: Sendable {
    /// One method a selector reaches: a method, or a property's accessor.
    package struct Method: Equatable, Sendable {
        package enum Kind: Equatable, Sendable { case method, getter, setter }
        package var kind: Kind = .method
        /// The type that declares it (`Outer.Inner` for a nested type).
        package let type: String
        package let name: String
        package let selector: String
        /// Each parameter's external label (`_` for none) and its type as written.
        package let parameters: [(label: String, type: String)]
        package let returnsValue: Bool
        package let throwsError: Bool

        package static func == (a: Method, b: Method) -> Bool {
            a.kind == b.kind && a.type == b.type && a.name == b.name && a.selector == b.selector && a.returnsValue == b.returnsValue
                && a.throwsError == b.throwsError && a.parameters.map(\.label) == b.parameters.map(\.label)
                && a.parameters.map(\.type) == b.parameters.map(\.type)
        }
    }

    package let methods: [Method]
    /// The base names of the optional requirements (`optional func`) of the file's protocols.
    package let optionalRequirements: [String]

    /// The methods `source` declares.
    package init(source: String) {
        (methods, optionalRequirements) = SelectorRegistrations.scan(source)
    }

    /// Swift registering the methods, in extensions named `register` + `suffix` (unique per
    /// file): one static function per type, and the list of calls that run them.
    package func code(suffix: String) -> (declarations: String, calls: [String]) {
        var byType: [String: [Method]] = [:]
        var order: [String] = []
        for method in methods {
            if byType[method.type] == nil { order.append(method.type) }
            byType[method.type, default: []].append(method)
        }
        var out = ""
        var calls: [String] = []
        for type in order {
            let function = "__laminaRegisterSelectors\(suffix)"
            out += "extension \(type) {\n    nonisolated static func \(function)() {\n"
            for method in byType[type] ?? [] {
                out += "        SelectorTable.register(\"\(method.selector)\", on: \(type).self, returning: { target, arguments in\n"
                if method.kind == .getter {
                    out += "            return SelectorTable.callAsMainActor { target.\(method.name) as Any? }\n        })\n"
                    continue
                }
                if method.kind == .setter, let parameter = method.parameters.first {
                    let value = SelectorRegistrations.conversion("arguments[0]", to: parameter.type)
                    out += "            SelectorTable.callAsMainActor { target.\(method.name) = \(value) }\n            return nil\n        })\n"
                    continue
                }
                let arguments = method.parameters.enumerated().map { index, parameter in
                    (parameter.label == "_" ? "" : parameter.label + ": ") + SelectorRegistrations.conversion("arguments[\(index)]", to: parameter.type)
                }
                let call = "target.\(method.name)(\(arguments.joined(separator: ", ")))"
                let attempted = method.throwsError ? "try? " + call : call
                if method.returnsValue {
                    out += "            return SelectorTable.callAsMainActor { \(attempted) as Any? }\n"
                } else {
                    let statement = method.throwsError ? "_ = " + attempted : attempted
                    out += "            SelectorTable.callAsMainActor { \(statement) }\n            return nil\n"
                }
                out += "        })\n"
            }
            out += "    }\n}\n"
            calls.append("\(type).\(function)()")
        }
        return (out, calls)
    }

    /// `value` (an `Any?`) as a parameter of type `type`.
    static func conversion(_ value: String, to type: String) -> String {
        let trimmed = type.trimmingCharacters(in: .whitespaces)
        switch trimmed {
        case "Any?", "Optional<Any>": return value
        case "Any": return "\(value) as Any"
        case "AnyObject": return "\(value) as AnyObject"
        case "AnyObject?": return "\(value).map { $0 as AnyObject }"
        // Interface Builder's numbers arrive as NSNumber.
        case "CGFloat", "Double", "Float": return "(\(value) as? NSNumber).map { \(trimmed)($0.doubleValue) } ?? \(value) as! \(trimmed)"
        case "Int": return "(\(value) as? NSNumber)?.intValue ?? \(value) as! Int"
        case "Bool": return "(\(value) as? NSNumber)?.boolValue ?? \(value) as! Bool"
        default:
            if trimmed.hasSuffix("?") || trimmed.hasSuffix("!") { return "\(value) as? \(trimmed.dropLast())" }
            return "\(value) as! \(trimmed)"
        }
    }

    private struct Scope {
        /// The type's name, nil for a function body or other block.
        let type: String?
        let objcMembers: Bool
        let isProtocol: Bool
    }

    private static func scan(_ source: String) -> ([Method], [String]) {
        let bytes = Array(source.utf8)
        let all = SwiftLexer(bytes).tokens()
        let significant = all.indices.filter { all[$0].kind != .space && all[$0].kind != .newline && all[$0].kind != .comment }
        let tokens = significant.map { all[$0] }
        // Each token's text, made once.
        let words = tokens.map { String(decoding: bytes[$0.range], as: UTF8.self) }
        func text(_ i: Int) -> String { words[i] }
        var methods: [Method] = []
        var optionals: [String] = []
        var scopes: [Scope] = []
        /// A type declaration whose `{` is coming: its name and kind.
        var pendingType: (name: String, objcMembers: Bool, isProtocol: Bool)?
        var attributes: [String] = []
        var customName: String?
        var modifiers: Set<String> = []
        var i = 0
        func qualified(_ name: String) -> String {
            let outer = scopes.compactMap(\.type)
            // A type inside a function body is not reachable by name: none of its methods count.
            if scopes.contains(where: { $0.type == nil }) { return "" }
            return (outer + [name]).joined(separator: ".")
        }
        while i < tokens.count {
            let t = text(i)
            switch tokens[i].kind {
            case .attribute:
                attributes.append(t)
                if t == "@objc", i + 1 < tokens.count, text(i + 1) == "(" {
                    var j = i + 2
                    var name = ""
                    while j < tokens.count, text(j) != ")" { name += text(j); j += 1 }
                    customName = name
                    i = j
                }
            case .identifier where ["class", "struct", "enum", "extension", "actor", "protocol"].contains(t):
                // `class func` is a modifier, not a type.
                if t == "class", i + 1 < tokens.count, ["func", "var", "let", "subscript"].contains(text(i + 1)) {
                    modifiers.insert("class")
                    break
                }
                if i + 1 < tokens.count, tokens[i + 1].kind == .identifier {
                    var name = text(i + 1)
                    var j = i + 2
                    // `extension Outer.Inner`
                    while j + 1 < tokens.count, text(j) == ".", tokens[j + 1].kind == .identifier {
                        name += "." + text(j + 1)
                        j += 2
                    }
                    let isExtension = t == "extension"
                    // A generic type's methods cannot be reached by selector (nor named without
                    // their type's arguments): recorded as a nameless scope.
                    let generic = j < tokens.count && text(j) == "<"
                    pendingType = (generic ? "" : (isExtension || scopes.isEmpty ? name : qualified(name)),
                                   attributes.contains("@objcMembers"), t == "protocol")
                    i = j - 1
                }
                attributes = []
                customName = nil
                modifiers = []
            case .identifier where t == "func":
                defer {
                    attributes = []
                    customName = nil
                    modifiers = []
                }
                guard let scope = scopes.last, let type = scope.type, !type.isEmpty, !scope.isProtocol,
                      !modifiers.contains("static"), !modifiers.contains("class"), i + 1 < tokens.count else { break }
                let exposed = attributes.contains("@objc") || attributes.contains("@IBAction") || scope.objcMembers
                guard exposed else { break }
                let name = text(i + 1)
                var j = i + 2
                if j < tokens.count, text(j) == "<" { break }  // generic methods cannot be @objc
                guard j < tokens.count, text(j) == "(" else { break }
                let (parameters, after) = SelectorRegistrations.parameters(tokens: tokens, from: j, text: text)
                j = after
                var throwsError = false, returnsValue = false, isAsync = false
                while j < tokens.count, text(j) != "{", text(j) != "}" {
                    let word = text(j)
                    if word == "throws" || word == "rethrows" { throwsError = true }
                    if word == "async" { isAsync = true }
                    if word == "-", j + 1 < tokens.count, text(j + 1) == ">" { returnsValue = true }
                    if word == "where" { break }
                    j += 1
                }
                if isAsync || parameters.contains(where: { $0.type.hasPrefix("inout ") }) { break }
                let selector = customName ?? SelectorNames.selector(base: name.trimmingCharacters(in: ["`"]), labels: parameters.map(\.label))
                methods.append(Method(type: type, name: name, selector: selector, parameters: parameters,
                                      returnsValue: returnsValue, throwsError: throwsError))
            case .identifier where t == "optional" && i + 2 < tokens.count && text(i + 1) == "func":
                optionals.append(text(i + 2).trimmingCharacters(in: ["`"]))
            case .identifier where ["static", "private", "fileprivate", "public", "open", "internal", "override", "final",
                                     "dynamic", "required", "convenience", "nonisolated", "mutating"].contains(t):
                modifiers.insert(t)
            case .identifier where t == "var" || t == "let":
                defer {
                    attributes = []
                    customName = nil
                    modifiers = []
                }
                guard let scope = scopes.last, let type = scope.type, !type.isEmpty, !scope.isProtocol,
                      !modifiers.contains("static"), !modifiers.contains("class"), i + 2 < tokens.count,
                      attributes.contains("@objc") || attributes.contains("@IBInspectable") || scope.objcMembers,
                      tokens[i + 1].kind == .identifier, text(i + 2) == ":" else { break }
                let name = text(i + 1)
                guard let (propertyType, settable) = SelectorRegistrations.property(all: all, bytes: bytes, from: significant[i + 2] + 1),
                      !propertyType.isEmpty else { break }
                let bare = name.trimmingCharacters(in: ["`"])
                methods.append(Method(kind: .getter, type: type, name: name, selector: customName ?? bare, parameters: [],
                                      returnsValue: true, throwsError: false))
                if t == "var", settable {
                    let setter = "set" + bare.prefix(1).uppercased() + bare.dropFirst() + ":"
                    methods.append(Method(kind: .setter, type: type, name: name, selector: setter,
                                          parameters: [("_", propertyType)], returnsValue: false, throwsError: false))
                }
            case .identifier where ["init", "subscript", "typealias", "case", "deinit"].contains(t):
                attributes = []
                customName = nil
                modifiers = []
            case .punctuation where t == "{":
                if let pending = pendingType {
                    scopes.append(Scope(type: pending.name, objcMembers: pending.objcMembers, isProtocol: pending.isProtocol))
                    pendingType = nil
                } else {
                    scopes.append(Scope(type: nil, objcMembers: false, isProtocol: false))
                }
                attributes = []
                modifiers = []
            case .punctuation where t == "}":
                if !scopes.isEmpty { scopes.removeLast() }
                attributes = []
                modifiers = []
            default:
                break
            }
            i += 1
        }
        return (methods, optionals)
    }

    /// A property's type as written (from the full token list, after its `:`) and whether it
    /// can be set: a stored property, or a computed one with a setter or observers.
    static func property(all: [SwiftLexer.Token], bytes: [UInt8], from start: Int) -> (type: String, settable: Bool)? {
        func text(_ i: Int) -> String { String(decoding: bytes[all[i].range], as: UTF8.self) }
        var type: [String] = []
        var depth = 0
        var j = start
        while j < all.count {
            let token = all[j]
            let t = text(j)
            if depth == 0, token.kind == .newline || t == "=" || t == "{" || t == ";" || t == "}" { break }
            if t == "(" || t == "[" || t == "<" { depth += 1 }
            if t == ")" || t == "]" || (t == ">" && j > 0 && text(j - 1) != "-") { depth -= 1 }
            if token.kind != .space && token.kind != .comment && token.kind != .newline { type.append(t) }
            j += 1
        }
        // Past the type: a brace block says what the property is.
        var k = j
        while k < all.count, all[k].kind == .space || all[k].kind == .comment { k += 1 }
        guard k < all.count, text(k) == "{" else { return (joined(type), true) }
        var level = 0
        var words: Set<String> = []
        while k < all.count {
            let t = text(k)
            if t == "{" { level += 1 } else if t == "}" {
                level -= 1
                if level == 0 { break }
            } else if level == 1, all[k].kind == .identifier { words.insert(t) }
            k += 1
        }
        let settable = words.contains("set") || words.contains("didSet") || words.contains("willSet")
        return (joined(type), settable)
    }

    /// The parameters (external label, type as written) of the list opening at `open`, and
    /// the index after its `)`.
    static func parameters(tokens: [SwiftLexer.Token], from open: Int, text: (Int) -> String) -> ([(label: String, type: String)], Int) {
        var result: [(label: String, type: String)] = []
        var depth = 0
        var names: [String] = []
        var type: [String] = []
        var inType = false, inDefault = false
        func finish() {
            if let label = names.first {
                result.append((label.trimmingCharacters(in: ["`"]), SelectorRegistrations.joined(type)))
            }
            names = []
            type = []
            inType = false
            inDefault = false
        }
        var j = open
        while j < tokens.count {
            let t = text(j)
            let opens = t == "(" || t == "[" || (t == "<" && inType)
            let closes = t == ")" || t == "]" || (t == ">" && inType && j > 0 && text(j - 1) != "-")
            if opens {
                depth += 1
                if depth == 1 { j += 1; continue }
            } else if closes {
                depth -= 1
                if depth == 0 {
                    if !names.isEmpty { finish() }
                    return (result, j + 1)
                }
            } else if depth == 1 {
                if t == "," { finish(); j += 1; continue }
                if t == ":", !inType { inType = true; j += 1; continue }
                if t == "=", inType { inDefault = true; j += 1; continue }
            }
            if depth >= 1 {
                if !inType, tokens[j].kind == .identifier { names.append(t) } else if inType, !inDefault { type.append(t) }
            }
            j += 1
        }
        return (result, j)
    }

    /// Type tokens as source text (spaces only where Swift needs them).
    private static func joined(_ tokens: [String]) -> String {
        var out = ""
        for token in tokens {
            let word = token.first.map { $0.isLetter || $0 == "_" } ?? false
            let lastWord = out.last.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
            if word, lastWord { out += " " }
            if token == "->" || (token == ">" && out.hasSuffix("-")) { out += token; continue }
            out += token
        }
        return out.replacingOccurrences(of: "->", with: " -> ")
    }
}
