import Foundation

extension UIImage {
    /// A symbol's size relative to the text it goes with.
    public enum SymbolScale: Int, Sendable {
        case `default` = -1, unspecified = 0, small = 1, medium = 2, large = 3
    }

    /// A symbol's stroke weight, matching the font weights.
    public enum SymbolWeight: Int, Sendable {
        case unspecified = 0, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    /// What an image is made for: the traits it is to suit (the base of symbol configurations).
    open class Configuration: NSObject, @unchecked Sendable {
        /// The traits the image is to suit; nil for the current ones.
        public internal(set) var traitCollection: UITraitCollection?

        override init() {
            super.init()
        }

        /// A configuration for `traitCollection` (`UITraitCollection.imageConfiguration`).
        convenience init(traitCollection: UITraitCollection?) {
            self.init()
            self.traitCollection = traitCollection
        }
    }

    /// How a symbol image is sized and weighted.
    open class SymbolConfiguration: Configuration, @unchecked Sendable {

        let pointSize: CGFloat
        let weight: UIImage.SymbolWeight
        let scale: UIImage.SymbolScale
        /// Colours asked for (hierarchical: one; palette: one per layer), nil for a template.
        let colors: [UIColor]?
        /// Which of the size, weight, scale and colours were given (for `applying(_:)`).
        private let given: Set<String>

        private init(pointSize: CGFloat, weight: UIImage.SymbolWeight, scale: UIImage.SymbolScale, colors: [UIColor]?, given: Set<String>) {
            self.pointSize = pointSize.isFinite && pointSize > 0 ? pointSize : 17
            self.weight = weight
            self.scale = scale
            self.colors = colors
            self.given = given
            super.init()
        }

        public convenience init(pointSize: CGFloat, weight: UIImage.SymbolWeight = .regular, scale: UIImage.SymbolScale = .default) {
            self.init(pointSize: pointSize, weight: weight, scale: scale, colors: nil, given: ["pointSize", "weight", "scale"])
        }

        /// The size and weight of `font` (its point size; the weight nearest its face's).
        public convenience init(font: UIFont, scale: UIImage.SymbolScale = .default) {
            let weightClass = font.ctFont.face.weightClass
            let weights: [UIImage.SymbolWeight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
            let index = Swift.min(Swift.max((weightClass + 50) / 100 - 1, 0), weights.count - 1)
            self.init(pointSize: font.pointSize, weight: weights[index], scale: scale, colors: nil, given: ["pointSize", "weight", "scale"])
        }

        /// The size of a text style's font, at `scale`.
        public convenience init(textStyle: UIFont.TextStyle, scale: UIImage.SymbolScale) {
            self.init(pointSize: UIFont.preferredFont(forTextStyle: textStyle).pointSize, weight: .regular, scale: scale,
                      colors: nil, given: ["pointSize", "scale"])
        }

        /// Symbols drawn in shades of one colour.
        ///
        /// - Note: Differs from Apple: the symbol is drawn in the colour alone (no lighter
        ///   secondary layers).
        public convenience init(hierarchicalColor: UIColor) {
            self.init(pointSize: 17, weight: .regular, scale: .default, colors: [hierarchicalColor], given: ["colors"])
        }

        /// Symbols drawn with a colour per layer.
        ///
        /// - Note: Differs from Apple: the symbols here have one layer; it takes the first colour.
        public convenience init(paletteColors: [UIColor]) {
            self.init(pointSize: 17, weight: .regular, scale: .default, colors: paletteColors.isEmpty ? nil : paletteColors,
                      given: ["colors"])
        }

        /// The symbols' own colours.
        ///
        /// - Note: Differs from Apple: the symbols here have none; they stay templates.
        public static func preferringMulticolor() -> UIImage.SymbolConfiguration {
            UIImage.SymbolConfiguration(pointSize: 17, weight: .regular, scale: .default, colors: nil, given: [])
        }

        /// This configuration with what `configuration` specifies put over it.
        public func applying(_ configuration: UIImage.SymbolConfiguration?) -> UIImage.SymbolConfiguration {
            guard let other = configuration else { return self }
            return UIImage.SymbolConfiguration(pointSize: other.given.contains("pointSize") ? other.pointSize : pointSize,
                        weight: other.given.contains("weight") ? other.weight : weight,
                        scale: other.given.contains("scale") ? other.scale : scale,
                        colors: other.given.contains("colors") ? other.colors : colors,
                        given: given.union(other.given))
        }

        /// The same configuration without a point size and weight.
        public func configurationWithoutPointSizeAndWeight() -> UIImage.SymbolConfiguration {
            UIImage.SymbolConfiguration(pointSize: 17, weight: .regular, scale: scale, colors: colors, given: given.subtracting(["pointSize", "weight"]))
        }

        public convenience init(pointSize: CGFloat) {
            self.init(pointSize: pointSize, weight: .regular, scale: .default, colors: nil, given: ["pointSize"])
        }

        public convenience init(weight: UIImage.SymbolWeight) {
            self.init(pointSize: 17, weight: weight, scale: .default, colors: nil, given: ["weight"])
        }

        public convenience init(scale: UIImage.SymbolScale) {
            self.init(pointSize: 17, weight: .regular, scale: scale, colors: nil, given: ["scale"])
        }

        public convenience init(textStyle: UIFont.TextStyle) {
            self.init(textStyle: textStyle, scale: .default)
        }

        /// The stroke width for glyphs at this size and weight.
        var lineWidth: CGFloat {
            let weights: [UIImage.SymbolWeight: CGFloat] = [.ultraLight: 0.04, .thin: 0.055, .light: 0.07, .regular: 0.085, .medium: 0.1,
                                              .semibold: 0.115, .bold: 0.13, .heavy: 0.15, .black: 0.17]
            return side * (weights[weight] ?? 0.085)
        }

        /// The glyph box's side in points.
        var side: CGFloat {
            let factor: CGFloat = scale == .small ? 0.9 : scale == .large ? 1.35 : 1.15
            return (pointSize * factor).rounded()
        }
    }

    /// A system symbol drawn by Lamina (a template image), or nil for names it does not draw.
    ///
    /// Lamina draws the most used symbols in its own geometry (`plus`, `minus`, `xmark`,
    /// `checkmark`, the chevrons, `circle`, `square`, `star`, `heart`, `house`, `person`,
    /// `bell`, `trash`, `magnifyingglass`, `gearshape`, `square.and.arrow.up`, `ellipsis`,
    /// `info.circle` and their `.fill` variants) and about a thousand more from the Material
    /// Icons font it ships (docs/symbols.md lists every name). Names it does not know give nil,
    /// as Apple's do for names that do not exist.
    /// - Note: Differs from Apple: Apple's SF Symbols cannot be redistributed; these are
    ///   Lamina's drawings and an open icon set's glyphs of the same meaning, so they look
    ///   different. Weights lighter than regular draw as regular.
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// A system symbol at `configuration`'s size and weight (nil: 17 points, regular).
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) {
        let configuration = configuration ?? SymbolConfiguration(pointSize: 17)
        guard var drawn = SymbolImageCache.image(name, configuration) else { return nil }
        // A hierarchical or palette configuration colours the symbol itself.
        var mode = RenderingMode.alwaysTemplate
        if let color = configuration.colors?.first,
           let tinted = UIImageView.tinted(drawn, with: color.resolvedColor(with: UITraitCollection.current).cgColor) {
            drawn = tinted
            mode = .alwaysOriginal
        }
        self.init(cgImage: drawn, scale: SymbolDrawing.scale, orientation: .up, renderingMode: mode)
        symbolName = name
        symbolConfiguration = configuration
    }

    /// A symbol with another configuration (self for other images).
    public func withConfiguration(_ configuration: SymbolConfiguration) -> UIImage {
        if let custom = customSymbol {
            return custom.catalog.symbol(named: custom.name, configuration: configuration) ?? self
        }
        guard let name = symbolName, let image = UIImage(systemName: name, withConfiguration: configuration) else { return self }
        return image
    }

    /// A symbol with `configuration` put over its own (nil when this is not a symbol).
    public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? {
        guard let name = symbolName else { return nil }
        let merged = symbolConfiguration?.applying(configuration) ?? configuration
        if let custom = customSymbol { return custom.catalog.symbol(named: custom.name, configuration: merged) }
        return UIImage(systemName: name, withConfiguration: merged)
    }
}

/// Symbols drawn, by name, size, weight and scale (a symbol in a list is drawn once, not per
/// row).
enum SymbolImageCache {
    private struct Key: Hashable {
        var name: String
        var pointSize: CGFloat
        var weight: Int
        var scale: Int
    }

    /// The drawing for a key, nil when the name is not a symbol.
    private static let images = Locked<[Key: CGImage?]>([:])

    static func image(_ name: String, _ configuration: UIImage.SymbolConfiguration) -> CGImage? {
        let key = Key(name: name, pointSize: configuration.pointSize, weight: configuration.weight.rawValue,
                      scale: configuration.scale.rawValue)
        if let cached = images.withLock({ $0[key] }) { return cached }
        let drawn = SymbolDrawing.image(name, configuration) ?? FontSymbolDrawing.image(name, configuration)
        images.withLock {
            if $0.count > 1024 { $0.removeAll() }
            $0[key] = drawn
        }
        return drawn
    }
}
