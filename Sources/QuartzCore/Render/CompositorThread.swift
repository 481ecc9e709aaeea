import Foundation

/// Runs a `CARenderer` on a thread of its own: one frame for every frame of a media clock
/// (60 a second on the system clock, one per `advance(by:)` on a manual clock), so frames and
/// running animations keep coming while the thread that changes layers is busy. The renderer
/// reads only the committed render tree.
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
    private var image: CGImage?
    private var damage = CGRect.null

    /// Called on the compositor thread after each frame that changed something, with the
    /// frame and its damage (points).
    private let present: (@Sendable (CGImage, CGRect) -> Void)?

    /// Frames of `renderer` on `clock`'s frames; `start()` begins.
    package init(renderer: CARenderer, clock: CAMediaClock, present: (@Sendable (CGImage, CGRect) -> Void)? = nil) {
        self.renderer = renderer
        self.clock = clock
        self.present = present
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
        callback = clock.scheduler.addFrameCallback { [weak self] in self?.requestFrame() }
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

    /// Asks for one more frame and waits for it; returns its image and damage (the last
    /// frame's when the thread stops first). The target is taken with the request, under the
    /// same lock, so a frame finishing in between cannot leave the caller waiting for one
    /// nobody asked for.
    package func drawFrameAndWait() -> (image: CGImage?, damage: CGRect) {
        condition.lock()
        defer { condition.unlock() }
        requested += 1
        let target = requested
        condition.signal()
        let deadline = Date(timeIntervalSinceNow: CompositorThread.frameTimeout)
        while completed < target && running { if !condition.wait(until: deadline) { break } }
        return (image, damage)
    }

    /// Asks for one more frame now.
    package func requestFrame() {
        condition.lock()
        requested += 1
        condition.signal()
        condition.unlock()
    }

    /// Blocks until at least `count` frames have been drawn since `start()`; returns the last
    /// frame's image and damage.
    package func waitForFrames(_ count: Int) -> (image: CGImage?, damage: CGRect) {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: CompositorThread.frameTimeout)
        while completed < count && running { if !condition.wait(until: deadline) { break } }
        return (image, damage)
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
            condition.unlock()
            let area = renderer.renderFrame(atTime: clock.time)
            let frame = renderer.makeImage()
            if let present, let frame, !area.isNull, !area.isEmpty { present(frame, area) }
            condition.lock()
            completed += 1
            image = frame
            damage = area
            condition.broadcast()
            condition.unlock()
        }
    }
}
