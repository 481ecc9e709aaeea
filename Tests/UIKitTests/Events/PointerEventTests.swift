import LaminaPlatform
import Testing
import UIKit

/// A pointer without touches, as a display backend reports it: moving with no button held
/// hovers (`UIHoverGestureRecognizer`), the wheel drives pan recognizers that allow discrete
/// scrolling, as iPadOS does with a mouse.
@MainActor
@Suite struct PointerEventTests {
    final class Log {
        var entries: [(UIGestureRecognizer.State, CGPoint)] = []
    }

    /// A shown 200 × 100 window with a 100 × 100 view on its left half; frame rendered so that
    /// it has a surface to send events through.
    func window() -> (UIWindow, UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(left)
        window.makeKeyAndVisible()
        window.renderFrame()
        return (window, left)
    }

    func send(_ event: PlatformWindowEvent, to window: UIWindow) {
        (window.surface as? HeadlessSurface)?.send(event)
    }

    @Test func hoverBeginsChangesAndEndsAsThePointerCrossesTheView() {
        let (window, left) = window()
        defer { window.isHidden = true }
        let log = Log()
        let hover = UIHoverGestureRecognizer()
        hover.addHandler { recognizer in log.entries.append((recognizer.state, recognizer.location(in: left))) }
        left.addGestureRecognizer(hover)
        let tap = UITapGestureRecognizer()
        left.addGestureRecognizer(tap)
        for x in [150.0, 50, 60, 150, 70] {
            send(.pointerMoved(location: CGPoint(x: x, y: 40), buttonDown: false, modifiers: [], time: 1), to: window)
        }
        send(.pointerExited(time: 2), to: window)
        #expect(log.entries.map(\.0) == [.began, .changed, .ended, .began, .ended])
        #expect(log.entries.map(\.1) == [CGPoint(x: 50, y: 40), CGPoint(x: 60, y: 40), CGPoint(x: 150, y: 40),
                                         CGPoint(x: 70, y: 40), CGPoint(x: 70, y: 40)])
        #expect(hover.state == .possible)
        #expect(tap.state == .possible, "hovering is not a touch")
    }

    @Test func theWheelDrivesAPanThatAllowsDiscreteScrolling() {
        withManualClock { clock in
            let (window, left) = window()
            defer { window.isHidden = true }
            let log = Log()
            let pan = UIPanGestureRecognizer()
            pan.addHandler { recognizer in
                log.entries.append((recognizer.state, (recognizer as! UIPanGestureRecognizer).translation(in: left)))
            }
            left.addGestureRecognizer(pan)
            // Without allowed scroll types the wheel does nothing.
            send(.scroll(delta: CGVector(dx: 0, dy: -20), location: CGPoint(x: 50, y: 50), modifiers: [], time: clock.time), to: window)
            #expect(log.entries.isEmpty)
            pan.allowedScrollTypesMask = .discrete
            send(.scroll(delta: CGVector(dx: 0, dy: -20), location: CGPoint(x: 50, y: 50), modifiers: [], time: clock.time), to: window)
            clock.advance(by: 0.05)
            // Still the same pan while it lasts, wherever the pointer went.
            send(.scroll(delta: CGVector(dx: 0, dy: -20), location: CGPoint(x: 150, y: 50), modifiers: [], time: clock.time), to: window)
            #expect(log.entries.map(\.0) == [.began, .changed])
            #expect(log.entries.map(\.1) == [CGPoint(x: 0, y: -20), CGPoint(x: 0, y: -40)])
            // It ends a moment after the last step, and the next scroll starts from zero.
            clock.advance(by: 0.2)
            #expect(log.entries.map(\.0) == [.began, .changed, .ended])
            #expect(pan.state == .possible)
            send(.scroll(delta: CGVector(dx: 20, dy: 0), location: CGPoint(x: 50, y: 50), modifiers: [], time: clock.time), to: window)
            #expect(log.entries.last?.0 == .began && log.entries.last?.1 == CGPoint(x: 20, y: 0))
            clock.advance(by: 0.2)
            // Over a view without a scrolling pan, the wheel does nothing.
            let count = log.entries.count
            send(.scroll(delta: CGVector(dx: 0, dy: 20), location: CGPoint(x: 150, y: 50), modifiers: [], time: clock.time), to: window)
            #expect(log.entries.count == count)
        }
    }

    @Test func scrollTypeMasksAreApples() {
        #expect(UIScrollTypeMask.discrete.rawValue == 1 && UIScrollTypeMask.continuous.rawValue == 2 && UIScrollTypeMask.all.rawValue == 3)
        #expect(UIScrollType.discrete.rawValue == 0 && UIScrollType.continuous.rawValue == 1)
        #expect(UIPanGestureRecognizer().allowedScrollTypesMask == [])
    }
}
