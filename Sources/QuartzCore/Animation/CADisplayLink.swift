/// A timer synchronized with frames: while added to a run loop and not paused, it calls its
/// target once per frame with the frame's timestamps.
///
/// Frames come from the media clock current when the link is added: the system clock ticks
/// 60 times a second on the main queue; a manual clock gives one frame per `advance(by:)`,
/// delivered on the advancing thread, whose `duration` is the step.
///
/// A selector (`Selector("step:")`, registered in `SelectorTable`) names the method as on iOS;
/// Lamina also takes an unapplied method reference, `CADisplayLink(target: self, selector:
/// Ticker.step)` for `func step(_ link: CADisplayLink)`, or a closure (`init(handler:)`).
///
/// - Note: Differs from Apple: the run loop and mode are accepted for source compatibility;
///   frames are delivered as described above.
open class CADisplayLink: NSObject {
    private var handler: ((CADisplayLink) -> Void)?
    private var clock: CAMediaClock?
    private var registration: Int?
    private var lastFrameTime: CFTimeInterval?

    /// The time of the frame being delivered.
    open private(set) var timestamp: CFTimeInterval = 0
    /// The time of the next frame.
    open private(set) var targetTimestamp: CFTimeInterval = 0
    /// The time between the last two frames (1/60 s before the second frame).
    open private(set) var duration: CFTimeInterval = 1.0 / 60
    /// Whether frames are skipped for now.
    open var isPaused = false
    /// The frame rate asked for; 0 means the display's rate.
    ///
    /// - Note: Differs from Apple: stored only; every clock frame is delivered.
    open var preferredFramesPerSecond: Int = 0

    /// How many frames pass between calls (1 by default: every frame); values below 1 are
    /// ignored, as on iOS.
    @available(*, deprecated, renamed: "preferredFramesPerSecond")
    open var frameInterval: Int {
        get { storedFrameInterval }
        set { if newValue >= 1 { storedFrameInterval = newValue } }
    }
    private var storedFrameInterval = 1
    /// Frames delivered by the clock since the last call.
    private var framesSinceCall = 0

    /// A link that calls `selector` on `target` each frame; the link keeps `target` alive until
    /// it is invalidated.
    public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void) {
        handler = { link in selector(target)(link) }
        super.init()
    }

    /// A link that sends `sel` to `target` each frame, with the link as the argument (the
    /// method is found through `SelectorTable`); the link keeps `target` alive until it is
    /// invalidated.
    public convenience init(target: Any, selector sel: Selector) {
        let object = target as AnyObject
        self.init(handler: { link in SelectorTable.send(sel, to: object, with: [link]) })
    }

    /// A link that calls `handler` each frame.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
        super.init()
    }

    /// Starts delivering frames (from the current media clock).
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard registration == nil, handler != nil else { return }
        let clock = CAMediaClock.current
        self.clock = clock
        lastFrameTime = clock.time
        // The run loop keeps the link (and so its target) alive until it is removed or
        // invalidated, as on iOS: the callback holds it strongly.
        registration = clock.scheduler.addFrameCallback { self.frame() }
        clock.scheduler.deliverDue(newFrame: false)
    }

    /// Stops delivering frames.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        unregister()
    }

    /// Stops delivering frames for good and releases the target.
    open func invalidate() {
        unregister()
        handler = nil
    }

    private func unregister() {
        if let registration, let clock { clock.scheduler.removeFrameCallback(registration) }
        registration = nil
    }

    private func frame() {
        guard let clock, let handler else { return }
        let now = clock.time
        if let last = lastFrameTime, now > last { duration = now - last }
        lastFrameTime = now
        guard !isPaused else { return }
        framesSinceCall += 1
        guard framesSinceCall >= storedFrameInterval else { return }
        framesSinceCall = 0
        timestamp = now
        targetTimestamp = now + duration
        handler(self)
    }
}
