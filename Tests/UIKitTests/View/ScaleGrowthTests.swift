import CoreGraphics
import QuartzCore
import Testing
import UIKit

/// The scenes of `lamina-bench scale` at two sizes CI can afford: the work counted (tree walks,
/// commits, hierarchy checks, animation checks — `WorkCounter`, counted on the test's thread) for twice the size stays
/// within 2.3 times the work for the size, so nothing grows with the square of the tree.
/// (Counted steps, not time: the machine's load cannot make these flaky.)
private func withoutActions(_ change: () -> Void) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    change()
    CATransaction.commit()
}

@MainActor
@Suite struct ScaleGrowthTests {
    /// The work `scene` counts at size `n`.
    private func work(_ n: Int, _ scene: (Int, CAMediaClock) -> Void) -> Int {
        var counted = 0
        withManualClock { clock in
            counted = WorkCounter.measure { scene(n, clock) }
        }
        return counted
    }

    private func expectLinear(_ name: String, _ small: Int, _ scene: (Int, CAMediaClock) -> Void) {
        expectGrowth(name, small, atMost: 2.3, scene)
    }

    private func expectGrowth(_ name: String, _ small: Int, atMost factor: Double, _ scene: (Int, CAMediaClock) -> Void) {
        let a = work(small, scene), b = work(small * 2, scene)
        #expect(a > 0, "\(name): nothing counted")
        #expect(Double(b) <= factor * Double(a), "\(name): \(a) steps for \(small), \(b) for \(small * 2)")
    }

    @Test func flatLayers() {
        expectLinear("flat layers", 2_000) { n, clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
            var layers: [CALayer] = []
            for i in 0..<n {
                let layer = CALayer()
                layer.frame = CGRect(x: CGFloat(i % 380), y: CGFloat(i / 380 % 280), width: 10, height: 10)
                layer.backgroundColor = CGColor(gray: 0.5, alpha: 1)
                root.addSublayer(layer)
                layers.append(layer)
            }
            CATransaction.flush()
            let renderer = CARenderer(pixelWidth: 400, pixelHeight: 300)!
            renderer.layer = root
            renderer.renderFrame(atTime: clock.time)
            withoutActions { layers[n / 2].position.x += 3 }
            renderer.renderFrame(atTime: clock.time)
            for layer in layers.reversed() { layer.removeFromSuperlayer() }
            CATransaction.flush()
        }
    }

    @Test func viewsInAWindow() {
        expectLinear("views in a window", 1_000) { n, clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
            window.makeKeyAndVisible()
            var views: [UIView] = []
            for i in 0..<n {
                let view = UIView(frame: CGRect(x: CGFloat(i % 380), y: CGFloat(i / 380 % 280), width: 10, height: 10))
                view.backgroundColor = .red
                window.addSubview(view)
                views.append(view)
            }
            window.renderFrame(atTime: clock.time)
            UIView.performWithoutAnimation { views[n / 2].center.x += 3 }
            window.renderFrame(atTime: clock.time)
            _ = window.hitTest(CGPoint(x: 5, y: 5), with: nil)
            for view in views.reversed() { view.removeFromSuperview() }
            window.isHidden = true
            CATransaction.flush()
        }
    }

    @Test func deepChains() {
        expectLinear("a deep chain", 1_000) { n, clock in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
            var parent = root
            for _ in 0..<n {
                let layer = CALayer()
                layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
                parent.addSublayer(layer)
                parent = layer
            }
            parent.backgroundColor = CGColor(gray: 0, alpha: 1)
            CATransaction.flush()
            let renderer = CARenderer(pixelWidth: 100, pixelHeight: 80)!
            renderer.layer = root
            renderer.renderFrame(atTime: clock.time)
            withoutActions { parent.backgroundColor = CGColor(gray: 0.5, alpha: 1) }
            renderer.renderFrame(atTime: clock.time)
            _ = parent.convert(CGPoint.zero, to: root)
            renderer.layer = nil
            root.sublayers = nil
            CATransaction.flush()
        }
    }

    /// Building a deep chain of views in a window: each subview added finds its window and
    /// tint without walking the chain above it.
    @Test func aDeepChainOfViewsInAWindow() {
        expectLinear("a deep chain of views", 1_000) { n, clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 80))
            window.makeKeyAndVisible()
            var parent: UIView = window
            for _ in 0..<n {
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
                parent.addSubview(view)
                _ = view.tintColor
                parent = view
            }
            #expect(parent.window === window)
            #expect(parent.tintColor == window.tintColor)
            window.tintColor = .red
            #expect(parent.tintColor == .red)
            window.isHidden = true
            CATransaction.flush()
        }
    }

    /// A stack view with NaN spacing (counted as 0): the rows of its one simplex group are
    /// indexed, so the work grows at most with the square of its arranged views (it grew
    /// with their cube, and NaN spacing never finished for 5,000 labels).
    /// - Note: The simplex still pivots once per row over every row: quadratic, not linear.
    @Test func aStackWithNaNSpacing() {
        expectGrowth("a stack with NaN spacing", 100, atMost: 4.6) { n, _ in
            let stack = UIStackView(frame: CGRect(x: 0, y: 0, width: 320, height: 10_000))
            stack.axis = .vertical
            stack.spacing = .nan
            for i in 0..<n {
                let label = UILabel()
                label.text = "Row \(i)"
                stack.addArrangedSubview(label)
            }
            stack.layoutIfNeeded()
            let rows = stack.arrangedSubviews
            #expect(rows[1].frame.minY == rows[0].frame.maxY)
        }
    }

    @Test func viewAnimationsWithCompletions() {
        expectLinear("view animations", 500) { n, clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
            window.makeKeyAndVisible()
            var views: [UIView] = []
            for i in 0..<n {
                let view = UIView(frame: CGRect(x: CGFloat(i % 380), y: 0, width: 10, height: 10))
                window.addSubview(view)
                views.append(view)
            }
            CATransaction.flush()
            final class Count { var value = 0 }
            let completed = Count()
            for view in views {
                UIView.animate(withDuration: 0.5, animations: { view.alpha = 0.5 }, completion: { _ in completed.value += 1 })
                CATransaction.flush()
            }
            clock.advance(by: 0.25)
            window.renderFrame(atTime: clock.time)
            clock.advance(by: 0.5)
            window.renderFrame(atTime: clock.time)
            #expect(completed.value == n)
            for view in views { view.removeFromSuperview() }
            window.isHidden = true
            CATransaction.flush()
        }
    }
}
