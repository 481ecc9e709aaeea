import CZlib
import Foundation

/// A PDF object (ISO 32000-1, 7.3).
indirect enum PDFObject: Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case name(String)
    case string([UInt8])
    case array([PDFObject])
    case dictionary([String: PDFObject])
    /// A stream: its dictionary and its bytes as stored (before its filters).
    case stream([String: PDFObject], Data)
    case reference(Int)

    var number: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .real(let value): return value
        default: return nil
        }
    }

    var integer: Int? {
        switch self {
        case .integer(let value): return value
        case .real(let value) where value.isFinite && abs(value) < 1e15: return Int(value)
        default: return nil
        }
    }

    var nameValue: String? { if case .name(let name) = self { return name } else { return nil } }
    var arrayValue: [PDFObject]? { if case .array(let array) = self { return array } else { return nil } }

    var dictionaryValue: [String: PDFObject]? {
        switch self {
        case .dictionary(let dictionary): return dictionary
        case .stream(let dictionary, _): return dictionary
        default: return nil
        }
    }
}

/// Why a PDF cannot be read.
struct PDFError: Error, CustomStringConvertible {
    let description: String
}

/// Reads PDF syntax from bytes: objects, and the tokens of content streams.
struct PDFScanner {
    let bytes: [UInt8]
    var index: Int
    /// How deep arrays and dictionaries nest at most (hostile files nest without end).
    static let maximumDepth = 64

    init(_ bytes: [UInt8], at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0 || byte == 9 || byte == 10 || byte == 12 || byte == 13 || byte == 32 }
    static func isDelimiter(_ byte: UInt8) -> Bool { "()<>[]{}/%".utf8.contains(byte) }

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            if PDFScanner.isWhitespace(byte) { index += 1; continue }
            if byte == UInt8(ascii: "%") {
                while index < bytes.count, bytes[index] != 10, bytes[index] != 13 { index += 1 }
                continue
            }
            break
        }
    }

    /// A bare word (a keyword or an operator): the bytes up to whitespace or a delimiter.
    mutating func word() -> String {
        let start = index
        while index < bytes.count, !PDFScanner.isWhitespace(bytes[index]), !PDFScanner.isDelimiter(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The object here; nil at the end or on a keyword that is not an object (the keyword is
    /// left in `keyword`).
    mutating func object(depth: Int = 0, keyword: inout String?) throws -> PDFObject? {
        keyword = nil
        skipWhitespace()
        guard let byte = peek else { return nil }
        guard depth < PDFScanner.maximumDepth else { throw PDFError(description: "objects nest too deeply") }
        switch byte {
        case UInt8(ascii: "/"):
            index += 1
            return .name(name())
        case UInt8(ascii: "("):
            index += 1
            return .string(literalString())
        case UInt8(ascii: "<"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") {
                index += 2
                return try dictionaryOrStream(depth: depth)
            }
            index += 1
            return .string(hexString())
        case UInt8(ascii: "["):
            index += 1
            var items: [PDFObject] = []
            while true {
                skipWhitespace()
                guard let next = peek else { throw PDFError(description: "an array does not end") }
                if next == UInt8(ascii: "]") { index += 1; break }
                var inner: String?
                guard let item = try object(depth: depth + 1, keyword: &inner) else {
                    if inner == nil { throw PDFError(description: "an array does not end") }
                    continue
                }
                items.append(item)
            }
            return .array(items)
        case UInt8(ascii: ">"), UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            index += 1
            return try object(depth: depth, keyword: &keyword)
        default:
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || (48...57).contains(byte) {
                return numberOrReference()
            }
            let word = self.word()
            if word.isEmpty { index += 1; return try object(depth: depth, keyword: &keyword) }
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default:
                keyword = word
                return nil
            }
        }
    }

    private mutating func name() -> String {
        var out: [UInt8] = []
        while index < bytes.count, !PDFScanner.isWhitespace(bytes[index]), !PDFScanner.isDelimiter(bytes[index]) {
            if bytes[index] == UInt8(ascii: "#"), index + 2 < bytes.count,
               let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                out.append(value)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func literalString() -> [UInt8] {
        var out: [UInt8] = []
        var depth = 1
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "("):
                depth += 1
                out.append(byte)
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return out }
                out.append(byte)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return out }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case 13: if peek == 10 { index += 1 }
                case 10: break
                case 48...55:
                    var value = Int(escaped - 48)
                    var digits = 1
                    while digits < 3, let next = peek, (48...55).contains(next) {
                        value = value * 8 + Int(next - 48)
                        index += 1
                        digits += 1
                    }
                    out.append(UInt8(truncatingIfNeeded: value))
                default: out.append(escaped)
                }
            default:
                out.append(byte)
            }
        }
        return out
    }

    private mutating func hexString() -> [UInt8] {
        var out: [UInt8] = []
        var high: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ">") { break }
            let value: UInt8
            switch byte {
            case 48...57: value = byte - 48
            case 65...70: value = byte - 55
            case 97...102: value = byte - 87
            default: continue
            }
            if let first = high { out.append(first << 4 | value); high = nil } else { high = value }
        }
        if let high { out.append(high << 4) }
        return out
    }

    private mutating func numberOrReference() -> PDFObject {
        let first = numberToken()
        // `n g R` is a reference.
        if case .integer(let number)? = first {
            let saved = index
            skipWhitespace()
            if let generation = peek, (48...57).contains(generation) {
                if case .integer? = numberToken() {
                    skipWhitespace()
                    if peek == UInt8(ascii: "R"), index + 1 >= bytes.count || PDFScanner.isWhitespace(bytes[index + 1])
                        || PDFScanner.isDelimiter(bytes[index + 1]) {
                        index += 1
                        return .reference(number)
                    }
                }
            }
            index = saved
        }
        return first ?? .null
    }

    private mutating func numberToken() -> PDFObject? {
        let start = index
        while index < bytes.count, "+-.0123456789".utf8.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if !text.contains("."), let value = Int(text) { return .integer(value) }
        if let value = Double(text), value.isFinite { return .real(value) }
        // "-.5", "4." and malformed numbers such as "--1": PDF readers take what parses.
        return .real(0)
    }

    private mutating func dictionaryOrStream(depth: Int) throws -> PDFObject {
        var dictionary: [String: PDFObject] = [:]
        while true {
            skipWhitespace()
            guard let next = peek else { throw PDFError(description: "a dictionary does not end") }
            if next == UInt8(ascii: ">") {
                index += 1
                if peek == UInt8(ascii: ">") { index += 1 }
                break
            }
            var keyword: String?
            guard case .name(let key)? = try object(depth: depth + 1, keyword: &keyword) else {
                if keyword == nil, atEnd { throw PDFError(description: "a dictionary does not end") }
                continue
            }
            var inner: String?
            let value = try object(depth: depth + 1, keyword: &inner) ?? .null
            dictionary[key] = value
        }
        // A stream follows its dictionary.
        let saved = index
        skipWhitespace()
        guard word() == "stream" else {
            index = saved
            return .dictionary(dictionary)
        }
        if peek == 13 { index += 1 }
        if peek == 10 { index += 1 }
        let start = index
        var end: Int?
        if let length = dictionary["Length"]?.integer, length >= 0, start + length <= bytes.count {
            // Trust the length when `endstream` follows it.
            var probe = PDFScanner(bytes, at: start + length)
            probe.skipWhitespace()
            if probe.word() == "endstream" { end = start + length; index = probe.index }
        }
        if end == nil {
            // A length that is wrong or indirect: the data ends before `endstream`.
            guard let found = PDFScanner.find(Array("endstream".utf8), in: bytes, from: start) else {
                throw PDFError(description: "a stream does not end")
            }
            var stop = found
            if stop > start, bytes[stop - 1] == 10 { stop -= 1 }
            if stop > start, bytes[stop - 1] == 13 { stop -= 1 }
            end = stop
            index = found + "endstream".utf8.count
        }
        return .stream(dictionary, Data(bytes[start..<end!]))
    }

    /// Where `pattern` next occurs at or after `start`.
    static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        var position = start
        let last = bytes.count - pattern.count
        while position <= last {
            if bytes[position] == pattern[0] {
                var matches = true
                for offset in 1..<pattern.count where bytes[position + offset] != pattern[offset] {
                    matches = false
                    break
                }
                if matches { return position }
            }
            position += 1
        }
        return nil
    }
}

/// Stream filters (ISO 32000-1, 7.4).
enum PDFFilters {
    /// The most bytes a stream may decode to (a hostile stream inflates without end).
    static let maximumDecodedLength = 64 << 20

    static func decode(_ data: Data, dictionary: [String: PDFObject]) throws -> Data {
        var filters: [String] = []
        switch dictionary["Filter"] {
        case .name(let name)?: filters = [name]
        case .array(let names)?: filters = names.compactMap(\.nameValue)
        default: break
        }
        var parameters: [[String: PDFObject]?] = []
        switch dictionary["DecodeParms"] {
        case .dictionary(let one)?: parameters = [one]
        case .array(let list)?: parameters = list.map(\.dictionaryValue)
        default: break
        }
        var current = data
        for (position, filter) in filters.enumerated() {
            let parameter = position < parameters.count ? parameters[position] : nil
            switch filter {
            case "FlateDecode", "Fl":
                current = try inflate(current)
                if let predictor = parameter?["Predictor"]?.integer, predictor >= 10 {
                    current = try unpredict(current, columns: parameter?["Columns"]?.integer ?? 1,
                                            colors: parameter?["Colors"]?.integer ?? 1,
                                            bits: parameter?["BitsPerComponent"]?.integer ?? 8)
                }
            case "ASCIIHexDecode", "AHx":
                var scanner = PDFScanner([UInt8(ascii: "<")] + Array(current) + [UInt8(ascii: ">")])
                var keyword: String?
                if case .string(let decoded)? = try scanner.object(keyword: &keyword) { current = Data(decoded) }
            case "ASCII85Decode", "A85":
                current = try ascii85(current)
            default:
                throw PDFError(description: "the \(filter) filter is not read")
            }
        }
        return current
    }

    /// zlib's inflate, bounded.
    static func inflate(_ data: Data) throws -> Data {
        guard !data.isEmpty else { return data }
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw PDFError(description: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = Array(data)
        let status: Int32 = input.withUnsafeMutableBufferPointer { inputBuffer -> Int32 in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            var result: Int32 = Z_OK
            repeat {
                result = chunk.withUnsafeMutableBufferPointer { chunkBuffer -> Int32 in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = uInt(chunkBuffer.count)
                    let code = CZlib.inflate(&stream, Z_NO_FLUSH)
                    output.append(chunkBuffer.baseAddress!, count: chunkBuffer.count - Int(stream.avail_out))
                    return code
                }
                if output.count > maximumDecodedLength { return Z_MEM_ERROR }
            } while result == Z_OK && (stream.avail_in > 0 || stream.avail_out == 0)
            return result
        }
        // A stream cut short still gives what it decoded (PDF readers are lenient here).
        if status == Z_MEM_ERROR { throw PDFError(description: "a stream decodes to more than \(maximumDecodedLength >> 20) MB") }
        if status != Z_STREAM_END && status != Z_OK && status != Z_BUF_ERROR && output.isEmpty {
            throw PDFError(description: "a compressed stream is damaged")
        }
        return output
    }

    /// PNG predictors (10–15) row by row.
    static func unpredict(_ data: Data, columns: Int, colors: Int, bits: Int) throws -> Data {
        let bytesPerPixel = max(1, (colors * bits + 7) / 8)
        let rowLength = (columns * colors * bits + 7) / 8
        guard rowLength > 0 else { return data }
        let input = Array(data)
        var output: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: rowLength)
        var position = 0
        while position + 1 + rowLength <= input.count {
            let type = input[position]
            var row = Array(input[(position + 1)...(position + rowLength)])
            for i in 0..<rowLength {
                let left = i >= bytesPerPixel ? Int(row[i - bytesPerPixel]) : 0
                let up = Int(previous[i])
                let upLeft = i >= bytesPerPixel ? Int(previous[i - bytesPerPixel]) : 0
                let predictor: Int
                switch type {
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let pa = abs(p - left), pb = abs(p - up), pc = abs(p - upLeft)
                    predictor = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
                default: predictor = 0
                }
                row[i] = UInt8(truncatingIfNeeded: Int(row[i]) + predictor)
            }
            output += row
            previous = row
            position += 1 + rowLength
        }
        return Data(output)
    }

    static func ascii85(_ data: Data) throws -> Data {
        var output: [UInt8] = []
        var group: [UInt32] = []
        for byte in data {
            if PDFScanner.isWhitespace(byte) { continue }
            if byte == UInt8(ascii: "~") { break }
            if byte == UInt8(ascii: "z"), group.isEmpty { output += [0, 0, 0, 0]; continue }
            guard (33...117).contains(byte) else { throw PDFError(description: "an ASCII85 stream is damaged") }
            group.append(UInt32(byte - 33))
            if group.count == 5 {
                let value = group.reduce(UInt32(0)) { $0 &* 85 &+ $1 }
                output += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
                group.removeAll()
            }
        }
        if !group.isEmpty {
            let count = group.count
            while group.count < 5 { group.append(84) }
            let value = group.reduce(UInt32(0)) { $0 &* 85 &+ $1 }
            let all = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            output += all.prefix(count - 1)
        }
        return Data(output)
    }
}

/// A PDF file's objects, found by reading it from start to end (so a damaged or missing
/// cross-reference table does not matter), object streams included.
final class PDFFile: @unchecked Sendable {
    let bytes: [UInt8]
    private(set) var objects: [Int: PDFObject] = [:]
    private(set) var trailer: [String: PDFObject] = [:]
    let version: (major: Int, minor: Int)

    init(data: Data) throws {
        bytes = Array(data)
        guard let header = PDFScanner.find(Array("%PDF-".utf8), in: Array(bytes.prefix(1024)), from: 0) else {
            throw PDFError(description: "the data is not a PDF (no %PDF- header)")
        }
        let versionText = String(decoding: bytes[(header + 5)..<min(bytes.count, header + 8)], as: UTF8.self)
        let parts = versionText.split(separator: ".").compactMap { Int($0.prefix(1)) }
        version = (parts.first ?? 1, parts.count > 1 ? parts[1] : 0)
        try readObjects()
        try expandObjectStreams()
        guard catalog != nil else { throw PDFError(description: "the PDF has no document catalogue") }
    }

    /// Reads `n g obj … endobj` from start to end; later definitions replace earlier ones
    /// (incremental updates).
    private func readObjects() throws {
        var scanner = PDFScanner(bytes)
        var pending: [Int] = []
        while !scanner.atEnd {
            scanner.skipWhitespace()
            guard let byte = scanner.peek else { break }
            if (48...57).contains(byte) {
                let start = scanner.index
                var keyword: String?
                if case .integer(let number)? = try? scanner.object(keyword: &keyword) {
                    pending.append(number)
                    if pending.count > 2 { pending.removeFirst() }
                    continue
                }
                scanner.index = start + 1
                continue
            }
            let word = scanner.word()
            if word == "obj", pending.count == 2 {
                let number = pending[0]
                pending.removeAll()
                var keyword: String?
                do {
                    if let object = try scanner.object(keyword: &keyword) { objects[number] = object }
                } catch {
                    // A damaged object: resynchronise after it.
                    if let end = PDFScanner.find(Array("endobj".utf8), in: bytes, from: scanner.index) { scanner.index = end }
                }
                continue
            }
            if word == "trailer" {
                var keyword: String?
                if case .dictionary(let dictionary)? = try? scanner.object(keyword: &keyword) {
                    trailer.merge(dictionary) { _, new in new }
                }
                pending.removeAll()
                continue
            }
            pending.removeAll()
            if word.isEmpty {
                var keyword: String?
                if (try? scanner.object(keyword: &keyword)) == nil, keyword == nil { scanner.index += 1 }
            }
        }
    }

    /// Objects stored in object streams (PDF 1.5), where no plain definition replaced them.
    private func expandObjectStreams() throws {
        for (_, object) in objects {
            guard case .stream(let dictionary, let raw) = object, dictionary["Type"]?.nameValue == "ObjStm",
                  let count = dictionary["N"]?.integer, let first = dictionary["First"]?.integer,
                  count >= 0, count < 1_000_000, first >= 0 else { continue }
            guard let decoded = try? PDFFilters.decode(raw, dictionary: dictionary) else { continue }
            let data = Array(decoded)
            var header = PDFScanner(data)
            var entries: [(Int, Int)] = []
            for _ in 0..<count {
                var keyword: String?
                guard case .integer(let number)? = try? header.object(keyword: &keyword),
                      case .integer(let offset)? = try? header.object(keyword: &keyword) else { break }
                entries.append((number, offset))
            }
            for (number, offset) in entries where objects[number] == nil && first + offset < data.count {
                var scanner = PDFScanner(data, at: first + offset)
                var keyword: String?
                if let value = try? scanner.object(keyword: &keyword) { objects[number] = value }
            }
        }
    }

    /// An object with references followed (at most 32 deep: references may loop).
    func resolve(_ object: PDFObject?) -> PDFObject? {
        var current = object
        var steps = 0
        while case .reference(let number)? = current {
            steps += 1
            guard steps < 32 else { return nil }
            current = objects[number]
        }
        return current
    }

    func dictionary(_ object: PDFObject?) -> [String: PDFObject]? { resolve(object)?.dictionaryValue }
    func number(_ object: PDFObject?) -> Double? { resolve(object)?.number }

    /// The document catalogue: the trailer's `/Root`, a cross-reference stream's, or the
    /// object whose type is `/Catalog`.
    lazy var catalog: [String: PDFObject]? = {
        if let root = dictionary(trailer["Root"]) { return root }
        for (_, object) in objects {
            if let root = object.dictionaryValue?["Root"], object.dictionaryValue?["Type"]?.nameValue == "XRef",
               let found = dictionary(root) { return found }
        }
        return objects.keys.sorted().reversed().lazy.compactMap { self.objects[$0]?.dictionaryValue }
            .first { $0["Type"]?.nameValue == "Catalog" }
    }()

    /// The pages in order, each with the attributes it inherits (`MediaBox`, `CropBox`,
    /// `Resources`, `Rotate`).
    lazy var pages: [[String: PDFObject]] = {
        var result: [[String: PDFObject]] = []
        var visited = Set<Int>()
        func walk(_ node: PDFObject?, inherited: [String: PDFObject], depth: Int) {
            guard depth < 64, result.count < 100_000 else { return }
            if case .reference(let number)? = node {
                guard visited.insert(number).inserted else { return }
            }
            guard let dictionary = dictionary(node) else { return }
            var attributes = inherited
            for key in ["MediaBox", "CropBox", "Resources", "Rotate"] where dictionary[key] != nil { attributes[key] = dictionary[key] }
            if let kids = resolve(dictionary["Kids"])?.arrayValue {
                for kid in kids { walk(kid, inherited: attributes, depth: depth + 1) }
            } else if dictionary["Type"]?.nameValue != "Pages" {
                result.append(dictionary.merging(attributes) { own, _ in own })
            }
        }
        walk(catalog?["Pages"], inherited: [:], depth: 0)
        return result
    }()

    var isEncrypted: Bool { trailer["Encrypt"] != nil }
}
