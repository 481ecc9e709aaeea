import Foundation

/// A `CATransform3D` split into the parts that interpolate sensibly: perspective, translation,
/// rotation, skew and scale (the "unmatrix" decomposition of Graphics Gems II).
///
/// Convention: points are row vectors (p' = p·M), so translation is the last row, perspective
/// the last column, and the upper 3×3 block's rows are, for scale s, skew k and rotation rows
/// r0…r2:
///   row0 = s0·r0
///   row1 = s1·(r1 + k0·r0)
///   row2 = s2·(r2 + k1·r0 + k2·r1)
/// Interpolation lerps everything but the rotation, which is slerped as a quaternion, so that
/// a half-turn passes through a quarter-turn instead of collapsing through a zero scale.
struct TransformDecomposition: Equatable {
    var translation = SIMD3<Double>(0, 0, 0)
    var scale = SIMD3<Double>(1, 1, 1)
    /// xy, xz and yz shears.
    var skew = SIMD3<Double>(0, 0, 0)
    var perspective = SIMD4<Double>(0, 0, 0, 1)
    /// The rotation rows r0, r1, r2 (orthonormal, determinant 1).
    var rotation: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) = (SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1))

    static func == (a: TransformDecomposition, b: TransformDecomposition) -> Bool {
        a.translation == b.translation && a.scale == b.scale && a.skew == b.skew && a.perspective == b.perspective
            && a.rotation.0 == b.rotation.0 && a.rotation.1 == b.rotation.1 && a.rotation.2 == b.rotation.2
    }

    init() {}

    /// Nil for matrices that cannot be decomposed (a zero m44 or a singular linear part).
    init?(_ t: CATransform3D) {
        var m = TransformDecomposition.rows(t)
        let w = m[3][3]
        guard w != 0, w.isFinite else { return nil }
        for i in 0..<4 { m[i] /= w }
        // 1. Perspective: solve for the last column against the matrix without it.
        var linear = m
        for i in 0..<3 { linear[i][3] = 0 }
        linear[3][3] = 1
        guard let inverse = TransformDecomposition.inverse(linear) else { return nil }
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            let rhs = SIMD4(m[0][3], m[1][3], m[2][3], m[3][3])
            // perspective = rhs · (inverse)ᵀ
            var p = SIMD4<Double>(0, 0, 0, 0)
            for i in 0..<4 {
                p[i] = (inverse[i] * rhs).sum()
            }
            perspective = p
        }
        // 2. Translation: the last row.
        translation = SIMD3(m[3][0], m[3][1], m[3][2])
        // 3. Scale and skew by Gram–Schmidt on the rows.
        var r0 = SIMD3(m[0][0], m[0][1], m[0][2])
        var r1 = SIMD3(m[1][0], m[1][1], m[1][2])
        var r2 = SIMD3(m[2][0], m[2][1], m[2][2])
        scale.x = TransformDecomposition.length(r0)
        guard scale.x > 0 else { return nil }
        r0 /= scale.x
        skew.x = (r0 * r1).sum()
        r1 -= skew.x * r0
        scale.y = TransformDecomposition.length(r1)
        guard scale.y > 0 else { return nil }
        r1 /= scale.y
        skew.x /= scale.y
        skew.y = (r0 * r2).sum()
        r2 -= skew.y * r0
        skew.z = (r1 * r2).sum()
        r2 -= skew.z * r1
        scale.z = TransformDecomposition.length(r2)
        guard scale.z > 0 else { return nil }
        r2 /= scale.z
        skew.y /= scale.z
        skew.z /= scale.z
        // 4. A mirrored basis becomes a negative scale, leaving a proper rotation.
        if (r0 * TransformDecomposition.cross(r1, r2)).sum() < 0 {
            scale = -scale
            r0 = -r0
            r1 = -r1
            r2 = -r2
        }
        rotation = (r0, r1, r2)
    }

    /// The matrix these parts describe.
    var matrix: CATransform3D {
        let (r0, r1, r2) = rotation
        let row0 = scale.x * r0
        let row1 = scale.y * (r1 + skew.x * r0)
        let row2 = scale.z * (r2 + skew.y * r0 + skew.z * r1)
        // The linear part and translation, then the perspective column: M = L·P with P the
        // identity whose last column is the perspective.
        let linear: [SIMD4<Double>] = [
            SIMD4(row0.x, row0.y, row0.z, 0), SIMD4(row1.x, row1.y, row1.z, 0),
            SIMD4(row2.x, row2.y, row2.z, 0), SIMD4(translation.x, translation.y, translation.z, 1),
        ]
        var m = linear
        if perspective != SIMD4(0, 0, 0, 1) {
            // Row i of L·P: the last entry becomes (row i)·perspective.
            for i in 0..<4 { m[i][3] = (linear[i] * perspective).sum() }
        }
        return CATransform3D(
            m11: CGFloat(m[0][0]), m12: CGFloat(m[0][1]), m13: CGFloat(m[0][2]), m14: CGFloat(m[0][3]),
            m21: CGFloat(m[1][0]), m22: CGFloat(m[1][1]), m23: CGFloat(m[1][2]), m24: CGFloat(m[1][3]),
            m31: CGFloat(m[2][0]), m32: CGFloat(m[2][1]), m33: CGFloat(m[2][2]), m34: CGFloat(m[2][3]),
            m41: CGFloat(m[3][0]), m42: CGFloat(m[3][1]), m43: CGFloat(m[3][2]), m44: CGFloat(m[3][3]))
    }

    // MARK: Rotation as a quaternion and as angles

    /// The rotation as a unit quaternion (x, y, z, w), w ≥ 0.
    var quaternion: SIMD4<Double> {
        get {
            let (r0, r1, r2) = rotation
            var q = SIMD4<Double>(
                0.5 * Swift.max(1 + r0.x - r1.y - r2.z, 0).squareRoot(),
                0.5 * Swift.max(1 - r0.x + r1.y - r2.z, 0).squareRoot(),
                0.5 * Swift.max(1 - r0.x - r1.y + r2.z, 0).squareRoot(),
                0.5 * Swift.max(1 + r0.x + r1.y + r2.z, 0).squareRoot())
            // Rows are the transpose of the column-vector rotation matrix.
            if r1.z < r2.y { q.x = -q.x }
            if r2.x < r0.z { q.y = -q.y }
            if r0.y < r1.x { q.z = -q.z }
            return q
        }
        set {
            let length = (newValue * newValue).sum().squareRoot()
            let q = length > 0 ? newValue / length : SIMD4(0, 0, 0, 1)
            let (x, y, z, w) = (q.x, q.y, q.z, q.w)
            rotation = (
                SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
                SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
                SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)))
        }
    }

    /// The rotation as angles about x, then y, then z (applied in that order).
    var eulerAngles: SIMD3<Double> {
        get {
            let (r0, r1, r2) = rotation
            let sinY = Swift.min(Swift.max(-r0.z, -1), 1)
            if Swift.abs(sinY) < 0.999999 {
                return SIMD3(atan2(r1.z, r2.z), asin(sinY), atan2(r0.y, r0.x))
            }
            // Gimbal lock: y is ±90°, x and z turn about the same axis; put it all in z.
            return SIMD3(0, asin(sinY), atan2(-r1.x, r1.y))
        }
        set {
            let (cx, sx) = (cos(newValue.x), sin(newValue.x))
            let (cy, sy) = (cos(newValue.y), sin(newValue.y))
            let (cz, sz) = (cos(newValue.z), sin(newValue.z))
            // Rx·Ry·Rz for row vectors.
            rotation = (
                SIMD3(cy * cz, cy * sz, -sy),
                SIMD3(sx * sy * cz - cx * sz, sx * sy * sz + cx * cz, sx * cy),
                SIMD3(cx * sy * cz + sx * sz, cx * sy * sz - sx * cz, cx * cy))
        }
    }

    // MARK: Interpolation

    /// The parts `t` of the way from `a` to `b` (t may leave 0…1 for overshooting curves).
    static func interpolate(_ a: TransformDecomposition, _ b: TransformDecomposition, _ t: Double) -> TransformDecomposition {
        var out = TransformDecomposition()
        out.translation = a.translation + (b.translation - a.translation) * t
        out.scale = a.scale + (b.scale - a.scale) * t
        out.skew = a.skew + (b.skew - a.skew) * t
        out.perspective = a.perspective + (b.perspective - a.perspective) * t
        out.quaternion = slerp(a.quaternion, b.quaternion, t)
        return out
    }

    /// Spherical interpolation along the shorter arc.
    static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        var b = b
        var dot = (a * b).sum()
        if dot < 0 {
            b = -b
            dot = -dot
        }
        dot = Swift.min(dot, 1)
        if dot > 0.999_999 {
            return a + (b - a) * t
        }
        let angle = acos(dot)
        let sinAngle = sin(angle)
        return a * (sin((1 - t) * angle) / sinAngle) + b * (sin(t * angle) / sinAngle)
    }

    // MARK: Small linear algebra

    private static func rows(_ t: CATransform3D) -> [SIMD4<Double>] {
        [SIMD4(Double(t.m11), Double(t.m12), Double(t.m13), Double(t.m14)),
         SIMD4(Double(t.m21), Double(t.m22), Double(t.m23), Double(t.m24)),
         SIMD4(Double(t.m31), Double(t.m32), Double(t.m33), Double(t.m34)),
         SIMD4(Double(t.m41), Double(t.m42), Double(t.m43), Double(t.m44))]
    }

    private static func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }

    private static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    /// The inverse of a 4×4 matrix given as rows, by Gauss–Jordan elimination with partial
    /// pivoting; nil when singular.
    private static func inverse(_ m: [SIMD4<Double>]) -> [SIMD4<Double>]? {
        var a = m
        var inv: [SIMD4<Double>] = [SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)]
        for column in 0..<4 {
            var pivot = column
            for row in column + 1..<4 where Swift.abs(a[row][column]) > Swift.abs(a[pivot][column]) { pivot = row }
            guard Swift.abs(a[pivot][column]) > 1e-12 else { return nil }
            a.swapAt(column, pivot)
            inv.swapAt(column, pivot)
            let scale = 1 / a[column][column]
            a[column] *= scale
            inv[column] *= scale
            for row in 0..<4 where row != column {
                let factor = a[row][column]
                if factor != 0 {
                    a[row] -= factor * a[column]
                    inv[row] -= factor * inv[column]
                }
            }
        }
        return inv
    }
}
