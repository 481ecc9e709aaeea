/// An animated value in a form that interpolates: numbers, geometry, colours, transforms and
/// paths, with anything else interpolated discretely (the start value until halfway, then the
/// end value).
enum AnimatableValue {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    /// sRGB components with alpha, not premultiplied.
    case color(SIMD4<Double>)
    case path(CGPath)
    /// Several numbers, such as a value function's (x, y, z).
    case vector([Double])
    /// Several values of other kinds, such as a gradient's colours.
    case list([AnimatableValue])
    case other(Any?)

    init(_ boxed: Any?) {
        let value = KeyValueBox.unbox(boxed)
        switch value {
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as CATransform3D: self = .transform(v)
        case let v as CGAffineTransform: self = .transform(CATransform3DMakeAffineTransform(v))
        case let v as CGColor: self = .color(AnimatableValue.components(of: v))
        case let v as CGPath: self = .path(v)
        case let v as [Any] where !v.isEmpty && v.allSatisfy({ !($0 is String) && AnimationNumber.double($0) != nil }):
            self = .vector(v.compactMap(AnimationNumber.double))
        case let v as [Any] where !v.isEmpty:
            self = .list(v.map { AnimatableValue($0) })
        case let v? where type(of: v) == Bool.self:
            // Flags switch discretely, as Core Animation animates BOOL properties.
            self = .other(v)
        default:
            if !(value is String), let number = AnimationNumber.double(value) {
                self = .number(number)
            } else {
                self = .other(value)
            }
        }
    }

    /// The value as the type layers store: CGFloat for numbers, CGColor for colours.
    var boxed: Any? {
        switch self {
        case .number(let v): return CGFloat(v)
        case .point(let v): return v
        case .size(let v): return v
        case .rect(let v): return v
        case .transform(let v): return v
        case .color(let c): return CGColor(red: CGFloat(c[0]), green: CGFloat(c[1]), blue: CGFloat(c[2]), alpha: CGFloat(c[3]))
        case .path(let v): return v
        case .vector(let v): return v.map { CGFloat($0) }
        case .list(let v): return v.map { $0.boxed as Any }
        case .other(let v): return v
        }
    }

    private static func components(of color: CGColor) -> SIMD4<Double> {
        let c = color.components ?? [0, 0, 0, 1]
        switch c.count {
        case 2: return SIMD4(Double(c[0]), Double(c[0]), Double(c[0]), Double(c[1]))
        case 4...: return SIMD4(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]))
        default: return SIMD4(0, 0, 0, Double(color.alpha))
        }
    }

    /// The additive identity of this value's kind (0, .zero, the identity transform, a
    /// transparent colour, a vector of zeros); nil for kinds that do not add.
    var additiveIdentity: AnimatableValue? {
        switch self {
        case .number: return .number(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .transform: return .transform(CATransform3DIdentity)
        case .color: return .color(SIMD4(0, 0, 0, 0))
        case .vector(let v): return .vector(Array(repeating: 0, count: v.count))
        default: return nil
        }
    }

    // MARK: Arithmetic

    /// The value `t` of the way from `a` to `b`; values of different kinds switch halfway.
    static func interpolate(_ a: AnimatableValue, _ b: AnimatableValue, _ t: Double) -> AnimatableValue {
        @inline(__always) func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * CGFloat(t) }
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x + (y - x) * t)
        case let (.point(p), .point(q)): return .point(CGPoint(x: mix(p.x, q.x), y: mix(p.y, q.y)))
        case let (.size(p), .size(q)): return .size(CGSize(width: mix(p.width, q.width), height: mix(p.height, q.height)))
        case let (.rect(p), .rect(q)):
            return .rect(CGRect(x: mix(p.origin.x, q.origin.x), y: mix(p.origin.y, q.origin.y),
                                width: mix(p.size.width, q.size.width), height: mix(p.size.height, q.size.height)))
        case let (.color(p), .color(q)): return .color(p + (q - p) * t)
        case let (.vector(p), .vector(q)) where p.count == q.count: return .vector(zip(p, q).map { $0 + ($1 - $0) * t })
        case let (.list(p), .list(q)) where p.count == q.count: return .list(zip(p, q).map { interpolate($0, $1, t) })
        case let (.transform(p), .transform(q)):
            guard let dp = TransformDecomposition(p), let dq = TransformDecomposition(q) else {
                return t < 0.5 ? a : b
            }
            return .transform(TransformDecomposition.interpolate(dp, dq, t).matrix)
        case let (.path(p), .path(q)):
            return PathInterpolation.interpolate(p, q, t).map(AnimatableValue.path) ?? (t < 0.5 ? a : b)
        default:
            return t < 0.5 ? a : b
        }
    }

    /// a + b, for additive and cumulative animations and `byValue`; transforms concatenate
    /// (b applied after a). Kinds that do not add give b.
    static func add(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x + y)
        case let (.point(p), .point(q)): return .point(CGPoint(x: p.x + q.x, y: p.y + q.y))
        case let (.size(p), .size(q)): return .size(CGSize(width: p.width + q.width, height: p.height + q.height))
        case let (.rect(p), .rect(q)):
            return .rect(CGRect(x: p.origin.x + q.origin.x, y: p.origin.y + q.origin.y,
                                width: p.size.width + q.size.width, height: p.size.height + q.size.height))
        case let (.color(p), .color(q)): return .color(p + q)
        case let (.vector(p), .vector(q)) where p.count == q.count: return .vector(zip(p, q).map { $0 + $1 })
        case let (.transform(p), .transform(q)): return .transform(CATransform3DConcat(q, p))
        default: return b
        }
    }

    /// a − b (the inverse of `add`: add(b, a − b) = a); transforms multiply by the inverse.
    static func subtract(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x - y)
        case let (.point(p), .point(q)): return .point(CGPoint(x: p.x - q.x, y: p.y - q.y))
        case let (.size(p), .size(q)): return .size(CGSize(width: p.width - q.width, height: p.height - q.height))
        case let (.rect(p), .rect(q)):
            return .rect(CGRect(x: p.origin.x - q.origin.x, y: p.origin.y - q.origin.y,
                                width: p.size.width - q.size.width, height: p.size.height - q.size.height))
        case let (.color(p), .color(q)): return .color(p - q)
        case let (.vector(p), .vector(q)) where p.count == q.count: return .vector(zip(p, q).map { $0 - $1 })
        // add(b, subtract(a, b)) = a: the difference is applied first, then b.
        case let (.transform(p), .transform(q)): return .transform(CATransform3DConcat(p, CATransform3DInvert(q)))
        default: return a
        }
    }

    /// a scaled by k (cumulative repeats); transforms are decomposed and their parts scaled.
    static func scale(_ a: AnimatableValue, by k: Double) -> AnimatableValue {
        switch a {
        case .number(let x): return .number(x * k)
        case .point(let p): return .point(CGPoint(x: p.x * CGFloat(k), y: p.y * CGFloat(k)))
        case .size(let s): return .size(CGSize(width: s.width * CGFloat(k), height: s.height * CGFloat(k)))
        case .rect(let r):
            return .rect(CGRect(x: r.origin.x * CGFloat(k), y: r.origin.y * CGFloat(k),
                                width: r.size.width * CGFloat(k), height: r.size.height * CGFloat(k)))
        case .color(let c): return .color(c * k)
        case .vector(let v): return .vector(v.map { $0 * k })
        case .transform(let m):
            // k whole repeats of m: m concatenated k times.
            let n = Int(k.rounded())
            guard n > 0 else { return .transform(CATransform3DIdentity) }
            var out = m
            for _ in 1..<Swift.min(n, 1000) { out = CATransform3DConcat(out, m) }
            return .transform(out)
        default: return a
        }
    }
}
