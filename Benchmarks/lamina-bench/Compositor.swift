import CoreGraphics
import Foundation
import QuartzCore
import RasterWorkloads

/// `lamina-bench compositor [--json FILE] [--quick]`: the `layer_composite` workload as 1000
/// `CALayer`s (contents = the 16 layer images, frame (x, y, 200, 150), opacity a/255) in a
/// 1920×1080 white root, drawn by `CARenderer` on a manual clock. Each scene times the frame
/// (`beginFrame` … `endFrame`); the commits that change the tree happen before the timer
/// starts, as an app's would before the render server's frame. `shadows` gives every tenth
/// layer a shadow (radius 4): not part of the shared workload, a check on shadowed frames.
func runCompositor(jsonPath: String?, quick: Bool, only: Set<String>? = nil, shadows: Bool = false) {
    guard let workload = Workload.generate("layer_composite"), let source = WorkloadRenderer(workload) else {
        fail("could not set up layer_composite")
    }
    let clock = CAMediaClock(manualTime: 0)
    clock.withCurrent {
        CATransaction.flush()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        var layers: [CALayer] = []
        for (index, item) in workload.items.enumerated() {
            let layer = CALayer()
            layer.contents = source.images[index % 16]
            layer.frame = CGRect(x: item[0], y: item[1], width: 200, height: 150)
            layer.opacity = Float(item[2] / 255)
            if shadows && index % 10 == 0 {
                layer.shadowOpacity = 0.4
                layer.shadowRadius = 4
            }
            root.addSublayer(layer)
            layers.append(layer)
        }
        CATransaction.flush()
        guard let renderer = CARenderer(pixelWidth: 1920, pixelHeight: 1080, scale: 1) else { fail("no renderer") }
        var scenes: [String: Any] = [:]
        renderer.layer = root
        let timer = ContinuousClock()
        func frame() -> Double {
            let start = timer.now
            renderer.renderFrame(atTime: clock.time)
            let d = timer.now - start
            return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
        }
        /// The workloads' protocol: 2 warm-ups, 7…40 repetitions or 1 s; `prepare` runs before
        /// each timed frame, untimed.
        func measure(_ prepare: (Int) -> Void) -> [String: Any] {
            measureFrames(prepare)
        }
        func run(_ name: String, _ prepare: (Int) -> Void) {
            guard only?.contains(name) ?? true else { return }
            scenes[name] = measureFrames(prepare)
        }
        func measureFrames(_ prepare: (Int) -> Void) -> [String: Any] {
            for i in 0..<(quick ? 1 : 2) { prepare(i); _ = frame() }
            var samples: [Double] = []
            var total = 0.0
            var i = 0
            while samples.count < (quick ? 3 : 40) && (samples.count < (quick ? 3 : 7) || total < (quick ? 0 : 1000)) {
                prepare(i)
                let ms = frame()
                samples.append(ms)
                total += ms
                i += 1
            }
            let sorted = samples.sorted()
            return ["median_ms": sorted[sorted.count / 2], "min_ms": sorted[0], "reps": samples.count,
                    "samples_ms": samples, "pixels_last_frame": renderer.lastRenderedPixelCount]
        }
        func quietly(_ body: () -> Void) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            body()
            CATransaction.commit()
        }
        run("first_frame") { _ in renderer.layer = root }
        run("idle_frame") { _ in }
        run("one_layer_moved") { i in
            quietly {
                let step: CGFloat = i % 2 == 0 ? 1 : -1
                layers[500].position.x += 7 * step
                layers[500].position.y += 5 * step
            }
        }
        run("all_layers_opacity") { i in
            quietly {
                for (k, layer) in layers.enumerated() { layer.opacity = Float(128 + (k + i) % 128) / 255 }
            }
        }
        for (k, layer) in layers.enumerated() {
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = layer.position
            move.toValue = CGPoint(x: layer.position.x + CGFloat(k % 40), y: layer.position.y + 30)
            move.duration = 10
            move.repeatCount = .infinity
            move.autoreverses = true
            layer.add(move, forKey: "move")
        }
        CATransaction.flush()
        run("animated_frame") { _ in clock.advance(by: 1.0 / 60) }
        for name in ["first_frame", "idle_frame", "one_layer_moved", "all_layers_opacity", "animated_frame"] where scenes[name] != nil {
            let scene = scenes[name] as? [String: Any] ?? [:]
            let median = scene["median_ms"] as? Double ?? .nan
            print("\(name.padding(toLength: 20, withPad: " ", startingAt: 0)) median \(String(format: "%9.3f", median)) ms  pixels \(scene["pixels_last_frame"] ?? 0)")
        }
        if let jsonPath {
            let document: [String: Any] = ["engine": "lamina-compositor", "scenes": scenes]
            guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]),
                  (try? data.write(to: URL(fileURLWithPath: jsonPath))) != nil else { fail("cannot write \(jsonPath)") }
        }
    }
}
