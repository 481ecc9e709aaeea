import CoreGraphics
import Foundation

/// Draws laid-out runs into a context: backgrounds, shadows, glyphs (filled, stroked),
/// underlines and strike-throughs, each run with its own style. Shared by `CTLineDraw`,
/// `CTFrameDraw` and UIKit's string drawing, so every path draws text the same way.
package enum TextDrawing {
    private static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// Draws laid-out lines with the first line's top-left corner at `origin` in a context
    /// whose y axis points down the page (UIKit's views, layers' own coordinates).
    package static func draw(_ layout: FrameLayout, topLeft origin: CGPoint, inFlipped context: CGContext) {
        context.saveGState()
        let savedMatrix = context.textMatrix
        context.textMatrix = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
        for placed in layout.lines {
            draw(placed.line, in: context, origin: CGPoint(x: origin.x + placed.x, y: origin.y + placed.baseline))
        }
        context.textMatrix = savedMatrix
        context.restoreGState()
    }

    /// Draws a line with its baseline origin at `origin` (user space, y up in text space).
    package static func draw(_ line: CTLine, in context: CGContext, origin: CGPoint) {
        for run in line.runs where run.style.backgroundColor != nil {
            drawBackground(run, line: line, in: context, origin: origin)
        }
        for run in line.runs { draw(run, glyphs: nil, in: context, origin: origin) }
    }

    private static func drawBackground(_ run: CTRun, line: CTLine, in context: CGContext, origin: CGPoint) {
        guard let color = run.style.backgroundColor, let first = run.positions.first else { return }
        // The line's box in text space (y up from the baseline), mapped by the text matrix as
        // the glyphs are, so a flipped layout's box covers its glyphs too.
        let m = context.textMatrix
        context.saveGState()
        context.translateBy(x: origin.x, y: origin.y)
        context.concatenate(CGAffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: 0, ty: 0))
        context.setFillColor(color)
        context.fill(CGRect(x: first.x, y: -line.descent, width: run.width, height: line.ascent + line.descent))
        context.restoreGState()
    }

    /// Draws glyphs `glyphs` (indices into the run; nil: all of them) of a run whose line
    /// starts at `origin`.
    package static func draw(_ run: CTRun, glyphs: [Int]?, in context: CGContext, origin: CGPoint) {
        let style = run.style
        if let attachment = style.attachment {
            drawAttachment(attachment, run: run, in: context, origin: origin)
            return
        }
        context.saveGState()
        defer { context.restoreGState() }
        if let shadow = style.shadow {
            context.setShadow(offset: shadow.offset, blur: shadow.blur, color: shadow.color)
        }
        let color = style.color ?? black
        if !style.colorFromContext { context.setFillColor(color) }
        var mode = CGTextDrawingMode.fill
        if style.strokeWidth != 0 {
            context.setStrokeColor(style.strokeColor ?? color)
            context.setLineWidth(abs(style.strokeWidth) / 100 * run.font.size)
            mode = style.strokeWidth > 0 ? .stroke : .fillStroke
        }
        let saved = context.textMatrix
        context.textMatrix = CGAffineTransform(a: saved.a, b: saved.b, c: saved.c, d: saved.d, tx: 0, ty: 0)
        // Positions in text space from the text origin, mapped by the text matrix's linear part.
        let ids = glyphs.map { $0.map { run.glyphs[$0] } } ?? run.glyphs
        let positions = glyphs.map { $0.map { run.positions[$0] } } ?? run.positions
        context.setTextDrawingMode(mode)
        context.translateBy(x: origin.x, y: origin.y)
        ids.withUnsafeBufferPointer { g in
            positions.withUnsafeBufferPointer { p in
                context.drawGlyphs(run.font.face, size: run.font.size, glyphs: g, positions: p)
            }
        }
        context.textMatrix = saved
        context.setTextDrawingMode(.fill)
        if style.underline != 0 || style.strikethrough != 0 {
            drawDecorations(run, glyphs: glyphs ?? Array(run.glyphs.indices), in: context, color: color)
        }
    }

    /// An inline image in its box on the baseline, upright in text space.
    private static func drawAttachment(_ attachment: (image: CGImage?, bounds: CGRect), run: CTRun, in context: CGContext,
                                       origin: CGPoint) {
        guard let image = attachment.image, let first = run.positions.first else { return }
        let m = context.textMatrix
        context.saveGState()
        context.translateBy(x: origin.x, y: origin.y)
        context.concatenate(CGAffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: 0, ty: 0))
        let box = attachment.bounds
        context.draw(image, in: CGRect(x: first.x + box.minX, y: first.y + box.minY, width: box.width, height: box.height))
        context.restoreGState()
    }

    /// Underline and strike-through across the run's glyphs (already translated to the line).
    private static func drawDecorations(_ run: CTRun, glyphs: [Int], in context: CGContext, color: CGColor) {
        let style = run.style
        guard style.underline != 0 || style.strikethrough != 0, let first = glyphs.first, let last = glyphs.last else { return }
        let lo = Swift.min(run.positions[first].x, run.positions[last].x)
        let hi = Swift.max(run.positions[first].x + run.advances[first], run.positions[last].x + run.advances[last])
        let textMatrix = context.textMatrix
        context.concatenate(CGAffineTransform(a: textMatrix.a, b: textMatrix.b, c: textMatrix.c, d: textMatrix.d, tx: 0, ty: 0))
        let thickness = Swift.max(CTFontGetUnderlineThickness(run.font), run.font.size / 24)
        func line(_ pattern: Int, at y: CGFloat, color: CGColor) {
            let weight = pattern & 0xFF == 2 ? thickness * 2 : thickness
            context.setFillColor(color)
            context.fill(CGRect(x: lo, y: y - weight / 2, width: hi - lo, height: weight))
            if pattern & 0xFF == 9 {
                context.fill(CGRect(x: lo, y: y - weight / 2 - weight * 2, width: hi - lo, height: weight))
            }
        }
        if style.underline != 0 {
            line(style.underline, at: style.baselineOffset + CTFontGetUnderlinePosition(run.font),
                 color: style.underlineColor ?? color)
        }
        if style.strikethrough != 0 {
            line(style.strikethrough, at: style.baselineOffset + CTFontGetXHeight(run.font) / 2,
                 color: style.strikethroughColor ?? color)
        }
    }
}
