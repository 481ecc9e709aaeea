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

    /// How a symbol image is sized and weighted.
    open class SymbolConfiguration: NSObject, @unchecked Sendable {

        let pointSize: CGFloat
        let weight: UIImage.SymbolWeight
        let scale: UIImage.SymbolScale

        public init(pointSize: CGFloat, weight: UIImage.SymbolWeight = .regular, scale: UIImage.SymbolScale = .default) {
            self.pointSize = pointSize.isFinite && pointSize > 0 ? pointSize : 17
            self.weight = weight
            self.scale = scale
            super.init()
        }

        public convenience init(pointSize: CGFloat) {
            self.init(pointSize: pointSize, weight: .regular, scale: .default)
        }

        public convenience init(weight: UIImage.SymbolWeight) {
            self.init(pointSize: 17, weight: weight, scale: .default)
        }

        public convenience init(scale: UIImage.SymbolScale) {
            self.init(pointSize: 17, weight: .regular, scale: scale)
        }

        public convenience init(textStyle: UIFont.TextStyle) {
            self.init(pointSize: UIFont.preferredFont(forTextStyle: textStyle).pointSize, weight: .regular, scale: .default)
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
        guard let drawn = SymbolDrawing.image(name, configuration) ?? FontSymbolDrawing.image(name, configuration) else { return nil }
        self.init(cgImage: drawn, scale: SymbolDrawing.scale, orientation: .up, renderingMode: .alwaysTemplate)
        symbolName = name
    }

    /// A symbol with another configuration (self for other images).
    public func withConfiguration(_ configuration: SymbolConfiguration) -> UIImage {
        guard let name = symbolName, let image = UIImage(systemName: name, withConfiguration: configuration) else { return self }
        return image
    }
}
