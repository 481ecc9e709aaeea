import QuartzCore
import Testing

private final class Ticker {
    var stamps: [CFTimeInterval] = []
    var durations: [CFTimeInterval] = []
    func step(_ link: CADisplayLink) {
        stamps.append(link.timestamp)
        durations.append(link.duration)
    }
}

@Suite struct CADisplayLinkTests {
    @Test func framesFollowTheManualClock() {
        withManualClock(at: 10) { clock in
            let ticker = Ticker()
            let link = CADisplayLink(target: ticker, selector: Ticker.step)
            link.add(to: .main, forMode: .common)
            #expect(ticker.stamps.isEmpty)
            clock.advance(by: 0.5)
            clock.advance(by: 0.25)
            #expect(ticker.stamps == [10.5, 10.75])
            #expect(ticker.durations == [0.5, 0.25])
            #expect(link.targetTimestamp == 11)
            link.isPaused = true
            clock.advance(by: 1)
            #expect(ticker.stamps.count == 2)
            link.isPaused = false
            clock.advance(by: 1)
            #expect(ticker.stamps == [10.5, 10.75, 12.75])
            link.invalidate()
            clock.advance(by: 1)
            #expect(ticker.stamps.count == 3)
        }
    }

    /// As on iOS, the run loop retains an added link, which retains its target: a link kept
    /// by no one else still fires, until it is invalidated.
    @Test func theRunLoopKeepsAnAddedLinkAlive() {
        withManualClock { clock in
            weak var weakLink: CADisplayLink?
            weak var weakTicker: Ticker?
            do {
                let ticker = Ticker()
                weakTicker = ticker
                let link = CADisplayLink(target: ticker, selector: Ticker.step)
                weakLink = link
                link.add(to: .main, forMode: .default)
            }
            clock.advance(by: 0.1)
            clock.advance(by: 0.1)
            #expect(weakTicker?.stamps.count == 2)
            weakLink?.invalidate()
            #expect(weakLink == nil)
            #expect(weakTicker == nil)
        }
    }

    @Test func closureFormAndRemoval() {
        withManualClock { clock in
            var count = 0
            let link = CADisplayLink { _ in count += 1 }
            link.add(to: .main, forMode: .default)
            link.add(to: .main, forMode: .default)
            clock.advance(by: 1.0 / 60)
            #expect(count == 1)
            link.remove(from: .main, forMode: .default)
            clock.advance(by: 1.0 / 60)
            #expect(count == 1)
        }
    }
}
