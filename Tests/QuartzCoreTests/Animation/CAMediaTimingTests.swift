@testable import QuartzCore
import Testing

/// The timing arithmetic of CAMediaTiming, through a basic animation of a number from 0 to 1
/// (linear), sampled at parent times.
@Suite struct CAMediaTimingTests {
    private func model(_ configure: (inout MediaTimingModel) -> Void) -> MediaTimingModel {
        var m = MediaTimingModel(beginTime: 10, duration: 2)
        configure(&m)
        return m
    }

    private func fraction(_ m: MediaTimingModel, _ t: CFTimeInterval) -> Double? {
        m.sample(atParentTime: t)?.fraction
    }

    @Test func activeDurationAndFillModes() {
        let plain = model { _ in }
        #expect(fraction(plain, 9.9) == nil)
        #expect(fraction(plain, 10) == 0)
        #expect(fraction(plain, 11) == 0.5)
        #expect(fraction(plain, 12) == nil)
        let backwards = model { $0.fillMode = .backwards }
        #expect(backwards.sample(atParentTime: 5) == .init(phase: .before, iteration: 0, fraction: 0))
        #expect(fraction(backwards, 12) == nil)
        let forwards = model { $0.fillMode = .forwards }
        #expect(fraction(forwards, 5) == nil)
        #expect(forwards.sample(atParentTime: 20) == .init(phase: .after, iteration: 0, fraction: 1))
        let both = model { $0.fillMode = .both }
        #expect(fraction(both, 5) == 0 && fraction(both, 20) == 1)
    }

    @Test func repeatsAndAutoreverse() {
        let repeated = model { $0.repeatCount = 2.5 }
        #expect(repeated.activeDuration == 5)
        #expect(repeated.sample(atParentTime: 13)?.iteration == 1)
        #expect(fraction(repeated, 13) == 0.5)
        #expect(repeated.sample(atParentTime: 14.5) == .init(phase: .active, iteration: 2, fraction: 0.25))
        let ended = model { $0.repeatCount = 2; $0.fillMode = .forwards }
        #expect(ended.sample(atParentTime: 30) == .init(phase: .after, iteration: 1, fraction: 1))
        let reversing = model { $0.autoreverses = true; $0.fillMode = .forwards }
        #expect(reversing.activeDuration == 4)
        #expect(fraction(reversing, 11) == 0.5)
        #expect(fraction(reversing, 12) == 1)
        #expect(fraction(reversing, 13.5) == 0.25)
        #expect(fraction(reversing, 40) == 0)
        let byDuration = model { $0.repeatDuration = 3 }
        #expect(byDuration.activeDuration == 3)
        #expect(fraction(byDuration, 12.5) == 0.25)
        #expect(fraction(byDuration, 13) == nil)
        let forever = model { $0.repeatCount = .infinity }
        #expect(forever.endTime == .infinity)
        #expect(fraction(forever, 10 + 2 * 1000 + 0.5) == 0.25)
    }

    @Test func speedAndTimeOffset() {
        let fast = model { $0.speed = 2 }
        #expect(fast.endTime == 11)
        #expect(fraction(fast, 10.5) == 0.5)
        #expect(fraction(fast, 11) == nil)
        // An offset plays the tail first, then wraps around to the head.
        let offset = model { $0.timeOffset = 1 }
        #expect(fraction(offset, 10) == 0.5)
        #expect(fraction(offset, 10.5) == 0.75)
        #expect(fraction(offset, 11.5) == 0.25)
        #expect(fraction(offset, 12) == nil)
        let paused = model { $0.speed = 0; $0.timeOffset = 0.5 }
        #expect(fraction(paused, 10) == 0.25 && fraction(paused, 1000) == 0.25)
        let backwards = model { $0.speed = -1 }
        #expect(fraction(backwards, 10.5) == 0.75)
        #expect(model { _ in }.sample(atParentTime: .nan) == nil)
        #expect(MediaTimingModel(duration: 0).sample(atParentTime: 0) == nil)
    }

    @Test func layerTimeSpacesNest() {
        withManualClock(at: 100) { _ in
            let root = CALayer(), child = CALayer()
            root.addSublayer(child)
            root.speed = 2
            root.beginTime = 10
            child.timeOffset = 3
            // root: (t − 10)·2; child: that + 3.
            #expect(root.convertTime(100, from: nil) == 180)
            #expect(child.convertTime(100, from: nil) == 183)
            #expect(child.convertTime(183, to: nil) == 100)
            #expect(child.convertTime(5, from: root) == 8)
            #expect(root.convertTime(8, from: child) == 5)
            #expect(child.convertTime(180, to: root) == 177)
        }
    }
}
