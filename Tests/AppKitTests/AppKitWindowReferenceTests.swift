import AppKit
import LaminaGallery
import LaminaTestSupport
import Testing

/// An AppKit window rendered headless through its backend, against a reference PNG
/// (tolerance: 2 of 255 per channel).
@MainActor
@Suite struct AppKitWindowReferenceTests {
    @Test func theSeedsMacOSWindow() throws {
        let window = NSWindow(contentRect: NSRect(origin: .zero, size: MacSeedsScene.size),
                              styleMask: [.titled, .closable, .resizable], backing: .buffered, defer: false)
        window.title = "Seeds"
        window.contentView = MacSeedsScene.makeContentView()
        window.makeKeyAndOrderFront(nil)
        let image = try #require(window.renderedImage())
        window.orderOut(nil)
        let message = ReferenceImage.mismatch(image, suite: "AppKitWindowReferenceTests", name: "seeds-window")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
