import CoreGraphics
import Foundation
import UIKit

/// `.lamina-renderer` beside the references of a test file, one line per reference, sorted:
/// `name version [file-digest pixel-digest]` — which renderer version recorded it and, for
/// images, digests of the file's bytes and of its pixels. A reference that stops matching
/// after the renderer changed says so; a snapshot whose pixels have the recorded digest, of a
/// file that still has its recorded digest, matches without the PNG being read.
enum RendererSidecar {
    static let fileName = ".lamina-renderer"
    private static let lock = NSLock()

    struct Entry: Equatable {
        var version: Int
        var fileDigest: UInt64?
        var pixelDigest: UInt64?
    }

    /// Notes that `reference` was just recorded, from `data`, by this renderer.
    static func note(_ reference: URL, data: Data, snapshot: Any) {
        let entry = Entry(version: RendererVersion.current, fileDigest: (snapshot as? UIImage).map { _ in Digest.of(data) },
                          pixelDigest: (snapshot as? UIImage).flatMap(Digest.of(image:)))
        lock.withLock {
            let sidecar = reference.deletingLastPathComponent().appendingPathComponent(fileName)
            var entries = read(sidecar)
            guard entries[reference.lastPathComponent] != entry else { return }
            entries[reference.lastPathComponent] = entry
            let text = entries.keys.sorted().map { name in
                let e = entries[name]!
                if let file = e.fileDigest, let pixels = e.pixelDigest {
                    return "\(name) \(e.version) \(String(file, radix: 16)) \(String(pixels, radix: 16))\n"
                }
                return "\(name) \(e.version)\n"
            }.joined()
            try? Data(text.utf8).write(to: sidecar, options: .atomic)
        }
    }

    /// Whether `snapshot` certainly has the pixels of the reference whose bytes are `stored`:
    /// the sidecar recorded this renderer's digests for exactly these bytes, and the snapshot's
    /// pixels have the recorded digest.
    static func matches(_ reference: URL, stored: Data, snapshot: Any) -> Bool {
        guard let image = snapshot as? UIImage else { return false }
        let sidecar = reference.deletingLastPathComponent().appendingPathComponent(fileName)
        guard let entry = lock.withLock({ read(sidecar)[reference.lastPathComponent] }), entry.version == RendererVersion.current,
              let file = entry.fileDigest, let pixels = entry.pixelDigest else { return false }
        return Digest.of(stored) == file && Digest.of(image: image) == pixels
    }

    /// A sentence for a failure whose reference another renderer version recorded, else nil.
    static func mismatchNote(for reference: URL) -> String? {
        let sidecar = reference.deletingLastPathComponent().appendingPathComponent(fileName)
        let recorded = lock.withLock { read(sidecar)[reference.lastPathComponent]?.version }
        guard let recorded, recorded != RendererVersion.current else { return nil }
        return """
        The reference was recorded by Lamina renderer \(recorded); this is renderer \(RendererVersion.current), \
        which draws differently. If the difference is only the renderer's, record again \
        (SNAPSHOT_TESTING_RECORD=failed).
        """
    }

    private static func read(_ sidecar: URL) -> [String: Entry] {
        guard let text = try? String(contentsOf: sidecar, encoding: .utf8) else { return [:] }
        var entries: [String: Entry] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let version = Int(fields[1]) else { continue }
            var entry = Entry(version: version)
            if fields.count == 4 {
                entry.fileDigest = UInt64(fields[2], radix: 16)
                entry.pixelDigest = UInt64(fields[3], radix: 16)
            }
            entries[String(fields[0])] = entry
        }
        return entries
    }
}

/// A 64-bit digest of bytes, eight at a time in four independent lanes (multiply–xorshift
/// mixing): fast enough to run on every snapshot, and not a cryptographic hash.
enum Digest {
    static func of(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { of($0) }
    }

    /// The digest of the image's pixels as it stores them, and of the order they are stored
    /// in: the same image made the same way has the same digest. (Another order gives another
    /// digest; a sidecar's digests that do not match only mean the images are compared
    /// pixel by pixel.)
    static func of(image: UIImage) -> UInt64? {
        guard let cgImage = image.cgImage else { return nil }
        return cgImage.withStoredPixels { bytes, order in
            of(bytes) ^ UInt64(order.red | order.green << 2 | order.blue << 4 | order.alpha << 6) &* 0xC2B2_AE3D_27D4_EB4F
        } ^ UInt64(cgImage.width) &* 0x9E37_79B9_7F4A_7C15
    }

    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = lanes(bytes)
        for j in (bytes.count / 8 * 8)..<bytes.count {
            hash = (hash ^ UInt64(bytes[j])) &* 0xC4CE_B9FE_1A85_EC53
        }
        return hash ^ (hash >> 29)
    }

    /// The whole eight-byte words of `bytes`, each read little-endian, mixed in four lanes (so
    /// the multiplies overlap) and then together.
    private static func lanes(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h0: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count), h1: UInt64 = 0x1319_8A2E_0370_7344
        var h2: UInt64 = 0xA409_3822_299F_31D0, h3: UInt64 = 0x082E_FA98_EC4E_6C89
        @inline(__always) func mix(_ hash: inout UInt64, _ word: UInt64) {
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
        }
        @inline(__always) func word(_ i: Int) -> UInt64 {
            bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self).littleEndian
        }
        let words = bytes.count / 8
        var i = 0
        while i + 4 <= words {
            mix(&h0, word(i))
            mix(&h1, word(i + 1))
            mix(&h2, word(i + 2))
            mix(&h3, word(i + 3))
            i += 4
        }
        while i < words {
            mix(&h0, word(i))
            i += 1
        }
        mix(&h0, h1)
        mix(&h0, h2)
        mix(&h0, h3)
        return h0
    }
}
