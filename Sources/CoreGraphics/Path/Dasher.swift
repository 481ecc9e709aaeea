/// Splits flattened contours into the "on" pieces of a dash pattern.
///
/// The pattern alternates on and off lengths starting with on; `phase` is how far into the
/// pattern the first contour starts. Each contour restarts the pattern (as Quartz does). An
/// on-interval of length zero yields a two-point piece at one spot, which the stroker draws as
/// its caps (a dot for round caps).
///
/// Invariant: `lengths` is non-empty, every entry is finite and ≥ 0 and their sum is > 0
/// (`init` returns nil otherwise, meaning "stroke solid").
struct Dasher {
    let lengths: [CGFloat]
    let phase: CGFloat
    let total: CGFloat

    init?(phase: CGFloat, lengths: [CGFloat]) {
        guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        // An odd count repeats once, so on/off alternate as the pattern cycles.
        let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let total = pattern.reduce(0, +)
        guard total > 0, total.isFinite, phase.isFinite else { return nil }
        self.lengths = pattern
        self.total = total
        var p = phase.truncatingRemainder(dividingBy: total)
        if p < 0 { p += total }
        self.phase = p
    }

    /// The on pieces of `contours`, as open contours.
    func dash(_ contours: [Contour], maximumPieces: Int = 250_000) -> [Contour] {
        var result: [Contour] = []
        for contour in contours {
            var points = contour.points
            if contour.isClosed, let first = points.first { points.append(first) }
            guard points.count >= 2 else { continue }
            // 1. Find where the phase falls in the pattern.
            var index = 0
            var remaining = lengths[0]
            var offset = phase
            while offset > 0 {
                if offset >= remaining {
                    offset -= remaining
                    index = (index + 1) % lengths.count
                    remaining = lengths[index]
                } else {
                    remaining -= offset
                    offset = 0
                }
            }
            // 2. Walk the polyline, cutting at every pattern boundary.
            var on = index % 2 == 0
            var current: [CGPoint] = on ? [points[0]] : []
            for i in 1..<points.count {
                var a = points[i - 1]
                let b = points[i]
                var segment = hypot(b.x - a.x, b.y - a.y)
                while remaining < segment || remaining == 0 {
                    let t = segment > 0 ? remaining / segment : 0
                    let cut = CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                    if on {
                        current.append(cut)
                        result.append(Contour(points: current, isClosed: false))
                        guard result.count < maximumPieces else { return result }
                        current = []
                    } else {
                        current = [cut]
                    }
                    on.toggle()
                    segment -= remaining
                    a = cut
                    index = (index + 1) % lengths.count
                    remaining = lengths[index]
                    // Zero-length off runs followed by zero-length on runs cannot loop forever:
                    // the pattern total is positive, so `remaining` becomes positive within one cycle.
                }
                remaining -= segment
                if on { current.append(b) }
            }
            if on && current.count >= 2 { result.append(Contour(points: current, isClosed: false)) }
        }
        return result
    }
}
