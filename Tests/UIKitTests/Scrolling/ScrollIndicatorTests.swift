import Foundation
import Testing
@testable import UIKit

/// The scroll indicators: where the bars sit for an offset, and when they show and fade.
@MainActor
@Suite struct ScrollIndicatorTests {
    @Test func barsShowTheVisibleFractionAndTheOffset() {
        let view = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        view.contentSize = CGSize(width: 200, height: 1000)
        view.contentOffset = CGPoint(x: 0, y: 400)
        let frames = ScrollIndicators.frames(for: view)
        // Track: 200 less 3 at each end; length 194 × 200 / 1000; half way along (400 of 800).
        let length: CGFloat = 194 * 0.2
        let expected = CGRect(x: 194, y: 400 + 3 + 0.5 * (194 - length), width: 3, height: length)
        #expect(abs(frames.vertical!.minY - expected.minY) < 1e-9 && abs(frames.vertical!.height - expected.height) < 1e-9)
        #expect(frames.vertical!.minX == 194 && frames.vertical!.width == 3)
        #expect(frames.horizontal == nil, "the content is no wider than the view")
        // Long content: never shorter than 36 points.
        view.contentSize = CGSize(width: 200, height: 100_000)
        #expect(ScrollIndicators.frames(for: view).vertical?.height == 36)
        // Pulled 20 past the top: squashed to 16 against the top.
        view.contentSize = CGSize(width: 200, height: 1000)
        view.contentOffset = CGPoint(x: 0, y: -20)
        let squashed = ScrollIndicators.frames(for: view).vertical!
        #expect(abs(squashed.height - (length - 20)) < 1e-9 && squashed.minY == -20 + 3)
        view.showsVerticalScrollIndicator = false
        #expect(ScrollIndicators.frames(for: view).vertical == nil)
    }

    @Test func barsShowWhileScrollingAndFadeAfter() {
        withWindow { window, clock in
            let view = UIScrollView(frame: window.bounds)
            view.contentSize = CGSize(width: 200, height: 1000)
            window.addSubview(view)
            #expect(view.indicators.vertical.opacity == 0)
            window.drag(from: CGPoint(x: 100, y: 150), to: CGPoint(x: 100, y: 50))
            #expect(view.indicators.vertical.opacity == 1)
            #expect(view.layer.sublayers?.last === view.indicators.vertical)
            // Still decelerating a second later: still shown.
            clock.advance(by: 1)
            #expect(view.indicators.vertical.opacity == 1)
            for _ in 0..<600 { clock.advance(by: 1.0 / 60) }
            #expect(!view.isDecelerating)
            #expect(view.indicators.vertical.opacity == 0)
            view.flashScrollIndicators()
            #expect(view.indicators.vertical.opacity == 1)
            clock.advance(by: 0.6)
            #expect(view.indicators.vertical.opacity == 0)
        }
    }
}
