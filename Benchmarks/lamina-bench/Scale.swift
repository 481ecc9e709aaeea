import Foundation
import QuartzCore
import UIKit

/// `lamina-bench scale [--quick]`: trees the size real apps and server renders reach, each
/// scene timed phase by phase (build, commit, first frame, one change and its frame,
/// teardown) on a manual clock: 100,000 flat layers, 100,000 views in a window, 10,000- and
/// 100,000-deep layer chains, and 10,000 view animations with completion closures.
@MainActor
func runScale(quick: Bool) {
    let n = quick ? 10 : 1
    let timer = ContinuousClock()
    var start = timer.now
    var phases: [(String, Double)] = []
    func lap(_ name: String) {
        let now = timer.now
        phases.append((name, milliseconds(now - start)))
        start = now
    }
    func report(_ scene: String) {
        let total = phases.reduce(0) { $0 + $1.1 }
        let parts = phases.map { "\($0.0) \(String(format: "%.1f", $0.1))" }.joined(separator: ", ")
        print("\(scene): \(String(format: "%.0f", total)) ms (\(parts))")
        phases = []
    }
    let clock = CAMediaClock(manualTime: 0)
    clock.withCurrent {
        CATransaction.flush()
        // 100,000 flat layers.
        do {
            start = timer.now
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            var layers: [CALayer] = []
            for i in 0..<(100_000 / n) {
                let layer = CALayer()
                layer.frame = CGRect(x: CGFloat(i % 1900), y: CGFloat(i / 1900 % 1060), width: 20, height: 20)
                layer.backgroundColor = CGColor(red: CGFloat(i % 7) / 7, green: 0.5, blue: 0.5, alpha: 1)
                root.addSublayer(layer)
                layers.append(layer)
            }
            lap("build")
            CATransaction.flush()
            lap("commit")
            guard let renderer = CARenderer(pixelWidth: 1920, pixelHeight: 1080) else { fail("no renderer") }
            renderer.layer = root
            renderer.renderFrame(atTime: clock.time)
            lap("first frame")
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layers[layers.count / 2].position.x += 7
            CATransaction.commit()
            renderer.renderFrame(atTime: clock.time)
            lap("one change")
            root.sublayers = nil
            layers = []
            CATransaction.flush()
            renderer.layer = nil
            lap("teardown")
            report("flat_layers_\(100_000 / n)")
        }
        // 100,000 views in a window.
        do {
            start = timer.now
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1920, height: 1080))
            window.backgroundColor = .white
            window.makeKeyAndVisible()
            var views: [UIView] = []
            for i in 0..<(100_000 / n) {
                let view = UIView(frame: CGRect(x: CGFloat(i % 1900), y: CGFloat(i / 1900 % 1060), width: 20, height: 20))
                view.backgroundColor = .systemBlue
                window.addSubview(view)
                views.append(view)
            }
            lap("build")
            CATransaction.flush()
            lap("commit")
            window.renderFrame(atTime: clock.time)
            lap("first frame")
            UIView.performWithoutAnimation { views[views.count / 2].center.x += 7 }
            window.renderFrame(atTime: clock.time)
            lap("one change")
            for view in views { view.removeFromSuperview() }
            views = []
            window.isHidden = true
            CATransaction.flush()
            lap("teardown")
            report("views_in_window_\(100_000 / n)")
        }
        // Deep chains.
        for depth in [10_000 / n, 100_000 / n] {
            start = timer.now
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
            var parent = root
            for level in 0..<depth {
                let layer = CALayer()
                layer.frame = CGRect(x: level < 100 ? 1 : 0, y: 0, width: 200, height: 200)
                parent.addSublayer(layer)
                parent = layer
            }
            parent.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            lap("build")
            CATransaction.flush()
            lap("commit")
            guard let renderer = CARenderer(pixelWidth: 400, pixelHeight: 300) else { fail("no renderer") }
            renderer.layer = root
            renderer.renderFrame(atTime: clock.time)
            lap("first frame")
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            parent.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.commit()
            renderer.renderFrame(atTime: clock.time)
            lap("one change")
            renderer.layer = nil
            root.sublayers = nil
            CATransaction.flush()
            lap("teardown")
            report("chain_\(depth)")
        }
        // 10,000 view animations with completions.
        do {
            start = timer.now
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 800, height: 600))
            window.makeKeyAndVisible()
            var views: [UIView] = []
            for i in 0..<(10_000 / n) {
                let view = UIView(frame: CGRect(x: CGFloat(i % 780), y: CGFloat(i / 780 % 580), width: 10, height: 10))
                window.addSubview(view)
                views.append(view)
            }
            CATransaction.flush()
            lap("build")
            final class Count { var value = 0 }
            let completed = Count()
            for view in views {
                UIView.animate(withDuration: 0.5, animations: { view.alpha = 0.5 }, completion: { _ in completed.value += 1 })
            }
            CATransaction.flush()
            lap("animate + commit")
            window.renderFrame(atTime: clock.time)
            lap("first frame")
            clock.advance(by: 0.25)
            window.renderFrame(atTime: clock.time)
            lap("one change")
            clock.advance(by: 0.5)
            window.renderFrame(atTime: clock.time)
            if completed.value != views.count { fail("\(completed.value) of \(views.count) completions ran") }
            for view in views { view.removeFromSuperview() }
            views = []
            window.isHidden = true
            CATransaction.flush()
            lap("finish + teardown")
            report("view_animations_\(10_000 / n)")
        }
    }
}
