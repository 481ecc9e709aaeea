import Testing
import UIKit

/// A ring whose `progress` animates inside `UIView.animate`, written as iOS code writes it:
/// the layer copies the block's timing from the animation UIKit gives a standard key.
private final class RingLayer: CALayer {
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }
    /// An ordinary stored property, carried to presentation copies by `init(layer:)`.
    var ringWidth: CGFloat = 1

    required init() {
        super.init()
    }

    required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? RingLayer { ringWidth = other.ringWidth }
    }

    required init?(coder: NSCoder) { nil }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    var timingSeen: (duration: CFTimeInterval, timing: CAMediaTimingFunction?)?

    override func action(forKey event: String) -> (any CAAction)? {
        if event == "progress", let template = super.action(forKey: "opacity") as? CABasicAnimation {
            timingSeen = (template.duration, template.timingFunction)
            let animation = CABasicAnimation(keyPath: event)
            animation.duration = template.duration
            animation.timingFunction = template.timingFunction
            animation.beginTime = template.beginTime
            animation.fillMode = template.fillMode
            animation.fromValue = presentation()?.progress ?? progress
            return animation
        }
        return super.action(forKey: event)
    }

    override func draw(in ctx: CGContext) {
        RingLayer.drawLog.append((progress, ringWidth))
    }

    nonisolated(unsafe) static var drawLog: [(CGFloat, CGFloat)] = []
}

private final class RingView: UIView {
    override class var layerClass: AnyClass { RingLayer.self }
    var ring: RingLayer { layer as! RingLayer }
}

@MainActor
@Suite(.serialized) struct CustomLayerPropertyAnimationTests {
    @Test func aCustomPropertyTakesTheBlocksDurationAndCurve() throws {
        withManualClock { clock in
            let view = RingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            view.ring.ringWidth = 6
            CATransaction.flush()
            UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear]) {
                view.ring.progress = 1
            }
            let seen = view.ring.timingSeen
            #expect(seen?.duration == 2)
            var first: [Float] = [0, 0], second: [Float] = [0, 0]
            seen?.timing?.getControlPoint(at: 1, values: &first)
            seen?.timing?.getControlPoint(at: 2, values: &second)
            #expect(first == [0, 0] && second == [1, 1])
            #expect(view.ring.animation(forKey: "progress") != nil)
            CATransaction.flush()
            clock.advance(by: 0.5)
            let presentation = view.ring.presentation()
            #expect(abs((presentation?.progress ?? -1) - 0.25) < 1e-6)
            // The presentation copy carries the subclass's stored property.
            #expect(presentation?.ringWidth == 6)
        }
    }

    @Test func outsideABlockTheStandardKeyHasNoAnimation() {
        withManualClock { _ in
            let view = RingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            CATransaction.flush()
            view.ring.progress = 1
            #expect(view.ring.timingSeen == nil)
            #expect(view.ring.animation(forKey: "progress") == nil)
        }
    }

    @Test func theFirstFrameAfterTheChangeDrawsWithTheSubclassesState() {
        withManualClock { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            let view = RingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            view.ring.ringWidth = 6
            view.layer.setNeedsDisplay()
            window.addSubview(view)
            window.isHidden = false
            CATransaction.flush()
            RingLayer.drawLog.removeAll()
            view.ring.ringWidth = 9
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) {
                view.ring.progress = 1
            }
            CATransaction.flush()
            // The commit drew the model, then the first in-flight frame from a presentation copy.
            #expect(RingLayer.drawLog.last.map { $0.1 } == 9)
            #expect(RingLayer.drawLog.last.map { abs($0.0) < 1e-6 } == true)
            clock.advance(by: 0.5)
            let presentation = view.ring.presentation()
            presentation?.display()
            #expect(RingLayer.drawLog.last.map { $0.1 } == 9)
            #expect(RingLayer.drawLog.last.map { abs($0.0 - 0.5) < 1e-6 } == true)
            window.isHidden = true
        }
    }
}
