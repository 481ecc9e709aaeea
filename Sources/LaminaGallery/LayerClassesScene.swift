import UIKit

/// The layer classes and layer visuals, one gallery page each: a shape layer drawing a star
/// with a partial stroke and a dashed outline; axial, radial and conic gradient layers; a
/// replicator's ring of fading dots and a delayed copy; a scroll layer showing part of a grid;
/// a tiled layer; an emitter; and layer shadows (from content and from a path), a mask,
/// circular against continuous corners and a flipped, double-sided card.
@MainActor
enum LayerClassesScene {
    static let panel = CGSize(width: 140, height: 120)

    /// The pages: file name and panels.
    static let pages: [(name: String, panels: [@MainActor (CALayer) -> Void])] = [
        ("6-shape-layer", [shape, dashedOutline]),
        ("7-gradient-layer", [axial, radial, conic]),
        ("8-replicator-layer", [replicator, delayedReplicator]),
        ("9-scroll-layer", [scroll]),
        ("10-tiled-layer", [tiled]),
        ("11-emitter-layer", [emitter]),
        ("12-layer-visuals", [contentShadow, pathShadow, masked, circularCorners, continuousCorners, flipped]),
    ]

    /// What each page shows.
    static let captions: [String: String] = [
        "6-shape-layer": "CAShapeLayer: a filled and stroked path, and a dashed outline drawn part way.",
        "7-gradient-layer": "CAGradientLayer: axial, radial and conic gradients.",
        "8-replicator-layer": "CAReplicatorLayer: copies with a transform and colour offsets, and delayed copies.",
        "9-scroll-layer": "CAScrollLayer: a large layer seen through a scrolled window.",
        "10-tiled-layer": "CATiledLayer: content drawn tile by tile.",
        "11-emitter-layer": "CAEmitterLayer: particles at one instant.",
        "12-layer-visuals": "Shadows from content and from a path, a mask, circular and continuous corners, a flipped layer.",
    ]

    /// A row (or rows of three) of white panels on grey, each built by one function.
    static func makeView(_ builders: [@MainActor (CALayer) -> Void]) -> UIView {
        let columns = Swift.min(builders.count, 3), rows = (builders.count + 2) / 3
        let root = UIView(frame: CGRect(x: 0, y: 0, width: CGFloat(columns) * (panel.width + 10) + 10,
                                        height: CGFloat(rows) * (panel.height + 10) + 10))
        root.backgroundColor = UIColor(white: 0.92, alpha: 1)
        for (index, build) in builders.enumerated() {
            let panelView = UIView(frame: CGRect(x: 10 + CGFloat(index % columns) * (panel.width + 10),
                                                 y: 10 + CGFloat(index / columns) * (panel.height + 10),
                                                 width: panel.width, height: panel.height))
            panelView.backgroundColor = .white
            build(panelView.layer)
            root.addSubview(panelView)
        }
        return root
    }

    private static func star(center: CGPoint, radius: CGFloat) -> CGPath {
        let path = CGMutablePath()
        for i in 0..<10 {
            let angle = -CGFloat.pi / 2 + CGFloat(i) * .pi / 5
            let r = i % 2 == 0 ? radius : radius * 0.45
            let p = CGPoint(x: center.x + cos(angle) * r, y: center.y + sin(angle) * r)
            i == 0 ? path.move(to: p) : path.addLine(to: p)
        }
        path.closeSubpath()
        return path
    }

    private static func shape(_ host: CALayer) {
        let layer = CAShapeLayer()
        layer.frame = host.bounds
        layer.path = star(center: CGPoint(x: 70, y: 62), radius: 48)
        layer.fillColor = UIColor.systemYellow.cgColor
        layer.strokeColor = UIColor.systemRed.cgColor
        layer.lineWidth = 5
        layer.lineJoin = .round
        layer.strokeEnd = 0.7
        host.addSublayer(layer)
    }

    private static func gradient(_ host: CALayer, _ type: CAGradientLayerType, _ start: CGPoint, _ end: CGPoint) {
        let layer = CAGradientLayer()
        layer.frame = host.bounds.insetBy(dx: 10, dy: 10)
        layer.type = type
        layer.colors = [UIColor.systemPink.cgColor, UIColor.systemYellow.cgColor, UIColor.systemTeal.cgColor]
        layer.startPoint = start
        layer.endPoint = end
        layer.cornerRadius = 12
        layer.masksToBounds = true
        host.addSublayer(layer)
    }

    private static func axial(_ host: CALayer) { gradient(host, .axial, CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1)) }
    private static func radial(_ host: CALayer) { gradient(host, .radial, CGPoint(x: 0.5, y: 0.5), CGPoint(x: 1, y: 1)) }
    private static func conic(_ host: CALayer) { gradient(host, .conic, CGPoint(x: 0.5, y: 0.5), CGPoint(x: 0.5, y: 0)) }

    private static func replicator(_ host: CALayer) {
        let layer = CAReplicatorLayer()
        layer.frame = host.bounds
        layer.instanceCount = 12
        layer.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        layer.instanceColor = UIColor.systemBlue.cgColor
        layer.instanceAlphaOffset = -0.07
        let dot = CALayer()
        dot.frame = CGRect(x: 64, y: 14, width: 12, height: 12)
        dot.cornerRadius = 6
        dot.backgroundColor = UIColor.white.cgColor
        layer.addSublayer(dot)
        host.addSublayer(layer)
    }

    private static func scroll(_ host: CALayer) {
        let layer = CAScrollLayer()
        layer.frame = host.bounds.insetBy(dx: 10, dy: 10)
        layer.masksToBounds = true
        let grid = CALayer()
        grid.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        for row in 0..<10 {
            for column in 0..<10 {
                let cell = CALayer()
                cell.frame = CGRect(x: column * 40 + 2, y: row * 40 + 2, width: 36, height: 36)
                cell.backgroundColor = UIColor(hue: CGFloat(row * 10 + column) / 100, saturation: 0.6, brightness: 0.9, alpha: 1).cgColor
                grid.addSublayer(cell)
            }
        }
        layer.addSublayer(grid)
        layer.scroll(to: CGPoint(x: 100, y: 60))
        host.addSublayer(layer)
    }

    private static func card(_ host: CALayer) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 30, y: 25, width: 80, height: 60)
        layer.backgroundColor = UIColor.systemIndigo.cgColor
        layer.cornerRadius = 10
        host.addSublayer(layer)
        return layer
    }

    private static func contentShadow(_ host: CALayer) {
        let layer = card(host)
        layer.shadowOpacity = 0.5
        layer.shadowOffset = CGSize(width: 0, height: 6)
        layer.shadowRadius = 6
    }

    private static func pathShadow(_ host: CALayer) {
        let layer = card(host)
        layer.shadowOpacity = 0.6
        layer.shadowRadius = 3
        layer.shadowOffset = .zero
        layer.shadowPath = CGPath(ellipseIn: CGRect(x: 5, y: 62, width: 70, height: 12), transform: nil)
    }

    private static func masked(_ host: CALayer) {
        let layer = CAGradientLayer()
        layer.frame = host.bounds.insetBy(dx: 10, dy: 10)
        layer.colors = [UIColor.systemOrange.cgColor, UIColor.systemPurple.cgColor]
        let mask = CAShapeLayer()
        mask.path = star(center: CGPoint(x: 60, y: 50), radius: 46)
        layer.mask = mask
        host.addSublayer(layer)
    }

    private static func corners(_ host: CALayer, _ curve: CALayerCornerCurve) {
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 10, width: 100, height: 100)
        layer.backgroundColor = UIColor.systemGreen.cgColor
        layer.cornerRadius = 30
        layer.cornerCurve = curve
        layer.borderWidth = 4
        layer.borderColor = UIColor.black.withAlphaComponent(0.5).cgColor
        host.addSublayer(layer)
    }

    private static func circularCorners(_ host: CALayer) { corners(host, .circular) }
    private static func continuousCorners(_ host: CALayer) { corners(host, .continuous) }

    /// Particles frozen 1.5 s after emission began, on a manual clock (drawn into an image so
    /// the page does not depend on when it is rendered).
    private static func emitter(_ host: CALayer) {
        let clock = CAMediaClock(manualTime: 0)
        let image: CGImage? = clock.withCurrent {
            let layer = CAEmitterLayer()
            layer.frame = host.bounds
            layer.emitterPosition = CGPoint(x: 70, y: 100)
            layer.emitterShape = .line
            layer.emitterSize = CGSize(width: 60, height: 0)
            layer.seed = 2026
            let spark = CAEmitterCell()
            spark.birthRate = 40
            spark.lifetime = 1.4
            spark.velocity = 60
            spark.velocityRange = 20
            spark.emissionLongitude = -.pi / 2
            spark.emissionRange = .pi / 5
            spark.yAcceleration = 30
            spark.alphaSpeed = -0.6
            spark.scale = 1
            spark.scaleRange = 0.4
            spark.color = UIColor.systemOrange.cgColor
            spark.contents = dot(diameter: 6)
            layer.emitterCells = [spark]
            clock.advance(by: 1.5)
            return snapshot(layer)
        }
        host.contents = image
        host.contentsScale = 2
    }

    private static func dot(diameter: CGFloat) -> CGImage? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        return UIGraphicsImageRenderer(size: CGSize(width: diameter, height: diameter), format: format).image { _ in
            UIColor.white.setFill()
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: diameter, height: diameter)).fill()
        }.cgImage
    }

    private static func snapshot(_ layer: CALayer) -> CGImage? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        return UIGraphicsImageRenderer(size: layer.bounds.size, format: format).image { context in
            layer.render(in: context.cgContext)
        }.cgImage
    }

    /// A tiled layer drawing a checkerboard: each tile is one draw call clipped to its square.
    private static func tiled(_ host: CALayer) {
        let layer = CheckerboardLayer()
        layer.frame = host.bounds.insetBy(dx: 10, dy: 10)
        layer.tileSize = CGSize(width: 40, height: 40)
        layer.contentsScale = 1
        host.addSublayer(layer)
    }

    /// A replicator whose copies show a bar's animation at successive delays (frozen on a
    /// manual clock).
    private static func delayedReplicator(_ host: CALayer) {
        let clock = CAMediaClock(manualTime: 0)
        let image: CGImage? = clock.withCurrent {
            let layer = CAReplicatorLayer()
            layer.frame = host.bounds
            layer.instanceCount = 8
            layer.instanceTransform = CATransform3DMakeTranslation(14, 0, 0)
            layer.instanceDelay = 0.1
            let bar = CALayer()
            bar.frame = CGRect(x: 14, y: 40, width: 8, height: 40)
            bar.cornerRadius = 4
            bar.backgroundColor = UIColor.systemTeal.cgColor
            layer.addSublayer(bar)
            CATransaction.flush()
            let grow = CABasicAnimation(keyPath: "transform.scale.y")
            grow.fromValue = 0.3
            grow.toValue = 2
            grow.duration = 0.8
            grow.autoreverses = true
            grow.repeatCount = .infinity
            bar.add(grow, forKey: "grow")
            CATransaction.flush()
            clock.advance(by: 0.8)
            return layer.presentation().flatMap { snapshot($0) }
        }
        host.contents = image
        host.contentsScale = 2
    }

    /// Two cards turned 135° about y: the double-sided one shows (mirrored), the other not.
    private static func flipped(_ host: CALayer) {
        for (index, doubleSided) in [true, false].enumerated() {
            let card = CALayer()
            card.frame = CGRect(x: 15 + CGFloat(index) * 60, y: 30, width: 50, height: 60)
            card.backgroundColor = (doubleSided ? UIColor.systemPurple : UIColor.systemRed).cgColor
            card.cornerRadius = 8
            card.transform = CATransform3DMakeRotation(.pi * 0.75, 0, 1, 0)
            card.isDoubleSided = doubleSided
            host.addSublayer(card)
        }
    }

    private static func dashedOutline(_ host: CALayer) {
        let layer = CAShapeLayer()
        layer.frame = host.bounds
        layer.path = CGPath(roundedRect: CGRect(x: 20, y: 20, width: 100, height: 80), cornerWidth: 16, cornerHeight: 16, transform: nil)
        layer.fillColor = nil
        layer.strokeColor = UIColor.darkGray.cgColor
        layer.lineWidth = 3
        layer.lineDashPattern = [10, 6]
        layer.lineCap = .round
        host.addSublayer(layer)
    }
}

/// Draws a checkerboard one tile at a time.
final class CheckerboardLayer: CATiledLayer {
    override func draw(in ctx: CGContext) {
        let tile = ctx.boundingBoxOfClipPath
        let column = Int((tile.minX / 40).rounded(.down)), row = Int((tile.minY / 40).rounded(.down))
        ctx.setFillColor(((column + row) % 2 == 0 ? UIColor.darkGray : UIColor.lightGray).cgColor)
        ctx.fill(tile)
    }
}
