/// Tells whether a subclass overrides one method of a base class, as UIKit and AppKit must
/// know whether a view overrides its drawing method before deciding it needs a backing store.
///
/// Swift has no method introspection, so this reads class metadata: every class's metadata
/// holds its vtable, and a subclass's metadata repeats each inherited slot — with its own
/// function where it overrides. The method's slot is found once, by comparing the base class
/// with two probes: one overriding nothing, one overriding only that method. The slot is the
/// one where the base and the plain probe agree and the overriding probe differs.
///
/// Layout relied on (Swift class metadata without Objective-C interop): a 32-bit class size at
/// byte 32 and a 32-bit address-point offset at byte 36 of the metadata. If the probes do not
/// single out exactly one slot, detection is off and every class counts as overriding.
package struct MethodOverrideDetector: @unchecked Sendable {
    private let base: UnsafeRawPointer
    private let slot: Int?

    /// The detector of the method `overriding` overrides and `plain` does not, both direct
    /// subclasses of `base`.
    package init(base: AnyClass, plain: AnyClass, overriding: AnyClass) {
        self.base = unsafeBitCast(base, to: UnsafeRawPointer.self)
        let baseWords = MethodOverrideDetector.words(of: base)
        let plainWords = MethodOverrideDetector.words(of: plain)
        let overridingWords = MethodOverrideDetector.words(of: overriding)
        guard plainWords.count >= baseWords.count, overridingWords.count >= baseWords.count else {
            slot = nil
            return
        }
        // Skip the header words (kind, superclass, flags and sizes, description).
        let candidates = (6..<Swift.max(6, baseWords.count)).filter {
            baseWords[$0] == plainWords[$0] && plainWords[$0] != overridingWords[$0]
        }
        slot = candidates.count == 1 ? candidates[0] : nil
    }

    private static func words(of type: AnyClass) -> [UInt] {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let classSize = Int(metadata.load(fromByteOffset: 32, as: UInt32.self))
        let addressPoint = Int(metadata.load(fromByteOffset: 36, as: UInt32.self))
        let count = (classSize - addressPoint) / MemoryLayout<UInt>.size
        guard count > 6, count < 100_000 else { return [] }
        return (0..<count).map { metadata.load(fromByteOffset: $0 * MemoryLayout<UInt>.size, as: UInt.self) }
    }

    /// Whether `type` (a subclass of the base) overrides the method; true when detection is off.
    package func overrides(_ type: AnyClass) -> Bool {
        guard let slot else { return true }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        if metadata == base { return false }
        let offset = slot * MemoryLayout<UInt>.size
        return metadata.load(fromByteOffset: offset, as: UInt.self) != base.load(fromByteOffset: offset, as: UInt.self)
    }
}
