/// The shape of a layer's rounded corners.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Quarter circles of `cornerRadius` (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// A continuous-curvature corner that starts 1.528665 × `cornerRadius` from the corner.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// Rounded-rectangle outlines for layer backgrounds, borders and clips.
enum RoundedOutline {
    /// How far along each edge the continuous corner reaches, in radii.
    static let continuousReach: CGFloat = 1.528665

    /// One continuous corner as three cubic Béziers, for the top-right corner of a clockwise
    /// (y-down) outline: offsets from the corner in radii, from the point on the top edge to
    /// the point on the right edge. Other corners are this turned by quarter turns.
    ///
    /// - Note: Differs from Apple: the widely used three-Bézier reconstruction of Apple's
    ///   continuous corner, equal to it within a fraction of a point.
    private static let continuousCorner: [(CGPoint, CGPoint, CGPoint)] = [
        (CGPoint(x: -1.08849323, y: 0), CGPoint(x: -0.86840689, y: 0.02221690), CGPoint(x: -0.66993427, y: 0.06549600)),
        (CGPoint(x: -0.37282392, y: 0.16906001), CGPoint(x: -0.16905899, y: 0.37282401), CGPoint(x: -0.06549600, y: 0.66993427)),
        (CGPoint(x: -0.02221690, y: 0.86840689), CGPoint(x: 0, y: 1.08849323), CGPoint(x: 0, y: 1.52866483)),
    ]

    static func path(_ r: CGRect, radius: CGFloat, corners: CACornerMask, curve: CALayerCornerCurve) -> CGPath {
        let path = CGMutablePath()
        let limit = Swift.min(r.width, r.height) / 2
        let continuous = curve == .continuous
        // A continuous corner needs 1.53 radii of edge; smaller rectangles get smaller radii.
        let radius = Swift.min(Swift.max(radius, 0), continuous ? limit / continuousReach : limit)
        guard radius > 0, !corners.isEmpty, r.width > 0, r.height > 0 else {
            path.addRect(r)
            return path
        }
        func rad(_ corner: CACornerMask) -> CGFloat { corners.contains(corner) ? radius : 0 }
        let tl = rad(.layerMinXMinYCorner), tr = rad(.layerMaxXMinYCorner)
        let bl = rad(.layerMinXMaxYCorner), br = rad(.layerMaxXMaxYCorner)
        guard continuous else {
            path.move(to: CGPoint(x: r.minX + tl, y: r.minY))
            path.addLine(to: CGPoint(x: r.maxX - tr, y: r.minY))
            if tr > 0 { path.addArc(tangent1End: CGPoint(x: r.maxX, y: r.minY), tangent2End: CGPoint(x: r.maxX, y: r.maxY), radius: tr) }
            path.addLine(to: CGPoint(x: r.maxX, y: r.maxY - br))
            if br > 0 { path.addArc(tangent1End: CGPoint(x: r.maxX, y: r.maxY), tangent2End: CGPoint(x: r.minX, y: r.maxY), radius: br) }
            path.addLine(to: CGPoint(x: r.minX + bl, y: r.maxY))
            if bl > 0 { path.addArc(tangent1End: CGPoint(x: r.minX, y: r.maxY), tangent2End: CGPoint(x: r.minX, y: r.minY), radius: bl) }
            path.addLine(to: CGPoint(x: r.minX, y: r.minY + tl))
            if tl > 0 { path.addArc(tangent1End: CGPoint(x: r.minX, y: r.minY), tangent2End: CGPoint(x: r.maxX, y: r.minY), radius: tl) }
            path.closeSubpath()
            return path
        }
        let reach = continuousReach
        // Corner points and the quarter turns that map the top-right corner onto them.
        func corner(_ c: CGPoint, _ k: CGFloat, turn: Int) {
            func map(_ p: CGPoint) -> CGPoint {
                var d = p
                for _ in 0..<turn { d = CGPoint(x: -d.y, y: d.x) }
                return CGPoint(x: c.x + d.x * k, y: c.y + d.y * k)
            }
            guard k > 0 else {
                path.addLine(to: c)
                return
            }
            path.addLine(to: map(CGPoint(x: -reach, y: 0)))
            for (c1, c2, end) in continuousCorner { path.addCurve(to: map(end), control1: map(c1), control2: map(c2)) }
        }
        path.move(to: CGPoint(x: r.minX + tl * reach, y: r.minY))
        corner(CGPoint(x: r.maxX, y: r.minY), tr, turn: 0)
        corner(CGPoint(x: r.maxX, y: r.maxY), br, turn: 1)
        corner(CGPoint(x: r.minX, y: r.maxY), bl, turn: 2)
        corner(CGPoint(x: r.minX, y: r.minY), tl, turn: 3)
        path.closeSubpath()
        return path
    }
}
