import Testing
import UIKit

/// Where subview layers go among a layer's sublayers, as on iOS: `subviews` follows the
/// layer order, and plain sublayers added earlier stay below later subviews.
@MainActor
@Suite struct SubviewLayerOrderTests {
    @Test func addSubviewAppendsAfterPlainSublayers() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let first = UIView()
        container.addSubview(first)
        let gradient = CAGradientLayer()
        container.layer.addSublayer(gradient)
        let second = UIView()
        container.addSubview(second)
        #expect(container.layer.sublayers == [first.layer, gradient, second.layer])
        #expect(container.subviews == [first, second])
    }

    @Test func insertAtIndexCountsPlainSublayers() {
        let container = UIView()
        let background = CALayer()
        container.layer.addSublayer(background)
        let a = UIView(), b = UIView(), c = UIView()
        container.addSubview(a)
        container.addSubview(b)
        // Index 0 of the sublayers: below the plain layer too.
        container.insertSubview(c, at: 0)
        #expect(container.layer.sublayers == [c.layer, background, a.layer, b.layer])
        #expect(container.subviews == [c, a, b])
        // Moving within the same superview follows the layers the same way.
        container.insertSubview(b, at: 1)
        #expect(container.layer.sublayers == [c.layer, b.layer, background, a.layer])
        #expect(container.subviews == [c, b, a])
    }

    @Test func aboveAndBelowPlaceRelativeToTheSiblingsLayer() {
        let container = UIView()
        let a = UIView(), b = UIView()
        container.addSubview(a)
        let overlay = CALayer()
        container.layer.addSublayer(overlay)
        container.insertSubview(b, belowSubview: a)
        #expect(container.layer.sublayers == [b.layer, a.layer, overlay])
        let c = UIView()
        container.insertSubview(c, aboveSubview: a)
        #expect(container.layer.sublayers == [b.layer, a.layer, c.layer, overlay])
        #expect(container.subviews == [b, a, c])
    }

    @Test func aSiblingThatIsNotASubviewAppends() {
        let container = UIView()
        let a = UIView()
        container.addSubview(a)
        let stranger = UIView()
        let b = UIView(), c = UIView()
        container.insertSubview(b, belowSubview: stranger)
        container.insertSubview(c, aboveSubview: stranger)
        #expect(container.subviews == [a, b, c])
        #expect(container.layer.sublayers == [a.layer, b.layer, c.layer])
    }

    @Test func frontBackAndExchangeMoveTheLayers() {
        let container = UIView()
        let a = UIView(), b = UIView(), c = UIView()
        [a, b, c].forEach(container.addSubview)
        let plain = CALayer()
        container.layer.addSublayer(plain)
        container.bringSubviewToFront(a)
        #expect(container.layer.sublayers == [b.layer, c.layer, plain, a.layer])
        container.sendSubviewToBack(c)
        #expect(container.layer.sublayers == [c.layer, b.layer, plain, a.layer])
        #expect(container.subviews == [c, b, a])
        container.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(container.layer.sublayers == [a.layer, b.layer, plain, c.layer])
        #expect(container.subviews == [a, b, c])
        container.exchangeSubview(at: 0, withSubviewAt: 1)
        #expect(container.subviews == [b, a, c])
        #expect(container.layer.sublayers == [b.layer, a.layer, plain, c.layer])
    }
}
