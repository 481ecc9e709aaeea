import Foundation

/// How `showGlyphs` paints glyphs: fill, stroke, both, neither, and whether they are added to
/// the clip afterwards.
public enum CGTextDrawingMode: Int32, Sendable {
    case fill = 0
    case stroke = 1
    case fillStroke = 2
    case invisible = 3
    case fillClip = 4
    case strokeClip = 5
    case fillStrokeClip = 6
    case clip = 7

    var fills: Bool { self == .fill || self == .fillStroke || self == .fillClip || self == .fillStrokeClip }
    var strokes: Bool { self == .stroke || self == .fillStroke || self == .strokeClip || self == .fillStrokeClip }
    var clips: Bool { rawValue >= 4 }
}

extension CGContext {
    /// Text space to user space. Glyph positions are in text space; as in Quartz, the matrix is
    /// not saved and restored with the graphics state.
    public var textMatrix: CGAffineTransform {
        get { textMatrixStorage }
        set { textMatrixStorage = newValue }
    }

    /// Where text starts, in user space: the text matrix's translation.
    public var textPosition: CGPoint {
        get { CGPoint(x: textMatrixStorage.tx, y: textMatrixStorage.ty) }
        set {
            textMatrixStorage.tx = newValue.x
            textMatrixStorage.ty = newValue.y
        }
    }

    /// The face `showGlyphs` draws with.
    public func setFont(_ font: CGFont) {
        state.font = font
    }

    /// The em size, in text space units, that `showGlyphs` draws at.
    public func setFontSize(_ size: CGFloat) {
        state.fontSize = size
    }

    /// Extra space after each glyph, text space units.
    public func setCharacterSpacing(_ spacing: CGFloat) {
        state.characterSpacing = spacing
    }

    /// Whether glyphs are filled, stroked, both or neither, and added to the clip.
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) {
        state.textDrawingMode = mode
    }

    /// Whether glyph edges may be smoothed.
    ///
    /// - Note: Differs from Apple: text is always gray anti-aliased, as on iOS (no LCD
    ///   smoothing); the setting is accepted and ignored.
    public func setShouldSmoothFonts(_ shouldSmoothFonts: Bool) {}

    /// See `setShouldSmoothFonts(_:)`.
    public func setAllowsFontSmoothing(_ allowsFontSmoothing: Bool) {}

    /// Whether glyphs may sit at fractions of a pixel.
    ///
    /// - Note: Differs from Apple: glyphs are always placed to a quarter pixel horizontally and
    ///   a whole pixel vertically when drawn upright; the setting is accepted and ignored.
    public func setShouldSubpixelPositionFonts(_ shouldSubpixelPositionFonts: Bool) {}

    /// See `setShouldSubpixelPositionFonts(_:)`.
    public func setAllowsFontSubpixelPositioning(_ allowsFontSubpixelPositioning: Bool) {}

    /// See `setShouldSubpixelPositionFonts(_:)`.
    public func setShouldSubpixelQuantizeFonts(_ shouldSubpixelQuantizeFonts: Bool) {}

    /// See `setShouldSubpixelPositionFonts(_:)`.
    public func setAllowsFontSubpixelQuantization(_ allowsFontSubpixelQuantization: Bool) {}

    /// Draws glyphs of the current font at the current size, glyph `i` with its origin at
    /// `positions[i]` in text space, in the current text drawing mode. Extra glyphs or
    /// positions beyond the shorter array are ignored; no font draws nothing.
    public func showGlyphs(_ glyphs: [CGGlyph], at positions: [CGPoint]) {
        guard let font = state.font else { return }
        let count = Swift.min(glyphs.count, positions.count)
        guard count > 0 else { return }
        glyphs.withUnsafeBufferPointer { g in
            positions.withUnsafeBufferPointer { p in
                drawGlyphs(font.face, size: state.fontSize, glyphs: UnsafeBufferPointer(rebasing: g[0..<count]),
                           positions: UnsafeBufferPointer(rebasing: p[0..<count]))
            }
        }
    }

    /// Draws glyphs of `face` at em size `size`, positions in text space, with the current
    /// text drawing mode, fill and stroke: upright text from the glyph cache, anything else
    /// (rotated, skewed, non-uniformly scaled, perspective-free) from outlines.
    package func drawGlyphs(_ face: FontFace, size: CGFloat, glyphs: UnsafeBufferPointer<UInt16>,
                            positions: UnsafeBufferPointer<CGPoint>) {
        let mode = state.textDrawingMode
        guard mode != .invisible, size.isFinite, size != 0, glyphs.count == positions.count else { return }
        let unit = Double(size) / Double(face.unitsPerEm)
        let textToPixel = textMatrixStorage.concatenating(userToPixel)
        let m = textToPixel
        guard m.a.isFinite, m.b.isFinite, m.c.isFinite, m.d.isFinite, m.tx.isFinite, m.ty.isFinite else { return }
        if let strike = face.colorStrike {
            if mode.fills { drawColorGlyphs(face, strike: strike, size: size, glyphs: glyphs, positions: positions) }
            return
        }
        let upright = m.b == 0 && m.c == 0 && m.a > 0 && abs(abs(m.d) - m.a) <= m.a * 1e-9 && antialias && size > 0
        let needsPath = !(mode.fills && upright) || mode.strokes || mode.clips
        let path = needsPath ? glyphPath(face, unit: unit, glyphs: glyphs, positions: positions, toPixel: textToPixel) : nil
        if mode.fills {
            if upright {
                drawGlyphMasks(face, scale: Double(m.a) * unit, flipped: m.d > 0, glyphs: glyphs,
                               positions: positions, toPixel: textToPixel)
            } else if let path {
                fillPixelPath(path.elements, rule: .winding, color: state.fill)
            }
        }
        if mode.strokes, let path { strokePixelPath(path) }
        if mode.clips, let path { intersectClip(withPixelPath: path, rule: .winding) }
    }

    /// Glyphs of a colour bitmap face (emoji): each glyph's strike image scaled to the em and
    /// drawn in text space, in its own colours, whatever the fill.
    ///
    /// - Note: Differs from Apple: colour glyphs are not stroked and do not clip (Apple's
    ///   behaviour for those modes is undocumented).
    private func drawColorGlyphs(_ face: FontFace, strike: Int, size: CGFloat, glyphs: UnsafeBufferPointer<UInt16>,
                                 positions: UnsafeBufferPointer<CGPoint>) {
        let k = size / CGFloat(strike)
        saveGState()
        defer { restoreGState() }
        concatenate(textMatrixStorage)
        for (glyph, position) in zip(glyphs, positions) {
            guard let bitmap = face.colorGlyph(glyph), let image = bitmap.image else { continue }
            draw(image, in: CGRect(x: position.x + CGFloat(bitmap.left) * k, y: position.y + CGFloat(bitmap.top - bitmap.height) * k,
                                   width: CGFloat(bitmap.width) * k, height: CGFloat(bitmap.height) * k))
        }
    }

    /// The outlines of a glyph run in pixel space.
    private func glyphPath(_ face: FontFace, unit: Double, glyphs: UnsafeBufferPointer<UInt16>,
                           positions: UnsafeBufferPointer<CGPoint>, toPixel: CGAffineTransform) -> CGMutablePath {
        let path = CGMutablePath()
        for (glyph, position) in zip(glyphs, positions) {
            let place = CGAffineTransform(a: CGFloat(unit), b: 0, c: 0, d: CGFloat(unit), tx: position.x, ty: position.y)
                .concatenating(toPixel)
            path.addPath(face.outline(glyph), transform: place)
        }
        return path
    }

    /// `Int(v.rounded())` (halves away from zero) without a call into libm, for |v| < 2⁵².
    @inline(__always)
    static func roundedToInt(_ v: Double) -> Int {
        var i = Int(v)
        let fraction = v - Double(i)
        if fraction >= 0.5 { i += 1 } else if fraction <= -0.5 { i -= 1 }
        return i
    }

    /// Upright glyphs from the cache: each mask's rows painted through the clip with the fill
    /// colour, the pen rounded to a quarter pixel across and a whole pixel down.
    private func drawGlyphMasks(_ face: FontFace, scale: Double, flipped: Bool, glyphs: UnsafeBufferPointer<UInt16>,
                                positions: UnsafeBufferPointer<CGPoint>, toPixel: CGAffineTransform) {
        if let shadow = state.shadow {
            drawWithShadow(shadow) {
                drawGlyphMasks(face, scale: scale, flipped: flipped, glyphs: glyphs, positions: positions, toPixel: toPixel)
            }
            return
        }
        guard scale > 0, scale * Double(face.unitsPerEm) < 4096 else { return }
        let steps = Double(GlyphCache.subpixelSteps)
        let strike = GlyphCache.shared.strike(face: face, scale: scale, flipped: flipped)
        // Pens whose glyphs could touch the clip (the face's box around each pen), their masks
        // looked up in the strike together under one lock.
        let box = face.boundingBox
        let above = Double(box.maxY) * scale + 2, below = Double(-box.minY) * scale + 2
        let left = Double(-box.minX) * scale + 2, right = Double(box.maxX) * scale + 2
        let clip = state.clipRect
        var placed: [(mask: GlyphMask, x: Int, y: Int)] = []
        placed.reserveCapacity(glyphs.count)
        var bounds = DeviceRect.empty
        strike.withMasks { mask in
            for (glyph, position) in zip(glyphs, positions) where Int(glyph) < face.glyphCount {
                let pen = position.applying(toPixel)
                let px = Double(pen.x), py = Double(pen.y)
                guard abs(px) < 1e7, abs(py) < 1e7 else { continue }
                let top = flipped ? py - below : py - above, bottom = flipped ? py + above : py + below
                guard bottom >= Double(clip.y0), top <= Double(clip.y1), px + right >= Double(clip.x0), px - left <= Double(clip.x1)
                else { continue }
                // The pen to the nearest quarter pixel: whole pixels (rounded down) and quarters.
                let quarters = CGContext.roundedToInt(px * steps)
                let found = mask(Int(glyph) << 2 | (quarters & 3))
                guard found.width > 0 else { continue }
                let x = quarters >> 2 + found.left, y = CGContext.roundedToInt(py) + found.top
                placed.append((found, x, y))
                bounds = bounds.union(DeviceRect(x0: x, y0: y, x1: x + found.width, y1: y + found.height))
            }
        }
        let region = bounds.intersection(state.clipRect).intersection(DeviceRect(x0: 0, y0: 0, x1: target.width, y1: target.height))
        guard !region.isEmpty else { return }
        let solid = SolidColor(premultiplied(state.fill), alphaIndex: target.layout.alpha)
        rowCoverage.reserve(region.width)
        let row = rowCoverage.pointer
        writingPixels(region) {
            let painter = SpanPainter(buffer: target, mask: state.clipMask, mode: state.blendMode)
            for (mask, x, y) in placed {
                let x0 = Swift.max(x, region.x0), x1 = Swift.min(x + mask.width, region.x1)
                let y0 = Swift.max(y, region.y0), y1 = Swift.min(y + mask.height, region.y1)
                guard x0 < x1, y0 < y1 else { continue }
                mask.coverage.withUnsafeBufferPointer { coverage in
                    let first = coverage.baseAddress! + (y0 - y) * mask.width + (x0 - x)
                    if painter.paintCoverageMask(y0, x0, rows: y1 - y0, count: x1 - x0, first, stride: mask.width, solid) { return }
                    for py in y0..<y1 {
                        let source = coverage.baseAddress! + (py - y) * mask.width + (x0 - x)
                        var any = false
                        for i in 0..<(x1 - x0) {
                            let c = source[i]
                            any = any || c != 0
                            row[i] = Float(c) * (1 / 255)
                        }
                        if any { painter.paintSolid(py, x0, UnsafeMutableBufferPointer(start: row, count: x1 - x0), solid) }
                    }
                }
            }
        }
    }
}
