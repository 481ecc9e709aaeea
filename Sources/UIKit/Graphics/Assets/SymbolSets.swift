import Foundation

/// A custom symbol from a symbol set: the SVG template Xcode's SF Symbols export writes, whose
/// `Symbols` group holds a glyph per weight and scale (`Regular-M` …) between guides (baseline,
/// cap line, margins).
///
/// - Note: Differs from Apple: the regular, medium-scale glyph is drawn for every weight and
///   scale (a symbol's other glyphs are interpolated by Apple), as a template in one colour.
struct CustomSymbol {
    let drawing: SVGDrawing
    let shapes: [SVGDrawing.Shape]
    /// The glyph's box in the template's units: the margins across, the cap line to the
    /// baseline (and whatever reaches beyond them) down.
    let box: CGRect
    /// The template's cap height in its units.
    let capHeight: CGFloat

    init?(_ entry: AssetCatalog.Entry) {
        guard let contents = AssetCatalog.readContents(of: entry.folder, required: true),
              let symbols = contents["symbols"] as? [[String: Any]],
              let filename = symbols.first(where: { $0["idiom"] as? String ?? "universal" == "universal" })?["filename"] as? String
                ?? symbols.first?["filename"] as? String
        else {
            ConsoleLog.report("[Assets] \(entry.folder.path) names no symbol file.")
            return nil
        }
        let file = entry.folder.appendingPathComponent(filename)
        guard let data = FileManager.default.contents(atPath: file.path), let drawing = SVGDrawing(data: data) else {
            ConsoleLog.report("[Assets] \(file.path) is missing or is not an SVG Lamina reads.")
            return nil
        }
        self.drawing = drawing
        // The regular, medium glyph; else the first glyph of the Symbols group; else everything.
        let preferred = ["Regular-M", "Regular-S", "Regular-L", "Medium-M", "Semibold-M", "Light-M"]
        var shapes: [SVGDrawing.Shape] = []
        var variant = "Regular-M"
        for name in preferred {
            shapes = drawing.shapes.filter { $0.groups.contains(name) }
            if !shapes.isEmpty { variant = name; break }
        }
        if shapes.isEmpty { shapes = drawing.shapes.filter { $0.groups.contains("Symbols") } }
        if shapes.isEmpty { shapes = drawing.shapes.filter { !$0.groups.contains("Guides") && !$0.groups.contains("Notes") } }
        guard !shapes.isEmpty else {
            ConsoleLog.report("[Assets] \(file.path) has no glyph.")
            return nil
        }
        self.shapes = shapes
        var bounds = shapes.reduce(CGRect.null) { $0.union($1.path.boundingBoxOfPath) }
        let size = String(variant.split(separator: "-").last ?? "M")
        func guideY(_ id: String) -> CGFloat? {
            guard let guide = drawing.named[id] else { return nil }
            let y = guide.attributes["y1"].flatMap { SVGDrawing.numbers($0).first } ?? guide.attributes["y"].flatMap { SVGDrawing.numbers($0).first }
            return y.map { CGPoint(x: 0, y: $0).applying(guide.transform).y }
        }
        func guideX(_ id: String) -> CGFloat? {
            guard let guide = drawing.named[id], let x = guide.attributes["x"].flatMap({ SVGDrawing.numbers($0).first }) else { return nil }
            return CGPoint(x: x, y: 0).applying(guide.transform).x
        }
        if let baseline = guideY("Baseline-\(size)"), let capline = guideY("Capline-\(size)"), baseline > capline {
            capHeight = baseline - capline
            bounds = bounds.union(CGRect(x: bounds.minX, y: capline, width: 0, height: baseline - capline))
        } else {
            // No guides: the glyph's height stands for the cap height.
            capHeight = max(1, bounds.height)
        }
        if let left = guideX("left-margin-\(variant)"), let right = guideX("right-margin-\(variant)"), right > left {
            bounds = bounds.union(CGRect(x: left, y: bounds.minY, width: right - left, height: 0))
        }
        guard bounds.width > 0, bounds.height > 0, bounds.isFiniteRect else { return nil }
        box = bounds
    }

    /// The glyph's size at `pointSize`: its cap height matches the system font's.
    func size(pointSize: CGFloat) -> CGSize {
        let capHeight = UIFont.systemFont(ofSize: pointSize).capHeight
        let pointsPerUnit = capHeight / self.capHeight
        return CGSize(width: (box.width * pointsPerUnit).rounded(.up), height: (box.height * pointsPerUnit).rounded(.up))
    }

    func image(pointSize: CGFloat, scale: CGFloat) -> CGImage? {
        let size = size(pointSize: pointSize)
        let width = Int(size.width * scale), height = Int(size.height * scale)
        guard width > 0, height > 0, width <= 4096, height <= 4096,
              let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        drawing.draw(shapes, in: context, rect: CGRect(x: 0, y: 0, width: width, height: height), from: box,
                     tint: CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1))
        return context.makeImage()
    }
}

extension AssetCatalog {
    /// The symbol set `name` as a template symbol image at `configuration`'s point size (17
    /// points by default).
    func symbol(named name: String, configuration: UIImage.SymbolConfiguration?) -> UIImage? {
        guard let symbol: CustomSymbol = parsedSet(named: name, kind: .symbol, parse: { CustomSymbol($0) }) else { return nil }
        let configuration = configuration ?? UIImage.SymbolConfiguration(pointSize: 17)
        let scale = UIScreen.mainScale
        guard let raster = symbol.image(pointSize: configuration.pointSize, scale: scale) else { return nil }
        let image = UIImage(cgImage: raster, scale: scale, orientation: .up, renderingMode: .alwaysTemplate)
        image.symbolConfiguration = configuration
        image.symbolName = name
        image.customSymbol = (self, name)
        return image
    }
}
