import Foundation

/// Custom animatable properties whose class redraws for them (`needsDisplay(forKey:)`): as
/// iOS does in the app process, the thread that owns the layers redraws the presentation copy
/// at every frame of the clock and hands its contents to the render tree, so the compositor
/// shows the in-flight values without ever running the layer's drawing code itself.
final class AnimatedRedraw {
    private weak var layer: CALayer?
    private let clock: CAMediaClock
    private var callback: Int?

    /// The layers being redrawn, by identity (one entry per layer).
    nonisolated(unsafe) private static var active: [ObjectIdentifier: AnimatedRedraw] = [:]
    private static let lock = NSLock()

    private init(layer: CALayer, clock: CAMediaClock) {
        self.layer = layer
        self.clock = clock
    }

    /// Whether `layer` runs an animation of a key its class redraws for.
    static func needsRedraw(_ layer: CALayer) -> Bool {
        layer.runningAnimations.contains { animation in
            let paths: [String]
            if let group = animation as? CAAnimationGroup {
                paths = (group.animations ?? []).compactMap { ($0 as? CAPropertyAnimation)?.keyPath }
            } else {
                paths = [(animation as? CAPropertyAnimation)?.keyPath].compactMap { $0 }
            }
            return paths.contains { type(of: layer).needsDisplay(forKey: String($0.prefix { $0 != "." })) }
        }
    }

    /// Called at a commit: starts redrawing `layer` every frame while it needs it, and draws
    /// the first frame's contents now.
    static func follow(_ layer: CALayer, on clock: CAMediaClock) {
        guard needsRedraw(layer) else { return }
        let key = ObjectIdentifier(layer)
        let redraw: AnimatedRedraw = lock.withLock {
            if let existing = active[key], existing.layer === layer { return existing }
            let made = AnimatedRedraw(layer: layer, clock: clock)
            active[key] = made
            return made
        }
        if redraw.callback == nil {
            redraw.callback = clock.scheduler.addFrameCallback { [weak redraw] in redraw?.frame() }
        }
        redraw.frame()
    }

    /// One frame: the presentation copy drawn at the clock's time, its contents committed; once
    /// nothing animates a redrawn key any more, the model's contents go back and this stops.
    private func frame() {
        guard let layer, layer.renderID >= 0, AnimatedRedraw.needsRedraw(layer) else {
            stop()
            return
        }
        guard let shown = clock.withCurrent({ layer.makePresentation() }) else { return }
        shown.display()
        RenderTree.shared.commitContents(layer.renderID, CALayer.contentsImage(shown.contents, scale: shown.contentsScale))
    }

    private func stop() {
        if let callback { clock.scheduler.removeFrameCallback(callback) }
        callback = nil
        if let layer {
            let key = ObjectIdentifier(layer)
            AnimatedRedraw.lock.withLock { if AnimatedRedraw.active[key] === self { AnimatedRedraw.active[key] = nil } }
            if layer.renderID >= 0 { RenderTree.shared.commitContents(layer.renderID, layer.committedValue?.contents) }
        } else {
            AnimatedRedraw.lock.withLock { AnimatedRedraw.active = AnimatedRedraw.active.filter { $0.value !== self } }
        }
    }
}
