/// What a timed object shows outside its active duration.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Nothing outside the active duration (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The final state stays after the active duration ends.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The initial state shows before the active duration begins.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `backwards` and `forwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}

/// A hierarchical timing model: each object maps its parent's time into its own local time
/// with `beginTime`, `speed` and `timeOffset`, and is active for `duration` repeated by
/// `repeatCount` or for `repeatDuration`, reversed each cycle when `autoreverses`.
///
/// Layers and animations adopt it: an animation's parent time is its layer's local time, and
/// a layer's parent time is its superlayer's (the media time at the root).
public protocol CAMediaTiming {
    /// When the object begins, in its parent's time.
    var beginTime: CFTimeInterval { get set }
    /// The length of one cycle in local time.
    var duration: CFTimeInterval { get set }
    /// How fast local time runs relative to the parent's: 2 is twice as fast.
    var speed: Float { get set }
    /// An offset added to local time.
    var timeOffset: CFTimeInterval { get set }
    /// How many cycles play (may be fractional; infinity repeats forever).
    var repeatCount: Float { get set }
    /// How long to repeat, in local time, instead of a count.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each cycle plays forwards and then backwards.
    var autoreverses: Bool { get set }
    /// What is shown before and after the active duration.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// The arithmetic of `CAMediaTiming` for one object: where a parent time falls in the
/// object's active duration, and the fraction of its simple duration reached there.
///
/// Steps, for a parent time t:
/// 1. Elapsed active time: e = (t − beginTime) · |speed|.
/// 2. The active duration A: `repeatDuration` if set, else `repeatCount` cycles (1 if 0) of
///    one cycle, a cycle being `duration` (twice that when autoreversing).
/// 3. Before (e < 0) and after (e ≥ A) the object is shown only as `fillMode` allows, frozen at
///    its start or end.
/// 4. Local time is e + timeOffset, wrapped into A when offset (an offset plays the tail of
///    the active duration first, then its head), reversed for negative speeds.
/// 5. The cycle number is ⌊local / cycle⌋; within the cycle, the second half of an
///    autoreversing cycle runs backwards. The end of the last cycle counts as its end (1), not
///    as the start of another.
struct MediaTimingModel: Equatable {
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode = CAMediaTimingFillMode.removed

    /// Where a parent time falls.
    enum Phase: Equatable { case before, active, after }

    /// The state at one parent time: the phase, the cycle number and the fraction (0…1) of the
    /// simple duration, before any timing function. Nil when nothing is shown (outside the
    /// active duration without the matching fill, or with speed 0 and no time yet).
    struct Sample: Equatable {
        var phase: Phase
        var iteration: Int
        var fraction: Double
    }

    /// One cycle's length in local time.
    var cycle: CFTimeInterval { autoreverses ? duration * 2 : duration }

    /// The active duration in local time (infinite for endless repeats).
    var activeDuration: CFTimeInterval {
        if repeatDuration > 0 { return repeatDuration }
        let count = repeatCount > 0 ? Double(repeatCount) : 1
        return count.isInfinite ? .infinity : cycle * count
    }

    /// The parent time at which the active duration ends (infinite when it never does or
    /// speed is 0).
    var endTime: CFTimeInterval {
        let rate = Swift.abs(Double(speed))
        guard rate > 0 else { return .infinity }
        return beginTime + activeDuration / rate
    }

    func sample(atParentTime t: CFTimeInterval) -> Sample? {
        guard duration > 0, t.isFinite else { return nil }
        let active = activeDuration
        let rate = Double(speed)
        let elapsed = (t - beginTime) * Swift.abs(rate)
        let phase: Phase
        var local: Double
        if elapsed < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            phase = .before
            local = 0
        } else if elapsed >= active {
            guard fillMode == .forwards || fillMode == .both else { return nil }
            phase = .after
            local = active
        } else {
            phase = .active
            local = elapsed
        }
        if timeOffset != 0 && active.isFinite && active > 0 {
            let shifted = local + timeOffset
            var wrapped = shifted.truncatingRemainder(dividingBy: active)
            if wrapped < 0 { wrapped += active }
            // The end stays the end: a whole number of passes lands on A, not on 0.
            local = (wrapped == 0 && shifted != 0 && phase == .after) ? active : wrapped
        } else {
            local += timeOffset
        }
        if rate < 0 && active.isFinite { local = active - local }
        return position(atLocalTime: local, activeDuration: active, phase: phase)
    }

    private func position(atLocalTime local: Double, activeDuration active: Double, phase: Phase) -> Sample {
        let period = cycle
        var iteration = Int(Swift.max(0, (local / period).rounded(.down)).clamped(to: 0...1e15))
        var within = local - Double(iteration) * period
        if within <= 0 && local > 0 && local >= active {
            // The end of the last cycle.
            iteration -= 1
            within = period
        }
        within = Swift.min(Swift.max(within, 0), period)
        if autoreverses && within > duration { within = period - within }
        return Sample(phase: phase, iteration: Swift.max(iteration, 0), fraction: Swift.min(Swift.max(within / duration, 0), 1))
    }

    /// Maps a parent time into local time for a layer (which has no active duration):
    /// (t − beginTime) · speed + timeOffset.
    func localTime(fromParent t: CFTimeInterval) -> CFTimeInterval {
        (t - beginTime) * Double(speed) + timeOffset
    }

    /// The inverse of `localTime(fromParent:)`; with speed 0 every parent time maps to the
    /// same local time, and `beginTime` is returned.
    func parentTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        guard speed != 0 else { return beginTime }
        return (t - timeOffset) / Double(speed) + beginTime
    }
}

private extension Double {
    func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}

/// Darwin's `HUGE` (positive infinity as a Float), which iOS code passes as a repeat count to
/// mean forever; Glibc does not export it.
public let HUGE: Float = .infinity
