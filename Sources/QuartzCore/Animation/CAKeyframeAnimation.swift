/// How a keyframe animation computes the values between its keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Straight interpolation between neighbouring keyframes (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each keyframe's value holds until the next keyframe time.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Linear, with key times chosen for a constant speed (key times and timing functions are
    /// ignored).
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A smooth Catmull–Rom spline through the keyframes.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The cubic spline at a constant pace.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether an animation along a path turns the layer to follow the path's direction.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The layer's x axis follows the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// The tangent plus a half turn.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// A property animation through a sequence of values (or along a path, for point properties),
/// with optional key times and per-segment timing functions.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values.
    open var values: [Any]?
    /// A path the animated point follows; when set, `values` are ignored.
    open var path: CGPath?
    /// When each keyframe is reached, as fractions (0…1) of the duration, non-decreasing; one
    /// per value (one more for discrete mode), or nil for even spacing.
    open var keyTimes: [NSNumber]?
    /// The pacing of each segment between keyframes (one fewer than the values).
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed.
    open var calculationMode = CAAnimationCalculationMode.linear
    /// Kochanek–Bartels tension per keyframe for cubic modes: positive values tighten the
    /// curve at the keyframe, negative ones round it (0 when absent).
    open var tensionValues: [NSNumber]?
    /// Kochanek–Bartels continuity per keyframe: nonzero values make a corner (0 when absent).
    open var continuityValues: [NSNumber]?
    /// Kochanek–Bartels bias per keyframe: positive values overshoot past the keyframe,
    /// negative ones undershoot (0 when absent).
    open var biasValues: [NSNumber]?
    /// Whether an animation along `path` also rotates the layer to its direction.
    open var rotationMode: CAAnimationRotationMode?

    open override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        path = other.path
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        tensionValues = other.tensionValues
        continuityValues = other.continuityValues
        biasValues = other.biasValues
        rotationMode = other.rotationMode
    }

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "values": return values
        case "path": return path
        case "keyTimes": return keyTimes
        case "timingFunctions": return timingFunctions
        case "calculationMode": return calculationMode.rawValue
        case "rotationMode": return rotationMode?.rawValue
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "values": values = value as? [Any]
        case "path": path = value.flatMap { $0 as? CGPath }
        case "keyTimes": keyTimes = value as? [NSNumber]
        case "timingFunctions": timingFunctions = value as? [CAMediaTimingFunction]
        case "calculationMode": if let v = value as? String { calculationMode = CAAnimationCalculationMode(rawValue: v) }
        case "rotationMode": rotationMode = (value as? String).map(CAAnimationRotationMode.init(rawValue:))
        default: super.setValue(value, forKey: key)
        }
    }

    // MARK: Evaluation

    private var isPaced: Bool { calculationMode == .paced || calculationMode == .cubicPaced }
    private var isCubic: Bool { calculationMode == .cubic || calculationMode == .cubicPaced }

    override func cycleEnds(current: AnimatableValue) -> (start: AnimatableValue, end: AnimatableValue)? {
        if let path, let track = PathTrack(path) { return (.point(track.start), .point(track.end)) }
        guard let values, let first = values.first, let last = values.last else { return nil }
        return (AnimatableValue(first), AnimatableValue(last))
    }

    override func animatedValue(progress: Double, iteration: Int, current: AnimatableValue) -> AnimatableValue? {
        if let path {
            guard let track = PathTrack(path) else { return nil }
            return .point(track.point(at: progress, paced: isPaced, keyTimes: keyTimes, timing: timingFunctions).point)
        }
        guard let values, !values.isEmpty else { return nil }
        let frames = values.map(AnimatableValue.init)
        if frames.count == 1 { return frames[0] }
        if calculationMode == .discrete { return frames[discreteIndex(progress, count: frames.count)] }
        let times = isPaced ? pacedTimes(frames) : keyframeTimes(count: frames.count)
        // 1. The segment whose key times bracket the progress.
        var segment = 0
        while segment < frames.count - 2 && progress >= times[segment + 1] { segment += 1 }
        let span = times[segment + 1] - times[segment]
        var local = span > 0 ? (progress - times[segment]) / span : 1
        local = Swift.min(Swift.max(local, 0), 1)
        // 2. The segment's own pacing (not in paced modes).
        if !isPaced, let functions = timingFunctions, segment < functions.count {
            local = functions[segment].progress(at: local)
        }
        // 3. Straight or spline interpolation within the segment.
        guard isCubic else { return AnimatableValue.interpolate(frames[segment], frames[segment + 1], local) }
        return KochanekBartels(tension: tensionValues, continuity: continuityValues, bias: biasValues)
            .interpolate(frames, segment: segment, local)
    }

    override func apply(to layer: inout AnimatedLayer, atLayerTime t: CFTimeInterval) {
        super.apply(to: &layer, atLayerTime: t)
        guard let rotationMode, let path, let track = PathTrack(path),
              let sample = timingModel.sample(atParentTime: t), !(sample.phase == .after && isRemovedOnCompletion) else { return }
        let angle = track.point(at: pacedProgress(sample), paced: isPaced, keyTimes: keyTimes, timing: timingFunctions).angle
            + (rotationMode == .rotateAutoReverse ? Double.pi : 0)
        layer.setPresentationValue(CATransform3DRotate(layer.value.transform, CGFloat(angle), 0, 0, 1), forKeyPath: "transform")
    }

    /// Key times for `count` keyframes: the given ones when they fit, else evenly spaced.
    private func keyframeTimes(count: Int) -> [Double] {
        if let keyTimes, keyTimes.count == count {
            return keyTimes.map { Swift.min(Swift.max($0.doubleValue, 0), 1) }
        }
        return (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// Which value a discrete animation shows: with n + 1 key times, value i holds from time i
    /// to time i + 1; with n (or none), value i holds from its key time to the next.
    private func discreteIndex(_ progress: Double, count: Int) -> Int {
        if let keyTimes, keyTimes.count == count || keyTimes.count == count + 1 {
            var index = 0
            while index + 1 < count && progress >= keyTimes[index + 1].doubleValue { index += 1 }
            return index
        }
        // An overshooting timing function moves the progress outside 0…1: clamp to the ends
        // (NaN counts as the start) before converting.
        let scaled = (progress * Double(count)).rounded(.down)
        guard scaled.isFinite, scaled > 0 else { return 0 }
        return Int(Swift.min(scaled, Double(count - 1)))
    }

    /// Key times proportional to the distance between neighbouring values.
    private func pacedTimes(_ frames: [AnimatableValue]) -> [Double] {
        var lengths: [Double] = [0]
        for i in 1..<frames.count {
            lengths.append(lengths[i - 1] + AnimatableValue.distance(frames[i - 1], frames[i]))
        }
        guard let total = lengths.last, total > 0 else { return keyframeTimes(count: frames.count) }
        return lengths.map { $0 / total }
    }
}

extension AnimatableValue {
    /// The distance between two values, for paced keyframes: Euclidean over their components
    /// (1 for values that have none).
    static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
        guard let x = a.components, let y = b.components, x.count == y.count else { return 1 }
        return zip(x, y).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }

    /// The value's numeric components, for splines and distances.
    var components: [Double]? {
        switch self {
        case .number(let v): return [v]
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        case .rect(let r): return [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case .color(let c): return [c[0], c[1], c[2], c[3]]
        case .vector(let v): return v
        default: return nil
        }
    }

    /// A value of this kind with `components`.
    func with(components c: [Double]) -> AnimatableValue {
        switch self {
        case .number: return .number(c[0])
        case .point: return .point(CGPoint(x: c[0], y: c[1]))
        case .size: return .size(CGSize(width: c[0], height: c[1]))
        case .rect: return .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: return .color(SIMD4(c[0], c[1], c[2], c[3]))
        case .vector: return .vector(c)
        default: return self
        }
    }
}

/// The Kochanek–Bartels spline through keyframe values: Hermite segments whose tangents at
/// each keyframe mix the differences to its neighbours according to the keyframe's tension
/// t, continuity c and bias b (all 0 gives Catmull–Rom, half the difference of the
/// neighbours). The end values are repeated beyond the ends.
///
/// At keyframe i, with a = pᵢ − pᵢ₋₁ and d = pᵢ₊₁ − pᵢ:
///   leaving tangent  = (1−t)(1+b)(1+c)/2 · a + (1−t)(1−b)(1−c)/2 · d
///   arriving tangent = (1−t)(1+b)(1−c)/2 · a + (1−t)(1−b)(1+c)/2 · d
struct KochanekBartels {
    let tension: [NSNumber]?
    let continuity: [NSNumber]?
    let bias: [NSNumber]?

    private func parameter(_ values: [NSNumber]?, _ i: Int) -> Double {
        guard let values, i < values.count else { return 0 }
        let v = values[i].doubleValue
        return v.isFinite ? v : 0
    }

    func interpolate(_ frames: [AnimatableValue], segment i: Int, _ s: Double) -> AnimatableValue {
        let p1 = frames[i], p2 = frames[i + 1]
        let p0 = frames[Swift.max(i - 1, 0)], p3 = frames[Swift.min(i + 2, frames.count - 1)]
        guard let c0 = p0.components, let c1 = p1.components, let c2 = p2.components, let c3 = p3.components,
              c0.count == c1.count, c1.count == c2.count, c2.count == c3.count else {
            return AnimatableValue.interpolate(p1, p2, s)
        }
        let (t1, k1, b1) = (parameter(tension, i), parameter(continuity, i), parameter(bias, i))
        let (t2, k2, b2) = (parameter(tension, i + 1), parameter(continuity, i + 1), parameter(bias, i + 1))
        // Leaving keyframe i, arriving at keyframe i + 1.
        let leaveA = (1 - t1) * (1 + b1) * (1 + k1) / 2, leaveD = (1 - t1) * (1 - b1) * (1 - k1) / 2
        let arriveA = (1 - t2) * (1 + b2) * (1 - k2) / 2, arriveD = (1 - t2) * (1 - b2) * (1 + k2) / 2
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        var out = [Double](repeating: 0, count: c1.count)
        for k in 0..<c1.count {
            let m1 = leaveA * (c1[k] - c0[k]) + leaveD * (c2[k] - c1[k])
            let m2 = arriveA * (c2[k] - c1[k]) + arriveD * (c3[k] - c2[k])
            out[k] = h00 * c1[k] + h10 * m1 + h01 * c2[k] + h11 * m2
        }
        return p1.with(components: out)
    }
}
