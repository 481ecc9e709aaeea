/// An integer rectangle of device pixels, half-open: `x0..<x1`, `y0..<y1`.
struct DeviceRect: Equatable, Sendable {
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int

    static let empty = DeviceRect(x0: 0, y0: 0, x1: 0, y1: 0)

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    var width: Int { Swift.max(0, x1 - x0) }
    var height: Int { Swift.max(0, y1 - y0) }

    /// The smallest rectangle holding both (an empty one counts as nothing).
    func union(_ other: DeviceRect) -> DeviceRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return DeviceRect(x0: Swift.min(x0, other.x0), y0: Swift.min(y0, other.y0),
                          x1: Swift.max(x1, other.x1), y1: Swift.max(y1, other.y1))
    }

    func intersection(_ other: DeviceRect) -> DeviceRect {
        let r = DeviceRect(
            x0: Swift.max(x0, other.x0), y0: Swift.max(y0, other.y0),
            x1: Swift.min(x1, other.x1), y1: Swift.min(y1, other.y1))
        return r.isEmpty ? .empty : r
    }

    /// The pixels touched by a real rectangle (rounded outwards), clamped to a sane range so
    /// huge or infinite geometry cannot overflow `Int`.
    init(covering rect: CGRect) {
        let limit: CGFloat = 16_777_216
        func clamp(_ v: CGFloat) -> Int { Int(Swift.max(-limit, Swift.min(limit, v))) }
        if rect.isNull {
            self = .empty
            return
        }
        x0 = clamp(rect.minX.rounded(.down))
        y0 = clamp(rect.minY.rounded(.down))
        x1 = clamp(rect.maxX.rounded(.up))
        y1 = clamp(rect.maxY.rounded(.up))
    }

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }
}
