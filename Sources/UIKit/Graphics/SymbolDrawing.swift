import Foundation

/// Lamina's drawings of common system symbols: paths in a unit square, stroked with round
/// caps at the configuration's weight or filled, rendered at 3× into a square of the
/// configuration's size. Template images: only their alpha counts.
enum SymbolDrawing {
    static let scale: CGFloat = 3

    /// A symbol's look: strokes (open or closed paths) and fills, in unit coordinates (y down).
    private struct Glyph {
        var strokes: [CGPath] = []
        var fills: [CGPath] = []
    }

    /// The names drawn here (each closed shape also as `.fill`).
    static let names: [String] = {
        let bases = ["plus", "minus", "xmark", "checkmark", "chevron.right", "chevron.left", "chevron.down", "chevron.up",
                     "ellipsis", "circle", "square", "star", "heart", "house", "person", "bell", "trash", "magnifyingglass",
                     "gearshape", "square.and.arrow.up", "sidebar.left", "xmark.circle", "info.circle"]
        return bases.flatMap { base in [base, base + ".fill"] }.filter { name in
            let filled = name.hasSuffix(".fill")
            return glyph(filled ? String(name.dropLast(5)) : name, filled: filled) != nil
        }
    }()

    static func image(_ name: String, _ configuration: UIImage.SymbolConfiguration) -> CGImage? {
        let filled = name.hasSuffix(".fill")
        let base = filled ? String(name.dropLast(5)) : name
        guard let glyph = glyph(base, filled: filled) else { return nil }
        let side = configuration.side
        let pixels = Int((side * scale).rounded())
        guard pixels > 0, let context = CGContext(data: nil, width: pixels, height: pixels, bitsPerComponent: 8, bytesPerRow: 0,
                                                  space: CGColorSpaceCreateDeviceRGB(),
                                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        // Unit square, y down, inside a margin so strokes stay in the image.
        let inset = configuration.lineWidth / 2 + side * 0.04
        let box = side - 2 * inset
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: 0, y: side)
        context.scaleBy(x: 1, y: -1)
        context.translateBy(x: inset, y: inset)
        context.scaleBy(x: box, y: box)
        context.setFillColor(CGColor(gray: 0, alpha: 1))
        context.setStrokeColor(CGColor(gray: 0, alpha: 1))
        context.setLineWidth(configuration.lineWidth / box)
        context.setLineCap(.round)
        context.setLineJoin(.round)
        // Even-odd, so a shape drawn inside a filled one is a hole (the i of info.circle.fill).
        for path in glyph.fills {
            context.addPath(path)
            context.fillPath(using: .evenOdd)
        }
        for path in glyph.strokes {
            context.addPath(path)
            context.strokePath()
        }
        return context.makeImage()
    }

    private static func line(_ points: [(CGFloat, CGFloat)], closed: Bool = false) -> CGPath {
        let path = CGMutablePath()
        guard let first = points.first else { return path }
        path.move(to: CGPoint(x: first.0, y: first.1))
        for point in points.dropFirst() { path.addLine(to: CGPoint(x: point.0, y: point.1)) }
        if closed { path.closeSubpath() }
        return path
    }

    private static func ellipse(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGPath {
        CGPath(ellipseIn: CGRect(x: x, y: y, width: w, height: h), transform: nil)
    }

    /// A shape stroked, or filled when `filled`.
    private static func shape(_ path: CGPath, filled: Bool) -> Glyph {
        filled ? Glyph(fills: [path]) : Glyph(strokes: [path])
    }

    private static func glyph(_ name: String, filled: Bool) -> Glyph? {
        switch name {
        case "plus": return filled ? nil : Glyph(strokes: [line([(0.5, 0.1), (0.5, 0.9)]), line([(0.1, 0.5), (0.9, 0.5)])])
        case "minus": return filled ? nil : Glyph(strokes: [line([(0.1, 0.5), (0.9, 0.5)])])
        case "xmark": return filled ? nil : Glyph(strokes: [line([(0.15, 0.15), (0.85, 0.85)]), line([(0.85, 0.15), (0.15, 0.85)])])
        case "checkmark": return filled ? nil : Glyph(strokes: [line([(0.1, 0.55), (0.38, 0.82), (0.9, 0.18)])])
        case "chevron.right": return filled ? nil : Glyph(strokes: [line([(0.32, 0.1), (0.7, 0.5), (0.32, 0.9)])])
        case "chevron.left": return filled ? nil : Glyph(strokes: [line([(0.68, 0.1), (0.3, 0.5), (0.68, 0.9)])])
        case "chevron.down": return filled ? nil : Glyph(strokes: [line([(0.1, 0.32), (0.5, 0.7), (0.9, 0.32)])])
        case "chevron.up": return filled ? nil : Glyph(strokes: [line([(0.1, 0.68), (0.5, 0.3), (0.9, 0.68)])])
        case "ellipsis":
            return filled ? nil : Glyph(fills: [ellipse(0.04, 0.42, 0.16, 0.16), ellipse(0.42, 0.42, 0.16, 0.16), ellipse(0.8, 0.42, 0.16, 0.16)])
        case "circle": return shape(ellipse(0.05, 0.05, 0.9, 0.9), filled: filled)
        case "square":
            return shape(CGPath(roundedRect: CGRect(x: 0.08, y: 0.08, width: 0.84, height: 0.84), cornerWidth: 0.16, cornerHeight: 0.16, transform: nil), filled: filled)
        case "star":
            var points: [(CGFloat, CGFloat)] = []
            for k in 0..<10 {
                let angle = -CGFloat.pi / 2 + CGFloat(k) * .pi / 5
                let r: CGFloat = k % 2 == 0 ? 0.48 : 0.2
                points.append((0.5 + r * cos(angle), 0.52 + r * sin(angle)))
            }
            return shape(line(points, closed: true), filled: filled)
        case "heart":
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0.5, y: 0.9))
            path.addCurve(to: CGPoint(x: 0.05, y: 0.35), control1: CGPoint(x: 0.25, y: 0.7), control2: CGPoint(x: 0.05, y: 0.55))
            path.addCurve(to: CGPoint(x: 0.5, y: 0.22), control1: CGPoint(x: 0.05, y: 0.05), control2: CGPoint(x: 0.4, y: 0.05))
            path.addCurve(to: CGPoint(x: 0.95, y: 0.35), control1: CGPoint(x: 0.6, y: 0.05), control2: CGPoint(x: 0.95, y: 0.05))
            path.addCurve(to: CGPoint(x: 0.5, y: 0.9), control1: CGPoint(x: 0.95, y: 0.55), control2: CGPoint(x: 0.75, y: 0.7))
            path.closeSubpath()
            return shape(path, filled: filled)
        case "house":
            return shape(line([(0.5, 0.08), (0.92, 0.45), (0.8, 0.45), (0.8, 0.9), (0.2, 0.9), (0.2, 0.45), (0.08, 0.45)], closed: true), filled: filled)
        case "person":
            let body = CGMutablePath()
            body.move(to: CGPoint(x: 0.1, y: 0.92))
            body.addCurve(to: CGPoint(x: 0.9, y: 0.92), control1: CGPoint(x: 0.12, y: 0.55), control2: CGPoint(x: 0.88, y: 0.55))
            body.closeSubpath()
            let head = ellipse(0.3, 0.06, 0.4, 0.4)
            return filled ? Glyph(fills: [head, body]) : Glyph(strokes: [head, body])
        case "bell":
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0.12, y: 0.75))
            path.addLine(to: CGPoint(x: 0.22, y: 0.6))
            path.addCurve(to: CGPoint(x: 0.5, y: 0.12), control1: CGPoint(x: 0.22, y: 0.25), control2: CGPoint(x: 0.35, y: 0.12))
            path.addCurve(to: CGPoint(x: 0.78, y: 0.6), control1: CGPoint(x: 0.65, y: 0.12), control2: CGPoint(x: 0.78, y: 0.25))
            path.addLine(to: CGPoint(x: 0.88, y: 0.75))
            path.closeSubpath()
            let clapper = ellipse(0.4, 0.78, 0.2, 0.16)
            return filled ? Glyph(fills: [path, clapper]) : Glyph(strokes: [path], fills: [clapper])
        case "trash":
            let can = line([(0.22, 0.28), (0.28, 0.92), (0.72, 0.92), (0.78, 0.28)], closed: true)
            let lid = line([(0.1, 0.22), (0.9, 0.22)])
            let handle = line([(0.38, 0.22), (0.4, 0.1), (0.6, 0.1), (0.62, 0.22)])
            return filled ? Glyph(strokes: [lid, handle], fills: [can]) : Glyph(strokes: [can, lid, handle])
        case "magnifyingglass":
            return filled ? nil : Glyph(strokes: [ellipse(0.08, 0.08, 0.58, 0.58), line([(0.6, 0.6), (0.92, 0.92)])])
        case "gearshape":
            let path = CGMutablePath()
            for k in 0..<16 {
                let angle = CGFloat(k) * .pi / 8
                let r: CGFloat = k % 2 == 0 ? 0.46 : 0.36
                let point = CGPoint(x: 0.5 + r * cos(angle), y: 0.5 + r * sin(angle))
                if k == 0 { path.move(to: point) } else { path.addLine(to: point) }
            }
            path.closeSubpath()
            let hole = ellipse(0.36, 0.36, 0.28, 0.28)
            return filled ? Glyph(strokes: [], fills: [path]) : Glyph(strokes: [path, hole])
        case "square.and.arrow.up":
            return filled ? nil : Glyph(strokes: [line([(0.3, 0.4), (0.15, 0.4), (0.15, 0.92), (0.85, 0.92), (0.85, 0.4), (0.7, 0.4)]),
                                                line([(0.5, 0.62), (0.5, 0.06)]), line([(0.32, 0.22), (0.5, 0.06), (0.68, 0.22)])])
        case "sidebar.left":
            guard !filled else { return nil }
            let frame = CGPath(roundedRect: CGRect(x: 0.04, y: 0.16, width: 0.92, height: 0.68), cornerWidth: 0.12, cornerHeight: 0.12, transform: nil)
            return Glyph(strokes: [frame, line([(0.38, 0.16), (0.38, 0.84)]), line([(0.14, 0.3), (0.26, 0.3)]),
                                   line([(0.14, 0.42), (0.26, 0.42)]), line([(0.14, 0.54), (0.26, 0.54)])])
        case "xmark.circle":
            let cross = [line([(0.34, 0.34), (0.66, 0.66)]), line([(0.66, 0.34), (0.34, 0.66)])]
            guard filled else { return Glyph(strokes: [ellipse(0.05, 0.05, 0.9, 0.9)] + cross) }
            // The cross is cut out of the disc: a plus outline (arms 0.045 wide each side,
            // 0.226 long) turned 45°.
            let knocked = CGMutablePath()
            knocked.addPath(ellipse(0.05, 0.05, 0.9, 0.9))
            let w: CGFloat = 0.045, l: CGFloat = 0.226
            let plus: [(CGFloat, CGFloat)] = [(w, l), (w, w), (l, w), (l, -w), (w, -w), (w, -l), (-w, -l), (-w, -w), (-l, -w), (-l, w), (-w, w), (-w, l)]
            let turned = plus.map { p in CGPoint(x: 0.5 + (p.0 - p.1) * 0.7071, y: 0.5 + (p.0 + p.1) * 0.7071) }
            knocked.addLines(between: turned)
            knocked.closeSubpath()
            return Glyph(fills: [knocked])
        case "info.circle":
            let dot = ellipse(0.45, 0.24, 0.1, 0.1)
            let stem = line([(0.5, 0.45), (0.5, 0.75)])
            guard filled else { return Glyph(strokes: [ellipse(0.05, 0.05, 0.9, 0.9), stem], fills: [dot]) }
            let knocked = CGMutablePath()
            knocked.addPath(ellipse(0.05, 0.05, 0.9, 0.9))
            knocked.addPath(dot)
            knocked.addRect(CGRect(x: 0.45, y: 0.42, width: 0.1, height: 0.36))
            return Glyph(fills: [knocked])
        default:
            return nil
        }
    }
}
