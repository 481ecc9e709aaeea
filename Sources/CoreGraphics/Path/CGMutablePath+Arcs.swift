extension CGMutablePath {
    /// Appends a circular arc about `center` from `startAngle` to `endAngle` (radians, measured
    /// from +x towards +y). `clockwise` true sweeps towards decreasing angles, which is clockwise
    /// in Quartz's y-up space. A line joins the current point to the arc's start; with no current
    /// point the arc starts a subpath. A sweep of 2π or more draws a full circle.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
        clockwise: Bool, transform: CGAffineTransform = .identity
    ) {
        guard radius.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        let twoPi = 2 * CGFloat.pi
        var delta = endAngle - startAngle
        if clockwise {
            if delta <= -twoPi {
                delta = -twoPi
            } else if delta > 0 {
                delta = delta.truncatingRemainder(dividingBy: twoPi) - twoPi
                if delta == -twoPi { delta = 0 }  // an exact multiple of 2π going the short way
            }
        } else {
            if delta >= twoPi {
                delta = twoPi
            } else if delta < 0 {
                delta = delta.truncatingRemainder(dividingBy: twoPi) + twoPi
                if delta == twoPi { delta = 0 }
            }
        }
        appendArc(center: center, radius: radius, startAngle: startAngle, delta: delta, transform: transform)
    }

    /// Appends an arc starting at `startAngle` and sweeping `delta` radians (positive towards +y).
    /// Sweeps beyond a full turn are limited to one full turn.
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        guard radius.isFinite, startAngle.isFinite, delta.isFinite else { return }
        let limited = Swift.min(Swift.max(delta, -2 * .pi), 2 * .pi)
        appendArc(center: center, radius: radius, startAngle: startAngle, delta: limited, transform: transform)
    }

    /// Appends an arc of `radius` tangent to the line from the current point to `tangent1End`
    /// and to the line from `tangent1End` to `tangent2End`, preceded by a straight line to the
    /// first tangent point. Degenerate input (collinear points, zero radius) adds a line to
    /// `tangent1End`.
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        // Work in untransformed space: the current point is stored transformed, so map it back.
        guard let storedCurrent = lastPoint else {
            move(to: tangent1End, transform: transform)
            return
        }
        let p0 = storedCurrent.applying(transform.inverted())
        let p1 = tangent1End, p2 = tangent2End
        // 1. Unit directions from the corner p1 back to p0 and on to p2.
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y)
        let v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let len1 = hypot(v1.x, v1.y), len2 = hypot(v2.x, v2.y)
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, len1 > 0, len2 > 0, abs(cross) > 1e-12 * len1 * len2 else {
            addLine(to: p1, transform: transform)
            return
        }
        let u1 = CGPoint(x: v1.x / len1, y: v1.y / len1)
        let u2 = CGPoint(x: v2.x / len2, y: v2.y / len2)
        // 2. Half the angle between the two legs gives the distance from p1 to the tangent points.
        let cosTheta = Swift.max(-1, Swift.min(1, u1.x * u2.x + u1.y * u2.y))
        let theta = acos(cosTheta)
        let tangentDistance = radius / tan(theta / 2)
        let t1 = CGPoint(x: p1.x + u1.x * tangentDistance, y: p1.y + u1.y * tangentDistance)
        let t2 = CGPoint(x: p1.x + u2.x * tangentDistance, y: p1.y + u2.y * tangentDistance)
        // 3. The centre lies on the bisector at distance r / sin(θ/2).
        let bisector = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bisectorLength = hypot(bisector.x, bisector.y)
        let centreDistance = radius / sin(theta / 2)
        let centre = CGPoint(
            x: p1.x + bisector.x / bisectorLength * centreDistance,
            y: p1.y + bisector.y / bisectorLength * centreDistance)
        let a1 = atan2(t1.y - centre.y, t1.x - centre.x)
        let a2 = atan2(t2.y - centre.y, t2.x - centre.x)
        var delta = a2 - a1
        // The arc is always the short one (less than π).
        if delta > .pi { delta -= 2 * .pi }
        if delta < -.pi { delta += 2 * .pi }
        addLine(to: t1, transform: transform)
        appendArc(center: centre, radius: radius, startAngle: a1, delta: delta, transform: transform)
    }

    /// Appends an arc as cubic Béziers of at most a quarter turn each.
    private func appendArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform
    ) {
        let r = abs(radius)
        let start = CGPoint(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle))
        if lastPoint == nil {
            move(to: start, transform: transform)
        } else if let current = lastPoint, case let mapped = start.applying(transform),
                  hypot(current.x - mapped.x, current.y - mapped.y) > 1e-9 {
            // Join the current point to the arc, unless the arc already starts there.
            addLine(to: start, transform: transform)
        }
        guard delta != 0, r > 0 else { return }
        let segments = Swift.max(1, Int((abs(delta) / (CGFloat.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / CGFloat(segments)
        // Handle length for a circular arc of angle `step`: 4/3 · tan(step/4) · r.
        let handle = 4 / 3 * tan(step / 4) * r
        var angle = startAngle
        var p0 = start
        for index in 0..<segments {
            let next = index == segments - 1 ? startAngle + delta : angle + step
            let p3 = CGPoint(x: center.x + r * cos(next), y: center.y + r * sin(next))
            let c1 = CGPoint(x: p0.x - handle * sin(angle), y: p0.y + handle * cos(angle))
            let c2 = CGPoint(x: p3.x + handle * sin(next), y: p3.y - handle * cos(next))
            addCurve(to: p3, control1: c1, control2: c2, transform: transform)
            angle = next
            p0 = p3
        }
    }
}
