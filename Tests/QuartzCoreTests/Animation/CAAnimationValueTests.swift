import QuartzCore
import Testing

/// Groups, value functions, paths, discrete values, contents cross-fades, nested layer time
/// and custom drawn properties.
@Suite struct CAAnimationValueTests {
    @Test func groupsShareOneTimeSpace() {
        withManualClock { clock in
            let layer = committedLayer()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = 1
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.beginTime = 1
            fade.duration = 1
            fade.fillMode = .backwards
            let group = CAAnimationGroup()
            group.animations = [move, fade]
            group.duration = 2
            let log = AnimationLog("group")
            group.delegate = log
            layer.add(group, forKey: "group")
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(layer.presentation()?.position.x == 50)
            #expect(layer.presentation()?.opacity == 1)
            clock.advance(by: 1)
            // The move has ended (its fill is removed); the fade is half-way.
            #expect(layer.presentation()?.position.x == 0)
            #expect(layer.presentation()?.opacity == 0.5)
            clock.advance(by: 1)
            #expect(log.events == ["start group", "stop group true"])
        }
    }

    @Test(arguments: [
        (CAValueFunctionName.rotateX, 0.5, CATransform3DMakeRotation(0.5, 1, 0, 0)),
        (.rotateY, 0.5, CATransform3DMakeRotation(0.5, 0, 1, 0)),
        (.rotateZ, 0.5, CATransform3DMakeRotation(0.5, 0, 0, 1)),
        (.scaleX, 2, CATransform3DMakeScale(2, 1, 1)),
        (.scaleY, 2, CATransform3DMakeScale(1, 2, 1)),
        (.scaleZ, 2, CATransform3DMakeScale(1, 1, 2)),
        (.scale, 2, CATransform3DMakeScale(2, 2, 1)),
        (.translateX, 7, CATransform3DMakeTranslation(7, 0, 0)),
        (.translateY, 7, CATransform3DMakeTranslation(0, 7, 0)),
        (.translateZ, 7, CATransform3DMakeTranslation(0, 0, 7)),
        (.translate, 7, CATransform3DMakeTranslation(7, 7, 0)),
    ] as [(CAValueFunctionName, Double, CATransform3D)])
    func everyValueFunction(name: CAValueFunctionName, value: Double, expected: CATransform3D) {
        withManualClock { clock in
            let layer = committedLayer()
            let animation = CABasicAnimation(keyPath: "transform")
            animation.valueFunction = CAValueFunction(name: name)
            animation.fromValue = value
            animation.toValue = value
            animation.duration = 1
            layer.add(animation, forKey: nil)
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(layer.presentation()?.transform == expected)
        }
    }

    @Test func threeComponentValueFunctions() {
        withManualClock { clock in
            let layer = committedLayer()
            let animation = CABasicAnimation(keyPath: "transform")
            animation.valueFunction = CAValueFunction(name: .translate)
            animation.fromValue = [0, 0, 0]
            animation.toValue = [10, 20, 30]
            animation.duration = 1
            layer.add(animation, forKey: nil)
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(layer.presentation()?.transform == CATransform3DMakeTranslation(5, 10, 15))
        }
    }

    @Test func pathsWithMatchingElementsInterpolate() {
        withManualClock { clock in
            let layer = committedLayer()
            let from = CGMutablePath(), to = CGMutablePath()
            from.move(to: CGPoint(x: 0, y: 0)); from.addLine(to: CGPoint(x: 10, y: 0))
            to.move(to: CGPoint(x: 0, y: 20)); to.addLine(to: CGPoint(x: 30, y: 0))
            let animation = CABasicAnimation(keyPath: "shadowPath")
            animation.fromValue = from
            animation.toValue = to
            animation.duration = 1
            layer.add(animation, forKey: nil)
            let mismatched = CGMutablePath()
            mismatched.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
            let discrete = CABasicAnimation(keyPath: "hidden")
            discrete.fromValue = false
            discrete.toValue = true
            discrete.duration = 1
            layer.add(discrete, forKey: nil)
            CATransaction.flush()
            clock.advance(by: 0.25)
            let halfway = CGMutablePath()
            halfway.move(to: CGPoint(x: 0, y: 5)); halfway.addLine(to: CGPoint(x: 15, y: 0))
            #expect(layer.presentation()?.shadowPath == halfway)
            // Booleans switch halfway.
            #expect(layer.presentation()?.isHidden == false)
            clock.advance(by: 0.5)
            #expect(layer.presentation()?.isHidden == true)
        }
    }

    @Test func contentsCrossFade() {
        func solid(_ r: CGFloat, _ b: CGFloat) -> CGImage {
            let ctx = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            ctx.setFillColor(CGColor(red: r, green: 0, blue: b, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            return ctx.makeImage()!
        }
        withManualClock { clock in
            let layer = committedLayer {
                $0.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
                $0.contents = solid(1, 0)
            }
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.contents = solid(0, 1)
            CATransaction.commit()
            clock.advance(by: 0.25)
            let ctx = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            layer.presentation()!.render(in: ctx)
            let pixel = (0..<4).map { ctx.data!.assumingMemoryBound(to: UInt8.self)[20 + $0] }
            #expect(abs(Int(pixel[0]) - 191) <= 1 && abs(Int(pixel[2]) - 64) <= 1 && pixel[3] == 255)
        }
    }

    @Test func ancestorSpeedScalesAnimations() {
        withManualClock { clock in
            let parent = CALayer(), child = CALayer()
            parent.addSublayer(child)
            parent.speed = 2
            child.timeOffset = 0
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = 4
            let log = AnimationLog()
            move.delegate = log
            child.add(move, forKey: nil)
            CATransaction.flush()
            clock.advance(by: 1)
            // Twice as fast through the parent: 2 of 4 seconds.
            #expect(child.presentation()?.position.x == 50)
            clock.advance(by: 1)
            #expect(log.events == ["start a", "stop a true"])
        }
    }
}
