#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Recursion over trees of any depth without overflowing a thread's stack.
///
/// Tree walks that are naturally recursive (drawing a layer tree through nested graphics
/// states, tearing down a chain of views) call `nest(_:)` around each level. Every
/// `levelsPerStack` levels the walk continues on a fresh thread with a stack of its own
/// (`stackBytes`) while the thread below waits for it, so a 100,000-deep chain uses 1,563 such
/// segments instead of a stack 100 times deeper than any thread has. Only one thread runs at
/// a time, so the walk's state needs no locks.
package enum DeepRecursion {
    /// Levels run on one stack before the walk moves to a new one.
    package static let levelsPerStack = 64
    /// Each continuation thread's stack.
    package static let stackBytes = 4 << 20

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The nesting depth on this thread (continuation threads start where their caller was).
    private static var depth: Int {
        get { Int(bitPattern: pthread_getspecific(key)) }
        set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }

    /// Runs `body` one level deeper: here, or on a fresh stack when this stack holds enough.
    @inline(__always)
    package static func nest<Result>(_ body: () -> Result) -> Result {
        let level = depth + 1
        if level % levelsPerStack != 0 {
            depth = level
            defer { depth = level - 1 }
            return body()
        }
        return onFreshStack(level: level, body)
    }

    /// A frame of work handed to a continuation thread.
    private final class Handoff {
        let run: () -> Void
        let level: Int
        let counter = WorkCounter.current
        init(level: Int, run: @escaping () -> Void) {
            self.level = level
            self.run = run
        }
    }

    private static func onFreshStack<Result>(level: Int, _ body: () -> Result) -> Result {
        var result: Result?
        withoutActuallyEscaping(body) { body in
            let handoff = Handoff(level: level) { result = body() }
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, stackBytes)
            var thread = pthread_t()
            let context = Unmanaged.passRetained(handoff).toOpaque()
            let started = pthread_create(&thread, &attributes, { raw in
                let handoff = Unmanaged<Handoff>.fromOpaque(raw!).takeRetainedValue()
                DeepRecursion.depth = handoff.level
                WorkCounter.current = handoff.counter
                handoff.run()
                return nil
            }, context)
            if started == 0 {
                pthread_join(thread, nil)
            } else {
                // No thread to be had: carry on here (as deep as this stack allows).
                let handoff = Unmanaged<Handoff>.fromOpaque(context).takeRetainedValue()
                let saved = depth
                depth = handoff.level
                handoff.run()
                depth = saved
            }
        }
        return result!
    }
}

/// Tearing down trees of any depth: a node's deinit hands its children here instead of
/// letting them go inside its own deinit, so freeing a chain of 100,000 layers or views
/// runs one loop rather than 100,000 nested deinits.
package enum IterativeRelease {
    /// The children waiting to be let go on this thread, while a release loop runs.
    private final class Drain {
        var pending: [AnyObject] = []
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Lets go of `children` (leaving the array empty): in a loop here, or, inside another
    /// node's release, by adding them to that loop.
    package static func release<Node: AnyObject>(_ children: inout [Node]) {
        guard !children.isEmpty else { return }
        if let raw = pthread_getspecific(key) {
            Unmanaged<Drain>.fromOpaque(raw).takeUnretainedValue().pending.append(contentsOf: children as [AnyObject])
            children = []
            return
        }
        let drain = Drain()
        drain.pending = children as [AnyObject]
        children = []
        pthread_setspecific(key, Unmanaged.passUnretained(drain).toOpaque())
        while !drain.pending.isEmpty {
            // The last reference goes at the end of this statement; a node freed here adds
            // its own children to `pending`.
            _ = drain.pending.removeLast()
        }
        pthread_setspecific(key, nil)
    }
}
