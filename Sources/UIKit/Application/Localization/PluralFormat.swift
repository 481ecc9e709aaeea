import Foundation

/// Formatting with plural rules: a format's `%#@name@` variables take the form of their
/// argument's plural category (`zero` for 0 when the entry has one, as on iOS), and every
/// specifier becomes positional so the forms' own `%d`s read the right argument.
enum PluralFormat {
    private static let remembered = Locked<[String: (entry: PluralEntry, language: String)]>([:])

    /// Remembers a plural entry and gives the format `NSLocalizedString` returns for it: its
    /// variables in their `other` forms with every specifier numbered, so Foundation's
    /// formatting (which cannot read `%#@…@` and stops the process on it) still reads it, and
    /// the formatting overloads here find the entry again by it.
    static func remember(_ entry: PluralEntry, language: String) -> String {
        let plain = resolve(entry.format, entry: entry, language: language, arguments: [], forcing: "other")
        remembered.withLock { $0[plain] = (entry, language) }
        return plain
    }

    /// The plural entry a format came from, if it came from one.
    static func entry(for format: String) -> (entry: PluralEntry, language: String)? {
        remembered.withLock { $0[format] }
    }

    /// `format` with `arguments`: through the plural entry it came from when there is one.
    static func format(_ format: String, arguments: [any CVarArg], locale: Locale? = nil) -> String {
        guard let (entry, language) = entry(for: format) else {
            return String(format: format, locale: locale, arguments: arguments)
        }
        return apply(entry, language: language, arguments: arguments, locale: locale)
    }

    static func apply(_ entry: PluralEntry, language: String, arguments: [any CVarArg], locale: Locale? = nil) -> String {
        let resolved = resolve(entry.format, entry: entry, language: language, arguments: arguments)
        return String(format: resolved, locale: locale, arguments: arguments)
    }

    /// A number an argument holds, for choosing a plural form.
    static func number(_ argument: any CVarArg) -> Double? {
        switch argument {
        case let value as Int: return Double(value)
        case let value as Int32: return Double(value)
        case let value as Int64: return Double(value)
        case let value as Int16: return Double(value)
        case let value as Int8: return Double(value)
        case let value as UInt: return Double(value)
        case let value as UInt32: return Double(value)
        case let value as UInt64: return Double(value)
        case let value as UInt16: return Double(value)
        case let value as UInt8: return Double(value)
        case let value as Double: return value
        case let value as Float: return Double(value)
        case let value as NSNumber: return value.doubleValue
        default: return nil
        }
    }

    /// The format with its variables replaced by their forms and every specifier positional.
    private static func resolve(_ format: String, entry: PluralEntry, language: String, arguments: [any CVarArg],
                                forcing forced: String? = nil, depth: Int = 0) -> String {
        var out = ""
        var next = 0
        let scalars = Array(format.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "%" else { out.unicodeScalars.append(scalar); index += 1; continue }
            var cursor = index + 1
            if cursor < scalars.count, scalars[cursor] == "%" { out += "%%"; index = cursor + 1; continue }
            // An explicit position: `%2$…`.
            var position: Int?
            var digits = ""
            var probe = cursor
            while probe < scalars.count, ("0"..."9").contains(scalars[probe]) { digits.unicodeScalars.append(scalars[probe]); probe += 1 }
            if !digits.isEmpty, probe < scalars.count, scalars[probe] == "$", let value = Int(digits) {
                position = value - 1
                cursor = probe + 1
            }
            if cursor + 1 < scalars.count, scalars[cursor] == "#", scalars[cursor + 1] == "@" {
                // A variable: `%#@name@`.
                var end = cursor + 2
                var name = ""
                while end < scalars.count, scalars[end] != "@" { name.unicodeScalars.append(scalars[end]); end += 1 }
                let argument = position ?? next
                next = argument + 1
                index = end + 1
                guard let forms = entry.variables[name], depth < 4 else { continue }
                let value = arguments.indices.contains(argument) ? number(arguments[argument]) : nil
                var category = forced ?? "other"
                if forced == nil, let value {
                    category = value == 0 && forms["zero"] != nil ? "zero" : LocalizedStrings.pluralCategory(value, language: language)
                }
                let form = forms[category] ?? forms["other"] ?? ""
                out += bind(form, to: argument, entry: entry, language: language, arguments: arguments, forcing: forced, depth: depth)
                continue
            }
            // A plain specifier: flags, width, precision, length, conversion.
            var spec = ""
            while cursor < scalars.count {
                let character = scalars[cursor]
                spec.unicodeScalars.append(character)
                cursor += 1
                if character.properties.isAlphabetic && !"hlqLzjt".unicodeScalars.contains(character) || character == "@" { break }
            }
            let argument = position ?? next
            next = argument + 1
            out += "%\(argument + 1)$" + spec
            index = cursor
        }
        return out
    }

    /// A form's text with its own specifiers reading `argument` (a form's unnumbered specifier
    /// is the variable's number), and nested variables resolved.
    private static func bind(_ form: String, to argument: Int, entry: PluralEntry, language: String, arguments: [any CVarArg],
                             forcing forced: String?, depth: Int) -> String {
        var rewritten = ""
        let scalars = Array(form.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "%", index + 1 < scalars.count, scalars[index + 1] != "%", scalars[index + 1] != "#",
               !("1"..."9").contains(scalars[index + 1]) {
                rewritten += "%\(argument + 1)$"
                index += 1
                continue
            }
            if scalar == "%", index + 1 < scalars.count, scalars[index + 1] == "%" {
                rewritten += "%%"
                index += 2
                continue
            }
            rewritten.unicodeScalars.append(scalar)
            index += 1
        }
        guard rewritten.contains("%#@") || rewritten.contains("$#@") else { return rewritten }
        return resolve(rewritten, entry: entry, language: language, arguments: arguments, forcing: forced, depth: depth + 1)
    }
}
