import QuartzCore
import Testing

private final class ProgressLayer: CALayer {
    /// A custom animatable property kept in the layer's key-value storage.
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? CGFloat(0.25) : super.defaultValue(forKey: key)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }
}

@Suite struct CALayerKeyValueCodingTests {
    @Test func propertiesByCoreAnimationName() {
        let layer = CALayer()
        layer.setValue(CGPoint(x: 3, y: 4), forKey: "position")
        layer.setValue(0.5, forKey: "opacity")
        layer.setValue(true, forKey: "hidden")
        layer.setValue(7, forKey: "cornerRadius")
        #expect(layer.position == CGPoint(x: 3, y: 4))
        #expect(layer.opacity == 0.5)
        #expect(layer.isHidden)
        #expect(layer.cornerRadius == 7)
        #expect(layer.value(forKey: "opacity") as? Float == 0.5)
        #expect(layer.value(forKey: "hidden") as? Bool == true)
        #expect(layer.value(forKey: "shadowOffset") as? CGSize == CGSize(width: 0, height: -3))
        // Values of the wrong type leave the property alone.
        layer.setValue("left", forKey: "position")
        #expect(layer.position == CGPoint(x: 3, y: 4))
    }

    @Test func keyPathsIntoStructures() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        layer.setValue(42, forKeyPath: "position.x")
        layer.setValue(30, forKeyPath: "bounds.size.width")
        layer.setValue(CGPoint(x: 1, y: 2), forKeyPath: "bounds.origin")
        #expect(layer.position.x == 42)
        #expect(layer.bounds == CGRect(x: 1, y: 2, width: 30, height: 20))
        #expect(layer.value(forKeyPath: "bounds.size.height") as? CGFloat == 20)
        #expect(layer.value(forKeyPath: "position.z") == nil)
    }

    @Test func transformKeyPaths() {
        let layer = CALayer()
        layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        #expect(abs(layer.transform.m12 - 1) < 1e-12 && abs(layer.transform.m21 + 1) < 1e-12)
        #expect(abs((layer.value(forKeyPath: "transform.rotation") as! CGFloat) - .pi / 2) < 1e-12)
        layer.setValue(2, forKeyPath: "transform.scale")
        #expect(abs((layer.value(forKeyPath: "transform.scale.x") as! CGFloat) - 2) < 1e-12)
        // The rotation survives the scale change.
        #expect(abs((layer.value(forKeyPath: "transform.rotation.z") as! CGFloat) - .pi / 2) < 1e-12)
        layer.setValue(CGSize(width: 5, height: 6), forKeyPath: "transform.translation")
        #expect(layer.transform.m41 == 5 && layer.transform.m42 == 6)
        #expect(layer.value(forKeyPath: "transform.translation.y") as? CGFloat == 6)
    }

    @Test func customKeysAndDefaults() {
        let layer = ProgressLayer()
        #expect(layer.progress == 0.25)
        CATransaction.flush()
        layer.displayIfNeeded()
        #expect(!layer.needsDisplay())
        layer.progress = 0.75
        #expect(layer.progress == 0.75)
        #expect(layer.needsDisplay())
        let copy = ProgressLayer(layer: layer)
        #expect(copy.progress == 0.75)
        layer.setValue("anything", forKey: "note")
        #expect(layer.value(forKey: "note") as? String == "anything")
        #expect(CALayer().value(forKey: "missing") == nil)
    }

    @Test func customPropertiesAnimate() {
        withManualClock { clock in
            let layer = ProgressLayer()
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.progress = 1
            CATransaction.commit()
            clock.advance(by: 0.5)
            #expect(layer.presentation()?.progress == 0.625)
        }
    }

    @Test func animationKeyValueCoding() {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.setValue(3, forKey: "duration")
        animation.setValue("tag", forKey: "identifier")
        #expect(animation.duration == 3)
        #expect(animation.value(forKey: "identifier") as? String == "tag")
        #expect((animation.copy() as? CABasicAnimation)?.value(forKey: "identifier") as? String == "tag")
        #expect(animation.value(forKey: "keyPath") as? String == "opacity")
    }
}
