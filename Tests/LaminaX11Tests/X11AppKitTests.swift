import AppKit
import CXCB
import Foundation
@testable import LaminaX11
import LaminaPlatform
import Testing

/// Records AppKit mouse events in its own coordinates.
final class ClickRecorder: NSView {
    var clicks: [String] = []
    override func mouseDown(with event: NSEvent) {
        let p = convert(event.locationInWindow, from: nil)
        clicks.append("down \(Int(p.x)),\(Int(p.y))")
    }
    override func mouseUp(with event: NSEvent) {
        let p = convert(event.locationInWindow, from: nil)
        clicks.append("up \(Int(p.x)),\(Int(p.y))")
    }
}

/// AppKit windows on a real X server: the title, y-up content, and clicks as mouse events.
extension X11ServerTests {
    @MainActor
    @Suite struct X11AppKitTests {
        let server = XvfbServer.shared!

        @Test func anNSWindowShowsItsTitleAndContentAndTakesClicks() async throws {
            let backend = try #require(X11Backend(displayName: server.display))
            let probe = X11Probe(server)
            let window = NSWindow(contentRect: NSRect(x: 0, y: 0, width: 80, height: 40), styleMask: [.titled],
                                  backing: .buffered, defer: false)
            window.title = "AppKit auf X11"
            window.backgroundColor = .red
            window.platformBackend = backend
            // A blue view along the bottom (y-up: origin at the bottom-left).
            let bottom = ClickRecorder(frame: NSRect(x: 0, y: 0, width: 80, height: 20))
            bottom.wantsLayer = true
            bottom.layer?.backgroundColor = NSColor.blue.cgColor
            window.contentView?.addSubview(bottom)
            window.makeKeyAndOrderFront(nil)
            _ = window.renderedImage()
            let surface = try #require(window.surface as? X11Surface)
            let s = Int(window.backingScaleFactor)
            #expect(probe.text(surface.window, "_NET_WM_NAME") == "AppKit auf X11")
            #expect(probe.pixel(surface.window, 10 * s, 10 * s) == 0xFF0000)
            #expect(probe.pixel(surface.window, 10 * s, 30 * s) == 0x0000FF)
            // A click 30 points down from the top is 10 up from the bottom of the view.
            probe.button(surface.window, press: true, x: 15 * s, y: 30 * s, time: 5000)
            probe.button(surface.window, press: false, x: 15 * s, y: 30 * s, state: 256, time: 5010)
            #expect(await eventually(within: 30) { bottom.clicks.count == 2 })
            #expect(bottom.clicks == ["down 15,10", "up 15,10"])
            window.orderOut(nil)
        }
    }
}
