import Foundation

// Localized strings as iOS code asks for them. Foundation on Linux has an `NSLocalizedString`
// that reads `.strings` files through CoreFoundation (and stops the process on a
// `.stringsdict`), and no `String(localized:)`; these overloads are chosen over Foundation's for
// every call that leaves out an argument or passes a table name, and read the app's bundle.
//
// - Note: Differs from Apple: a call that passes every argument with `tableName: nil` reaches
//   Foundation's function.

/// The localized string for `key` in the app's `Localizable` table.
public func NSLocalizedString(_ key: String, comment: String) -> String {
    LocalizedStrings.localizedString(key, table: nil, bundle: AppBundle.current, value: "")
}

/// The localized string for `key` in `tableName`.
public func NSLocalizedString(_ key: String, tableName: String, comment: String) -> String {
    LocalizedStrings.localizedString(key, table: tableName, bundle: AppBundle.current, value: "")
}

/// The localized string for `key` in `tableName` of `bundle`.
public func NSLocalizedString(_ key: String, tableName: String, bundle: Bundle, comment: String) -> String {
    LocalizedStrings.localizedString(key, table: tableName, bundle: AppBundle.standIn(for: bundle), value: "")
}

/// The localized string for `key` in `tableName` of `bundle`, `value` when there is none.
public func NSLocalizedString(_ key: String, tableName: String, bundle: Bundle, value: String, comment: String) -> String {
    LocalizedStrings.localizedString(key, table: tableName, bundle: AppBundle.standIn(for: bundle), value: value)
}

/// The localized string for `key` in `tableName`, `value` when there is none.
public func NSLocalizedString(_ key: String, tableName: String, value: String, comment: String) -> String {
    LocalizedStrings.localizedString(key, table: tableName, bundle: AppBundle.current, value: value)
}

/// The localized string for `key` in `bundle`.
public func NSLocalizedString(_ key: String, bundle: Bundle, comment: String) -> String {
    LocalizedStrings.localizedString(key, table: nil, bundle: AppBundle.standIn(for: bundle), value: "")
}

/// The localized string for `key` in `bundle`, `value` when there is none.
public func NSLocalizedString(_ key: String, bundle: Bundle, value: String, comment: String) -> String {
    LocalizedStrings.localizedString(key, table: nil, bundle: AppBundle.standIn(for: bundle), value: value)
}

/// The localized string for `key`, `value` when there is none.
public func NSLocalizedString(_ key: String, value: String, comment: String) -> String {
    LocalizedStrings.localizedString(key, table: nil, bundle: AppBundle.current, value: value)
}


extension String {
    /// A localizable string with its interpolations: the key is the literal with each value
    /// replaced by its format specifier (`%lld` for integers, `%@` for strings, `%lf` for
    /// doubles), as Xcode extracts it.
    public struct LocalizationValue: ExpressibleByStringInterpolation, Equatable, Sendable, CustomStringConvertible {
        /// The key: the literal with format specifiers.
        let key: String
        /// The interpolated values, in order.
        let arguments: [Argument]

        enum Argument: Equatable, Sendable {
            case integer(Int64)
            case unsigned(UInt64)
            case double(Double)
            case float(Float)
            case string(String)

            var value: any CVarArg {
                switch self {
                case .integer(let value): return value
                case .unsigned(let value): return value
                case .double(let value): return value
                case .float(let value): return value
                case .string(let value): return value
                }
            }
        }

        public init(stringLiteral value: String) {
            key = value
            arguments = []
        }

        /// A value whose key is `value` as written (a key from elsewhere, not a literal).
        public init(_ value: String) {
            self.init(stringLiteral: value)
        }

        public init(stringInterpolation: StringInterpolation) {
            key = stringInterpolation.key
            arguments = stringInterpolation.arguments
        }

        public var description: String { key }

        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            var key = ""
            var arguments: [Argument] = []

            public init(literalCapacity: Int, interpolationCount: Int) {
                key.reserveCapacity(literalCapacity + interpolationCount * 4)
            }

            public mutating func appendLiteral(_ literal: String) {
                key += literal.replacingOccurrences(of: "%", with: "%%")
            }

            public mutating func appendInterpolation<Value: BinaryInteger & SignedInteger>(_ value: Value) {
                key += "%lld"
                arguments.append(.integer(Int64(value)))
            }

            public mutating func appendInterpolation<Value: BinaryInteger & UnsignedInteger>(_ value: Value) {
                key += "%llu"
                arguments.append(.unsigned(UInt64(value)))
            }

            public mutating func appendInterpolation(_ value: Double) {
                key += "%lf"
                arguments.append(.double(value))
            }

            public mutating func appendInterpolation(_ value: Float) {
                key += "%f"
                arguments.append(.float(value))
            }

            public mutating func appendInterpolation(_ value: String) {
                key += "%@"
                arguments.append(.string(value))
            }

            public mutating func appendInterpolation(_ value: Substring) {
                appendInterpolation(String(value))
            }

            public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
                appendInterpolation(value.description)
            }
        }
    }

    /// The string for `keyAndValue` from `table` of `bundle` (the app's by default), its
    /// values formatted in (with the plural form their numbers call for).
    public init(localized keyAndValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale = .current, comment: StaticString? = nil) {
        self = String.localize(keyAndValue.key, fallback: keyAndValue, table: table, bundle: bundle, locale: locale)
    }

    /// The string for `key` from `table` of `bundle`, `defaultValue` when there is none.
    public init(localized key: StaticString, defaultValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale = .current, comment: StaticString? = nil) {
        self = String.localize(key.description, fallback: defaultValue, table: table, bundle: bundle, locale: locale)
    }

    private static func localize(_ key: String, fallback: LocalizationValue, table: String?, bundle: Bundle?, locale: Locale) -> String {
        let arguments = fallback.arguments.map(\.value)
        let source = AppBundle.standIn(for: bundle)
        switch LocalizedStrings.lookUp(key, table: table, bundle: source) {
        case .string(let format)?:
            // A string without values is used as it is (a literal's `%` is not a specifier).
            return arguments.isEmpty ? format : String(format: format, locale: locale, arguments: arguments)
        case .plural(let entry, let language)?:
            return PluralFormat.apply(entry, language: language, arguments: arguments, locale: locale)
        case nil:
            return arguments.isEmpty ? fallback.key : String(format: fallback.key, locale: locale, arguments: arguments)
        }
    }

    /// `format` with integer `arguments`; a format `NSLocalizedString` found in a
    /// `.stringsdict` takes the plural forms its numbers call for.
    ///
    /// - Note: Lamina addition, chosen over Foundation's for integer arguments (and a string
    ///   with an integer) so the common `String(format: NSLocalizedString("%d notes", comment:
    ///   ""), count)` is pluralized. Other argument lists reach Foundation's formatting, which
    ///   reads a plural format in its `other` forms.
    public init(format: String, _ arguments: Int...) {
        self = PluralFormat.format(format, arguments: arguments)
    }

    /// `format` with a string and an integer, pluralized as `init(format:_:)` is.
    public init(format: String, _ first: String, _ second: Int) {
        self = PluralFormat.format(format, arguments: [first, second])
    }

    /// `format` with an integer and a string, pluralized as `init(format:_:)` is.
    public init(format: String, _ first: Int, _ second: String) {
        self = PluralFormat.format(format, arguments: [first, second])
    }

    /// `format` with integer `arguments` in the user's locale, pluralized as
    /// `init(format:_:)` is.
    public static func localizedStringWithFormat(_ format: String, _ arguments: Int...) -> String {
        PluralFormat.format(format, arguments: arguments, locale: .current)
    }

    /// `format` with a string and an integer in the user's locale, pluralized.
    public static func localizedStringWithFormat(_ format: String, _ first: String, _ second: Int) -> String {
        PluralFormat.format(format, arguments: [first, second], locale: .current)
    }
}
