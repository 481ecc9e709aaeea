import Foundation
import Testing
import UIKit

/// A scroll view that lets drags take touches from buttons, the usual override in iOS apps
/// with buttons in scrolling content.
final class ButtonFriendlyScrollView: UIScrollView {
    override func touchesShouldCancel(in view: UIView) -> Bool {
        if view is UIButton { return true }
        return super.touchesShouldCancel(in: view)
    }
}

/// A scroll view that keeps touches from views tagged 7.
final class SelectiveScrollView: UIScrollView {
    var asked: [Int] = []
    override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        asked.append(view.tag)
        return view.tag != 7
    }
}

/// Which drags may take touches the content already has: `touchesShouldCancel(in:)` (no for
/// controls by default), `canCancelContentTouches`, and `touchesShouldBegin(_:with:in:)`.
@MainActor
@Suite struct ContentTouchRulesTests {
    /// `scrollView` filling the window with tall content: a button at the top and a logging
    /// view below it.
    private func setUp<Scroller: UIScrollView>(_ window: UIWindow, _ scrollView: Scroller)
        -> (Scroller, UIButton, LoggingView, EventLog) {
        scrollView.frame = window.bounds
        scrollView.contentSize = CGSize(width: 200, height: 1000)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 80)
        button.setTitle("Buy", for: .normal)
        let log = EventLog()
        button.addAction(UIAction { _ in log.add("buy") }, for: .touchUpInside)
        let panel = LoggingView(frame: CGRect(x: 0, y: 100, width: 200, height: 900))
        panel.log = log
        panel.name = "panel"
        scrollView.addSubview(button)
        scrollView.addSubview(panel)
        window.addSubview(scrollView)
        return (scrollView, button, panel, log)
    }

    /// Presses at `start`, waits past the content delay, then drags up by 200 points (far
    /// enough that a button no longer counts the finger as inside).
    private func pressThenDrag(_ window: UIWindow, _ clock: CAMediaClock, from start: CGPoint) {
        window.sendTouches([UIWindow.TouchSample(location: start, phase: .began)])
        clock.advance(by: 0.3)
        for step in 1...20 {
            clock.advance(by: 1.0 / 60)
            window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: start.x, y: start.y - CGFloat(step) * 10), phase: .moved)])
        }
        window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: start.x, y: start.y - 200), phase: .ended)])
    }

    @Test func aButtonThatHasTheTouchKeepsItByDefault() {
        withWindow { window, clock in
            let (scrollView, button, _, log) = setUp(window, UIScrollView())
            #expect(!scrollView.touchesShouldCancel(in: button))
            #expect(scrollView.touchesShouldCancel(in: UIView()))
            pressThenDrag(window, clock, from: CGPoint(x: 100, y: 60))
            // No scroll: the button tracked the finger, which lifted far outside it.
            #expect(scrollView.contentOffset == .zero)
            #expect(!scrollView.isDragging)
            #expect(!button.isHighlighted)
            #expect(log.entries.isEmpty)
        }
    }

    @Test func anOverrideLetsTheDragTakeTheButtonsTouch() {
        withWindow { window, clock in
            let (scrollView, button, _, log) = setUp(window, ButtonFriendlyScrollView())
            pressThenDrag(window, clock, from: CGPoint(x: 100, y: 60))
            #expect(scrollView.contentOffset.y > 0)
            #expect(!button.isHighlighted && !button.isTracking)
            #expect(log.entries.isEmpty)
        }
    }

    @Test func plainContentIsCancelledUnlessCancellingIsOff() {
        withWindow { window, clock in
            let (scrollView, _, _, log) = setUp(window, UIScrollView())
            pressThenDrag(window, clock, from: CGPoint(x: 100, y: 150))
            #expect(scrollView.contentOffset.y > 0)
            #expect(log.entries.first == "panel began 1" && log.entries.last == "panel cancelled")
        }
        withWindow { window, clock in
            let (scrollView, _, _, log) = setUp(window, UIScrollView())
            scrollView.canCancelContentTouches = false
            pressThenDrag(window, clock, from: CGPoint(x: 100, y: 150))
            // The content tracks the finger; the scroll view never scrolls.
            #expect(scrollView.contentOffset == .zero)
            #expect(log.entries.first == "panel began 1" && log.entries.last == "panel ended")
            #expect(log.entries.contains("panel moved"))
            // A drag that begins before the content has the touch still scrolls.
            log.clear()
            window.drag(from: CGPoint(x: 100, y: 150), to: CGPoint(x: 100, y: 50), duration: 0.1)
            #expect(scrollView.contentOffset.y > 0)
            #expect(log.entries.isEmpty)
        }
    }

    @Test func touchesShouldBeginKeepsTouchesFromSomeContent() {
        withWindow { window, _ in
            let (scrollView, _, panel, log) = setUp(window, SelectiveScrollView())
            panel.tag = 7
            window.tap(at: CGPoint(x: 100, y: 150))
            #expect(scrollView.asked == [7])
            #expect(log.entries.isEmpty)
            // Without the delay it is asked at once.
            panel.tag = 3
            scrollView.delaysContentTouches = false
            window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: 100, y: 150), phase: .began)])
            #expect(scrollView.asked == [7, 3])
            #expect(log.entries == ["panel began 1"])
            window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: 100, y: 150), phase: .ended)])
            // Kept from the content, a touch still scrolls.
            panel.tag = 7
            window.drag(from: CGPoint(x: 100, y: 150), to: CGPoint(x: 100, y: 50), duration: 0.1)
            #expect(scrollView.contentOffset.y > 0)
        }
    }
}
