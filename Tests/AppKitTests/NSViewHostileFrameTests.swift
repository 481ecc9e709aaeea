import AppKit
import Testing

/// Views with frames that are not finite, in a window: they are drawn, hit-tested and
/// measured without trapping, and take no clicks.
@MainActor
@Suite struct NSViewHostileFrameTests {
    @Test(arguments: [CGFloat.nan, -.infinity, .infinity, .greatestFiniteMagnitude])
    func aViewWithANonFiniteFrameInAWindow(_ value: CGFloat) {
        let window = NSWindow(contentRect: NSRect(x: 0, y: 0, width: 100, height: 100), styleMask: [],
                              backing: .buffered, defer: false)
        let view = NSView(frame: NSRect(x: value, y: value, width: value, height: value))
        let child = NSView(frame: NSRect(x: 0, y: 0, width: 10, height: 10))
        view.addSubview(child)
        window.contentView?.addSubview(view)
        window.makeKeyAndOrderFront(nil)
        _ = window.renderedImage()
        _ = view.visibleRect
        _ = child.visibleRect
        let hit = window.contentView?.hitTest(NSPoint(x: 5, y: 5))
        #expect(hit !== child)
        view.frame = NSRect(x: 0, y: 0, width: value, height: 20)
        _ = view.visibleRect
        _ = window.contentView?.hitTest(NSPoint(x: 5, y: 5))
        window.orderOut(nil)
    }
}
