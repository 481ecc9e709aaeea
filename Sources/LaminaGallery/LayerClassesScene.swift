import UIKit

/// One panel per layer class and visual: a shape layer drawing a star with a partial stroke,
/// axial/radial/conic gradient layers, a replicator's ring of fading dots, a scroll layer
/// showing part of a grid, layer shadows (from content and from a path), a mask, and circular
/// against continuous corners.
@MainActor
enum LayerClassesScene {
    static let panel = CGSize(width: 140, height: 120)

    static func makeView() -> UIView {
        let columns = 4, rows = 3
        let root = UIView(frame: CGRect(x: 0, y: 0, width: CGFloat(columns) * (panel.width + 10) + 10,
                                        height: CGFloat(rows) * (panel.height + 10) + 10))
        root.backgroundColor = UIColor(white: 0.92, alpha: 1)
        let builders: [(CALayer) -> Void] = [shape, axial, radial, conic, replicator, scroll, contentShadow, pathShadow,
                                              masked, circularCorners, continuousCorners, dashedOutline]
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
