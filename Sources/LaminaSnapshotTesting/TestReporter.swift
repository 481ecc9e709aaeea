import Foundation
import Testing
import XCTest

/// Where an assertion was written.
struct TestLocation {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    var sourceLocation: SourceLocation {
        SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
}

/// Reports to whichever test library runs the current test: Swift Testing when a `@Test` is
/// running, else XCTest.
enum TestReporter {
    static func fail(_ message: String, at location: TestLocation) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
        } else {
            XCTestCaseTracker.start()
            XCTFail(message, file: location.filePath, line: location.line)
        }
    }

    /// Reports the running test as skipped (Swift Testing: cancelled, shown as skipped).
    ///
    /// - Note: Differs from Apple: swift-snapshot-testing has no sharding. XCTest on Linux can
    ///   skip a test only by a thrown `XCTSkip`, which a non-throwing assertion cannot throw, so
    ///   under XCTest the skipped assertion is written to standard error and the test passes;
    ///   throw `XCTSkip` yourself where that matters (`Shard.current?.includes(file:testName:)`).
    static func skip(_ reason: String, at location: TestLocation) {
        if Test.current != nil {
            do {
                try Test.cancel(Comment(rawValue: "Snapshot skipped: \(reason)"), sourceLocation: location.sourceLocation)
            } catch {}
        } else {
            FileHandle.standardError.write(Data("\(location.filePath):\(location.line): snapshot skipped: \(reason)\n".utf8))
        }
    }

    /// The running test, so each test numbers its own snapshots.
    static var currentTestIdentity: String {
        if let test = Test.current { return String(describing: test.id) }
        XCTestCaseTracker.start()
        return XCTestCaseTracker.shared.current
    }
}

/// Follows XCTest's test cases, so snapshot numbers start again with each one.
final class XCTestCaseTracker: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared = XCTestCaseTracker()
    private static let registered = ResultBox<Bool>()
    private let lock = NSLock()
    private var name = ""

    var current: String { lock.withLock { name } }

    /// Registers the observer once (on the main thread, where XCTest calls its observers).
    static func start() {
        guard registered.value == nil else { return }
        registered.set(true)
        let register = { XCTestObservationCenter.shared.addTestObserver(shared) }
        if MainQueue.isCurrent { register() } else { DispatchQueue.main.sync(execute: register) }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.withLock { name = testCase.name }
    }
}
