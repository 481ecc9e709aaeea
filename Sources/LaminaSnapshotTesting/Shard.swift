import Foundation

/// The part of a suite this process runs, from the variables the test runners teams use set:
/// `LAMINA_SHARD=i/n` (1-based, for a GitHub Actions matrix), Bazel's `TEST_SHARD_INDEX` and
/// `TEST_TOTAL_SHARDS` (0-based; the status file it names is touched to say sharding is
/// honoured), Buildkite's `BUILDKITE_PARALLEL_JOB` and `BUILDKITE_PARALLEL_JOB_COUNT`
/// (0-based), or a Kubernetes indexed Job's `JOB_COMPLETION_INDEX` with the count in
/// `LAMINA_SHARD_COUNT` (an indexed Job does not tell its pods the completion count).
///
/// A test belongs to one shard, chosen by a stable hash (FNV-1a, 64 bits) of its file's name
/// and its name, so all of a test's snapshots run together and a test keeps its shard when
/// others are added.
///
/// - Note: Lamina addition.
public struct Shard: Sendable, Equatable {
    /// This shard, from 0.
    public let index: Int
    /// How many shards the suite is split into.
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count > 0, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// The shard the environment names, nil when it names none (every test runs). Read once.
    public static let current: Shard? = {
        let environment = ProcessInfo.processInfo.environment
        let shard = from(environment)
        if shard != nil, let status = environment["TEST_SHARD_STATUS_FILE"], !status.isEmpty {
            FileManager.default.createFile(atPath: status, contents: nil)
        }
        return shard
    }()

    /// The shard `environment` names.
    static func from(_ environment: [String: String]) -> Shard? {
        func number(_ key: String) -> Int? { environment[key].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        if let value = environment["LAMINA_SHARD"], !value.isEmpty {
            let parts = value.split(separator: "/").compactMap { Int($0) }
            guard parts.count == 2 else {
                FileHandle.standardError.write(Data("LAMINA_SHARD=\(value): expected i/n, such as 1/4; running every test\n".utf8))
                return nil
            }
            return Shard(index: parts[0] - 1, count: parts[1])
        }
        if let index = number("TEST_SHARD_INDEX"), let count = number("TEST_TOTAL_SHARDS") {
            return Shard(index: index, count: count)
        }
        if let index = number("BUILDKITE_PARALLEL_JOB"), let count = number("BUILDKITE_PARALLEL_JOB_COUNT") {
            return Shard(index: index, count: count)
        }
        if let index = number("JOB_COMPLETION_INDEX"), let count = number("LAMINA_SHARD_COUNT") {
            return Shard(index: index, count: count)
        }
        return nil
    }

    /// Whether the test `testName` of the file at `file` runs in this shard.
    public func includes(file: String, testName: String) -> Bool {
        Int(Shard.hash("\(URL(fileURLWithPath: file).lastPathComponent)/\(testName)") % UInt64(count)) == index
    }

    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
