import Foundation

/// Runs `operation` with snapshot assertions recording and reporting as given; settings left
/// nil are inherited from an enclosing call, else the process's (`SNAPSHOT_TESTING_RECORD`).
public func withSnapshotTesting<R>(record: SnapshotTestingConfiguration.Record? = nil,
                                   diffTool: SnapshotTestingConfiguration.DiffTool? = nil,
                                   operation: () throws -> R) rethrows -> R {
    try SnapshotTestingConfiguration.$current.withValue(.inheriting(record: record, diffTool: diffTool), operation: operation)
}

/// As `withSnapshotTesting(record:diffTool:operation:)`, for asynchronous work.
public func withSnapshotTesting<R>(record: SnapshotTestingConfiguration.Record? = nil,
                                   diffTool: SnapshotTestingConfiguration.DiffTool? = nil,
                                   operation: () async throws -> R) async rethrows -> R {
    try await SnapshotTestingConfiguration.$current.withValue(.inheriting(record: record, diffTool: diffTool), operation: operation)
}

/// How snapshot assertions record references and describe differences.
public struct SnapshotTestingConfiguration: Sendable {
    /// The configuration `withSnapshotTesting` set for the running task, if any.
    @TaskLocal public static var current: Self?

    /// How a failure points at the two files.
    public var diffTool: DiffTool?
    /// When references are written.
    public var record: Record?

    public init(record: Record?, diffTool: DiffTool?) {
        self.record = record
        self.diffTool = diffTool
    }

    static func inheriting(record: Record?, diffTool: DiffTool?) -> Self {
        Self(record: record ?? current?.record ?? Record.process,
             diffTool: diffTool ?? current?.diffTool ?? .default)
    }

    /// When a snapshot assertion writes its reference.
    public struct Record: Equatable, Sendable {
        fileprivate let name: String

        /// Reads `all`, `failed`, `missing` or `never` (`SNAPSHOT_TESTING_RECORD`'s values).
        public init?(rawValue: String) {
            guard ["all", "failed", "missing", "never"].contains(rawValue) else { return nil }
            name = rawValue
        }

        private init(_ name: String) { self.name = name }

        /// Every assertion records its snapshot as the reference, and fails so that recording
        /// is not left on by mistake.
        public static let all = Self("all")
        /// A snapshot that does not match is recorded over its reference (and still fails).
        public static let failed = Self("failed")
        /// A snapshot without a reference is recorded (and fails); others are compared. The
        /// default.
        public static let missing = Self("missing")
        /// Nothing is recorded: a missing reference fails (for CI).
        public static let never = Self("never")

        /// The process's mode: `SNAPSHOT_TESTING_RECORD` when it names one, else `.missing`.
        static var process: Record {
            if let value = ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"], let mode = Record(rawValue: value) {
                return mode
            }
            return legacyRecording ? .all : .missing
        }
    }

    /// What a failure message says to compare the reference and the new snapshot.
    public struct DiffTool: Sendable, ExpressibleByStringLiteral {
        let tool: @Sendable (_ currentFilePath: String, _ failedFilePath: String) -> String

        public init(_ tool: @escaping @Sendable (_ currentFilePath: String, _ failedFilePath: String) -> String) {
            self.tool = tool
        }

        /// A command: the two paths follow it (`"meld"` gives `meld reference failed`).
        public init(stringLiteral value: String) {
            tool = { "\(value) \($0) \($1)" }
        }

        /// Kaleidoscope's command line.
        public static let ksdiff = Self { "ksdiff \"\($0)\" \"\($1)\"" }

        /// The two files as links, the reference first.
        public static let `default` = Self { reference, failed in
            """
            @\u{2212}
            "file://\(reference)"
            @+
            "file://\(failed)"

            To configure output for a custom diff tool, use 'withSnapshotTesting'. For example:

                withSnapshotTesting(diffTool: .ksdiff) {
                  // ...
                }
            """
        }

        public func callAsFunction(currentFilePath: String, failedFilePath: String) -> String {
            tool(currentFilePath, failedFilePath)
        }
    }
}

extension SnapshotTestingConfiguration.Record: ExpressibleByBooleanLiteral {
    /// `true` is `.all`, `false` `.missing` (the library's older spelling).
    @available(*, deprecated, message: "Use '.all' instead of 'true', and '.missing' instead of 'false'.")
    public init(booleanLiteral value: Bool) {
        self = value ? .all : .missing
    }
}

/// Whether every assertion records (the library's older global switch).
@available(*, deprecated, message: "Use 'withSnapshotTesting' to customize the record mode.")
public var isRecording: Bool {
    get { legacyRecording }
    set { legacyRecording = newValue }
}

nonisolated(unsafe) private var legacyRecording = false
