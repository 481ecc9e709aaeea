import Testing
import UIKit

/// Boxed values flow through animations and key-value coding as on iOS.
@MainActor
@Suite struct NSValueBoxingTests {
    @Test func boxesRoundTripAndCastBothWays() {
        let point = NSValue(cgPoint: CGPoint(x: 3, y: 4))
        #expect(point.cgPointValue == CGPoint(x: 3, y: 4))
        #expect(NSValue(cgSize: CGSize(width: 5, height: 6)).cgSizeValue == CGSize(width: 5, height: 6))
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
        let shear = CGAffineTransform(a: 1, b: 0.5, c: 0, d: 1, tx: 7, ty: 8)
        #expect(NSValue(cgAffineTransform: shear).cgAffineTransformValue == shear)
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(NSValue(uiEdgeInsets: insets).uiEdgeInsetsValue == insets)
        let turn = CATransform3DMakeRotation(0.5, 0, 0, 1)
        #expect(NSValue(caTransform3D: turn).caTransform3DValue == turn)
        #expect(NSValue(uiOffset: UIOffset(horizontal: 1, vertical: 2)).uiOffsetValue == UIOffset(horizontal: 1, vertical: 2))

        let boxed: Any = point
        #expect(boxed as? CGPoint == CGPoint(x: 3, y: 4))
        #expect(boxed as? CGSize == nil)
        let plain: Any = CGRect(x: 0, y: 0, width: 1, height: 1)
        #expect((plain as? NSValue)?.cgRectValue == CGRect(x: 0, y: 0, width: 1, height: 1))
        let number: Any = NSNumber(value: 0.25)
        #expect(number as? CGFloat == 0.25)
        let float: Any = CGFloat(2)
        #expect((float as? NSNumber)?.doubleValue == 2)
    }

    @Test func theZeroTransformIsNotTheIdentity() {
        let zero = CATransform3D()
        #expect(zero.m11 == 0 && zero.m22 == 0 && zero.m33 == 0 && zero.m44 == 0)
        #expect(!CATransform3DIsIdentity(zero))
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
    }

    @Test func animationsTakeBoxedValues() {
        withManualClock { clock in
            let layer = CALayer()
            layer.position = CGPoint(x: 0, y: 0)
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
            move.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 50))
            move.duration = 1
            layer.add(move, forKey: "move")
            let bounce = CAKeyframeAnimation(keyPath: "transform")
            bounce.values = [NSValue(caTransform3D: CATransform3DIdentity),
                             NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1)),
                             NSValue(caTransform3D: CATransform3DIdentity)]
            bounce.duration = 1
            layer.add(bounce, forKey: "bounce")
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = NSNumber(value: 1)
            fade.toValue = NSNumber(value: 0)
            fade.duration = 1
            layer.add(fade, forKey: "fade")
            CATransaction.flush()
            clock.advance(by: 0.5)
            let presentation = layer.presentation()
            #expect(presentation?.position == CGPoint(x: 50, y: 25))
            #expect(presentation?.opacity == 0.5)
            #expect(presentation.map { abs($0.transform.m11 - 2) < 1e-9 } == true)
        }
    }

    @Test func keyValueCodingTakesBoxesAndReturnsNumbers() {
        let layer = CALayer()
        layer.setValue(NSValue(cgPoint: CGPoint(x: 10, y: 20)), forKey: "position")
        #expect(layer.position == CGPoint(x: 10, y: 20))
        layer.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 30, height: 40)), forKeyPath: "bounds")
        #expect(layer.bounds.size == CGSize(width: 30, height: 40))
        layer.setValue(NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1)), forKey: "transform")
        layer.setValue(NSNumber(value: 0.5), forKeyPath: "opacity")
        #expect(layer.opacity == 0.5)

        // Apple returns NSNumber for numbers: every numeric cast reads it.
        let scale = layer.value(forKeyPath: "transform.scale.x")
        #expect(scale as? NSNumber == NSNumber(value: 3))
        #expect(scale as? Double == 3)
        #expect(scale as? CGFloat == 3)
        #expect(layer.value(forKey: "opacity") as? Float == 0.5)
        #expect(layer.value(forKeyPath: "position.x") as? Double == 10)
        // Structures come back castable to the structure and to NSValue.
        #expect(layer.value(forKey: "position") as? CGPoint == CGPoint(x: 10, y: 20))
        #expect((layer.value(forKey: "bounds") as? NSValue)?.cgRectValue == CGRect(x: 0, y: 0, width: 30, height: 40))
        let shape = CAShapeLayer()
        shape.lineWidth = 4
        #expect(shape.value(forKey: "lineWidth") as? Double == 4)
    }
}
