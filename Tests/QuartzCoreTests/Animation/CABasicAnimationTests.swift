import QuartzCore
import Testing

/// Every from/to/by combination, additive and cumulative values, value functions, and the
/// seed's `moveRight` action, sampled on a manual clock.
@Suite struct CABasicAnimationTests {
    /// The presentation opacity of a layer whose model opacity is 0.2, a quarter of the way
    /// through a 1 s linear animation configured by `configure`.
    private func quarterWay(_ configure: (CABasicAnimation) -> Void) -> Float? {
        withManualClock { clock in
            let layer = committedLayer { $0.opacity = 0.2 }
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.duration = 1
            configure(animation)
            layer.add(animation, forKey: "fade")
            CATransaction.flush()
            clock.advance(by: 0.25)
            return layer.presentation()?.opacity
        }
    }

    private func close(_ a: Float?, _ b: Float) -> Bool { a.map { abs($0 - b) < 1e-6 } ?? false }

    @Test func fromToByCombinations() {
        #expect(close(quarterWay { $0.fromValue = 0.0; $0.toValue = 1.0 }, 0.25))
        #expect(close(quarterWay { $0.fromValue = 0.4; $0.byValue = 0.4 }, 0.5))
        #expect(close(quarterWay { $0.byValue = 0.4; $0.toValue = 1.0 }, 0.7))
        // One value: the other end is the current (model) value 0.2.
        #expect(close(quarterWay { $0.fromValue = 1.0 }, 0.8))
        #expect(close(quarterWay { $0.toValue = 1.0 }, 0.4))
        #expect(close(quarterWay { $0.byValue = 0.4 }, 0.3))
        #expect(close(quarterWay { _ in }, 0.2))
    }

    @Test func additiveAndCumulative() {
        #expect(close(quarterWay { $0.isAdditive = true; $0.fromValue = 0.0; $0.toValue = 0.4 }, 0.3))
        let cumulative = withManualClock { clock -> [CGFloat] in
            let layer = committedLayer()
            let animation = CABasicAnimation(keyPath: "position.x")
            animation.fromValue = 0
            animation.toValue = 10
            animation.duration = 1
            animation.repeatCount = 3
            animation.isCumulative = true
            layer.add(animation, forKey: nil)
            CATransaction.flush()
            return [0.5, 1, 1].map { step in
                clock.advance(by: step)
                return layer.presentation()?.position.x ?? -1
            }
        }
        #expect(cumulative == [5, 15, 25])
    }

    @Test func valueFunctionTurnsNumbersIntoTransforms() {
        withManualClock { clock in
            let layer = committedLayer()
            let spin = CABasicAnimation(keyPath: "transform")
            spin.valueFunction = CAValueFunction(name: .rotateZ)
            spin.fromValue = 0
            spin.toValue = 2 * CGFloat.pi
            spin.duration = 4
            layer.add(spin, forKey: "spin")
            CATransaction.flush()
            clock.advance(by: 2)
            let half = layer.presentation()!.transform
            #expect(abs(half.m11 + 1) < 1e-9 && abs(half.m12) < 1e-9)
            clock.advance(by: 1)
            let threeQuarters = layer.presentation()!.transform
            #expect(abs(threeQuarters.m12 + 1) < 1e-9)
        }
        #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "wobble")) == nil)
        #expect(CAValueFunction(name: .translate)?.name == .translate)
    }

    /// The seed: a view's delegate answers "moveRight" with a value-function animation that
    /// has no key path; running it for "transform" animates the transform.
    @Test func moveRightActionAnimatesTheTransform() {
        withManualClock { clock in
            let layer = committedLayer()
            let animation = CABasicAnimation()
            animation.valueFunction = CAValueFunction(name: .translateX)
            animation.fromValue = 1
            animation.toValue = 300
            animation.duration = 2
            layer.actions = ["moveRight": animation]
            let action = layer.action(forKey: "moveRight")
            action?.run(forKey: "transform", object: layer, arguments: nil)
            #expect(animation.keyPath == nil)
            #expect((layer.animation(forKey: "transform") as? CABasicAnimation)?.keyPath == "transform")
            CATransaction.flush()
            clock.advance(by: 1)
            #expect(layer.presentation()?.transform.m41 == 150.5)
            clock.advance(by: 1.5)
            #expect(layer.presentation()?.transform.m41 == 0)
            #expect(layer.animationKeys() == nil)
        }
    }

    @Test func timingFunctionPacesTheCycle() {
        withManualClock { clock in
            let layer = committedLayer()
            let animation = CABasicAnimation(keyPath: "position.x")
            animation.fromValue = 0
            animation.toValue = 100
            animation.duration = 1
            animation.timingFunction = CAMediaTimingFunction(name: .easeIn)
            layer.add(animation, forKey: nil)
            CATransaction.flush()
            let curve = CAMediaTimingFunction(name: .easeIn)
            for step in [0.2, 0.3, 0.4] {
                clock.advance(by: step)
                let elapsed = clock.time - 100
                let x = layer.presentation()!.position.x
                #expect(abs(Double(x) - 100 * curve.progress(at: elapsed)) < 1e-9)
            }
        }
    }

    @Test func addStoresACopy() {
        withManualClock { clock in
            let layer = committedLayer()
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.fromValue = 0
            animation.toValue = 1
            layer.add(animation, forKey: "k")
            animation.toValue = 0.5
            let stored = layer.animation(forKey: "k") as? CABasicAnimation
            #expect(stored !== animation)
            #expect(stored?.toValue as? Int == 1)
            // A zero duration becomes the transaction's.
            #expect(stored?.duration == 0.25)
            #expect(animation.duration == 0)
        }
    }
}
