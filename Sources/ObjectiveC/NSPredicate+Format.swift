import Foundation

/// Predicate format strings, which swift-corelibs-foundation leaves out ("Predicate strings and
/// key-value coding are not supported"): the comparisons iOS apps write most.
extension NSPredicate {
    /// A predicate from a format string and its arguments: comparisons of `SELF` or a key path
    /// with an argument (`%@`, `%d`, `%i`, `%ld`, `%f`, `%K` for a key) or a literal (`'text'`,
    /// `"text"`, a number, `TRUE`, `FALSE`, `NIL`), by `MATCHES` (the whole string matches the
    /// ICU regular expression), `CONTAINS`, `BEGINSWITH`, `ENDSWITH`, `LIKE` (`*` and `?`
    /// wildcards), `==`, `=`, `!=`, `<>`, `<`, `<=`, `>`, `>=`, with the `[c]`, `[d]` and `[cd]`
    /// options; joined by `AND`/`&&`, `OR`/`||` and negated by `NOT`/`!`, with parentheses.
    /// Key paths are read from dictionaries, and from objects by their stored properties.
    ///
    /// - Note: Differs from Apple: aggregates (`ANY`, `ALL`, `IN`, `BETWEEN`), arithmetic and
    ///   functions are not parsed; such a format stops the program with Apple's message,
    ///   "Unable to parse the format string".
    public convenience init(format predicateFormat: String, _ args: CVarArg...) {
        self.init(format: predicateFormat, argumentArray: args.map { $0 as Any })
    }

    /// A predicate from a format string, its arguments taken from `arguments` in order.
    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        var parser = PredicateFormatParser(format: predicateFormat, arguments: arguments ?? [])
        guard let condition = parser.parse() else {
            fatalError("Unable to parse the format string \"\(predicateFormat)\"")
        }
        self.init { object, _ in condition.evaluate(object) }
    }
}

/// A parsed predicate: a comparison, or conditions joined.
private indirect enum PredicateCondition: @unchecked Sendable {
    case comparison(lhs: PredicateOperand, op: String, options: Set<Character>, rhs: PredicateOperand)
    case and(PredicateCondition, PredicateCondition)
    case or(PredicateCondition, PredicateCondition)
    case not(PredicateCondition)
    case constant(Bool)

    func evaluate(_ object: Any?) -> Bool {
        switch self {
        case let .comparison(lhs, op, options, rhs):
            return PredicateCondition.compare(lhs.value(for: object), op, options, rhs.value(for: object))
        case let .and(a, b): return a.evaluate(object) && b.evaluate(object)
        case let .or(a, b): return a.evaluate(object) || b.evaluate(object)
        case let .not(a): return !a.evaluate(object)
        case let .constant(value): return value
        }
    }

    private static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String: return string
        case let string as NSString: return String(describing: string)
        case let string as Substring: return String(string)
        default: return nil
        }
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: return number.doubleValue
        case let int as Int: return Double(int)
        case let double as Double: return double
        case let float as Float: return Double(float)
        case let cg as CGFloat: return Double(cg)
        case let bool as Bool: return bool ? 1 : 0
        default: return nil
        }
    }

    private static func folded(_ text: String, _ options: Set<Character>) -> String {
        var result = text
        if options.contains("d") { result = result.folding(options: .diacriticInsensitive, locale: nil) }
        if options.contains("c") { result = result.lowercased() }
        return result
    }

    static func compare(_ a: Any?, _ op: String, _ options: Set<Character>, _ b: Any?) -> Bool {
        if let x = number(a), let y = number(b), text(a) == nil, text(b) == nil {
            switch op {
            case "==": return x == y
            case "!=": return x != y
            case "<": return x < y
            case "<=": return x <= y
            case ">": return x > y
            case ">=": return x >= y
            default: return false
            }
        }
        if a == nil || b == nil {
            let bothNil = a == nil && b == nil
            return op == "==" ? bothNil : (op == "!=" ? !bothNil : false)
        }
        guard let rawLeft = text(a), let rawRight = text(b) else {
            let equal = String(describing: a!) == String(describing: b!)
            return op == "==" ? equal : (op == "!=" ? !equal : false)
        }
        if op == "MATCHES" {
            let regexOptions: NSRegularExpression.Options = options.contains("c") ? [.caseInsensitive] : []
            let subject = options.contains("d") ? folded(rawLeft, ["d"]) : rawLeft
            guard let regex = try? NSRegularExpression(pattern: "^(?:" + rawRight + ")$", options: regexOptions) else { return false }
            return regex.firstMatch(in: subject, range: NSRange(subject.startIndex..., in: subject)) != nil
        }
        let left = folded(rawLeft, options), right = folded(rawRight, options)
        switch op {
        case "==": return left == right
        case "!=": return left != right
        case "<": return left < right
        case "<=": return left <= right
        case ">": return left > right
        case ">=": return left >= right
        case "CONTAINS": return right.isEmpty ? false : left.contains(right)
        case "BEGINSWITH": return left.hasPrefix(right)
        case "ENDSWITH": return left.hasSuffix(right)
        case "LIKE":
            var pattern = ""
            for character in right {
                switch character {
                case "*": pattern += ".*"
                case "?": pattern += "."
                default: pattern += NSRegularExpression.escapedPattern(for: String(character))
                }
            }
            guard let regex = try? NSRegularExpression(pattern: "^" + pattern + "$", options: [.dotMatchesLineSeparators]) else { return false }
            return regex.firstMatch(in: left, range: NSRange(left.startIndex..., in: left)) != nil
        default: return false
        }
    }
}

/// One side of a comparison.
private enum PredicateOperand: @unchecked Sendable {
    case this
    case keyPath([String])
    case constant(Any?)

    func value(for object: Any?) -> Any? {
        switch self {
        case .this: return object
        case .constant(let value): return value
        case .keyPath(let keys):
            var current = object
            for key in keys { current = PredicateOperand.member(key, of: current) }
            return current
        }
    }

    private static func member(_ key: String, of object: Any?) -> Any? {
        guard let object else { return nil }
        if let dictionary = object as? [String: Any] { return dictionary[key] }
        if let dictionary = object as? NSDictionary { return dictionary[key] }
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            if let child = current.children.first(where: { $0.label == key || $0.label == "_" + key }) {
                // Optionals unwrap to their value (or nil).
                let inner = Mirror(reflecting: child.value)
                if inner.displayStyle == .optional { return inner.children.first?.value }
                return child.value
            }
            mirror = current.superclassMirror
        }
        return nil
    }
}

/// A recursive-descent reader of the format: `or := and (OR and)*`, `and := unary (AND unary)*`,
/// `unary := NOT unary | ( or ) | comparison`.
private struct PredicateFormatParser {
    private var tokens: [String] = []
    private var position = 0
    private var arguments: [Any]
    private var nextArgument = 0
    private var failed = false

    init(format: String, arguments: [Any]) {
        self.arguments = arguments
        tokens = Self.tokenize(format) ?? { failed = true; return [] }()
    }

    mutating func parse() -> PredicateCondition? {
        guard !failed, let condition = parseOr(), position == tokens.count, !failed else { return nil }
        return condition
    }

    private var peek: String? { position < tokens.count ? tokens[position] : nil }

    private mutating func parseOr() -> PredicateCondition? {
        guard var left = parseAnd() else { return nil }
        while let word = peek, word.uppercased() == "OR" || word == "||" {
            position += 1
            guard let right = parseAnd() else { return nil }
            left = .or(left, right)
        }
        return left
    }

    private mutating func parseAnd() -> PredicateCondition? {
        guard var left = parseUnary() else { return nil }
        while let word = peek, word.uppercased() == "AND" || word == "&&" {
            position += 1
            guard let right = parseUnary() else { return nil }
            left = .and(left, right)
        }
        return left
    }

    private mutating func parseUnary() -> PredicateCondition? {
        guard let word = peek else { return nil }
        if word.uppercased() == "NOT" || word == "!" {
            position += 1
            return parseUnary().map { .not($0) }
        }
        if word == "(" {
            position += 1
            guard let inner = parseOr(), peek == ")" else { return nil }
            position += 1
            return inner
        }
        if word.uppercased() == "TRUEPREDICATE" { position += 1; return .constant(true) }
        if word.uppercased() == "FALSEPREDICATE" { position += 1; return .constant(false) }
        guard let lhs = parseOperand(), var op = peek?.uppercased() else { return nil }
        position += 1
        switch op {
        case "=": op = "=="
        case "<>": op = "!="
        case "=<": op = "<="
        case "=>": op = ">="
        case "==", "!=", "<", "<=", ">", ">=", "MATCHES", "CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE": break
        default: return nil
        }
        var options: Set<Character> = []
        if peek == "[" {
            position += 1
            guard let flags = peek?.lowercased(), flags.allSatisfy({ $0 == "c" || $0 == "d" || $0 == "n" }) else { return nil }
            options = Set(flags)
            position += 1
            guard peek == "]" else { return nil }
            position += 1
        }
        guard let rhs = parseOperand() else { return nil }
        return .comparison(lhs: lhs, op: op, options: options, rhs: rhs)
    }

    private mutating func parseOperand() -> PredicateOperand? {
        guard let word = peek else { return nil }
        position += 1
        if word.hasPrefix("%") {
            guard nextArgument < arguments.count else { return nil }
            let argument = arguments[nextArgument]
            nextArgument += 1
            if word == "%K" { return .keyPath(String(describing: argument).split(separator: ".").map(String.init)) }
            return .constant(argument)
        }
        if word.hasPrefix("'") || word.hasPrefix("\"") { return .constant(String(word.dropFirst().dropLast())) }
        if let number = Double(word) { return .constant(number) }
        switch word.uppercased() {
        case "SELF": return .this
        case "TRUE", "YES": return .constant(true)
        case "FALSE", "NO": return .constant(false)
        case "NIL", "NULL": return .constant(nil)
        default: break
        }
        guard let first = word.first, first.isLetter || first == "_" || first == "@" else { return nil }
        let keys = word.split(separator: ".").map(String.init)
        return .keyPath(keys.first?.uppercased() == "SELF" ? Array(keys.dropFirst()) : keys)
    }

    /// Words, quoted strings (kept with their quotes), numbers, `%` arguments and operators.
    private static func tokenize(_ format: String) -> [String]? {
        var tokens: [String] = []
        let characters = Array(format)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c.isWhitespace { i += 1; continue }
            if c == "'" || c == "\"" {
                var j = i + 1
                var text = String(c)
                while j < characters.count, characters[j] != c {
                    if characters[j] == "\\", j + 1 < characters.count { j += 1 }
                    text.append(characters[j])
                    j += 1
                }
                guard j < characters.count else { return nil }
                tokens.append(text + String(c))
                i = j + 1
                continue
            }
            if c == "%" {
                var j = i + 1
                if j < characters.count, characters[j] == "@" {
                    j += 1
                } else {
                    while j < characters.count, characters[j].isLetter { j += 1 }
                }
                let spec = String(characters[i..<j])
                tokens.append(spec == "%K" ? spec : "%@")
                i = j
                continue
            }
            if c.isLetter || c == "_" || c == "@" || c.isNumber || (c == "-" && i + 1 < characters.count && characters[i + 1].isNumber) {
                var j = i + 1
                while j < characters.count, characters[j].isLetter || characters[j].isNumber || characters[j] == "_" || characters[j] == "." {
                    j += 1
                }
                tokens.append(String(characters[i..<j]))
                i = j
                continue
            }
            let two = i + 1 < characters.count ? String(characters[i...(i + 1)]) : ""
            if ["==", "!=", "<=", ">=", "=<", "=>", "<>", "&&", "||"].contains(two) {
                tokens.append(two)
                i += 2
                continue
            }
            guard "=<>!()[]".contains(c) else { return nil }
            tokens.append(String(c))
            i += 1
        }
        return tokens
    }
}
