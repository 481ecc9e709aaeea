import Foundation

/// A change in how the system treats the app, as a backend sees it: its window gaining or
/// losing focus, the app being hidden or shown, memory running short, the session ending.
public enum PlatformLifecycleEvent: Sendable, Equatable {
    case focusGained
    case focusLost
    case enteredBackground
    case enteringForeground
    case memoryWarning
    case willTerminate
}

extension Platform {
    nonisolated(unsafe) private static var lifecycleHandler: (@Sendable (PlatformLifecycleEvent) -> Void)?
    private static let lifecycleLock = NSLock()

    /// Where lifecycle events go: UIKit's application installs its handler when it launches.
    public static func setLifecycleHandler(_ handler: (@Sendable (PlatformLifecycleEvent) -> Void)?) {
        lifecycleLock.withLock { lifecycleHandler = handler }
    }

    /// Reports a lifecycle event; backends call this on the main thread. Without a handler
    /// (no app launched) the event is dropped.
    public static func deliver(_ event: PlatformLifecycleEvent) {
        let handler = lifecycleLock.withLock { lifecycleHandler }
        handler?(event)
    }
}
