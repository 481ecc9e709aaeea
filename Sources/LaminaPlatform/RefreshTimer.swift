import Dispatch
import Foundation

/// A surface's refresh where the display gives none to follow: a timer at `framesPerSecond`
/// on a queue of its own that exists only while frames are wanted and a handler listens, so
/// an idle window wakes nothing. Thread-safe: the compositor turns it on and off from its
/// thread, UIKit from the main thread.
package final class RefreshTimer: @unchecked Sendable {
    package let framesPerSecond: Double
    private let queue: DispatchQueue
    private let lock = NSLock()
    private var handler: (@Sendable () -> Void)?
    private var wanted = false
    private var timer: DispatchSourceTimer?

    package init(label: String, framesPerSecond: Double) {
        self.framesPerSecond = framesPerSecond
        queue = DispatchQueue(label: label)
    }

    deinit {
        timer?.cancel()
    }

    /// What each tick calls; replacing it stops the old one.
    package func setHandler(_ handler: (@Sendable () -> Void)?) {
        lock.withLock {
            self.handler = handler
            update()
        }
    }

    /// Whether ticks are wanted.
    package var wantsFrames: Bool {
        get { lock.withLock { wanted } }
        set {
            lock.withLock {
                guard wanted != newValue else { return }
                wanted = newValue
                update()
            }
        }
    }

    /// Whether the timer exists (only while frames are wanted and someone listens).
    package var isRunning: Bool { lock.withLock { timer != nil } }

    /// Starts or stops the timer to match; called with `lock` held.
    private func update() {
        guard wanted && handler != nil else {
            timer?.cancel()
            timer = nil
            return
        }
        guard timer == nil else { return }
        let timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        timer.schedule(deadline: .now(), repeating: 1 / framesPerSecond, leeway: .microseconds(500))
        timer.setEventHandler { [weak self] in
            guard let self, let handler = self.lock.withLock({ self.wanted ? self.handler : nil }) else { return }
            handler()
        }
        self.timer = timer
        timer.resume()
    }
}
