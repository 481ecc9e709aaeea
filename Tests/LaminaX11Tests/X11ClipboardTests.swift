import Foundation
@testable import LaminaX11
import LaminaPlatform
import Testing

extension X11ServerTests {
    /// The CLIPBOARD selection between two X clients (two connections, as two applications
    /// are): text copied in one is pasted in the other, and copying in the other takes the
    /// selection over.
    @Suite struct X11ClipboardTests {
        let server = XvfbServer.shared!

        @Test func textCrossesBetweenClients() throws {
            let first = try #require(X11Backend(displayName: server.display))
            let second = try #require(X11Backend(displayName: server.display))
            first.setClipboardText("copied in the first — ünïcode ✓")
            #expect(second.clipboardText() == "copied in the first — ünïcode ✓")
            // The owner answers from its own copy.
            #expect(first.clipboardText() == "copied in the first — ünïcode ✓")
            let before = first.clipboardChangeCount
            second.setClipboardText("now from the second")
            // The first loses the selection (a SelectionClear) and reads the second's text.
            #expect(first.clipboardText() == "now from the second")
            #expect(first.clipboardChangeCount != before)
        }

        @Test func anEmptiedClipboardHasNoText() throws {
            let first = try #require(X11Backend(displayName: server.display))
            let second = try #require(X11Backend(displayName: server.display))
            first.setClipboardText("gone soon")
            first.setClipboardText(nil)
            #expect(second.clipboardText() == nil)
        }
    }
}
