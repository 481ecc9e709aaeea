/// Tells whether a `UIView` subclass overrides `draw(_:)`, as UIKit must know to decide if a
/// view needs a backing store at all.
///
/// Swift has no method introspection, so this reads class metadata: every class's metadata
/// holds its vtable, and a subclass's metadata repeats each inherited slot — with its own
/// function where it overrides. The slot of `draw(_:)` is found once, by comparing UIView with
/// two private probes: one overriding nothing, one overriding only `draw(_:)`. The slot is the
/// one where UIView and the plain probe agree and the drawing probe differs.
///
/// Layout relied on (Swift class metadata without Objective-C interop): a 32-bit class size at
/// byte 32 and a 32-bit address-point offset at byte 36 of the metadata. If the probes do not
/// single out exactly one slot, detection is off and every view is treated as drawing.
enum DrawOverrideDetector {
    private final class PlainProbe: UIView {}

    private final class DrawingProbe: UIView {
        override func draw(_ rect: CGRect) {}
    }

    /// The word index of the `draw(_:)` entry in UIView's metadata, if it could be found.
    static let slot: Int? = {
        let base = words(of: UIView.self)
        let plain = words(of: PlainProbe.self)
        let drawing = words(of: DrawingProbe.self)
        guard plain.count >= base.count, drawing.count >= base.count else { return nil }
        // Skip the header words (kind, superclass, flags and sizes, description).
        let candidates = (6..<base.count).filter { base[$0] == plain[$0] && plain[$0] != drawing[$0] }
        return candidates.count == 1 ? candidates[0] : nil
    }()

    private static func words(of type: AnyClass) -> [UInt] {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let classSize = Int(metadata.load(fromByteOffset: 32, as: UInt32.self))
        let addressPoint = Int(metadata.load(fromByteOffset: 36, as: UInt32.self))
        let count = (classSize - addressPoint) / MemoryLayout<UInt>.size
        guard count > 6, count < 100_000 else { return [] }
        return (0..<count).map { metadata.load(fromByteOffset: $0 * MemoryLayout<UInt>.size, as: UInt.self) }
    }

    /// Whether `type` (a UIView subclass) overrides `draw(_:)`; true when detection is off.
    static func overridesDraw(_ type: AnyClass) -> Bool {
        guard let slot else { return true }
        if type == UIView.self { return false }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let base = unsafeBitCast(UIView.self, to: UnsafeRawPointer.self)
        let offset = slot * MemoryLayout<UInt>.size
        return metadata.load(fromByteOffset: offset, as: UInt.self) != base.load(fromByteOffset: offset, as: UInt.self)
    }
}
