import AppKit
import Testing

/// A view whose y runs down, as macOS code writes one.
final class FlippedView: NSView {
    override var isFlipped: Bool { true }
}

/// AppKit geometry: y-up frames and bounds, flipped views, conversion, hit-testing and
/// autoresizing, with values worked out from AppKit's rules.
@MainActor
@Suite struct NSViewGeometryTests {
    @Test func framesAndBoundsRunUpFromTheBottomLeft() {
        let view = NSView(frame: NSRect(x: 10, y: 20, width: 50, height: 30))
        #expect(view.bounds == NSRect(x: 0, y: 0, width: 50, height: 30))
        #expect(!view.isFlipped && view.layer == nil && !view.wantsLayer)
        view.frame.size = NSSize(width: 80, height: 40)
        #expect(view.bounds.size == NSSize(width: 80, height: 40))
        view.setBoundsOrigin(NSPoint(x: 5, y: 5))
        #expect(view.frame == NSRect(x: 10, y: 20, width: 80, height: 40) && view.bounds.origin == NSPoint(x: 5, y: 5))
    }

    @Test func convertingBetweenUnflippedAndFlippedViews() {
        let content = NSView(frame: NSRect(x: 0, y: 0, width: 300, height: 200))
        let plain = NSView(frame: NSRect(x: 0, y: 0, width: 200, height: 100))
        let flipped = FlippedView(frame: NSRect(x: 0, y: 100, width: 200, height: 100))
        content.addSubview(plain)
        content.addSubview(flipped)
        let a = NSView(frame: NSRect(x: 10, y: 20, width: 50, height: 30))
        let b = NSView(frame: NSRect(x: 10, y: 20, width: 50, height: 30))
        plain.addSubview(a)
        flipped.addSubview(b)
        // In an unflipped superview the frame's origin is the bottom-left corner.
        #expect(a.convert(NSPoint.zero, to: plain) == NSPoint(x: 10, y: 20))
        #expect(a.convert(NSPoint.zero, to: content) == NSPoint(x: 10, y: 20))
        // In a flipped one it is the top-left: b's bottom-left is 20 + 30 down from the top,
        // 100 − 50 = 50 up in the flipped view's window position, which starts at y = 100.
        #expect(b.convert(NSPoint.zero, to: flipped) == NSPoint(x: 10, y: 50))
        #expect(b.convert(NSPoint.zero, to: content) == NSPoint(x: 10, y: 150))
        #expect(flipped.convert(NSPoint(x: 0, y: 0), to: content) == NSPoint(x: 0, y: 200))
        #expect(content.convert(NSPoint(x: 15, y: 160), to: b) == NSPoint(x: 5, y: 10))
        #expect(b.convert(NSRect(x: 0, y: 0, width: 50, height: 30), to: content) == NSRect(x: 10, y: 150, width: 50, height: 30))
        // The bounds origin shifts what a view shows.
        plain.setBoundsOrigin(NSPoint(x: 0, y: 10))
        #expect(a.convert(NSPoint.zero, to: content) == NSPoint(x: 10, y: 10))
    }

    @Test func hitTestingFindsTheDeepestViewUnderThePoint() {
        let content = NSView(frame: NSRect(x: 0, y: 0, width: 300, height: 200))
        let flipped = FlippedView(frame: NSRect(x: 0, y: 100, width: 200, height: 100))
        let b = NSView(frame: NSRect(x: 10, y: 20, width: 50, height: 30))
        content.addSubview(flipped)
        flipped.addSubview(b)
        // b covers y 150…180 in content's coordinates.
        #expect(content.hitTest(NSPoint(x: 15, y: 160)) === b)
        #expect(content.hitTest(NSPoint(x: 15, y: 185)) === flipped)
        #expect(content.hitTest(NSPoint(x: 250, y: 50)) === content)
        #expect(content.hitTest(NSPoint(x: 350, y: 50)) == nil)
        b.isHidden = true
        #expect(content.hitTest(NSPoint(x: 15, y: 160)) === flipped)
    }

    @Test func autoresizingSharesTheChangeEvenlyAmongFlexibleParts() {
        let superview = NSView(frame: NSRect(x: 0, y: 0, width: 200, height: 100))
        let stretch = NSView(frame: NSRect(x: 10, y: 20, width: 50, height: 30))
        stretch.autoresizingMask = [.width, .minYMargin]
        let centred = NSView(frame: NSRect(x: 10, y: 20, width: 50, height: 30))
        centred.autoresizingMask = [.minXMargin, .maxXMargin, .height, .maxYMargin]
        let fixed = NSView(frame: NSRect(x: 10, y: 20, width: 50, height: 30))
        superview.addSubview(stretch)
        superview.addSubview(centred)
        superview.addSubview(fixed)
        superview.setFrameSize(NSSize(width: 300, height: 150))
        // All 100 points of width to the width; all 50 of height to the bottom margin.
        #expect(stretch.frame == NSRect(x: 10, y: 70, width: 150, height: 30))
        // Two flexible parts on each axis: half each.
        #expect(centred.frame == NSRect(x: 60, y: 20, width: 50, height: 55))
        #expect(fixed.frame == NSRect(x: 10, y: 20, width: 50, height: 30))
        superview.autoresizesSubviews = false
        superview.setFrameSize(NSSize(width: 100, height: 100))
        #expect(stretch.frame == NSRect(x: 10, y: 70, width: 150, height: 30))
    }

    @Test func hierarchyCallsAndResponderChain() {
        final class Logged: NSView {
            var log: [String] = []
            override func viewDidMoveToSuperview() { log.append("didMoveToSuperview \(superview != nil)") }
            override func didAddSubview(_ subview: NSView) { log.append("didAddSubview") }
        }
        let parent = Logged(frame: NSRect(x: 0, y: 0, width: 100, height: 100))
        let child = Logged(frame: NSRect(x: 0, y: 0, width: 10, height: 10))
        let sibling = NSView(frame: .zero)
        parent.addSubview(child)
        parent.addSubview(sibling, positioned: .below, relativeTo: child)
        #expect(parent.subviews == [sibling, child])
        #expect(child.superview === parent && child.nextResponder === parent)
        #expect(child.isDescendant(of: parent) && !parent.isDescendant(of: child))
        child.removeFromSuperview()
        #expect(parent.subviews == [sibling] && child.superview == nil)
        #expect(child.log == ["didMoveToSuperview true", "didMoveToSuperview false"])
        #expect(parent.log == ["didAddSubview", "didAddSubview"])
        // A view cannot go inside itself.
        parent.addSubview(parent)
        #expect(parent.superview == nil)
    }
}
