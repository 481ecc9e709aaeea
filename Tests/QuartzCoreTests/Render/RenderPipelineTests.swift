import Foundation
import LaminaTestSupport
import QuartzCore
import Testing

/// Every animatable visual a layer has, each driven by one basic animation.
enum AnimatedVisual: String, CaseIterable, CustomStringConvertible, Sendable {
    case bounds, position, anchorPoint, zPosition, transform, sublayerTransform, contentsRect, contentsCross
    case backgroundColor, cornerRadius, borderWidth, borderColor, opacity, hidden, masksToBounds
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath, rasterizationScale
    case shapePath, fillColor, strokeColor, strokeStart, strokeEnd, lineWidth, lineDashPhase
    case gradientColors, gradientLocations, gradientStartPoint, gradientEndPoint
    case instanceTransform, instanceColor, instanceDelay
    case maskPosition, maskOpacity, maskBounds, maskSublayerPosition
    case textFontSize, textForegroundColor

    var description: String { rawValue }

    private static func colour(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    /// A 4 × 4 image of one colour with a white square in its top left corner.
    private static func image(_ colour: CGColor) -> CGImage {
        let ctx = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(colour)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        ctx.setFillColor(CGColor(gray: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 2, width: 2, height: 2))
        return ctx.makeImage()!
    }

    private func basic(_ keyPath: String, _ from: Any?, _ to: Any?) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 1
        return animation
    }

    /// Adds the scene for this visual to `root` and starts its animation (committed by the caller).
    func start(in root: CALayer) {
        let plain = CALayer()
        plain.frame = CGRect(x: 20, y: 15, width: 40, height: 30)
        plain.backgroundColor = AnimatedVisual.colour(0.9, 0.2, 0.1)
        plain.borderColor = AnimatedVisual.colour(0, 0, 0.8)
        plain.borderWidth = 2
        let inner = CALayer()
        inner.frame = CGRect(x: 25, y: 18, width: 30, height: 20)
        inner.backgroundColor = AnimatedVisual.colour(0.1, 0.7, 0.2)
        plain.addSublayer(inner)
        switch self {
        case .bounds: plain.add(basic("bounds", CGRect(x: 0, y: 0, width: 40, height: 30), CGRect(x: 5, y: 5, width: 60, height: 10)), forKey: "a")
        case .position: plain.add(basic("position", CGPoint(x: 40, y: 30), CGPoint(x: 63.3, y: 41.7)), forKey: "a")
        case .anchorPoint: plain.add(basic("anchorPoint", CGPoint(x: 0.5, y: 0.5), CGPoint(x: 0, y: 1)), forKey: "a")
        case .zPosition:
            let other = CALayer()
            other.frame = CGRect(x: 40, y: 25, width: 30, height: 30)
            other.backgroundColor = AnimatedVisual.colour(0.2, 0.2, 0.9)
            root.addSublayer(other)
            plain.add(basic("zPosition", -1, 1), forKey: "a")
        case .transform: plain.add(basic("transform", CATransform3DIdentity, CATransform3DMakeRotation(2, 0, 0, 1)), forKey: "a")
        case .sublayerTransform: plain.add(basic("sublayerTransform.rotation.z", 0, 1.2), forKey: "a")
        case .contentsRect:
            plain.contents = AnimatedVisual.image(AnimatedVisual.colour(0.5, 0.5, 0))
            plain.add(basic("contentsRect", CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)), forKey: "a")
        case .contentsCross:
            plain.contents = AnimatedVisual.image(AnimatedVisual.colour(0, 0, 1))
            plain.add(basic("contents", AnimatedVisual.image(AnimatedVisual.colour(1, 1, 0)), AnimatedVisual.image(AnimatedVisual.colour(0, 0, 1))), forKey: "a")
        case .backgroundColor: plain.add(basic("backgroundColor", AnimatedVisual.colour(1, 0, 0), AnimatedVisual.colour(0, 0, 1, 0.5)), forKey: "a")
        case .cornerRadius: plain.add(basic("cornerRadius", 0, 15), forKey: "a")
        case .borderWidth: plain.add(basic("borderWidth", 0, 9), forKey: "a")
        case .borderColor: plain.add(basic("borderColor", AnimatedVisual.colour(0, 0, 0), AnimatedVisual.colour(1, 1, 0)), forKey: "a")
        case .opacity: plain.add(basic("opacity", 1, 0.1), forKey: "a")
        case .hidden: plain.add(basic("hidden", false, true), forKey: "a")
        case .masksToBounds:
            inner.frame = CGRect(x: 25, y: 18, width: 60, height: 60)
            plain.add(basic("masksToBounds", false, true), forKey: "a")
        case .shadowColor, .shadowOpacity, .shadowOffset, .shadowRadius, .shadowPath:
            plain.shadowOpacity = 0.8
            switch self {
            case .shadowColor: plain.add(basic("shadowColor", AnimatedVisual.colour(0, 0, 0), AnimatedVisual.colour(1, 0, 1)), forKey: "a")
            case .shadowOpacity: plain.add(basic("shadowOpacity", 0, 1), forKey: "a")
            case .shadowOffset: plain.add(basic("shadowOffset", CGSize(width: 0, height: -3), CGSize(width: 12, height: 9)), forKey: "a")
            case .shadowRadius: plain.add(basic("shadowRadius", 0, 8), forKey: "a")
            default: plain.add(basic("shadowPath", CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil),
                                     CGPath(rect: CGRect(x: 10, y: 10, width: 40, height: 30), transform: nil)), forKey: "a")
            }
        case .rasterizationScale:
            plain.shouldRasterize = true
            plain.add(basic("rasterizationScale", 0.25, 2), forKey: "a")
        case .shapePath, .fillColor, .strokeColor, .strokeStart, .strokeEnd, .lineWidth, .lineDashPhase:
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 10, y: 10, width: 80, height: 60)
            shape.path = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 60, height: 45), transform: nil)
            shape.fillColor = AnimatedVisual.colour(0.3, 0.6, 0.9)
            shape.strokeColor = AnimatedVisual.colour(0.1, 0.1, 0.1)
            shape.lineWidth = 4
            shape.lineDashPattern = [6, 3]
            root.addSublayer(shape)
            switch self {
            case .shapePath: shape.add(basic("path", shape.path, CGPath(ellipseIn: CGRect(x: 20, y: 0, width: 30, height: 55), transform: nil)), forKey: "a")
            case .fillColor: shape.add(basic("fillColor", AnimatedVisual.colour(1, 0, 0), AnimatedVisual.colour(0, 1, 0, 0.4)), forKey: "a")
            case .strokeColor: shape.add(basic("strokeColor", AnimatedVisual.colour(1, 0, 0), AnimatedVisual.colour(0, 0, 1)), forKey: "a")
            case .strokeStart: shape.add(basic("strokeStart", 0, 0.7), forKey: "a")
            case .strokeEnd: shape.add(basic("strokeEnd", 0, 1), forKey: "a")
            case .lineWidth: shape.add(basic("lineWidth", 1, 11), forKey: "a")
            default: shape.add(basic("lineDashPhase", 0, 9), forKey: "a")
            }
            return
        case .textFontSize, .textForegroundColor:
            let text = CATextLayer()
            text.frame = CGRect(x: 6, y: 10, width: 88, height: 60)
            text.string = "Text"
            text.fontSize = 18
            text.foregroundColor = AnimatedVisual.colour(0.1, 0.2, 0.8)
            root.addSublayer(text)
            if self == .textFontSize {
                text.add(basic("fontSize", 10, 30), forKey: "a")
            } else {
                text.add(basic("foregroundColor", AnimatedVisual.colour(1, 0, 0), AnimatedVisual.colour(0, 0.6, 0)), forKey: "a")
            }
            return
        case .gradientColors, .gradientLocations, .gradientStartPoint, .gradientEndPoint:
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(x: 10, y: 10, width: 80, height: 60)
            gradient.colors = [AnimatedVisual.colour(1, 0, 0), AnimatedVisual.colour(0, 0, 1)]
            root.addSublayer(gradient)
            switch self {
            case .gradientColors:
                gradient.add(basic("colors", [AnimatedVisual.colour(1, 0, 0), AnimatedVisual.colour(0, 0, 1)],
                                   [AnimatedVisual.colour(0, 1, 0), AnimatedVisual.colour(1, 1, 0)]), forKey: "a")
            case .gradientLocations: gradient.add(basic("locations", [0, 1], [0.4, 0.6]), forKey: "a")
            case .gradientStartPoint: gradient.add(basic("startPoint", CGPoint(x: 0.5, y: 0), CGPoint(x: 0, y: 0)), forKey: "a")
            default: gradient.add(basic("endPoint", CGPoint(x: 0.5, y: 1), CGPoint(x: 1, y: 0.2)), forKey: "a")
            }
            return
        case .instanceTransform, .instanceColor, .instanceDelay:
            let replicator = CAReplicatorLayer()
            replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
            replicator.instanceCount = 4
            replicator.instanceTransform = CATransform3DMakeTranslation(20, 5, 0)
            let dot = CALayer()
            dot.frame = CGRect(x: 5, y: 5, width: 12, height: 12)
            dot.backgroundColor = AnimatedVisual.colour(0.2, 0.2, 0.2)
            replicator.addSublayer(dot)
            root.addSublayer(replicator)
            switch self {
            case .instanceTransform:
                replicator.add(basic("instanceTransform", CATransform3DMakeTranslation(20, 5, 0), CATransform3DMakeTranslation(10, 15, 0)), forKey: "a")
            case .instanceColor: replicator.add(basic("instanceColor", AnimatedVisual.colour(1, 1, 1), AnimatedVisual.colour(1, 0, 0.5)), forKey: "a")
            default:
                replicator.instanceDelay = 0.2
                dot.add(basic("position.y", 10, 60), forKey: "a")
            }
            return
        case .maskPosition, .maskOpacity, .maskBounds, .maskSublayerPosition:
            let mask = CALayer()
            mask.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            mask.backgroundColor = AnimatedVisual.colour(0, 0, 0)
            plain.mask = mask
            switch self {
            case .maskPosition: mask.add(basic("position", CGPoint(x: 10, y: 10), CGPoint(x: 30, y: 20)), forKey: "a")
            case .maskOpacity: mask.add(basic("opacity", 1, 0.2), forKey: "a")
            case .maskBounds: mask.add(basic("bounds", CGRect(x: 0, y: 0, width: 20, height: 20), CGRect(x: 0, y: 0, width: 60, height: 8)), forKey: "a")
            default:
                let part = CALayer()
                part.frame = CGRect(x: 0, y: 20, width: 10, height: 10)
                part.backgroundColor = AnimatedVisual.colour(0, 0, 0)
                mask.addSublayer(part)
                part.add(basic("position", CGPoint(x: 5, y: 25), CGPoint(x: 35, y: 20)), forKey: "a")
            }
        }
        root.addSublayer(plain)
    }
}

/// The frame pipeline: commits hand values to the renderer, one evaluator serves frames and
/// `presentation()`, masks damage and repaint, and user layer code stays on its own thread.
@Suite struct RenderPipelineTests {
    private func frame(_ renderer: CARenderer, at t: CFTimeInterval) -> CGRect {
        renderer.beginFrame(atTime: t)
        let damage = renderer.updateBounds()
        renderer.render()
        renderer.endFrame()
        return damage
    }

    private func root() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        return root
    }

    /// Frames drawn with damage tracking equal `render(in:)` of the presentation tree at
    /// sampled times (exactly: both evaluate through the same function and draw through the
    /// same code), and the animation changes what is drawn.
    @Test(arguments: AnimatedVisual.allCases)
    func framesAgreeWithThePresentationTree(_ visual: AnimatedVisual) throws {
        try withManualClock { clock in
            let root = root()
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 200, pixelHeight: 160, scale: 2))
            renderer.layer = root
            _ = frame(renderer, at: clock.time)
            visual.start(in: root)
            CATransaction.flush()
            var seen: [[UInt8]] = []
            for step in [0.1, 0.25, 0.3, 0.35] {
                clock.advance(by: step)
                _ = frame(renderer, at: clock.time)
                let drawn = ReferenceImage.pixels(of: try #require(renderer.makeImage()))
                let expected = renderInPixels(root)
                let differing = zip(drawn, expected).filter { $0 != $1 }.count
                #expect(drawn.count == expected.count && differing == 0, "\(visual) at \(clock.time): \(differing) bytes differ")
                seen.append(drawn)
            }
            #expect(Set(seen.map { $0.hashValue }).count > 1, "\(visual) should change the frame while it runs")
        }
    }

    @Test func aMaskMovedWithoutAnimationDamagesItsHost() throws {
        try withManualClock { clock in
            let root = root()
            let host = CALayer()
            host.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
            host.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            let mask = CALayer()
            mask.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            mask.backgroundColor = CGColor(gray: 0, alpha: 1)
            host.mask = mask
            root.addSublayer(host)
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 100, pixelHeight: 80))
            renderer.layer = root
            _ = frame(renderer, at: clock.time)
            withoutActions { mask.position = CGPoint(x: 30, y: 30) }
            // The host's footprint (with its 1-point margin) is repainted.
            #expect(frame(renderer, at: clock.time) == CGRect(x: 19, y: 19, width: 42, height: 42))
            #expect(frameMatchesRenderIn(renderer, root, scale: 1), "the frame equals render(in:) of the presentation tree")
            // A sublayer added to the mask repaints it too.
            let part = CALayer()
            CATransaction.flush()
            withoutActions {
                part.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
                part.backgroundColor = CGColor(gray: 0, alpha: 1)
                mask.addSublayer(part)
            }
            #expect(frame(renderer, at: clock.time) == CGRect(x: 19, y: 19, width: 42, height: 42))
            withoutActions { part.backgroundColor = nil }
            #expect(frame(renderer, at: clock.time) == CGRect(x: 19, y: 19, width: 42, height: 42))
            #expect(frameMatchesRenderIn(renderer, root, scale: 1), "the frame equals render(in:) of the presentation tree")
            // Nothing changed: nothing drawn.
            #expect(frame(renderer, at: clock.time).isNull)
        }
    }
}

/// A layer class whose every overridable entry point records the thread it runs on.
private final class ThreadCheckingLayer: CALayer, @unchecked Sendable {
    static let threads = NSLock()
    nonisolated(unsafe) static var seen: [pthread_t] = []

    static func note() {
        threads.lock()
        seen.append(pthread_self())
        threads.unlock()
    }

    required init() {
        super.init()
        ThreadCheckingLayer.note()
    }

    required init(layer: Any) {
        super.init(layer: layer)
        ThreadCheckingLayer.note()
    }

    required init?(coder: NSCoder) { nil }

    override func value(forKey key: String) -> Any? {
        ThreadCheckingLayer.note()
        return super.value(forKey: key)
    }

    override func setValue(_ value: Any?, forKey key: String) {
        ThreadCheckingLayer.note()
        super.setValue(value, forKey: key)
    }

    override func draw(in ctx: CGContext) {
        ThreadCheckingLayer.note()
        ctx.setFillColor(CGColor(red: 0, green: 0.5, blue: 0, alpha: 1))
        ctx.fill(bounds)
    }

    override func display() {
        ThreadCheckingLayer.note()
        super.display()
    }

    override func action(forKey event: String) -> (any CAAction)? {
        ThreadCheckingLayer.note()
        return super.action(forKey: event)
    }

    override func layoutSublayers() {
        ThreadCheckingLayer.note()
        super.layoutSublayers()
    }

    override func contains(_ p: CGPoint) -> Bool {
        ThreadCheckingLayer.note()
        return super.contains(p)
    }

    override var frame: CGRect {
        get {
            ThreadCheckingLayer.note()
            return super.frame
        }
        set { super.frame = newValue }
    }
}

@Suite struct RenderSideThreadTests {
    /// The compositor thread draws animated subclass layers, masks and replicated copies from
    /// values only: none of the subclass's code runs anywhere but on the thread that made them.
    @Test func userLayerCodeNeverRunsOnTheCompositorThread() throws {
        try withManualClock { clock in
            let me = pthread_self()
            let root = ThreadCheckingLayer()
            root.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
            let child = ThreadCheckingLayer()
            child.frame = CGRect(x: 10, y: 10, width: 30, height: 30)
            child.setNeedsDisplay()
            let mask = ThreadCheckingLayer()
            mask.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            mask.backgroundColor = CGColor(gray: 0, alpha: 1)
            child.mask = mask
            let replicator = CAReplicatorLayer()
            replicator.instanceCount = 3
            replicator.instanceDelay = 0.1
            replicator.instanceTransform = CATransform3DMakeTranslation(25, 0, 0)
            replicator.frame = root.bounds
            let copy = ThreadCheckingLayer()
            copy.frame = CGRect(x: 5, y: 50, width: 20, height: 20)
            copy.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            replicator.addSublayer(copy)
            root.addSublayer(child)
            root.addSublayer(replicator)
            CATransaction.flush()
            let renderer = try #require(CARenderer(pixelWidth: 120, pixelHeight: 80))
            renderer.layer = root
            let compositor = CompositorThread(renderer: renderer, clock: clock)
            compositor.start()
            defer { compositor.stop() }
            _ = compositor.waitForFrames(1)
            for (layer, key, from, to) in [(child, "position.x", 25.0, 80.0), (mask, "opacity", 1.0, 0.3), (copy, "position.y", 60.0, 20.0)] {
                let animation = CABasicAnimation(keyPath: key)
                animation.fromValue = from
                animation.toValue = to
                animation.duration = 1
                layer.add(animation, forKey: "a")
            }
            CATransaction.flush()
            for n in 2...6 {
                clock.advance(by: 0.15)
                let drawn = compositor.waitForFrames(n)
                #expect(drawn.image != nil)
            }
            #expect(compositor.framesDrawn >= 6)
            ThreadCheckingLayer.threads.lock()
            let threads = ThreadCheckingLayer.seen
            ThreadCheckingLayer.seen = []
            ThreadCheckingLayer.threads.unlock()
            #expect(!threads.isEmpty)
            #expect(threads.allSatisfy { pthread_equal($0, me) != 0 })
        }
    }
}
