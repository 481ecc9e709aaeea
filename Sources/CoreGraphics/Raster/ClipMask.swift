/// A per-pixel clip coverage (0…255) over the whole device, used once a clip is not a
/// pixel-aligned rectangle.
///
/// Invariant: `values.count == width * height`. Instances are shared between saved graphics
/// states; a state that changes its mask replaces it with a new one (copy on write by hand).
final class ClipMask {
    let width: Int
    let height: Int
    var values: [UInt8]

    init(width: Int, height: Int, fill: UInt8) {
        self.width = width
        self.height = height
        self.values = [UInt8](repeating: fill, count: width * height)
        assert(width >= 0 && height >= 0 && values.count == width * height)
    }

    init(copying other: ClipMask) {
        self.width = other.width
        self.height = other.height
        self.values = other.values
        assert(values.count == width * height, "a clip mask covers the whole device")
    }
}
