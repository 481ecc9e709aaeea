import QuartzCore
import Testing

@Suite struct CAMediaClockTests {
    @Test func manualClockMovesOnlyWhenAdvanced() {
        let clock = CAMediaClock(manualTime: 5)
        #expect(clock.isManual)
        #expect(clock.time == 5)
        clock.advance(by: 0.25)
        #expect(clock.time == 5.25)
        for bad in [-1, .nan, .infinity, -.infinity] as [CFTimeInterval] { clock.advance(by: bad) }
        #expect(clock.time == 5.25)
        #expect(CAMediaClock(manualTime: .nan).time == 0)
    }

    @Test func boundClockIsTheMediaTime() {
        let clock = CAMediaClock(manualTime: 42)
        clock.withCurrent {
            #expect(CACurrentMediaTime() == 42)
            clock.advance(by: 1)
            #expect(CACurrentMediaTime() == 43)
        }
        #expect(CAMediaClock.current !== clock)
    }

    @Test func systemClockIsMonotonic() {
        let clock = CAMediaClock()
        #expect(!clock.isManual)
        let first = clock.time
        clock.advance(by: 10)
        #expect(clock.time >= first)
        #expect(clock.time < first + 10)
    }
}
