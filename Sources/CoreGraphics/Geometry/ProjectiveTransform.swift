/// A 3×3 projective transform (homography) of the plane, applied to row vectors `(x, y, 1)`:
/// `(x, y) ↦ (X/W, Y/W)` with `[X Y W] = [x y 1] · M`. The affine transform
/// `(a, b, c, d, tx, ty)` is `m11 = a, m12 = b, m21 = c, m22 = d, m31 = tx, m32 = ty`,
/// `m13 = m23 = 0, m33 = 1`.
///
/// Core Animation uses it to draw a layer under a perspective transform: the layer's plane
/// (z = 0) mapped through its 4×4 transform and flattened.
package struct ProjectiveTransform: Equatable, Sendable {
    package var m11: Double, m12: Double, m13: Double
    package var m21: Double, m22: Double, m23: Double
    package var m31: Double, m32: Double, m33: Double

    package init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
                 m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    package init(_ t: CGAffineTransform) {
        self.init(m11: Double(t.a), m12: Double(t.b), m13: 0, m21: Double(t.c), m22: Double(t.d), m23: 0,
                  m31: Double(t.tx), m32: Double(t.ty), m33: 1)
    }

    package static let identity = ProjectiveTransform(CGAffineTransform.identity)

    /// Whether W is 1 everywhere (the transform is affine).
    package var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The affine transform this is when `isAffine`.
    package var affine: CGAffineTransform {
        CGAffineTransform(a: CGFloat(m11), b: CGFloat(m12), c: CGFloat(m21), d: CGFloat(m22), tx: CGFloat(m31), ty: CGFloat(m32))
    }

    /// `self` then `other`.
    package func concatenating(_ o: ProjectiveTransform) -> ProjectiveTransform {
        ProjectiveTransform(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31, m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32,
            m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31, m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32,
            m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31, m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32,
            m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33)
    }

    /// The inverse, or nil when the transform is singular or not finite.
    package func inverted() -> ProjectiveTransform? {
        let c11 = m22 * m33 - m23 * m32, c12 = m13 * m32 - m12 * m33, c13 = m12 * m23 - m13 * m22
        let c21 = m23 * m31 - m21 * m33, c22 = m11 * m33 - m13 * m31, c23 = m13 * m21 - m11 * m23
        let c31 = m21 * m32 - m22 * m31, c32 = m12 * m31 - m11 * m32, c33 = m11 * m22 - m12 * m21
        let det = m11 * c11 + m12 * c21 + m13 * c31
        guard det.isFinite, det != 0 else { return nil }
        let k = 1 / det
        let r = ProjectiveTransform(m11: c11 * k, m12: c12 * k, m13: c13 * k, m21: c21 * k, m22: c22 * k, m23: c23 * k,
                                    m31: c31 * k, m32: c32 * k, m33: c33 * k)
        let all = [r.m11, r.m12, r.m13, r.m21, r.m22, r.m23, r.m31, r.m32, r.m33]
        return all.allSatisfy(\.isFinite) ? r : nil
    }

    /// The homogeneous image of (x, y): (X, Y, W).
    package func homogeneous(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * m11 + y * m21 + m31, x * m12 + y * m22 + m32, x * m13 + y * m23 + m33)
    }

    /// Points in front of the eye have W at least this (a hair above 0, so that nearly
    /// grazing planes do not project to astronomically large polygons).
    package static let nearW = 1e-6

    /// The convex polygon `points` mapped through the transform, clipped to the part in
    /// front of the eye (W ≥ `nearW`). Empty when nothing of it is.
    package func project(polygon points: [CGPoint]) -> [CGPoint] {
        let h = points.map { homogeneous(Double($0.x), Double($0.y)) }
        var out: [CGPoint] = []
        out.reserveCapacity(h.count + 2)
        let near = ProjectiveTransform.nearW
        for i in h.indices {
            let a = h[i], b = h[(i + 1) % h.count]
            if a.w >= near { out.append(CGPoint(x: a.x / a.w, y: a.y / a.w)) }
            if (a.w >= near) != (b.w >= near) {
                // Where the edge crosses W = near.
                let t = (near - a.w) / (b.w - a.w)
                let x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t
                out.append(CGPoint(x: x / near, y: y / near))
            }
        }
        return out.allSatisfy { $0.x.isFinite && $0.y.isFinite } ? out : []
    }

    /// The corners of `r`, in order around it.
    package static func corners(of r: CGRect) -> [CGPoint] {
        [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
    }

    /// The bounding box of `r` mapped through the transform (the part in front of the eye);
    /// nil when none of it is.
    package func projectedBounds(of r: CGRect) -> CGRect? {
        let polygon = project(polygon: ProjectiveTransform.corners(of: r))
        guard polygon.count >= 3 else { return nil }
        var x0 = CGFloat.infinity, y0 = CGFloat.infinity, x1 = -CGFloat.infinity, y1 = -CGFloat.infinity
        for p in polygon {
            x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y)
            x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y)
        }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
