import Foundation

/// A value of an OpenStep-format property list, the format of Xcode's `project.pbxproj`:
/// strings (quoted or bare), arrays `( a, b, )`, dictionaries `{ key = value; }` and data
/// `<0fbd77>`. Dictionary order is kept (Xcode writes objects in a meaningful order).
package indirect enum PropertyListValue: Equatable, Sendable {
    case string(String)
    case array([PropertyListValue])
    case dictionary(OrderedDictionary)
    case data([UInt8])

    /// A dictionary that keeps its keys' order.
    package struct OrderedDictionary: Equatable, Sendable {
        package private(set) var keys: [String] = []
        private var values: [String: PropertyListValue] = [:]

        package init() {}

        package subscript(key: String) -> PropertyListValue? {
            get { values[key] }
            set {
                if values[key] == nil, newValue != nil { keys.append(key) }
                if newValue == nil { keys.removeAll { $0 == key } }
                values[key] = newValue
            }
        }

        package var count: Int { keys.count }
    }

    package var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    package var array: [PropertyListValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    package var dictionary: OrderedDictionary? {
        if case .dictionary(let d) = self { return d }
        return nil
    }

    /// The strings of an array (a lone string counts as an array of one, as Xcode writes
    /// single-valued list settings either way).
    package var strings: [String]? {
        switch self {
        case .string(let s): return [s]
        case .array(let a): return a.compactMap(\.string)
        default: return nil
        }
    }
}

/// Why an OpenStep property list could not be read: what was expected, and where.
package struct PropertyListError: Error, CustomStringConvertible, Equatable {
    package let message: String
    package let line: Int
    package var description: String { "line \(line): \(message)" }
}

/// Reads OpenStep-format property lists (`project.pbxproj`, `.strings` in the old format).
///
/// One pass over the UTF-8 bytes; comments (`/* … */`, `// …`) are skipped; quoted strings take
/// the escapes `\\`, `\"`, `\n`, `\t`, `\r`, `\b`, `\f`, `\a`, `\v`, octal `\012` and `\U00e9`.
/// Nesting is limited, so a hostile file fails instead of exhausting the stack.
package struct OpenStepParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var depth = 0
    private static let maximumDepth = 512

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The value `data` holds (its one top-level value, usually a dictionary).
    package static func parse(_ data: Data) throws(PropertyListError) -> PropertyListValue {
        var parser = OpenStepParser([UInt8](data))
        // A byte-order mark is tolerated.
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        let value = try parser.value()
        try parser.skipSpace()
        guard parser.index >= parser.bytes.count else { throw parser.error("unexpected text after the end") }
        return value
    }

    private func error(_ message: String) -> PropertyListError {
        PropertyListError(message: message, line: line)
    }

    private mutating func skipSpace() throws(PropertyListError) {
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x0A { line += 1; index += 1; continue }
            if b == 0x20 || b == 0x09 || b == 0x0D { index += 1; continue }
            if b == 0x2F, index + 1 < bytes.count {
                if bytes[index + 1] == 0x2A {
                    // /* comment */
                    let start = line
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == 0x2A && bytes[index + 1] == 0x2F) {
                        if bytes[index] == 0x0A { line += 1 }
                        index += 1
                    }
                    guard index + 1 < bytes.count else {
                        throw PropertyListError(message: "a comment is never closed", line: start)
                    }
                    index += 2
                    continue
                }
                if bytes[index + 1] == 0x2F {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                    continue
                }
            }
            return
        }
    }

    private static func isBare(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || b == 0x5F || b == 0x24 || b == 0x2F || b == 0x3A || b == 0x2E || b == 0x2D || b == 0x2B || b >= 0x80
    }

    private mutating func value() throws(PropertyListError) -> PropertyListValue {
        try skipSpace()
        guard index < bytes.count else { throw error("the file ends where a value was expected") }
        switch bytes[index] {
        case 0x7B: return try dictionary()
        case 0x28: return try array()
        case 0x22, 0x27: return .string(try quoted())
        case 0x3C: return try data()
        default:
            guard OpenStepParser.isBare(bytes[index]) else {
                throw error("unexpected '\(Character(Unicode.Scalar(bytes[index])))' where a value was expected")
            }
            return .string(bare())
        }
    }

    private mutating func bare() -> String {
        let start = index
        while index < bytes.count, OpenStepParser.isBare(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func quoted() throws(PropertyListError) -> String {
        let quote = bytes[index]
        let startLine = line
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let b = bytes[index]
            if b == quote {
                index += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b == 0x0A { line += 1 }
            if b == 0x5C, index + 1 < bytes.count {
                index += 1
                let e = bytes[index]
                index += 1
                switch e {
                case 0x6E: out.append(0x0A)
                case 0x74: out.append(0x09)
                case 0x72: out.append(0x0D)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x61: out.append(0x07)
                case 0x76: out.append(0x0B)
                case 0x55, 0x75:
                    var scalar: UInt32 = 0
                    var digits = 0
                    while digits < 4, index < bytes.count, let v = OpenStepParser.hex(bytes[index]) {
                        scalar = scalar * 16 + UInt32(v)
                        index += 1
                        digits += 1
                    }
                    out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
                case 0x30...0x37:
                    var value = UInt32(e - 0x30)
                    var digits = 1
                    while digits < 3, index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x37 {
                        value = value * 8 + UInt32(bytes[index] - 0x30)
                        index += 1
                        digits += 1
                    }
                    out.append(UInt8(truncatingIfNeeded: value))
                default: out.append(e)
                }
                continue
            }
            out.append(b)
            index += 1
        }
        throw PropertyListError(message: "a quoted string is never closed", line: startLine)
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }

    private mutating func data() throws(PropertyListError) -> PropertyListValue {
        index += 1
        var out: [UInt8] = []
        var high: UInt8?
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            if b == 0x3E {
                guard high == nil else { throw error("data has an odd number of hex digits") }
                return .data(out)
            }
            if b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A {
                if b == 0x0A { line += 1 }
                continue
            }
            guard let v = OpenStepParser.hex(b) else { throw error("data holds a character that is not a hex digit") }
            if let h = high {
                out.append(h << 4 | v)
                high = nil
            } else {
                high = v
            }
        }
        throw error("data is never closed with '>'")
    }

    private mutating func enter() throws(PropertyListError) {
        depth += 1
        guard depth <= OpenStepParser.maximumDepth else { throw error("values nest deeper than \(OpenStepParser.maximumDepth) levels") }
    }

    private mutating func array() throws(PropertyListError) -> PropertyListValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [PropertyListValue] = []
        while true {
            try skipSpace()
            guard index < bytes.count else { throw error("an array is never closed with ')'") }
            if bytes[index] == 0x29 {
                index += 1
                return .array(items)
            }
            items.append(try value())
            try skipSpace()
            guard index < bytes.count else { throw error("an array is never closed with ')'") }
            if bytes[index] == 0x2C {
                index += 1
            } else if bytes[index] != 0x29 {
                throw error("expected ',' or ')' in an array")
            }
        }
    }

    private mutating func dictionary() throws(PropertyListError) -> PropertyListValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var result = PropertyListValue.OrderedDictionary()
        while true {
            try skipSpace()
            guard index < bytes.count else { throw error("a dictionary is never closed with '}'") }
            if bytes[index] == 0x7D {
                index += 1
                return .dictionary(result)
            }
            guard case .string(let key) = try value() else { throw error("a dictionary key must be a string") }
            try skipSpace()
            guard index < bytes.count, bytes[index] == 0x3D else { throw error("expected '=' after the key \"\(key)\"") }
            index += 1
            let item = try value()
            try skipSpace()
            guard index < bytes.count, bytes[index] == 0x3B else { throw error("expected ';' after the value of \"\(key)\"") }
            index += 1
            result[key] = item
        }
    }
}
