import Foundation

/// Compares a snapshot of `value` with its recorded reference, and records the test's failure
/// when they differ, when there was no reference (it is recorded then), or when recording is
/// on. References live beside the test file, in
/// `__Snapshots__/<TestFileName>/<testName>.<n or name>.<extension>`.
///
/// Works from Swift Testing and from XCTest: the failure is reported to whichever runs the
/// test. An assertion outside the shard this process runs (`LAMINA_SHARD`, Bazel's, Buildkite's
/// or an indexed Kubernetes Job's variables) is skipped instead.
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if let shard = Shard.current, !shard.includes(file: "\(filePath)", testName: testName) {
        TestReporter.skip("outside shard \(shard.index + 1) of \(shard.count)", at: location)
        return
    }
    let failure = verifySnapshot(of: try value(), as: snapshotting, named: name, record: record, timeout: timeout,
                                 fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    if let failure { TestReporter.fail(failure, at: location) }
}

/// Asserts several snapshots of one value, each strategy's under its key as the name.
public func assertSnapshots<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategies: [String: Snapshotting<Value, Format>],
    record: SnapshotTestingConfiguration.Record? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    for (name, strategy) in strategies.sorted(by: { $0.key < $1.key }) {
        assertSnapshot(of: try value(), as: strategy, named: name, record: record, timeout: timeout, fileID: fileID,
                       file: filePath, testName: testName, line: line, column: column)
    }
}

/// Asserts several snapshots of one value, numbered in order.
public func assertSnapshots<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategies: [Snapshotting<Value, Format>],
    record: SnapshotTestingConfiguration.Record? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    for strategy in strategies {
        assertSnapshot(of: try value(), as: strategy, record: record, timeout: timeout, fileID: fileID, file: filePath,
                       testName: testName, line: line, column: column)
    }
}

/// What `assertSnapshot` checks, returned instead of reported: nil when the snapshot matches
/// its reference, else the failure message (for helpers that report it their own way).
/// `snapshotDirectory` puts the references in another folder.
public func verifySnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) -> String? {
    let mode = record ?? SnapshotTestingConfiguration.current?.record ?? SnapshotTestingConfiguration.Record.process
    let diffTool = SnapshotTestingConfiguration.current?.diffTool ?? .default
    let testFile = URL(fileURLWithPath: "\(filePath)", isDirectory: false)
    let fileName = testFile.deletingPathExtension().lastPathComponent
    let directory = snapshotDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
        ?? testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(fileName)
    let testPart = SnapshotFiles.sanitized(testName)
    let identifier = name.map(SnapshotFiles.sanitized)
        ?? String(SnapshotFiles.counter.next(for: directory.appendingPathComponent(testPart).path))
    var reference = directory.appendingPathComponent("\(testPart).\(identifier)")
    if let ext = snapshotting.pathExtension { reference.appendPathExtension(ext) }

    do {
        guard let snapshot = try SnapshotFiles.take(try value(), with: snapshotting, timeout: timeout) else {
            return """
            Exceeded timeout of \(timeout) seconds waiting for snapshot.

            Something the snapshot waits for (an image loading, a web page) did not finish; wait for it \
            before the assertion, or give "timeout" a larger value.
            """
        }
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return "The snapshot folder \(directory.path) cannot be made: \(error.localizedDescription)"
        }
        // Encoded only to record or to leave a failure behind: comparing reads the reference.
        var encoded: Data?
        func data() -> Data {
            if let encoded { return encoded }
            let made = snapshotting.diffing.toData(snapshot)
            encoded = made
            return made
        }
        func recordReference() throws {
            let bytes = data()
            try bytes.write(to: reference)
            RendererSidecar.note(reference, data: bytes, snapshot: snapshot)
        }
        if mode == .all {
            try recordReference()
            return """
            Record mode is on. Automatically recorded snapshot: …

            open "\(reference.absoluteString)"

            Turn record mode off and re-run "\(testPart)" to assert against the newly-recorded snapshot
            """
        }
        guard fileManager.fileExists(atPath: reference.path) else {
            if mode == .never {
                return "No reference was found on disk. New snapshot was not recorded because recording is disabled"
            }
            try recordReference()
            return """
            No reference was found on disk. Automatically recorded snapshot: …

            open "\(reference.absoluteString)"

            Re-run "\(testPart)" to assert against the newly-recorded snapshot.
            """
        }
        let stored: Data
        do {
            stored = try Data(contentsOf: reference)
        } catch {
            return "The reference \(reference.path) cannot be read: \(error.localizedDescription)"
        }
        // The same pixels as recorded, in the same file: no need to read the PNG.
        if RendererSidecar.matches(reference, stored: stored, snapshot: snapshot) { return nil }
        let referenceValue = snapshotting.diffing.fromData(stored)
        if let unreadable = referenceValue as? SnapshotRefusal {
            return "\(unreadable.refusalMessage) \(reference.path) is truncated or not in the snapshot's format; "
                + "record it again (SNAPSHOT_TESTING_RECORD=failed) after checking why."
        }
        guard let (difference, attachments) = snapshotting.diffing.diff(referenceValue, snapshot) else {
            return nil
        }
        let failures = SnapshotFiles.failureFolder.appendingPathComponent(fileName)
        try fileManager.createDirectory(at: failures, withIntermediateDirectories: true)
        let failed = failures.appendingPathComponent(reference.lastPathComponent)
        try data().write(to: failed)
        var written = ["failure": failed.path]
        for attachment in attachments {
            guard let role = attachment.name, role != "failure" else { continue }
            var url = failures.appendingPathComponent("\(testPart).\(identifier).\(role)")
            if let ext = snapshotting.pathExtension { url.appendPathExtension(ext) }
            try attachment.data.write(to: url)
            written[role] = url.path
        }
        var headline = name.map { "Snapshot \"\($0)\" does not match reference." } ?? "Snapshot does not match reference."
        if mode == .failed {
            try recordReference()
            headline += " A new snapshot was automatically recorded."
        }
        var message = "\(headline)\n\n\(diffTool(currentFilePath: reference.path, failedFilePath: failed.path))\n\n"
            + difference.trimmingCharacters(in: .whitespacesAndNewlines)
        if written.count > 1 {
            message += "\n\nWritten for comparison:\n" + ["reference", "failure", "difference"].compactMap { role in
                written[role].map { "  \(role): \($0)" }
            }.joined(separator: "\n")
        }
        if let note = RendererSidecar.mismatchNote(for: reference) { message += "\n\n" + note }
        return message
    } catch let error as SnapshotStrategyError {
        return error.message
    } catch {
        return "The snapshot could not be taken: \(error.localizedDescription)"
    }
}

/// A snapshot standing for one a strategy could not take (a view of no size): the assertion
/// fails with its message, and nothing is recorded.
protocol SnapshotRefusal {
    var refusalMessage: String { get }
}

struct SnapshotStrategyError: Error {
    let message: String
}

/// Where references and failure artifacts go, and how snapshots are taken.
enum SnapshotFiles {
    /// Test and snapshot names as path components: runs of other than letters, digits and `_`
    /// become `-`, without one at either end (`testLogin()` → `testLogin`).
    static func sanitized(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in text.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) || scalar == "_" {
                if pendingDash && !result.isEmpty { result += "-" }
                pendingDash = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return result
    }

    /// Numbers the unnamed snapshots of each test, from 1.
    static let counter = SnapshotCounter()

    /// Failure artifacts: `SNAPSHOT_ARTIFACTS`, else a folder in the temporary directory.
    static var failureFolder: URL {
        if let folder = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"], !folder.isEmpty {
            return URL(fileURLWithPath: folder, isDirectory: true)
        }
        return URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true).appendingPathComponent("SnapshotFailures")
    }

    /// Runs the strategy, waiting up to `timeout` seconds for an asynchronous snapshot (running
    /// the main run loop meanwhile when called on the main thread); nil when it timed out.
    static func take<Value, Format>(_ value: Value, with snapshotting: Snapshotting<Value, Format>,
                                    timeout: TimeInterval) throws -> Format? {
        let box = ResultBox<Format>()
        snapshotting.snapshot(value).run { box.set($0) }
        if box.value == nil {
            let deadline = Date().addingTimeInterval(timeout)
            while box.value == nil, Date() < deadline {
                if Thread.isMainThread {
                    _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.005))
                } else if MainQueue.isCurrent {
                    // The main queue is ours while we wait: work it needs cannot run; poll.
                    box.wait(until: min(deadline, Date().addingTimeInterval(0.005)))
                } else {
                    box.wait(until: deadline)
                }
            }
        }
        if let refused = box.value as? SnapshotRefusal { throw SnapshotStrategyError(message: refused.refusalMessage) }
        return box.value
    }
}

/// A value handed over from another thread or a later turn of the run loop.
final class ResultBox<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: Value?

    var value: Value? {
        condition.lock()
        defer { condition.unlock() }
        return stored
    }

    func set(_ value: Value) {
        condition.lock()
        if stored == nil { stored = value }
        condition.broadcast()
        condition.unlock()
    }

    func wait(until deadline: Date) {
        condition.lock()
        if stored == nil { _ = condition.wait(until: deadline) }
        condition.unlock()
    }
}

/// Per-test snapshot numbers.
final class SnapshotCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    /// The next number for `key` within the running test.
    func next(for key: String) -> Int {
        let scoped = "\(TestReporter.currentTestIdentity)|\(key)"
        return lock.withLock {
            counts[scoped, default: 0] += 1
            return counts[scoped]!
        }
    }

    /// Starts every test's numbering again (XCTest calls this as each test case starts).
    func reset() {
        lock.withLock { counts = [:] }
    }
}
