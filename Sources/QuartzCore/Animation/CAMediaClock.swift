#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// A time interval in seconds, as Core Animation's timing APIs use it.
public typealias CFTimeInterval = Double

/// The current media time in seconds: the time of `CAMediaClock.current`, which is the
/// monotonic system clock unless a manual clock has been installed.
public func CACurrentMediaTime() -> CFTimeInterval {
    CAMediaClock.current.time
}

/// The clock that Core Animation reads its media time from, and that delivers animation
/// completions.
///
/// The system clock (`CAMediaClock()`) follows the monotonic clock of the machine and delivers
/// completions on the main queue. A manual clock (`CAMediaClock(manualTime:)`) stands still
/// until `advance(by:)` moves it; advancing delivers every completion that became due, on the
/// advancing thread, before it returns. Tests and headless rendering run on manual clocks so
/// that no one sleeps and every run sees the same instants.
///
/// `CAMediaClock.current` is the clock bound to the current task with `withCurrent(_:)`, or
/// else `CAMediaClock.main`, which an app (or a headless renderer) may replace.
///
/// - Note: Differs from Apple: Apple's media time always follows the hardware clock; this type
///   is a Lamina extension that makes it injectable.
public final class CAMediaClock: @unchecked Sendable {
    private let lock = NSLock()
    /// Whether the clock moves only when `advance(by:)` is called.
    public let isManual: Bool
    private var manualNow: CFTimeInterval
    /// Animation completions and frame callbacks waiting for this clock's time to pass.
    package let scheduler: AnimationScheduler

    /// The system clock: seconds of the machine's monotonic clock.
    public init() {
        isManual = false
        manualNow = 0
        scheduler = AnimationScheduler()
        scheduler.clock = self
    }

    /// A clock standing at `manualTime` seconds (0 if not finite) until it is advanced.
    public init(manualTime: CFTimeInterval) {
        isManual = true
        manualNow = manualTime.isFinite ? manualTime : 0
        scheduler = AnimationScheduler()
        scheduler.clock = self
    }

    /// The clock's current time in seconds.
    public var time: CFTimeInterval {
        guard isManual else { return CAMediaClock.monotonicSeconds() }
        lock.lock()
        defer { lock.unlock() }
        return manualNow
    }

    /// Moves a manual clock forward by `seconds`, then delivers, on this thread, the animation
    /// stops, transaction completions and display-link callbacks that became due. Negative,
    /// NaN and infinite steps, and calls on the system clock, change nothing.
    public func advance(by seconds: CFTimeInterval) {
        guard isManual, seconds.isFinite, seconds >= 0 else { return }
        lock.lock()
        manualNow += seconds
        lock.unlock()
        scheduler.deliverDue()
    }

    /// Runs `body` with this clock as `CAMediaClock.current` for the current task (and the
    /// tasks it creates); other threads and tasks keep their clock.
    public func withCurrent<Result>(_ body: () throws -> Result) rethrows -> Result {
        try CAMediaClock.$bound.withValue(self, operation: body)
    }

    /// `withCurrent(_:)` for asynchronous work.
    public func withCurrent<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        try await CAMediaClock.$bound.withValue(self, operation: body)
    }

    @TaskLocal private static var bound: CAMediaClock?

    private static let mainLock = NSLock()
    nonisolated(unsafe) private static var mainClock = CAMediaClock()

    /// The clock used where no task has bound one: the system clock unless replaced.
    public static var main: CAMediaClock {
        get {
            mainLock.lock()
            defer { mainLock.unlock() }
            return mainClock
        }
        set {
            mainLock.lock()
            mainClock = newValue
            mainLock.unlock()
        }
    }

    /// The clock in effect here: the one bound to the current task, else `main`.
    public static var current: CAMediaClock { bound ?? main }

    private static func monotonicSeconds() -> CFTimeInterval {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return CFTimeInterval(spec.tv_sec) + CFTimeInterval(spec.tv_nsec) * 1e-9
    }
}
