import Foundation

/// Reading the three string table formats: `.strings` (the old-style property list of
/// `"key" = "value";` pairs, UTF-8 or UTF-16, or an XML or binary property list),
/// `.stringsdict` (a property list of plural rules) and `.xcstrings` (Xcode's JSON catalogue).
enum StringsFile {
    /// The pairs of a `.strings` file; nil when it is not one (a message says why).
    static func strings(_ data: Data, name: String) -> [String: String]? {
        if data.starts(with: Array("bplist".utf8)) || data.starts(with: Array("<?xml".utf8)) {
            return (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: String]
        }
        guard let text = decode(data) else {
            ConsoleLog.report("[Localization] \(name) is not UTF-8 or UTF-16 text; its strings are not read.")
            return nil
        }
        var parser = Parser(scalars: Array(text.unicodeScalars))
        do {
            return try parser.pairs()
        } catch {
            ConsoleLog.report("[Localization] \(name): \(error); its strings are not read.")
            return nil
        }
    }

    private static func decode(_ data: Data) -> String? {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) { return String(data: data, encoding: .utf16) }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: data.dropFirst(3), as: UTF8.self) }
        return String(data: data, encoding: .utf8)
    }

    struct SyntaxError: Error, CustomStringConvertible {
        let line: Int
        let expected: String
        var description: String { "line \(line): expected \(expected)" }
    }

    /// The old-style property list grammar a `.strings` file uses: quoted or bare strings,
    /// `/* */` and `//` comments, `\n \t \" \\ \U1234` escapes; a key alone (`"key";`) maps to
    /// itself.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1

        init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

        mutating func pairs() throws -> [String: String] {
            var result: [String: String] = [:]
            skipTrivia()
            // A file may wrap its pairs in braces.
            var braced = false
            if peek == "{" { braced = true; index += 1 }
            while true {
                skipTrivia()
                guard let next = peek else { break }
                if braced && next == "}" { index += 1; break }
                let key = try string()
                skipTrivia()
                if peek == ";" {
                    index += 1
                    result[key] = key
                    continue
                }
                guard peek == "=" else { throw SyntaxError(line: line, expected: "'=' after \"\(key)\"") }
                index += 1
                skipTrivia()
                let value = try string()
                skipTrivia()
                guard peek == ";" else { throw SyntaxError(line: line, expected: "';' after the value of \"\(key)\"") }
                index += 1
                result[key] = value
            }
            return result
        }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func skipTrivia() {
            while let scalar = peek {
                if scalar == "\n" { line += 1; index += 1; continue }
                if scalar.properties.isWhitespace { index += 1; continue }
                if scalar == "/", index + 1 < scalars.count {
                    if scalars[index + 1] == "*" {
                        index += 2
                        while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") {
                            if scalars[index] == "\n" { line += 1 }
                            index += 1
                        }
                        index = min(index + 2, scalars.count)
                        continue
                    }
                    if scalars[index + 1] == "/" {
                        while let next = peek, next != "\n" { index += 1; _ = next }
                        continue
                    }
                }
                return
            }
        }

        mutating func string() throws -> String {
            guard let first = peek else { throw SyntaxError(line: line, expected: "a string") }
            var out = String.UnicodeScalarView()
            if first != "\"" {
                // A bare word.
                while let scalar = peek, scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                        || "_$:./-".unicodeScalars.contains(scalar) {
                    out.append(scalar)
                    index += 1
                }
                if out.isEmpty { throw SyntaxError(line: line, expected: "a quoted string") }
                return String(out)
            }
            index += 1
            while true {
                guard let scalar = peek else { throw SyntaxError(line: line, expected: "a closing quote") }
                index += 1
                if scalar == "\"" { break }
                if scalar == "\n" { line += 1 }
                guard scalar == "\\" else { out.append(scalar); continue }
                guard let escaped = peek else { throw SyntaxError(line: line, expected: "an escaped character") }
                index += 1
                switch escaped {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "a": out.append("\u{07}")
                case "b": out.append("\u{08}")
                case "f": out.append("\u{0C}")
                case "v": out.append("\u{0B}")
                case "U", "u":
                    var value: UInt32 = 0
                    var digits = 0
                    while digits < 4, let hex = peek, let digit = UInt32(String(hex), radix: 16) {
                        value = value * 16 + digit
                        digits += 1
                        index += 1
                    }
                    // A surrogate pair is written as two escapes.
                    if (0xD800..<0xDC00).contains(value), index + 5 < scalars.count, scalars[index] == "\\",
                       scalars[index + 1] == "U" || scalars[index + 1] == "u",
                       let low = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 6)])), radix: 16),
                       (0xDC00..<0xE000).contains(low) {
                        index += 6
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    }
                    if let made = Unicode.Scalar(value) { out.append(made) }
                case "0"..."7":
                    var value = UInt32(String(escaped), radix: 8) ?? 0
                    var digits = 1
                    while digits < 3, let octal = peek, ("0"..."7").contains(octal) {
                        value = value * 8 + (UInt32(String(octal), radix: 8) ?? 0)
                        digits += 1
                        index += 1
                    }
                    if let made = Unicode.Scalar(value) { out.append(made) }
                default: out.append(escaped)
                }
            }
            return String(out)
        }
    }

    /// The entries of a `.stringsdict` file: key → its format and plural variables.
    static func pluralEntries(_ data: Data, name: String) -> [String: PluralEntry]? {
        guard let plist = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any] else {
            ConsoleLog.report("[Localization] \(name) is not a property list; its plurals are not read.")
            return nil
        }
        var entries: [String: PluralEntry] = [:]
        for (key, value) in plist {
            guard let dictionary = value as? [String: Any], let format = dictionary["NSStringLocalizedFormatKey"] as? String else {
                continue
            }
            var variables: [String: [String: String]] = [:]
            for (name, rule) in dictionary where name != "NSStringLocalizedFormatKey" {
                guard let rule = rule as? [String: Any], rule["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType" else {
                    continue
                }
                var forms: [String: String] = [:]
                for category in PluralEntry.categories { if let form = rule[category] as? String { forms[category] = form } }
                variables[name] = forms
            }
            entries[key] = PluralEntry(format: format, variables: variables)
        }
        return entries
    }
}

/// A plural entry: a format with `%#@name@` variables, each a form per CLDR plural category.
struct PluralEntry: Sendable {
    static let categories = ["zero", "one", "two", "few", "many", "other"]
    var format: String
    var variables: [String: [String: String]]
}

/// An `.xcstrings` catalogue: per key, per language, a string or plural forms.
struct StringCatalog: Sendable {
    enum Entry: Sendable {
        case string(String)
        case plural([String: String])
    }

    var sourceLanguage: String
    var entries: [String: [String: Entry]]
    var languages: Set<String>

    init?(_ data: Data, name: String) {
        guard let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let strings = json["strings"] as? [String: Any] else {
            ConsoleLog.report("[Localization] \(name) is not a string catalogue; its strings are not read.")
            return nil
        }
        sourceLanguage = json["sourceLanguage"] as? String ?? "en"
        var entries: [String: [String: Entry]] = [:]
        var languages: Set<String> = [sourceLanguage]
        for (key, value) in strings {
            guard let localizations = (value as? [String: Any])?["localizations"] as? [String: Any] else { continue }
            var byLanguage: [String: Entry] = [:]
            for (language, localization) in localizations {
                guard let localization = localization as? [String: Any] else { continue }
                languages.insert(language)
                if let unit = localization["stringUnit"] as? [String: Any], let text = unit["value"] as? String {
                    byLanguage[language] = .string(text)
                } else if let plural = (localization["variations"] as? [String: Any])?["plural"] as? [String: Any] {
                    var forms: [String: String] = [:]
                    for (category, form) in plural {
                        if let text = ((form as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String {
                            forms[category] = text
                        }
                    }
                    byLanguage[language] = .plural(forms)
                }
            }
            entries[key] = byLanguage
        }
        self.entries = entries
        self.languages = languages
    }
}
