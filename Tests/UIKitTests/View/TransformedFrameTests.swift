import Testing
import UIKit

/// Setting `frame` on a transformed view sizes the bounds so the transformed bounds fill
/// the frame, which then reads back as set.
@MainActor
@Suite struct TransformedFrameTests {
    @Test func halfScaleDoublesTheBounds() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        view.frame = CGRect(x: 20, y: 30, width: 100, height: 100)
        #expect(view.bounds.size == CGSize(width: 200, height: 200))
        #expect(view.center == CGPoint(x: 70, y: 80))
        #expect(view.frame == CGRect(x: 20, y: 30, width: 100, height: 100))
    }

    @Test func scaledViewsHitTestAndConvertWhereTheyAreDrawn() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let child = UIView(frame: .zero)
        root.addSubview(child)
        child.transform = CGAffineTransform(scaleX: 2, y: 2)
        child.frame = CGRect(x: 100, y: 100, width: 100, height: 50)
        #expect(child.bounds.size == CGSize(width: 50, height: 25))
        // The child's bottom-right bounds corner lands on the frame's corner.
        #expect(child.convert(CGPoint(x: 50, y: 25), to: root) == CGPoint(x: 200, y: 150))
        #expect(root.hitTest(CGPoint(x: 190, y: 140), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 210, y: 140), with: nil) === root)
    }

    @Test func quarterTurnSwapsWidthAndHeight() {
        let layer = CALayer()
        layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 100)
        #expect(abs(layer.bounds.width - 100) < 1e-9)
        #expect(abs(layer.bounds.height - 40) < 1e-9)
        #expect(abs(layer.position.x - 20) < 1e-9 && abs(layer.position.y - 50) < 1e-9)
    }

    @Test func identityTransformCopiesTheSize() {
        let layer = CALayer()
        layer.anchorPoint = CGPoint(x: 0, y: 0)
        layer.frame = CGRect(x: 5, y: 6, width: 7, height: 8)
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 7, height: 8))
        #expect(layer.position == CGPoint(x: 5, y: 6))
    }
}
