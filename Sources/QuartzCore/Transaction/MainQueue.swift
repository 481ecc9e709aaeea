import Dispatch
import Foundation
import Synchronization

/// Whether code runs on the main queue: the main thread's queue in an app, and the queue the
/// main actor runs on everywhere (a test runner may drain it on another thread, so
/// `Thread.isMainThread` is not the test).
package enum MainQueue {
    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    /// The main thread, once seen (0 before): asking the system costs two system calls on
    /// Linux, and every layer property change asks.
    private static let mainThread = Atomic<UInt>(0)

    package static var isCurrent: Bool {
        let me = UInt(bitPattern: Int(bitPattern: UInt(pthread_self())))
        let main = mainThread.load(ordering: .relaxed)
        if main != 0 {
            if main == me { return true }
        } else if Thread.isMainThread {
            mainThread.store(me, ordering: .relaxed)
            return true
        }
        return DispatchQueue.getSpecific(key: key) == 1
    }
}
