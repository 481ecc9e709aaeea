import Foundation

/// The geometry of a gradient layer's gradient.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Along the line from `startPoint` to `endPoint` (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Outward from `startPoint` to an ellipse whose radii reach `endPoint`.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Around `startPoint`, starting in the direction of `endPoint`.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer that fills its bounds with a gradient of `colors` at `locations`, between
/// `startPoint` and `endPoint` given in unit coordinates of the bounds. Colours before the first
/// location and after the last extend to the edges.
///
/// As Apple documents, the start point is where the first colour sits and the end point where
/// the last sits, and the colours are mapped to the output colour space (sRGB here) before they
/// are interpolated, so a red → yellow gradient is evenly spaced in sRGB from the top pixel row to
/// the bottom one, in both `render(in:)` and the compositor.
///
/// - Note: Differs from Apple: one outside measurement of the iOS simulator (red → yellow, 100
///   points at 3×) found the green channel 38, 88, 147, 201, 251 at rows 0, 75, 150, 225, 299,
///   where Lamina draws 0, 64, 128, 192, 255. No documented rule reproduces those figures: they
///   put the first colour about a sixth of the height above the layer, and no interpolation in
///   sRGB, linear light, CIELAB, LCh, Oklab, Display P3, Adobe RGB, Apple RGB, ProPhoto or gamma
///   1.8–2.6 spaces with any stop offset fits them within 2 of 255. Lamina follows the
///   documentation until a measurement explains them.
open class CAGradientLayer: CALayer {
    /// The colours (CGColor values), in order.
    open var colors: [Any]? { didSet { propertyDidChange("colors", from: oldValue) } }
    /// Where each colour sits, 0…1, increasing; nil spaces them evenly.
    open var locations: [NSNumber]? { didSet { propertyDidChange("locations", from: oldValue) } }
    /// The start, in unit coordinates; (0.5, 0) by default.
    open var startPoint = CGPoint(x: 0.5, y: 0) { didSet { propertyDidChange("startPoint", from: oldValue) } }
    /// The end, in unit coordinates; (0.5, 1) by default.
    open var endPoint = CGPoint(x: 0.5, y: 1) { didSet { propertyDidChange("endPoint", from: oldValue) } }
    /// Axial, radial or conic; axial by default.
    open var type = CAGradientLayerType.axial { didSet { propertyDidChange("type", from: oldValue) } }

    public required init() {
        super.init()
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAGradientLayer else { return }
        colors = other.colors
        locations = other.locations
        startPoint = other.startPoint
        endPoint = other.endPoint
        type = other.type
    }

    public required init?(coder: NSCoder) { nil }

    private static let gradientKeys: Set<String> = ["colors", "locations", "startPoint", "endPoint"]

    override package func isAnimatable(_ key: String) -> Bool {
        CAGradientLayer.gradientKeys.contains(key) || super.isAnimatable(key)
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "colors": return colors
        case "locations": return locations
        case "startPoint": return startPoint
        case "endPoint": return endPoint
        case "type": return type.rawValue
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "colors": colors = value as? [Any]
        case "locations":
            if let numbers = value as? [NSNumber] {
                locations = numbers
            } else if let values = value as? [Any] {
                locations = values.compactMap { AnimationNumber.double($0).map { NSNumber(value: $0) } }
            } else {
                locations = nil
            }
        case "startPoint": if let v = value as? CGPoint { startPoint = v }
        case "endPoint": if let v = value as? CGPoint { endPoint = v }
        case "type": if let v = value as? String { type = CAGradientLayerType(rawValue: v) }
        default: super.setValue(value, forKey: key)
        }
    }

    override var renderContent: LayerContent {
        let list = colors ?? []
        let cgColors = list.compactMap { $0 as? CGColor }
        return .gradient(GradientContent(colors: !cgColors.isEmpty && cgColors.count == list.count ? cgColors : nil,
                                         locations: locations?.map { CGFloat($0.doubleValue) },
                                         startPoint: startPoint, endPoint: endPoint, type: type))
    }
}
