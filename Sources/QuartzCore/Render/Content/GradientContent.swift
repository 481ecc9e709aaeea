import Foundation

/// A gradient layer's colours, their locations, its ends and its kind.
struct GradientContent: Sendable {
    /// The colours; nil when the layer's list is empty or holds anything but colours.
    var colors: [CGColor]?
    var locations: [CGFloat]?
    var startPoint = CGPoint(x: 0.5, y: 0)
    var endPoint = CGPoint(x: 0.5, y: 1)
    var type = CAGradientLayerType.axial

    /// The value of an animatable gradient key; `.none` when `key` is not one.
    func value(forKey key: String) -> Any?? {
        switch key {
        case "colors": return .some(colors.map { $0 as [Any] })
        case "locations": return .some(locations?.map { NSNumber(value: Double($0)) })
        case "startPoint": return .some(startPoint)
        case "endPoint": return .some(endPoint)
        default: return .none
        }
    }

    /// Sets an animatable gradient key; false when `key` is not one.
    mutating func setValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "colors":
            let list = value as? [Any] ?? []
            let colors = list.compactMap { KeyPathMember.color($0) }
            self.colors = !colors.isEmpty && colors.count == list.count ? colors : nil
        case "locations": locations = (value as? [Any])?.compactMap { AnimationNumber.double($0).map { CGFloat($0) } }
        case "startPoint": if let v = value as? CGPoint { startPoint = v }
        case "endPoint": if let v = value as? CGPoint { endPoint = v }
        default: return false
        }
        return true
    }

    /// The colours and their locations (given, or evenly spaced).
    private var stops: (colors: [CGColor], locations: [CGFloat])? {
        guard let colors, !colors.isEmpty else { return nil }
        if let locations, locations.count == colors.count { return (colors, locations) }
        let n = colors.count
        return (colors, (0..<n).map { n == 1 ? 0 : CGFloat($0) / CGFloat(n - 1) })
    }

    /// Fills `bounds` with the gradient.
    func draw(in ctx: CGContext, bounds r: CGRect) {
        guard let stops, r.width > 0, r.height > 0 else { return }
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
            drawConic(stops, center: start, toward: end, in: ctx, bounds: r)
        default:
            guard start != end else { return }
            ctx.drawLinearGradient(gradient, start: start, end: end, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
    }

    /// A conic gradient, drawn as an image at the context's resolution: each pixel's colour
    /// comes from its angle about the centre, measured from the direction of `toward`
    /// (clockwise on screen), as a fraction of a full turn.
    private func drawConic(_ stops: (colors: [CGColor], locations: [CGFloat]), center: CGPoint, toward: CGPoint, in ctx: CGContext, bounds: CGRect) {
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
