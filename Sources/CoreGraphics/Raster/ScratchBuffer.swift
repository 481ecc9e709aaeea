/// A growable, manually managed buffer for the rasterizer's hot loops: plain pointer access,
/// so the loops pay no bounds, uniqueness or exclusivity checks. Contents are kept when it
/// grows only up to the old count; callers initialise what they use.
///
/// Invariant: `pointer` addresses `capacity` initialised elements of a trivial type.
struct ScratchBuffer<Element> {
    private(set) var pointer: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private let fill: Element

    init(fill: Element) {
        self.fill = fill
        capacity = 16
        pointer = .allocate(capacity: capacity)
        pointer.initialize(repeating: fill, count: capacity)
    }

    /// Ensures room for `count` elements; new storage is filled with the fill value.
    mutating func reserve(_ count: Int) {
        assert(count >= 0, "a negative scratch size")
        guard count > capacity else { return }
        let newCapacity = Swift.max(count, capacity * 2)
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.initialize(repeating: fill, count: newCapacity)
        pointer.deallocate()
        pointer = grown
        capacity = newCapacity
    }

    func free() {
        pointer.deallocate()
    }
}
