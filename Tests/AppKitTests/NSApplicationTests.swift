import AppKit
import Testing

final class WindowLog: NSObject, NSWindowDelegate {
    var entries: [String] = []
    var allowsClose = true
    func windowShouldClose(_ sender: NSWindow) -> Bool {
        entries.append("shouldClose")
        return allowsClose
    }
    func windowWillClose(_ notification: Notification) { entries.append("willClose") }
    func windowDidResize(_ notification: Notification) { entries.append("didResize") }
    func windowDidBecomeKey(_ notification: Notification) { entries.append("didBecomeKey") }
}

/// The application's windows and key window, window delegates, resizing and redraw policy.
@MainActor
@Suite struct NSApplicationTests {
    @Test func windowsBecomeKeyResizeAndClose() {
        #expect(NSApp === NSApplication.shared)
        let window = NSWindow(contentRect: NSRect(x: 100, y: 100, width: 200, height: 100), styleMask: [.titled, .closable],
                              backing: .buffered, defer: false)
        let log = WindowLog()
        window.delegate = log
        #expect(NSApp.windows.contains { $0 === window } && !window.isVisible)
        window.makeKeyAndOrderFront(nil)
        #expect(window.isVisible && window.isKeyWindow && NSApp.keyWindow === window)
        // The content view follows the window's size.
        let content = window.contentView!
        let pinned = NSView(frame: NSRect(x: 10, y: 10, width: 50, height: 20))
        pinned.autoresizingMask = [.minYMargin]
        content.addSubview(pinned)
        window.setContentSize(NSSize(width: 300, height: 150))
        #expect(content.frame == NSRect(x: 0, y: 0, width: 300, height: 150))
        // Pinned to the top: the bottom margin takes the 50 points.
        #expect(pinned.frame == NSRect(x: 10, y: 60, width: 50, height: 20))
        log.allowsClose = false
        window.performClose(nil)
        #expect(window.isVisible)
        log.allowsClose = true
        window.performClose(nil)
        #expect(!window.isVisible && NSApp.keyWindow == nil)
        #expect(log.entries == ["didBecomeKey", "didResize", "shouldClose", "shouldClose", "willClose"])
    }

    @Test func aNeverRedrawPolicyKeepsTheLayersContents() throws {
        final class Counter: NSView {
            var draws = 0
            override func draw(_ dirtyRect: NSRect) {
                draws += 1
                NSColor.red.setFill()
                bounds.fill()
            }
        }
        let window = NSWindow(contentRect: NSRect(x: 0, y: 0, width: 100, height: 100), styleMask: [],
                              backing: .buffered, defer: false)
        let view = Counter(frame: NSRect(x: 0, y: 0, width: 50, height: 50))
        view.wantsLayer = true
        window.contentView?.addSubview(view)
        window.makeKeyAndOrderFront(nil)
        _ = window.renderedImage()
        #expect(view.draws == 1)
        view.layerContentsRedrawPolicy = .never
        view.needsDisplay = true
        view.frame.size = NSSize(width: 60, height: 60)
        _ = window.renderedImage()
        #expect(view.draws == 1 && view.layer?.contents != nil)
        view.layerContentsRedrawPolicy = .onSetNeedsDisplay
        view.needsDisplay = true
        _ = window.renderedImage()
        #expect(view.draws == 2)
        window.orderOut(nil)
    }
}
