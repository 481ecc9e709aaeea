import Dispatch

/// Whether code runs on the main queue: the main thread's queue in an app, and the queue the
/// main actor runs on everywhere (a test runner may drain it on another thread, so
/// `Thread.isMainThread` is not the test).
package enum MainQueue {
    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    package static var isCurrent: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: key) == 1
    }
}
