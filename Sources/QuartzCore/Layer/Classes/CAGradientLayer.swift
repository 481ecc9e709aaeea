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

    /// The colours that are CGColors and their locations (given, or evenly spaced).
    private var stops: (colors: [CGColor], locations: [CGFloat])? {
        let list = (colors ?? []).compactMap { $0 as? CGColor }
        guard !list.isEmpty, list.count == (colors ?? []).count else { return nil }
        if let locations, locations.count == list.count {
            return (list, locations.map { CGFloat($0.doubleValue) })
        }
        let n = list.count
        return (list, (0..<n).map { n == 1 ? 0 : CGFloat($0) / CGFloat(n - 1) })
    }

    override var drawsOwnContent: Bool { true }

    override func drawOwnContent(in ctx: CGContext) {
        guard let stops, bounds.width > 0, bounds.height > 0 else { return }
        let r = bounds
        func unit(_ p: CGPoint) -> CGPoint { CGPoint(x: r.minX + p.x * r.width, y: r.minY + p.y * r.height) }
        ctx.clip(to: r)
        if stops.colors.count == 1 {
            ctx.setFillColor(stops.colors[0])
            ctx.fill(r)
            return
        }
        guard let gradient = CGGradient(colorsSpace: nil, colors: stops.colors as CFArray, locations: stops.locations) else { return }
        let start = unit(startPoint), end = unit(endPoint)
        switch type {
        case .radial:
            let rx = Swift.abs(end.x - start.x), ry = Swift.abs(end.y - start.y)
            guard rx > 0, ry > 0 else { return }
            ctx.translateBy(x: start.x, y: start.y)
            ctx.scaleBy(x: rx, y: ry)
            ctx.drawRadialGradient(gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1,
                                   options: [.drawsAfterEndLocation])
        case .conic:
            drawConic(stops, center: start, toward: end, in: ctx)
        default:
            guard start != end else { return }
            ctx.drawLinearGradient(gradient, start: start, end: end, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
    }

    /// A conic gradient, drawn as an image at the context's resolution: each pixel's colour
    /// comes from its angle about the centre, measured from the direction of `toward`
    /// (clockwise on screen), as a fraction of a full turn.
    private func drawConic(_ stops: (colors: [CGColor], locations: [CGFloat]), center: CGPoint, toward: CGPoint, in ctx: CGContext) {
        let m = ctx.ctm
        let scale = Swift.max(Swift.abs(m.a * m.d - m.b * m.c).squareRoot(), 1)
        let width = Int((bounds.width * scale).rounded(.up)), height = Int((bounds.height * scale).rounded(.up))
        guard width > 0, height > 0, width <= 8192, height <= 8192 else { return }
        let rgba: [SIMD4<Double>] = stops.colors.map { color in
            let c = color.components ?? [0, 0, 0, 1]
            if c.count >= 4 { return SIMD4(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3])) }
            if c.count == 2 { return SIMD4(Double(c[0]), Double(c[0]), Double(c[0]), Double(c[1])) }
            return SIMD4(0, 0, 0, 1)
        }
        let locations = stops.locations.map(Double.init)
        let base = atan2(Double(toward.y - center.y), Double(toward.x - center.x))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let px = Double(bounds.minX) + (Double(x) + 0.5) / Double(scale)
                let py = Double(bounds.minY) + (Double(y) + 0.5) / Double(scale)
                var angle = atan2(py - Double(center.y), px - Double(center.x)) - base
                angle = angle.truncatingRemainder(dividingBy: 2 * .pi)
                if angle < 0 { angle += 2 * .pi }
                let t = angle / (2 * .pi)
                var c = rgba[0]
                if t >= locations[locations.count - 1] {
                    c = rgba[rgba.count - 1]
                } else if t > locations[0] {
                    var i = 0
                    while i < locations.count - 2 && t > locations[i + 1] { i += 1 }
                    let span = locations[i + 1] - locations[i]
                    let f = span > 0 ? (t - locations[i]) / span : 0
                    c = rgba[i] + (rgba[i + 1] - rgba[i]) * f
                }
                let o = (y * width + x) * 4
                pixels[o] = UInt8((c.x * c.w * 255).rounded())
                pixels[o + 1] = UInt8((c.y * c.w * 255).rounded())
                pixels[o + 2] = UInt8((c.z * c.w * 255).rounded())
                pixels[o + 3] = UInt8((c.w * 255).rounded())
            }
        }
        guard let provider = CGDataProvider(data: Data(pixels)),
              let image = CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                                  provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        else { return }
        ctx.drawUpright(image, in: bounds)
    }
}
