import CoreGraphics
import Foundation

/// `.lamina-renderer` beside the references of a test file: which renderer version recorded
/// each reference, one `name version` line per file, sorted. A reference that stops matching
/// after the renderer changed then says so.
enum RendererSidecar {
    static let fileName = ".lamina-renderer"
    private static let lock = NSLock()

    /// Notes that `reference` was just recorded by this renderer.
    static func note(_ reference: URL) {
        lock.withLock {
            let sidecar = reference.deletingLastPathComponent().appendingPathComponent(fileName)
            var entries = read(sidecar)
            guard entries[reference.lastPathComponent] != RendererVersion.current else { return }
            entries[reference.lastPathComponent] = RendererVersion.current
            let text = entries.keys.sorted().map { "\($0) \(entries[$0]!)\n" }.joined()
            try? Data(text.utf8).write(to: sidecar, options: .atomic)
        }
    }

    /// A sentence for a failure whose reference another renderer version recorded, else nil.
    static func mismatchNote(for reference: URL) -> String? {
        let sidecar = reference.deletingLastPathComponent().appendingPathComponent(fileName)
        let recorded = lock.withLock { read(sidecar)[reference.lastPathComponent] }
        guard let recorded, recorded != RendererVersion.current else { return nil }
        return """
        The reference was recorded by Lamina renderer \(recorded); this is renderer \(RendererVersion.current), \
        which draws differently. If the difference is only the renderer's, record again \
        (SNAPSHOT_TESTING_RECORD=failed).
        """
    }

    private static func read(_ sidecar: URL) -> [String: Int] {
        guard let text = try? String(contentsOf: sidecar, encoding: .utf8) else { return [:] }
        var entries: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            guard let space = line.lastIndex(of: " "), let version = Int(line[line.index(after: space)...]) else { continue }
            entries[String(line[..<space])] = version
        }
        return entries
    }
}
