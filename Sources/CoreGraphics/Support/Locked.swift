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
    /// Only reached under `lock`, so Swift's dynamic exclusivity checks are left out.
    @exclusivity(unchecked) private var value: Value

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
