import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Vector art an image draws again at the size it is shown: a PDF page or an SVG drawing.
protocol VectorArt: AnyObject, Sendable {
    /// The art's own size in points.
    var size: CGSize { get }
    /// Draws the art to fill `rect` of `context` (whose user space has y up, as a bitmap
    /// context's does).
    func draw(in context: CGContext, rect: CGRect)
}

/// A PDF page as vector art (its crop box).
final class PDFVectorArt: VectorArt, @unchecked Sendable {
    let page: CGPDFPage
    init(page: CGPDFPage) { self.page = page }

    var size: CGSize { page.getBoxRect(.cropBox).size }

    func draw(in context: CGContext, rect: CGRect) {
        let box = page.getBoxRect(.cropBox)
        guard box.width > 0, box.height > 0 else { return }
        context.saveGState()
        context.translateBy(x: rect.minX, y: rect.minY)
        context.scaleBy(x: rect.width / box.width, y: rect.height / box.height)
        context.translateBy(x: -box.minX, y: -box.minY)
        context.drawPDFPage(page)
        context.restoreGState()
    }
}

/// An SVG drawing made of paths and basic shapes (`path`, `rect`, `circle`, `ellipse`, `line`,
/// `polyline`, `polygon`) in groups with transforms, filled and stroked in flat colours —
/// what icon exports and SF Symbols templates hold.
///
/// - Note: Differs from Apple: gradients, masks, text, images, `use` references and CSS
///   style sheets are not drawn.
final class SVGDrawing: VectorArt, @unchecked Sendable {
    struct Shape {
        var path: CGPath
        var fill: CGColor?
        var fillRule: CGPathFillRule
        var stroke: CGColor?
        var strokeWidth: CGFloat
        /// The element's `id` and `class`, and its group's `id`s (symbol templates name their
        /// parts).
        var id: String?
        var classes: String?
        var groups: [String]
    }

    /// The drawing's coordinate box (`viewBox`, else `0 0 width height`).
    let viewBox: CGRect
    let shapes: [Shape]
    /// Every element with an `id`, with its attributes and the transform it is drawn with
    /// (symbol templates keep their guides here).
    let named: [String: (attributes: [String: String], transform: CGAffineTransform)]

    var size: CGSize { viewBox.size }

    init?(data: Data) {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse(), let box = reader.viewBox, box.width > 0, box.height > 0, box.isFiniteRect else { return nil }
        viewBox = box
        shapes = reader.shapes
        named = reader.named
    }

    func draw(in context: CGContext, rect: CGRect) {
        draw(shapes, in: context, rect: rect, from: viewBox, tint: nil)
    }

    /// Draws `shapes` so that `source` (in the drawing's coordinates, y down) fills `rect` of
    /// `context` (y up); `tint` replaces every colour (a template).
    func draw(_ shapes: [Shape], in context: CGContext, rect: CGRect, from source: CGRect, tint: CGColor?) {
        guard source.width > 0, source.height > 0 else { return }
        context.saveGState()
        // y down in the drawing, y up in the context.
        context.translateBy(x: rect.minX, y: rect.maxY)
        context.scaleBy(x: rect.width / source.width, y: -rect.height / source.height)
        context.translateBy(x: -source.minX, y: -source.minY)
        for shape in shapes {
            if let fill = tint.flatMap({ _ in shape.fill != nil ? tint : nil }) ?? shape.fill {
                context.addPath(shape.path)
                context.setFillColor(fill)
                context.fillPath(using: shape.fillRule)
            }
            if let stroke = tint.flatMap({ _ in shape.stroke != nil ? tint : nil }) ?? shape.stroke, shape.strokeWidth > 0 {
                context.addPath(shape.path)
                context.setStrokeColor(stroke)
                context.setLineWidth(shape.strokeWidth)
                context.strokePath()
            }
        }
        context.restoreGState()
    }

    // MARK: Reading

    private final class Reader: NSObject, XMLParserDelegate {
        struct Style {
            var fill: CGColor? = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
            var fillRule: CGPathFillRule = .winding
            var stroke: CGColor?
            var strokeWidth: CGFloat = 1
            var opacity: CGFloat = 1
            var fillOpacity: CGFloat = 1
            var strokeOpacity: CGFloat = 1
        }

        var viewBox: CGRect?
        var shapes: [Shape] = []
        var named: [String: (attributes: [String: String], transform: CGAffineTransform)] = [:]
        private var stack: [(transform: CGAffineTransform, style: Style, id: String?, skip: Bool)] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let parent = stack.last ?? (.identity, Style(), nil, false)
            var attributes = attributes
            // `style="fill:#fff; stroke:none"` overrides the attributes.
            for declaration in (attributes["style"] ?? "").split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2 { attributes[parts[0]] = parts[1] }
            }
            var transform = parent.transform
            if let text = attributes["transform"] { transform = SVGDrawing.transform(text).concatenating(transform) }
            var style = parent.style
            apply(attributes, to: &style)
            // Definitions, masks and clip paths are not drawn.
            let skip = parent.skip || ["defs", "mask", "clipPath", "symbol", "pattern", "linearGradient", "radialGradient", "text"].contains(name)
                || attributes["display"] == "none" || attributes["visibility"] == "hidden"
            if let id = attributes["id"] { named[id] = (attributes, transform) }
            stack.append((transform, style, attributes["id"] ?? nil, skip))
            if name == "svg", viewBox == nil {
                let numbers = SVGDrawing.numbers(attributes["viewBox"] ?? "")
                if numbers.count == 4 {
                    viewBox = CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
                } else if let width = attributes["width"].flatMap({ SVGDrawing.numbers($0).first }),
                          let height = attributes["height"].flatMap({ SVGDrawing.numbers($0).first }) {
                    viewBox = CGRect(x: 0, y: 0, width: width, height: height)
                }
                return
            }
            guard !skip, let path = SVGDrawing.shape(name, attributes) else { return }
            let transformed = CGMutablePath()
            transformed.addPath(path, transform: transform)
            func faded(_ color: CGColor?, _ opacity: CGFloat) -> CGColor? {
                guard let color else { return nil }
                return opacity >= 1 ? color : color.copy(alpha: color.alpha * opacity)
            }
            let scale = sqrt(abs(transform.a * transform.d - transform.b * transform.c))
            shapes.append(Shape(path: transformed, fill: name == "line" || name == "polyline" && attributes["fill"] == nil ? nil
                                    : faded(style.fill, style.opacity * style.fillOpacity),
                                fillRule: style.fillRule, stroke: faded(style.stroke, style.opacity * style.strokeOpacity),
                                strokeWidth: style.strokeWidth * (scale.isFinite && scale > 0 ? scale : 1),
                                id: attributes["id"], classes: attributes["class"],
                                groups: stack.compactMap(\.id)))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = stack.popLast()
        }

        private func apply(_ attributes: [String: String], to style: inout Style) {
            if let fill = attributes["fill"] { style.fill = fill == "none" ? nil : SVGDrawing.color(fill) ?? style.fill }
            if let rule = attributes["fill-rule"] { style.fillRule = rule == "evenodd" ? .evenOdd : .winding }
            if let stroke = attributes["stroke"] { style.stroke = stroke == "none" ? nil : SVGDrawing.color(stroke) }
            if let width = attributes["stroke-width"].flatMap({ SVGDrawing.numbers($0).first }) { style.strokeWidth = max(0, width) }
            if let value = attributes["opacity"].flatMap({ SVGDrawing.numbers($0).first }) { style.opacity *= min(1, max(0, value)) }
            if let value = attributes["fill-opacity"].flatMap({ SVGDrawing.numbers($0).first }) { style.fillOpacity = min(1, max(0, value)) }
            if let value = attributes["stroke-opacity"].flatMap({ SVGDrawing.numbers($0).first }) { style.strokeOpacity = min(1, max(0, value)) }
        }
    }

    // MARK: Syntax

    /// The numbers in a list (`"0 0 24 24"`, `"1,2.5-3e2"`).
    static func numbers(_ text: String) -> [CGFloat] {
        var scanner = PathScanner(text)
        var result: [CGFloat] = []
        while let value = scanner.number() { result.append(value) }
        return result
    }

    /// A colour: `#rgb`, `#rrggbb`, `rgb(r, g, b)`, or a basic name.
    static func color(_ text: String) -> CGColor? {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if value.hasPrefix("#") {
            var hex = String(value.dropFirst())
            if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
            guard hex.count == 6, let number = UInt32(hex, radix: 16) else { return nil }
            return CGColor(srgbRed: CGFloat(number >> 16 & 0xFF) / 255, green: CGFloat(number >> 8 & 0xFF) / 255,
                           blue: CGFloat(number & 0xFF) / 255, alpha: 1)
        }
        if value.hasPrefix("rgb") {
            let parts = numbers(String(value.drop { $0 != "(" }))
            guard parts.count >= 3 else { return nil }
            let scale: CGFloat = value.contains("%") ? 100 : 255
            return CGColor(srgbRed: parts[0] / scale, green: parts[1] / scale, blue: parts[2] / scale, alpha: parts.count > 3 ? parts[3] : 1)
        }
        let names: [String: (CGFloat, CGFloat, CGFloat)] = [
            "black": (0, 0, 0), "white": (1, 1, 1), "red": (1, 0, 0), "green": (0, 0.5, 0), "blue": (0, 0, 1),
            "yellow": (1, 1, 0), "gray": (0.5, 0.5, 0.5), "grey": (0.5, 0.5, 0.5), "orange": (1, 0.647, 0),
            "currentcolor": (0, 0, 0),
        ]
        guard let (r, g, b) = names[value] else { return nil }
        return CGColor(srgbRed: r, green: g, blue: b, alpha: 1)
    }

    /// A `transform` list: `matrix`, `translate`, `scale`, `rotate`, `skewX`, `skewY`, applied
    /// left to right.
    static func transform(_ text: String) -> CGAffineTransform {
        var result = CGAffineTransform.identity
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            let name = rest[..<open].trimmingCharacters(in: CharacterSet(charactersIn: " ,\n\t"))
            let values = numbers(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
            var step = CGAffineTransform.identity
            switch name {
            case "matrix" where values.count == 6:
                step = CGAffineTransform(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
            case "translate" where !values.isEmpty:
                step = CGAffineTransform(translationX: values[0], y: values.count > 1 ? values[1] : 0)
            case "scale" where !values.isEmpty:
                step = CGAffineTransform(scaleX: values[0], y: values.count > 1 ? values[1] : values[0])
            case "rotate" where !values.isEmpty:
                let angle = values[0] * .pi / 180
                if values.count == 3 {
                    step = CGAffineTransform(translationX: values[1], y: values[2]).rotated(by: angle).translatedBy(x: -values[1], y: -values[2])
                } else {
                    step = CGAffineTransform(rotationAngle: angle)
                }
            case "skewX" where !values.isEmpty: step = CGAffineTransform(a: 1, b: 0, c: tan(values[0] * .pi / 180), d: 1, tx: 0, ty: 0)
            case "skewY" where !values.isEmpty: step = CGAffineTransform(a: 1, b: tan(values[0] * .pi / 180), c: 0, d: 1, tx: 0, ty: 0)
            default: break
            }
            // Later transforms apply first (closer to the content).
            result = step.concatenating(result)
        }
        return result
    }

    /// The path of a basic shape or `path` element.
    static func shape(_ name: String, _ a: [String: String]) -> CGPath? {
        func value(_ key: String) -> CGFloat { a[key].flatMap { numbers($0).first } ?? 0 }
        let path = CGMutablePath()
        switch name {
        case "path":
            guard let d = a["d"] else { return nil }
            return SVGPathParser.path(d)
        case "rect":
            let rect = CGRect(x: value("x"), y: value("y"), width: value("width"), height: value("height"))
            guard rect.width > 0, rect.height > 0 else { return nil }
            var rx = a["rx"] != nil ? value("rx") : value("ry"), ry = a["ry"] != nil ? value("ry") : rx
            rx = min(rx, rect.width / 2)
            ry = min(ry, rect.height / 2)
            if rx > 0, ry > 0 { path.addRoundedRect(in: rect, cornerWidth: rx, cornerHeight: ry) } else { path.addRect(rect) }
        case "circle":
            let r = value("r")
            guard r > 0 else { return nil }
            path.addEllipse(in: CGRect(x: value("cx") - r, y: value("cy") - r, width: 2 * r, height: 2 * r))
        case "ellipse":
            let rx = value("rx"), ry = value("ry")
            guard rx > 0, ry > 0 else { return nil }
            path.addEllipse(in: CGRect(x: value("cx") - rx, y: value("cy") - ry, width: 2 * rx, height: 2 * ry))
        case "line":
            path.move(to: CGPoint(x: value("x1"), y: value("y1")))
            path.addLine(to: CGPoint(x: value("x2"), y: value("y2")))
        case "polyline", "polygon":
            let values = numbers(a["points"] ?? "")
            guard values.count >= 4 else { return nil }
            path.move(to: CGPoint(x: values[0], y: values[1]))
            var index = 2
            while index + 1 < values.count {
                path.addLine(to: CGPoint(x: values[index], y: values[index + 1]))
                index += 2
            }
            if name == "polygon" { path.closeSubpath() }
        default:
            return nil
        }
        return path
    }
}

/// Reads numbers and flags out of SVG attribute text.
struct PathScanner {
    let scalars: [UInt8]
    var index = 0

    init(_ text: String) { scalars = Array(text.utf8) }

    var atEnd: Bool { index >= scalars.count }

    mutating func skipSeparators() {
        while index < scalars.count, scalars[index] == 32 || scalars[index] == 44 || scalars[index] == 9 || scalars[index] == 10 || scalars[index] == 13 {
            index += 1
        }
    }

    mutating func number() -> CGFloat? {
        skipSeparators()
        let start = index
        if index < scalars.count, scalars[index] == 43 || scalars[index] == 45 { index += 1 }
        var sawDigit = false, sawDot = false
        while index < scalars.count {
            let c = scalars[index]
            if (48...57).contains(c) { sawDigit = true; index += 1 } else if c == 46, !sawDot { sawDot = true; index += 1 } else { break }
        }
        if sawDigit, index < scalars.count, scalars[index] == 101 || scalars[index] == 69 {
            var probe = index + 1
            if probe < scalars.count, scalars[probe] == 43 || scalars[probe] == 45 { probe += 1 }
            if probe < scalars.count, (48...57).contains(scalars[probe]) {
                index = probe
                while index < scalars.count, (48...57).contains(scalars[index]) { index += 1 }
            }
        }
        guard sawDigit, let value = Double(String(decoding: scalars[start..<index], as: UTF8.self)), value.isFinite else {
            index = start
            return nil
        }
        return CGFloat(value)
    }

    /// An arc flag: a single `0` or `1` (flags may be written without separators).
    mutating func flag() -> Bool? {
        skipSeparators()
        guard index < scalars.count, scalars[index] == 48 || scalars[index] == 49 else { return nil }
        defer { index += 1 }
        return scalars[index] == 49
    }
}

/// SVG path data (`d`): every command, absolute and relative, arcs as Béziers.
enum SVGPathParser {
    static func path(_ d: String) -> CGPath? {
        var scanner = PathScanner(d)
        let path = CGMutablePath()
        var current = CGPoint.zero, start = CGPoint.zero
        var lastControl: CGPoint?
        var lastCommand: UInt8 = 0
        var command: UInt8 = 0
        var steps = 0
        while true {
            steps += 1
            guard steps < 1_000_000 else { break }
            scanner.skipSeparators()
            guard !scanner.atEnd else { break }
            let c = scanner.scalars[scanner.index]
            if (65...90).contains(c) || (97...122).contains(c) {
                command = c
                scanner.index += 1
            } else if command == 0 {
                return nil
            }
            let relative = (97...122).contains(command)
            func point() -> CGPoint? {
                guard let x = scanner.number(), let y = scanner.number() else { return nil }
                return relative ? CGPoint(x: current.x + x, y: current.y + y) : CGPoint(x: x, y: y)
            }
            let upper = relative ? command - 32 : command
            var control: CGPoint?
            switch upper {
            case 77: // M
                guard let p = point() else { return path.isEmpty ? nil : path }
                path.move(to: p)
                current = p
                start = p
                // Coordinates after a moveto are linetos.
                command = relative ? 108 : 76
            case 76: // L
                guard let p = point() else { return path }
                if path.isEmpty { path.move(to: current) }
                path.addLine(to: p)
                current = p
            case 72: // H
                guard let x = scanner.number() else { return path }
                if path.isEmpty { path.move(to: current) }
                current = CGPoint(x: relative ? current.x + x : x, y: current.y)
                path.addLine(to: current)
            case 86: // V
                guard let y = scanner.number() else { return path }
                if path.isEmpty { path.move(to: current) }
                current = CGPoint(x: current.x, y: relative ? current.y + y : y)
                path.addLine(to: current)
            case 67: // C
                guard let c1 = point(), let c2 = point(), let p = point() else { return path }
                if path.isEmpty { path.move(to: current) }
                path.addCurve(to: p, control1: c1, control2: c2)
                control = c2
                current = p
            case 83: // S
                guard let c2 = point(), let p = point() else { return path }
                if path.isEmpty { path.move(to: current) }
                let c1 = [67, 83, 99, 115].contains(lastCommand) && lastControl != nil
                    ? CGPoint(x: 2 * current.x - lastControl!.x, y: 2 * current.y - lastControl!.y) : current
                path.addCurve(to: p, control1: c1, control2: c2)
                control = c2
                current = p
            case 81: // Q
                guard let c1 = point(), let p = point() else { return path }
                if path.isEmpty { path.move(to: current) }
                path.addQuadCurve(to: p, control: c1)
                control = c1
                current = p
            case 84: // T
                guard let p = point() else { return path }
                if path.isEmpty { path.move(to: current) }
                let c1 = [81, 84, 113, 116].contains(lastCommand) && lastControl != nil
                    ? CGPoint(x: 2 * current.x - lastControl!.x, y: 2 * current.y - lastControl!.y) : current
                path.addQuadCurve(to: p, control: c1)
                control = c1
                current = p
            case 65: // A
                guard let rx = scanner.number(), let ry = scanner.number(), let rotation = scanner.number(),
                      let large = scanner.flag(), let sweep = scanner.flag(), let p = point() else { return path }
                if path.isEmpty { path.move(to: current) }
                addArc(to: path, from: current, to: p, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep)
                current = p
            case 90: // Z
                if !path.isEmpty { path.closeSubpath() }
                current = start
            default:
                return path.isEmpty ? nil : path
            }
            lastCommand = command
            lastControl = control
        }
        return path.isEmpty ? nil : path
    }

    /// An elliptical arc (SVG's endpoint form) as cubic Béziers.
    private static func addArc(to path: CGMutablePath, from p0: CGPoint, to p1: CGPoint, rx: CGFloat, ry: CGFloat,
                               rotation: CGFloat, large: Bool, sweep: Bool) {
        var rx = abs(rx), ry = abs(ry)
        guard rx > 0, ry > 0, p0 != p1 else { path.addLine(to: p1); return }
        let phi = rotation * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= sqrt(lambda); ry *= sqrt(lambda) }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = denominator == 0 ? 0 : sqrt(max(0, numerator / denominator))
        if large == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
        func angle(_ ux: CGFloat, _ uy: CGFloat, _ vx: CGFloat, _ vy: CGFloat) -> CGFloat {
            let sign: CGFloat = ux * vy - uy * vx < 0 ? -1 : 1
            let dot = (ux * vx + uy * vy) / (sqrt(ux * ux + uy * uy) * sqrt(vx * vx + vy * vy))
            return sign * acos(min(1, max(-1, dot)))
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep, delta > 0 { delta -= 2 * .pi } else if sweep, delta < 0 { delta += 2 * .pi }
        let segments = max(1, Int(ceil(abs(delta) / (.pi / 2))))
        let step = delta / CGFloat(segments)
        let k = 4 / 3 * tan(step / 4)
        var theta = theta1
        for _ in 0..<segments {
            let cos1 = cos(theta), sin1 = sin(theta), cos2 = cos(theta + step), sin2 = sin(theta + step)
            func mapped(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
                CGPoint(x: cx + rx * x * cosPhi - ry * y * sinPhi, y: cy + rx * x * sinPhi + ry * y * cosPhi)
            }
            path.addCurve(to: mapped(cos2, sin2), control1: mapped(cos1 - k * sin1, sin1 + k * cos1),
                          control2: mapped(cos2 + k * sin2, sin2 - k * cos2))
            theta += step
        }
    }
}
