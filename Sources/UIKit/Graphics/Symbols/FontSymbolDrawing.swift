import CoreText
import Foundation

/// Symbols drawn from the Material Icons font shipped with UIKit: the glyph the catalogue
/// names for an SF Symbol, filled at the configuration's size (bolder weights thicken it with
/// a stroke of its own outline), alone or inside a circle or a rounded square — outlined, or
/// filled with the glyph cut out.
enum FontSymbolDrawing {
    /// The icon face, loaded once from the module's resources (nil when the file is missing).
    private static let face: FontFace? = {
        guard let url = Bundle.module.url(forResource: "MaterialIcons-Regular", withExtension: "ttf") else { return nil }
        return FontFace(path: url.path)
    }()

    /// Whether `name` is one the catalogue draws.
    static func knows(_ name: String) -> Bool { resolve(name) != nil }

    private enum Container { case none, circle, square }

    /// The catalogue entry, whether the filled glyph is wanted and the container for `name`.
    private static func resolve(_ name: String) -> (entry: SymbolCatalog.Entry, filled: Bool, container: Container)? {
        if let entry = SymbolCatalog.entries[name] { return (entry, false, .none) }
        for (suffix, filled, container) in [(".fill", true, Container.none), (".circle", false, .circle), (".circle.fill", true, .circle),
                                            (".square", false, .square), (".square.fill", true, .square)] where name.hasSuffix(suffix) {
            let base = String(name.dropLast(suffix.count))
            guard let entry = SymbolCatalog.entries[base] else { continue }
            switch container {
            case .none: return (entry, filled, container)
            case .circle where entry.circle: return (entry, filled, container)
            case .square where entry.square: return (entry, filled, container)
            default: continue
            }
        }
        return nil
    }

    static func image(_ name: String, _ configuration: UIImage.SymbolConfiguration) -> CGImage? {
        guard let (entry, filled, container) = resolve(name), let face else { return nil }
        let glyph = face.glyph(for: filled && container == .none ? entry.filled : entry.outline)
        guard glyph != 0 else { return nil }
        let side = configuration.side
        let scale = SymbolDrawing.scale
        let pixels = Int((side * scale).rounded())
        guard pixels > 0, let context = CGContext(data: nil, width: pixels, height: pixels, bitsPerComponent: 8, bytesPerRow: 0,
                                                  space: CGColorSpaceCreateDeviceRGB(),
                                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        context.scaleBy(x: scale, y: scale)
        context.setFillColor(CGColor(gray: 0, alpha: 1))
        context.setStrokeColor(CGColor(gray: 0, alpha: 1))
        // 1. The container: a circle or rounded square, outlined or filled.
        let frameWidth = Swift.max(side * 0.07, configuration.lineWidth * 0.8)
        let box = CGRect(x: 0, y: 0, width: side, height: side).insetBy(dx: frameWidth / 2 + side * 0.02, dy: frameWidth / 2 + side * 0.02)
        var glyphBox = CGRect(x: 0, y: 0, width: side, height: side)
        if container != .none {
            let shape = container == .circle ? CGPath(ellipseIn: box, transform: nil)
                : CGPath(roundedRect: box, cornerWidth: side * 0.2, cornerHeight: side * 0.2, transform: nil)
            context.addPath(shape)
            if filled { context.fillPath() } else {
                context.setLineWidth(frameWidth)
                context.strokePath()
            }
            glyphBox = box.insetBy(dx: box.width * 0.2, dy: box.height * 0.2)
        }
        // 2. The glyph: font units (the em square, y up, standing on the baseline) mapped onto
        //    its box; the bitmap context is y up too, and the boxes are centred, so no flip.
        let units = CGFloat(face.unitsPerEm)
        var toBox = CGAffineTransform(translationX: glyphBox.minX, y: glyphBox.minY)
            .scaledBy(x: glyphBox.width / units, y: glyphBox.height / units)
        guard let outline = face.outline(glyph).copy(using: &toBox) else { return nil }
        if container != .none && filled { context.setBlendMode(.clear) }
        context.addPath(outline)
        context.fillPath()
        // Bolder than regular: the outline stroked at the extra width.
        let extra = configuration.lineWidth - side * 0.085
        if extra > 0.01 {
            context.addPath(outline)
            context.setLineWidth(extra * (container == .none ? 1 : 0.6))
            context.setLineJoin(.round)
            context.strokePath()
        }
        return context.makeImage()
    }
}

extension UIImage {
    /// Every system symbol name Lamina draws, sorted (its hand-drawn ones and the catalogue's
    /// with their `.fill`, circle and square variants).
    ///
    /// - Note: Lamina addition, for finding out which names an app may use.
    public static var laminaSystemSymbolNames: [String] {
        var names = Set(SymbolDrawing.names)
        for (base, entry) in SymbolCatalog.entries {
            names.insert(base)
            names.insert(base + ".fill")
            if entry.circle { names.formUnion([base + ".circle", base + ".circle.fill"]) }
            if entry.square { names.formUnion([base + ".square", base + ".square.fill"]) }
        }
        return names.sorted()
    }
}
