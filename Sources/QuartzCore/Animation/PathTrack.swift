import Foundation

/// A path as a track to move along: its drawing segments (every element but moves), each
/// evaluable by its Bézier parameter and measured by arc length.
///
/// Linear mode gives each segment an equal share of the time (or the key times' shares) and
/// moves through it by the curve parameter; paced mode moves at a constant speed by arc
/// length over the whole path.
struct PathTrack {
    private struct Segment {
        /// Control points: 2 for lines, 3 for quads, 4 for cubics.
        var points: [CGPoint]
        /// The segment's polyline approximation: cumulative lengths at parameters k/steps.
        var lengths: [Double]
        var length: Double { lengths.last ?? 0 }

        func point(_ t: Double) -> CGPoint {
            let u = 1 - t
            switch points.count {
            case 2:
                return CGPoint(x: points[0].x * u + points[1].x * t, y: points[0].y * u + points[1].y * t)
            case 3:
                let a = u * u, b = 2 * u * t, c = t * t
                return CGPoint(x: a * points[0].x + b * points[1].x + c * points[2].x,
                               y: a * points[0].y + b * points[1].y + c * points[2].y)
            default:
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                return CGPoint(x: a * points[0].x + b * points[1].x + c * points[2].x + d * points[3].x,
                               y: a * points[0].y + b * points[1].y + c * points[2].y + d * points[3].y)
            }
        }

        /// The direction of travel at t, in radians.
        func angle(_ t: Double) -> Double {
            let h = 1e-4
            let a = point(Swift.max(t - h, 0)), b = point(Swift.min(t + h, 1))
            return atan2(Double(b.y - a.y), Double(b.x - a.x))
        }

        /// The parameter at which the arc length from the start is `distance`.
        func parameter(atLength distance: Double) -> Double {
            let steps = lengths.count - 1
            guard steps > 0, length > 0 else { return 0 }
            var k = 1
            while k < steps && lengths[k] < distance { k += 1 }
            let span = lengths[k] - lengths[k - 1]
            let within = span > 0 ? (distance - lengths[k - 1]) / span : 0
            return (Double(k - 1) + Swift.min(Swift.max(within, 0), 1)) / Double(steps)
        }
    }

    private var segments: [Segment] = []
    let start: CGPoint
    let end: CGPoint

    /// Nil for paths with no drawing segments.
    init?(_ path: CGPath) {
        var segments: [Segment] = []
        var current = CGPoint.zero, subpathStart = CGPoint.zero
        path.applyWithBlock { pointer in
            let element = pointer.pointee
            var points: [CGPoint]
            switch element.type {
            case .moveToPoint:
                current = element.points[0]
                subpathStart = current
                return
            case .addLineToPoint: points = [current, element.points[0]]
            case .addQuadCurveToPoint: points = [current, element.points[0], element.points[1]]
            case .addCurveToPoint: points = [current, element.points[0], element.points[1], element.points[2]]
            case .closeSubpath: points = [current, subpathStart]
            }
            current = points[points.count - 1]
            guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
            var segment = Segment(points: points, lengths: [0])
            let steps = points.count == 2 ? 1 : 32
            var previous = segment.point(0)
            for k in 1...steps {
                let p = segment.point(Double(k) / Double(steps))
                segment.lengths.append(segment.lengths[k - 1] + Double(hypot(p.x - previous.x, p.y - previous.y)))
                previous = p
            }
            segments.append(segment)
        }
        guard let first = segments.first, let last = segments.last else { return nil }
        self.segments = segments
        start = first.points[0]
        end = last.points[last.points.count - 1]
    }

    /// The point and direction at `progress` (0…1) of the whole track.
    func point(at progress: Double, paced: Bool, keyTimes: [NSNumber]?, timing: [CAMediaTimingFunction]?)
        -> (point: CGPoint, angle: Double) {
        let f = Swift.min(Swift.max(progress, 0), 1)
        if paced {
            let total = segments.reduce(0) { $0 + $1.length }
            var distance = f * total
            for segment in segments {
                if distance <= segment.length || segment.points == segments.last?.points {
                    let t = segment.parameter(atLength: Swift.min(distance, segment.length))
                    return (segment.point(t), segment.angle(t))
                }
                distance -= segment.length
            }
        }
        // Equal time per segment unless key times (one per keyframe: segments + 1) are given.
        let n = segments.count
        let times: [Double]
        if let keyTimes, keyTimes.count == n + 1 {
            times = keyTimes.map(\.doubleValue)
        } else {
            times = (0...n).map { Double($0) / Double(n) }
        }
        var index = 0
        while index < n - 1 && f >= times[index + 1] { index += 1 }
        let span = times[index + 1] - times[index]
        var t = span > 0 ? Swift.min(Swift.max((f - times[index]) / span, 0), 1) : 1
        if let timing, index < timing.count { t = timing[index].progress(at: t) }
        return (segments[index].point(t), segments[index].angle(t))
    }
}
