import Foundation

/// UIKit's console messages (a refused presentation, an inconsistent list update): written to
/// standard error as iOS writes them to the device console, the last hundred kept for tests.
package enum ConsoleLog {
    nonisolated(unsafe) package private(set) static var messages: [String] = []
    private static let lock = NSLock()

    package static func report(_ message: String) {
        lock.withLock {
            messages.append(message)
            if messages.count > 100 { messages.removeFirst(messages.count - 100) }
        }
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }
}
