import Foundation

/// Runs a `CARenderer` on a thread of its own, so frames and running animations keep coming
/// while the thread that changes layers is busy. Frames follow a media clock's frames (60 a
/// second on the system clock, one per `advance(by:)` on a manual clock) or, when made with
/// `pacedByClock: false`, whoever calls `requestFrame()` (a display's refresh). The renderer
/// reads only the committed render tree; nothing copies its bitmap unless a caller asks.
///
/// `@unchecked Sendable`: its mutable state is guarded by `condition`; the renderer is used
/// only by the loop's thread, and by `makeImage()` under the lock while the loop is idle.
package final class CompositorThread: @unchecked Sendable {
    private let renderer: CARenderer
    private let clock: CAMediaClock
    private let condition = NSCondition()
    private var requested = 0
    private var completed = 0
    private var running = false
    /// Whether a loop is still running on its thread (it may outlive `running` by a frame).
    private var loopActive = false
    private var callback: Int?
    /// Whether the loop is drawing a frame (the bitmap is being written).
    private var drawing = false
    private var damage = CGRect.null
    private let pacedByClock: Bool

    /// Called on the compositor thread after each frame that changed something, with its
    /// damage (points).
    private let present: (@Sendable (CGRect) -> Void)?
    /// Called on the compositor thread after each frame with whether more frames would
    /// differ (something animates): a display pauses its refresh while they would not.
    private let animating: (@Sendable (Bool) -> Void)?

    /// Frames of `renderer` on `clock`'s frames (or, unless `pacedByClock`, on request);
    /// `start()` begins.
    package init(renderer: CARenderer, clock: CAMediaClock, pacedByClock: Bool = true, present: (@Sendable (CGRect) -> Void)? = nil,
                 animating: (@Sendable (Bool) -> Void)? = nil) {
        self.renderer = renderer
        self.clock = clock
        self.pacedByClock = pacedByClock
        self.present = present
        self.animating = animating
    }

    /// Starts the thread, draws a first frame, and follows the clock's frames.
    package func start() {
        condition.lock()
        guard !running else {
            condition.unlock()
            return
        }
        running = true
        loopActive = true
        requested += 1
        condition.unlock()
        let thread = Thread { [self] in loop() }
        thread.name = "Lamina compositor"
        thread.start()
        if pacedByClock { callback = clock.scheduler.addFrameCallback { [weak self] in self?.requestFrame() } }
    }

    /// Stops following the clock and waits for the thread to end (after the frame it may be
    /// drawing), so a later `start()` never has two threads drive one renderer.
    package func stop() {
        if let callback { clock.scheduler.removeFrameCallback(callback) }
        callback = nil
        condition.lock()
        running = false
        condition.broadcast()
        while loopActive { condition.wait() }
        condition.unlock()
    }

    /// Asks for one more frame and waits for it; returns its damage (the last frame's when
    /// the thread stops first). The target is taken with the request, under the same lock, so
    /// a frame finishing in between cannot leave the caller waiting for one nobody asked for.
    package func drawFrameAndWait() -> CGRect {
        condition.lock()
        defer { condition.unlock() }
        requested += 1
        let target = requested
        condition.signal()
        let deadline = Date(timeIntervalSinceNow: CompositorThread.frameTimeout)
        while completed < target && running { if !condition.wait(until: deadline) { break } }
        return damage
    }

    /// A copy of the bitmap as the last frame left it, taken between frames.
    package func makeImage() -> CGImage? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: CompositorThread.frameTimeout)
        while drawing { if !condition.wait(until: deadline) { return nil } }
        return renderer.makeImage()
    }

    /// Asks for one more frame now.
    package func requestFrame() {
        condition.lock()
        requested += 1
        condition.signal()
        condition.unlock()
    }

    /// Blocks until at least `count` frames have been drawn since `start()`; returns the
    /// bitmap then (a copy) and the last frame's damage.
    package func waitForFrames(_ count: Int) -> (image: CGImage?, damage: CGRect) {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: CompositorThread.frameTimeout)
        while (completed < count || drawing) && running { if !condition.wait(until: deadline) { break } }
        return (renderer.makeImage(), damage)
    }

    /// Blocks until at least `count` frames have been drawn since `start()` (copies nothing).
    package func waitUntilDrawn(_ count: Int) {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: CompositorThread.frameTimeout)
        while completed < count && running { if !condition.wait(until: deadline) { break } }
    }

    /// How long a caller waits for a frame before giving up with the last one: a frame takes
    /// milliseconds, so only a broken renderer reaches this, and it then fails instead of
    /// hanging its caller.
    static let frameTimeout: TimeInterval = 10

    /// Frames drawn so far.
    package var framesDrawn: Int {
        condition.lock()
        defer { condition.unlock() }
        return completed
    }

    private func loop() {
        while true {
            condition.lock()
            while running && requested <= completed { condition.wait() }
            guard running else {
                loopActive = false
                condition.broadcast()
                condition.unlock()
                return
            }
            drawing = true
            condition.unlock()
            let area = renderer.renderFrame(atTime: clock.time)
            if let present, !area.isNull, !area.isEmpty { present(area) }
            animating?(renderer.nextFrameTime().isFinite)
            condition.lock()
            drawing = false
            completed += 1
            damage = area
            condition.broadcast()
            condition.unlock()
        }
    }
}
