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
