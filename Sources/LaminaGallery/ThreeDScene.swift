import UIKit

/// 3-D layers: a card turned under perspective, a cube of six faces in a `CATransformLayer`
/// sorted by depth, a cover-flow row of cards sharing one 3-D space, and `shouldRasterize` at
/// rasterization scales 1 and 2.
@MainActor
enum ThreeDScene {
    static let panel = CGSize(width: 200, height: 160)

    static func makeView() -> UIView {
        let builders: [(CALayer) -> Void] = [turnedCard, cube, coverFlow, rasterized]
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 2 * (panel.width + 10) + 10, height: 2 * (panel.height + 10) + 10))
        root.backgroundColor = UIColor(white: 0.92, alpha: 1)
        for (index, build) in builders.enumerated() {
            let panelView = UIView(frame: CGRect(x: 10 + CGFloat(index % 2) * (panel.width + 10),
                                                 y: 10 + CGFloat(index / 2) * (panel.height + 10),
                                                 width: panel.width, height: panel.height))
            panelView.backgroundColor = .white
            panelView.layer.masksToBounds = true
            build(panelView.layer)
            root.addSubview(panelView)
        }
        return root
    }

    private static func perspective(_ distance: CGFloat) -> CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = -1 / distance
        return t
    }

    /// A card with a gradient face and a rounded, bordered outline, turned 50° about y.
    private static func turnedCard(_ host: CALayer) {
        host.sublayerTransform = perspective(400)
        let card = CAGradientLayer()
        card.frame = CGRect(x: 50, y: 25, width: 100, height: 110)
        card.colors = [UIColor.systemIndigo.cgColor, UIColor.systemTeal.cgColor]
        card.cornerRadius = 14
        card.borderWidth = 3
        card.borderColor = UIColor.white.cgColor
        card.allowsEdgeAntialiasing = true
        card.transform = CATransform3DMakeRotation(0.9, 0, 1, 0)
        let stripe = CALayer()
        stripe.frame = CGRect(x: 0, y: 70, width: 100, height: 16)
        stripe.backgroundColor = UIColor.systemYellow.cgColor
        card.masksToBounds = true
        card.addSublayer(stripe)
        host.addSublayer(card)
    }

    /// Six faces around the centre of a transform layer, turned to show three.
    private static func cube(_ host: CALayer) {
        host.sublayerTransform = perspective(500)
        let cube = CATransformLayer()
        cube.frame = CGRect(x: 60, y: 40, width: 80, height: 80)
        let half: CGFloat = 40
        let faces: [(CATransform3D, UIColor)] = [
            (CATransform3DMakeTranslation(0, 0, half), .systemRed),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -half), .pi, 0, 1, 0), .systemGreen),
            (CATransform3DRotate(CATransform3DMakeTranslation(half, 0, 0), .pi / 2, 0, 1, 0), .systemBlue),
            (CATransform3DRotate(CATransform3DMakeTranslation(-half, 0, 0), -.pi / 2, 0, 1, 0), .systemOrange),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, -half, 0), .pi / 2, 1, 0, 0), .systemPurple),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, half, 0), -.pi / 2, 1, 0, 0), .systemGray),
        ]
        for (transform, colour) in faces {
            let face = CALayer()
            face.frame = cube.bounds
            face.backgroundColor = colour.cgColor
            face.borderWidth = 2
            face.borderColor = UIColor.white.cgColor
            face.transform = transform
            face.allowsEdgeAntialiasing = true
            cube.addSublayer(face)
        }
        cube.transform = CATransform3DRotate(CATransform3DMakeRotation(-0.6, 0, 1, 0), -0.45, 1, 0, 0)
        host.addSublayer(cube)
    }

    /// Five cards in one 3-D space: the middle one faces the viewer, the others turn away and
    /// recede; depth sorting draws the nearer ones on top.
    private static func coverFlow(_ host: CALayer) {
        host.sublayerTransform = perspective(300)
        let row = CATransformLayer()
        row.frame = host.bounds
        let colours: [UIColor] = [.systemPink, .systemOrange, .systemMint, .systemCyan, .systemIndigo]
        for (index, colour) in colours.enumerated() {
            let offset = CGFloat(index - 2)
            let card = CALayer()
            card.bounds = CGRect(x: 0, y: 0, width: 64, height: 84)
            card.position = CGPoint(x: 100 + offset * 26 + (offset == 0 ? 0 : (offset > 0 ? 14 : -14)), y: 80)
            card.backgroundColor = colour.cgColor
            card.cornerRadius = 8
            card.borderWidth = 2
            card.borderColor = UIColor.white.cgColor
            card.allowsEdgeAntialiasing = true
            let angle: CGFloat = offset == 0 ? 0 : (offset > 0 ? -1.05 : 1.05)
            card.transform = CATransform3DRotate(CATransform3DMakeTranslation(0, 0, offset == 0 ? 20 : -20 - abs(offset) * 10),
                                                 angle, 0, 1, 0)
            row.addSublayer(card)
        }
        host.addSublayer(row)
    }

    /// The same rasterized badge at rasterization scale 1 (soft on a 2× page) and 2 (sharp).
    private static func rasterized(_ host: CALayer) {
        for (index, scale) in [1, 2].enumerated() {
            let badge = CALayer()
            badge.frame = CGRect(x: 20 + CGFloat(index) * 90, y: 40, width: 70, height: 80)
            badge.backgroundColor = UIColor.systemBlue.cgColor
            badge.cornerRadius = 12
            badge.shadowOpacity = 0.4
            badge.shadowRadius = 4
            badge.shadowOffset = CGSize(width: 0, height: 3)
            for row in 0..<4 {
                let line = CALayer()
                line.frame = CGRect(x: 10, y: 12 + CGFloat(row) * 15, width: 50, height: 1.5)
                line.backgroundColor = UIColor.white.cgColor
                badge.addSublayer(line)
            }
            badge.shouldRasterize = true
            badge.rasterizationScale = CGFloat(scale)
            host.addSublayer(badge)
        }
    }
}
