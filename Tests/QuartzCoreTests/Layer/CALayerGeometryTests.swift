import QuartzCore
import Testing

@Suite struct CALayerGeometryTests {
    @Test func defaults() {
        let layer = CALayer()
        #expect(layer.bounds == .zero)
        #expect(layer.position == .zero)
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(layer.opacity == 1)
        #expect(layer.contentsGravity == .resize)
        #expect(layer.contentsScale == 1)
        #expect(layer.borderColor?.components == [0, 1])
        #expect(layer.sublayers == nil)
        #expect(CATransform3DIsIdentity(layer.transform))
    }

    /// The article's numbers: frame (40, 60, 120, 80) puts position at (100, 100); moving the
    /// anchor point to (0, 1) keeps the position and moves the frame to (100, 20).
    @Test func anchorPointArithmetic() {
        let layer = CALayer()
        layer.frame = CGRect(x: 40, y: 60, width: 120, height: 80)
        #expect(layer.position == CGPoint(x: 100, y: 100))
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 120, height: 80))
        layer.anchorPoint = CGPoint(x: 0, y: 1)
        #expect(layer.position == CGPoint(x: 100, y: 100))
        #expect(layer.frame.origin == CGPoint(x: 100, y: 20))
        layer.position = CGPoint(x: 0, y: 0)
        #expect(layer.anchorPoint == CGPoint(x: 0, y: 1))
        #expect(layer.frame == CGRect(x: 0, y: -80, width: 120, height: 80))
        layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        #expect(layer.position == CGPoint(x: 10, y: 30))
    }

    @Test func frameFollowsTransform() {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        #expect(layer.frame == CGRect(x: -50, y: -25, width: 200, height: 100))
        #expect(layer.affineTransform() == CGAffineTransform(scaleX: 2, y: 2))
        #expect(layer.bounds.size == CGSize(width: 100, height: 50))
    }

    @Test func nonFiniteGeometryIsIgnored() {
        let layer = CALayer()
        layer.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        layer.position = CGPoint(x: CGFloat.nan, y: 0)
        layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
        layer.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
        #expect(layer.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func convertBetweenLayers() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let a = CALayer()
        a.frame = CGRect(x: 10, y: 20, width: 100, height: 100)
        let b = CALayer()
        b.frame = CGRect(x: 5, y: 5, width: 50, height: 50)
        b.bounds.origin = CGPoint(x: 10, y: 0)
        root.addSublayer(a)
        a.addSublayer(b)
        #expect(b.convert(CGPoint(x: 10, y: 0), to: root) == CGPoint(x: 15, y: 25))
        #expect(root.convert(CGPoint(x: 15, y: 25), to: b) == CGPoint(x: 10, y: 0))
        #expect(a.convert(CGPoint(x: 0, y: 0), from: b) == CGPoint(x: -5, y: 5))
        #expect(b.convert(CGRect(x: 10, y: 0, width: 5, height: 5), to: nil) == CGRect(x: 15, y: 25, width: 5, height: 5))
    }

    @Test func hitTestUsesSuperlayerCoordinatesAndZOrder() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let back = CALayer()
        back.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let front = CALayer()
        front.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        root.addSublayer(front)
        root.addSublayer(back)
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === back)
        front.zPosition = 1
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === front)
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === back)
        #expect(root.hitTest(CGPoint(x: 190, y: 10)) === root)
        #expect(root.hitTest(CGPoint(x: 250, y: 10)) == nil)
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 120, y: 120)) === root)
        #expect(root.contains(CGPoint(x: 0, y: 0)))
        #expect(!root.contains(CGPoint(x: 200, y: 200)))
    }

    @Test func masksToBoundsLimitsHits() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        let child = CALayer()
        child.frame = CGRect(x: 40, y: 40, width: 40, height: 40)
        root.addSublayer(child)
        #expect(root.hitTest(CGPoint(x: 70, y: 70)) === child)
        root.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 70, y: 70)) == nil)
    }
}
