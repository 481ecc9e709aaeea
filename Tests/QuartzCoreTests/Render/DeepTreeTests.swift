import Foundation
import LaminaTestSupport
import QuartzCore
import Testing

/// Trees as deep as real renders reach: a chain of layers, each the only sublayer of the one
/// above, drawn by the compositor and by `render(in:)`, changed at its deepest layer, and
/// freed — without overflowing any thread's stack.
@Suite struct DeepTreeTests {
    /// A chain of `depth` layers filling the root, each 1 point in from its parent's left edge
    /// until 50 points in, the deepest one red.
    private func chain(_ depth: Int) -> (root: CALayer, deepest: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        var parent = root
        for level in 0..<depth {
            let layer = CALayer()
            layer.frame = CGRect(x: level < 50 ? 1 : 0, y: 0, width: 40, height: 40)
            parent.addSublayer(layer)
            parent = layer
        }
        parent.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        return (root, parent)
    }

    /// Hit-testing walks the chain without recursion (a hostile 60,000-deep chain overflowed
    /// the stack), still asking layer classes that override `hitTest(_:)`.
    @Test(arguments: [1_000, 60_000])
    func aDeepChainHitTests(_ depth: Int) {
        let (root, deepest) = chain(depth)
        #expect(root.hitTest(CGPoint(x: 70, y: 20)) === deepest)
        #expect(root.hitTest(CGPoint(x: 45, y: 20)) !== deepest)
    }

    @Test func aLayerThatOverridesHitTestIsAsked() {
        final class Refusing: CALayer {
            override func hitTest(_ p: CGPoint) -> CALayer? { nil }
        }
        let (root, deepest) = chain(10)
        let refusing = Refusing()
        refusing.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        deepest.addSublayer(refusing)
        #expect(root.hitTest(CGPoint(x: 30, y: 20)) === deepest)
        let inner = CALayer()
        inner.frame = refusing.bounds
        refusing.addSublayer(inner)
        #expect(root.hitTest(CGPoint(x: 30, y: 20)) === deepest)
    }

    @Test(arguments: [5_000, 20_000])
    func aDeepChainDrawsChangesAndFrees(_ depth: Int) throws {
        try withManualClock { clock in
            weak var freed: CALayer?
            try { () throws -> Void in
                let (root, deepest) = chain(depth)
                freed = deepest
                CATransaction.flush()
                let renderer = try #require(CARenderer(pixelWidth: 100, pixelHeight: 80))
                renderer.layer = root
                #expect(renderer.renderFrame(atTime: clock.time) == root.bounds)
                let frame = ReferenceImage.pixels(of: try #require(renderer.makeImage()))
                // The red square sits 50 points in (one point per level for the first 50).
                let at = { (x: Int, y: Int) in Array(frame[(y * 100 + x) * 4..<(y * 100 + x) * 4 + 4]) }
                #expect(at(70, 20) == [255, 0, 0, 255])
                #expect(at(45, 20) == [255, 255, 255, 255])
                // A change at the bottom repaints just its footprint.
                withoutActions { deepest.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
                #expect(renderer.renderFrame(atTime: clock.time) == CGRect(x: 49, y: -1, width: 42, height: 42).intersection(root.bounds))
                #expect(frameMatchesRenderIn(renderer, root, scale: 1), "the frame equals render(in:)")
                #expect(deepest.convert(CGPoint.zero, to: root) == CGPoint(x: 50, y: 0))
                renderer.layer = nil
            }()
            #expect(freed == nil)
        }
    }
}
