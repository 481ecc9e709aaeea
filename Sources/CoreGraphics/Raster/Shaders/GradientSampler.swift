/// Fetches gradient colours for a row of pixels: maps each pixel centre to the gradient
/// parameter t, looks the colour up in a table, and zeroes the coverage where the gradient
/// does not paint (before the start or after the end without the extend options).
struct GradientSampler {
    enum Geometry {
        /// t = (p − start)·d / |d|², in user space.
        case linear(start: CGPoint, delta: CGPoint, inverseLengthSquared: CGFloat)
        /// The largest t with |p − c(t)| = r(t), r(t) ≥ 0, for circles interpolated from
        /// (c0, r0) to (c1, r1).
        case radial(c0: CGPoint, r0: CGFloat, dc: CGPoint, dr: CGFloat)
    }

    let geometry: Geometry
    /// Pixel space to the gradient's user space.
    let pixelToUser: CGAffineTransform
    /// Packed premultiplied colours, memory order.
    let table: [UInt32]
    /// Whether every table entry is opaque.
    let isOpaque: Bool
    let extendBefore: Bool
    let extendAfter: Bool

    func fetch(y: Int, x0: Int, into out: UnsafeMutablePointer<UInt32>, coverage: UnsafeMutableBufferPointer<Float>) {
        let last = table.count - 1
        let scale = Double(last)
        let m = pixelToUser
        table.withUnsafeBufferPointer { lut in
            @inline(__always) func store(_ i: Int, _ parameter: Double?) {
                guard var t = parameter, !t.isNaN else {
                    coverage[i] = 0
                    return
                }
                if t < 0 {
                    if !extendBefore { coverage[i] = 0; return }
                    t = 0
                } else if t > 1 {
                    if !extendAfter { coverage[i] = 0; return }
                    t = 1
                }
                out[i] = lut[Int(t * scale + 0.5)]
            }
            if case let .linear(start, delta, inverse) = geometry {
                // t is affine in the pixel position: start at the first centre, step per pixel.
                let px = Double(x0) + 0.5, py = Double(y) + 0.5
                let ux = Double(m.a) * px + Double(m.c) * py + Double(m.tx) - Double(start.x)
                let uy = Double(m.b) * px + Double(m.d) * py + Double(m.ty) - Double(start.y)
                let dx = Double(delta.x) * Double(inverse), dy = Double(delta.y) * Double(inverse)
                var t = ux * dx + uy * dy
                let step = Double(m.a) * dx + Double(m.b) * dy
                let n = coverage.count
                let tLast = t + step * Double(n - 1)
                if n > 0, Swift.max(Swift.abs(t), Swift.abs(tLast)) < 1e6, Swift.abs(step) < 1e6 {
                    // t is linear along the row: step a 32.32 fixed-point table position and
                    // clamp it, with no per-pixel branches. The position holds t·last + 0.5, so
                    // truncating it rounds to the nearest entry as the exact path does.
                    let one = Double(1 << 32)
                    let position = Int64((t * scale + 0.5) * one)
                    let increment = Int64(step * scale * one)
                    let low = Int64(1) << 31, high = Int64((scale + 0.5) * one) - 1
                    GradientSampler.stepRow(lut.baseAddress!, from: position, by: increment, low: low, high: high,
                                            into: out, count: n)
                    if !extendBefore || !extendAfter {
                        // Where the gradient does not paint, the coverage goes.
                        for i in 0..<n {
                            let ti = t + step * Double(i)
                            if (ti < 0 && !extendBefore) || (ti > 1 && !extendAfter) || ti.isNaN { coverage[i] = 0 }
                        }
                    }
                    return
                }
                for i in 0..<coverage.count {
                    store(i, t)
                    t += step
                }
            } else {
                for i in 0..<coverage.count {
                    let p = CGPoint(x: CGFloat(x0 + i) + 0.5, y: CGFloat(y) + 0.5).applying(m)
                    store(i, parameter(at: p).map(Double.init))
                }
            }
        }
    }

    /// Stores `table[clamp(position + i·increment, low, high) >> 32]` for `i` in `0..<count`
    /// (32.32 fixed point): the clamped pixels at either end as constant runs, the rest with no
    /// clamping, four at a time.
    @inline(__always)
    static func stepRow(_ table: UnsafePointer<UInt32>, from position: Int64, by increment: Int64, low: Int64, high: Int64,
                        into out: UnsafeMutablePointer<UInt32>, count n: Int) {
        @inline(__always) func at(_ i: Int) -> Int64 { position &+ Int64(i) &* increment }
        let inside = FixedPointSpan.inside(start: position, step: increment, low: low, high: high, count: n)
        let start = inside.lowerBound, end = inside.upperBound
        // Outside: the entry at the clamped end, as the clamp would give it.
        if start > 0 {
            let word = table[Int(Swift.min(Swift.max(position, low), high) >> 32)]
            out.update(repeating: word, count: start)
        }
        if end < n {
            let word = table[Int(Swift.min(Swift.max(at(end), low), high) >> 32)]
            (out + end).update(repeating: word, count: n - end)
        }
        var p = at(start), i = start
        let raw = UnsafeMutableRawPointer(out)
        let step4 = increment &* 4
        while i + 4 <= end {
            let four = SIMD4<UInt32>(table[Int(p >> 32)], table[Int((p &+ increment) >> 32)],
                                     table[Int((p &+ 2 &* increment) >> 32)], table[Int((p &+ 3 &* increment) >> 32)])
            raw.storeBytes(of: four, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            p &+= step4
            i &+= 4
        }
        while i < end {
            out[i] = table[Int(p >> 32)]
            p &+= increment
            i &+= 1
        }
    }

    @inline(__always)
    private func parameter(at p: CGPoint) -> CGFloat? {
        switch geometry {
        case let .linear(start, delta, inverse):
            return ((p.x - start.x) * delta.x + (p.y - start.y) * delta.y) * inverse
        case let .radial(c0, r0, dc, dr):
            // Solve |p − c0 − t·dc| = r0 + t·dr for t:
            // (dc·dc − dr²) t² − 2 (q·dc + r0·dr) t + (q·q − r0²) = 0 with q = p − c0.
            let qx = p.x - c0.x, qy = p.y - c0.y
            let a = dc.x * dc.x + dc.y * dc.y - dr * dr
            let b = qx * dc.x + qy * dc.y + r0 * dr
            let c = qx * qx + qy * qy - r0 * r0
            if abs(a) < 1e-12 {
                guard b != 0 else { return nil }
                let t = c / (2 * b)
                return r0 + t * dr >= 0 ? t : nil
            }
            let discriminant = b * b - a * c
            guard discriminant >= 0 else { return nil }
            let root = discriminant.squareRoot()
            let t1 = (b + root) / a, t2 = (b - root) / a
            let high = Swift.max(t1, t2), low = Swift.min(t1, t2)
            if r0 + high * dr >= 0 { return high }
            if r0 + low * dr >= 0 { return low }
            return nil
        }
    }
}
