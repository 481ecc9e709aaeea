import Foundation

/// A value shared between threads, reached only under its lock.
///
/// Lamina uses this rather than the standard library's `Mutex` for state the render side
/// shares: `Mutex` on Linux locks through atomics and futexes inside the prebuilt
/// Synchronization module, which ThreadSanitizer cannot see, so every access it guards would
/// be reported as a race and CI's sanitizer run could not tell real races from those. This
/// lock is a `pthread_mutex_t` (through `NSLock`), which ThreadSanitizer understands.
/// `@unchecked Sendable`: the value is only touched inside `withLock`.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Steps of work counted in debug builds (tree walks, commits, hierarchy checks), so tests can
/// tell linear from super-linear growth by comparing two sizes' counts instead of timing them.
/// Counting is per thread, inside `measure(_:)` only (walks that move to fresh stacks carry
/// the count along); release builds count nothing.
package enum WorkCounter {
    private final class Box {
        var steps = 0
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Counts `n` steps.
    @inline(__always)
    package static func count(_ n: Int = 1) {
        #if DEBUG
        if let raw = pthread_getspecific(key) { Unmanaged<Box>.fromOpaque(raw).takeUnretainedValue().steps += n }
        #endif
    }

    /// The steps `body` counts on this thread.
    package static func measure(_ body: () -> Void) -> Int {
        let box = Box()
        let saved = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(box).toOpaque())
        body()
        pthread_setspecific(key, saved)
        return box.steps
    }

    /// This thread's counter, for handing a walk to another thread that this one waits for.
    package static var current: UnsafeMutableRawPointer? {
        get { pthread_getspecific(key) }
        set { pthread_setspecific(key, newValue) }
    }
}
