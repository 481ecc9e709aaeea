import Foundation

/// Runs a page's content stream (ISO 32000-1, 8 and 9) against a `CGContext`: the graphics
/// state, paths and their painting and clipping, colours, transparency from `gs`, and form
/// XObjects. Text, images, shadings and patterns are skipped (reported once per document).
struct PDFContentInterpreter {
    let file: PDFFile
    let context: CGContext

    private struct State {
        var fillComponents: [CGFloat] = [0]
        var strokeComponents: [CGFloat] = [0]
        var fillAlpha: CGFloat = 1
        var strokeAlpha: CGFloat = 1
    }

    private var state = State()
    private var stack: [State] = []
    private var path = CGMutablePath()
    private var pendingClip: CGPathFillRule?
    private var operations = 0
    private var formDepth = 0
    private var skipped: Set<String> = []
    /// The most operators a page may run (a hostile file may loop through forms).
    static let maximumOperations = 5_000_000

    init(file: PDFFile, context: CGContext) {
        self.file = file
        self.context = context
    }

    /// Runs a `/Contents` entry (a stream or an array of streams, concatenated).
    mutating func run(contentsOf contents: PDFObject?, resources: [String: PDFObject]) {
        var data = Data()
        switch file.resolve(contents) {
        case .stream(let dictionary, let raw)?:
            data = (try? PDFFilters.decode(raw, dictionary: dictionary)) ?? Data()
        case .array(let parts)?:
            for part in parts {
                if case .stream(let dictionary, let raw)? = file.resolve(part), let decoded = try? PDFFilters.decode(raw, dictionary: dictionary) {
                    data.append(decoded)
                    data.append(10)
                }
            }
        default:
            return
        }
        run(Array(data), resources: resources)
    }

    private mutating func run(_ bytes: [UInt8], resources: [String: PDFObject]) {
        var scanner = PDFScanner(bytes)
        var operands: [PDFObject] = []
        var inText = 0
        while operations < PDFContentInterpreter.maximumOperations {
            var keyword: String?
            guard let object = try? scanner.object(keyword: &keyword) else {
                guard let op = keyword else { if scanner.atEnd { break } else { scanner.index += 1; continue } }
                operations += 1
                if op == "BI" {
                    skipInlineImage(&scanner)
                    operands.removeAll()
                    continue
                }
                if op == "BT" { inText += 1 }
                if op == "ET" { inText = max(0, inText - 1) }
                if inText > 0 || op == "ET" {
                    if op == "BT" { note("text") }
                    operands.removeAll()
                    continue
                }
                perform(op, operands, resources: resources)
                operands.removeAll()
                continue
            }
            if operands.count < 64 { operands.append(object) }
        }
    }

    private mutating func skipInlineImage(_ scanner: inout PDFScanner) {
        note("images")
        guard let data = PDFScanner.find(Array("ID".utf8), in: scanner.bytes, from: scanner.index) else {
            scanner.index = scanner.bytes.count
            return
        }
        var position = data + 3
        while position + 2 < scanner.bytes.count {
            if PDFScanner.isWhitespace(scanner.bytes[position - 1]), scanner.bytes[position] == UInt8(ascii: "E"),
               scanner.bytes[position + 1] == UInt8(ascii: "I"),
               PDFScanner.isWhitespace(scanner.bytes[position + 2]) || position + 2 == scanner.bytes.count {
                scanner.index = position + 2
                return
            }
            position += 1
        }
        scanner.index = scanner.bytes.count
    }

    private mutating func note(_ what: String) {
        guard skipped.insert(what).inserted else { return }
        PDFDiagnostics.report("PDF: \(what) are not drawn yet; the page's paths are.")
    }

    // MARK: Operators

    private func numbers(_ operands: [PDFObject]) -> [CGFloat] {
        operands.compactMap { $0.number }.map { CGFloat($0) }.filter(\.isFinite)
    }

    private mutating func perform(_ op: String, _ operands: [PDFObject], resources: [String: PDFObject]) {
        let n = numbers(operands)
        switch op {
        case "q":
            guard stack.count < 256 else { return }
            stack.append(state)
            context.saveGState()
        case "Q":
            guard let saved = stack.popLast() else { return }
            state = saved
            context.restoreGState()
        case "cm":
            guard n.count == 6 else { return }
            context.concatenate(CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5]))
        case "w": if let width = n.first { context.setLineWidth(abs(width)) }
        case "J": if let cap = n.first.map(Int.init), let value = CGLineCap(rawValue: Int32(cap)) { context.setLineCap(value) }
        case "j": if let join = n.first.map(Int.init), let value = CGLineJoin(rawValue: Int32(join)) { context.setLineJoin(value) }
        case "M": if let limit = n.first { context.setMiterLimit(limit) }
        case "d":
            guard operands.count == 2, let lengths = file.resolve(operands[0])?.arrayValue else { return }
            let values = lengths.compactMap { $0.number }.map { CGFloat($0) }.filter { $0.isFinite && $0 >= 0 }
            context.setLineDash(phase: n.last ?? 0, lengths: values.allSatisfy { $0 == 0 } ? [] : values)
        case "gs":
            guard let name = operands.first?.nameValue,
                  let graphics = file.dictionary(file.dictionary(resources["ExtGState"])?[name]) else { return }
            applyGraphicsState(graphics)
        case "ri", "i", "BX", "EX", "MP", "DP", "BMC", "BDC", "EMC", "d0", "d1":
            break
        // Paths.
        case "m": if n.count == 2 { path.move(to: CGPoint(x: n[0], y: n[1])) }
        case "l": if n.count == 2, !path.isEmpty { path.addLine(to: CGPoint(x: n[0], y: n[1])) }
        case "c":
            if n.count == 6, !path.isEmpty {
                path.addCurve(to: CGPoint(x: n[4], y: n[5]), control1: CGPoint(x: n[0], y: n[1]), control2: CGPoint(x: n[2], y: n[3]))
            }
        case "v":
            if n.count == 4, !path.isEmpty {
                let current = path.currentPoint
                path.addCurve(to: CGPoint(x: n[2], y: n[3]), control1: current, control2: CGPoint(x: n[0], y: n[1]))
            }
        case "y":
            if n.count == 4, !path.isEmpty {
                let end = CGPoint(x: n[2], y: n[3])
                path.addCurve(to: end, control1: CGPoint(x: n[0], y: n[1]), control2: end)
            }
        case "h": if !path.isEmpty { path.closeSubpath() }
        case "re":
            if n.count == 4 { path.addRect(CGRect(x: n[0], y: n[1], width: n[2], height: n[3])) }
        // Painting.
        case "S": paint(fill: nil, stroke: true)
        case "s": if !path.isEmpty { path.closeSubpath() }; paint(fill: nil, stroke: true)
        case "f", "F": paint(fill: .winding, stroke: false)
        case "f*": paint(fill: .evenOdd, stroke: false)
        case "B": paint(fill: .winding, stroke: true)
        case "B*": paint(fill: .evenOdd, stroke: true)
        case "b": if !path.isEmpty { path.closeSubpath() }; paint(fill: .winding, stroke: true)
        case "b*": if !path.isEmpty { path.closeSubpath() }; paint(fill: .evenOdd, stroke: true)
        case "n": paint(fill: nil, stroke: false)
        case "W": pendingClip = .winding
        case "W*": pendingClip = .evenOdd
        // Colours.
        case "g": state.fillComponents = n
        case "G": state.strokeComponents = n
        case "rg": state.fillComponents = n
        case "RG": state.strokeComponents = n
        case "k": state.fillComponents = n
        case "K": state.strokeComponents = n
        case "sc", "scn":
            if n.isEmpty { note("patterns") } else { state.fillComponents = n }
        case "SC", "SCN":
            if n.isEmpty { note("patterns") } else { state.strokeComponents = n }
        case "cs": state.fillComponents = initialComponents(operands.first, resources: resources)
        case "CS": state.strokeComponents = initialComponents(operands.first, resources: resources)
        case "Do":
            guard let name = operands.first?.nameValue else { return }
            drawXObject(name, resources: resources)
        case "sh": note("shadings")
        default:
            break
        }
    }

    /// The colour a colour space starts with: black (in gray, RGB or CMYK).
    private func initialComponents(_ space: PDFObject?, resources: [String: PDFObject]) -> [CGFloat] {
        var resolved = space
        if let name = space?.nameValue, let named = file.dictionary(resources["ColorSpace"])?[name] { resolved = file.resolve(named) }
        switch components(of: resolved) {
        case 3: return [0, 0, 0]
        case 4: return [0, 0, 0, 1]
        default: return [0]
        }
    }

    /// How many components a colour space has (1, 3 or 4).
    private func components(of space: PDFObject?) -> Int {
        switch file.resolve(space) {
        case .name(let name)?:
            switch name {
            case "DeviceRGB", "RGB", "CalRGB", "Lab": return 3
            case "DeviceCMYK", "CMYK": return 4
            default: return 1
            }
        case .array(let parts)?:
            guard let family = parts.first?.nameValue else { return 1 }
            switch family {
            case "ICCBased":
                return parts.count > 1 ? (file.dictionary(parts[1])?["N"]?.integer ?? 3) : 3
            case "CalRGB", "Lab": return 3
            case "CalGray": return 1
            default: return 1
            }
        default:
            return 1
        }
    }

    private func color(_ components: [CGFloat], alpha: CGFloat) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
        func clamp(_ value: CGFloat) -> CGFloat { min(1, max(0, value)) }
        switch components.count {
        case 3: return (clamp(components[0]), clamp(components[1]), clamp(components[2]), alpha)
        case 4:
            let k = clamp(components[3])
            return ((1 - clamp(components[0])) * (1 - k), (1 - clamp(components[1])) * (1 - k), (1 - clamp(components[2])) * (1 - k), alpha)
        default:
            let gray = clamp(components.first ?? 0)
            return (gray, gray, gray, alpha)
        }
    }

    private mutating func paint(fill rule: CGPathFillRule?, stroke: Bool) {
        defer {
            path = CGMutablePath()
            pendingClip = nil
        }
        guard !path.isEmpty else { return }
        if let rule {
            let (r, g, b, a) = color(state.fillComponents, alpha: state.fillAlpha)
            context.setFillColor(red: r, green: g, blue: b, alpha: a)
            context.addPath(path)
            context.fillPath(using: rule)
        }
        if stroke {
            let (r, g, b, a) = color(state.strokeComponents, alpha: state.strokeAlpha)
            context.setStrokeColor(red: r, green: g, blue: b, alpha: a)
            context.addPath(path)
            context.strokePath()
        }
        if let clipRule = pendingClip {
            context.addPath(path)
            context.clip(using: clipRule)
        }
    }

    private mutating func applyGraphicsState(_ graphics: [String: PDFObject]) {
        if let alpha = file.number(graphics["ca"]), alpha.isFinite { state.fillAlpha = CGFloat(min(1, max(0, alpha))) }
        if let alpha = file.number(graphics["CA"]), alpha.isFinite { state.strokeAlpha = CGFloat(min(1, max(0, alpha))) }
        if let width = file.number(graphics["LW"]), width.isFinite { context.setLineWidth(CGFloat(abs(width))) }
        if let cap = file.resolve(graphics["LC"])?.integer, let value = CGLineCap(rawValue: Int32(cap)) { context.setLineCap(value) }
        if let join = file.resolve(graphics["LJ"])?.integer, let value = CGLineJoin(rawValue: Int32(join)) { context.setLineJoin(value) }
        if let limit = file.number(graphics["ML"]), limit.isFinite { context.setMiterLimit(CGFloat(limit)) }
        if let mask = graphics["SMask"], file.resolve(mask)?.nameValue != "None" { note("soft masks") }
    }

    private mutating func drawXObject(_ name: String, resources: [String: PDFObject]) {
        guard formDepth < 16, let object = file.resolve(file.dictionary(resources["XObject"])?[name]),
              case .stream(let dictionary, let raw) = object else { return }
        switch dictionary["Subtype"]?.nameValue {
        case "Form":
            guard let data = try? PDFFilters.decode(raw, dictionary: dictionary) else { return }
            context.saveGState()
            let savedState = state, savedStack = stack, savedPath = path
            stack = []
            path = CGMutablePath()
            if let matrix = file.resolve(dictionary["Matrix"])?.arrayValue?.compactMap({ file.number($0) }), matrix.count == 6,
               matrix.allSatisfy(\.isFinite) {
                context.concatenate(CGAffineTransform(a: matrix[0], b: matrix[1], c: matrix[2], d: matrix[3], tx: matrix[4], ty: matrix[5]))
            }
            if let box = file.resolve(dictionary["BBox"])?.arrayValue?.compactMap({ file.number($0) }), box.count == 4, box.allSatisfy(\.isFinite) {
                context.clip(to: CGRect(x: min(box[0], box[2]), y: min(box[1], box[3]), width: abs(box[2] - box[0]), height: abs(box[3] - box[1])))
            }
            formDepth += 1
            run(Array(data), resources: file.dictionary(dictionary["Resources"]) ?? resources)
            formDepth -= 1
            // A form leaves the state as it found it, whatever it saved and did not restore.
            for _ in stack { context.restoreGState() }
            state = savedState
            stack = savedStack
            path = savedPath
            context.restoreGState()
        case "Image":
            note("images")
        default:
            break
        }
    }
}

/// Where PDF messages go (the console; tests read them).
package enum PDFDiagnostics {
    private static let log = Locked<[String]>([])

    static func report(_ message: String) {
        log.withLock { $0.append(message) }
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// The messages so far.
    package static var messages: [String] { log.withLock { $0 } }
}
