import CoreGraphics
import CXCB
import Foundation
@testable import LaminaX11
import LaminaPlatform
import Testing

/// The tests that need the X server, one at a time: windows of tests running side by side
/// would overlap on the screen, and a window's pixels are read from the screen.
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "\(XvfbServer.unavailableReason)"))
enum X11ServerTests {}

extension X11ServerTests {
    /// The backend's windows on a real X server: made with the asked size and title, showing what
    /// is presented — only the damaged rectangles — through shared memory and through the socket.
    @Suite struct X11SurfaceTests {
        let server = XvfbServer.shared!

        /// Fills the surface's buffer with one 0xRRGGBB colour.
        func fill(_ surface: PlatformSurface, _ rgb: UInt32) {
            let buffer = surface.buffer
            for y in 0..<buffer.height {
                let row = (buffer.baseAddress + y * buffer.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                for x in 0..<buffer.width { row[x] = rgb }
            }
        }

        @Test func aWindowHasTheAskedSizeAndTitle() throws {
            let backend = try #require(X11Backend(displayName: server.display))
            let probe = X11Probe(server)
            let surface = try #require(backend.makeSurface(pixelWidth: 240, pixelHeight: 120, scale: 2, title: "Lamina — Fenster") as? X11Surface)
            #expect(surface.pixelWidth == 240 && surface.pixelHeight == 120 && surface.scale == 2)
            #expect(probe.size(surface.window)! == (240, 120))
            #expect(probe.isViewable(surface.window))
            #expect(probe.text(surface.window, "_NET_WM_NAME") == "Lamina — Fenster")
            #expect(probe.text(surface.window, "WM_PROTOCOLS") != nil)
        }

        /// Each pointer shape a view's pointer style asks for reaches the server without an
        /// error, and the window still shows its frames.
        @Test func theCursorTakesEveryShape() throws {
            let backend = try #require(X11Backend(displayName: server.display))
            let probe = X11Probe(server)
            let surface = try #require(backend.makeSurface(pixelWidth: 60, pixelHeight: 40, scale: 1, title: "Cursor") as? X11Surface)
            for cursor in [PlatformCursor.iBeam, .pointingHand, .hidden, .arrow, .pointingHand] {
                #expect(surface.applyCursor(cursor), "\(cursor)")
            }
            #expect(xcb_connection_has_error(surface.x.connection) == 0)
            #expect(probe.isViewable(surface.window))
        }

        @Test(arguments: [true, false])
        func presentsOnlyTheDamage(sharedMemory: Bool) throws {
            let backend = try #require(X11Backend(displayName: server.display, allowsSharedMemory: sharedMemory))
            #expect(backend.usesSharedMemory == sharedMemory)
            let probe = X11Probe(server)
            let surface = try #require(backend.makeSurface(pixelWidth: 64, pixelHeight: 48, scale: 1, title: "damage") as? X11Surface)
            fill(surface, 0xFF0000)
            surface.present(damage: [CGRect(x: 0, y: 0, width: 64, height: 48)])
            #expect(probe.pixel(surface.window, 0, 0) == 0xFF0000)
            #expect(probe.pixel(surface.window, 63, 47) == 0xFF0000)
            // Blue everywhere in the buffer, but only one rectangle presented.
            fill(surface, 0x0000FF)
            surface.present(damage: [CGRect(x: 10, y: 8, width: 20, height: 12)])
            #expect(probe.pixel(surface.window, 10, 8) == 0x0000FF)
            #expect(probe.pixel(surface.window, 29, 19) == 0x0000FF)
            #expect(probe.pixel(surface.window, 30, 19) == 0xFF0000)
            #expect(probe.pixel(surface.window, 9, 8) == 0xFF0000)
            #expect(probe.pixel(surface.window, 50, 40) == 0xFF0000)
            #expect(surface.presentedFrameCount == 2)
        }

        @Test func aResizeGivesANewBufferAndWindowSize() throws {
            let backend = try #require(X11Backend(displayName: server.display))
            let probe = X11Probe(server)
            let surface = try #require(backend.makeSurface(pixelWidth: 50, pixelHeight: 40, scale: 1, title: "resize") as? X11Surface)
            #expect(surface.resize(pixelWidth: 90, pixelHeight: 30, scale: 1.5))
            #expect(surface.buffer.width == 90 && surface.buffer.height == 30 && surface.scale == 1.5)
            #expect(probe.size(surface.window)! == (90, 30))
            fill(surface, 0x00FF00)
            surface.present(damage: [CGRect(x: 0, y: 0, width: 90, height: 30)])
            #expect(probe.pixel(surface.window, 89, 29) == 0x00FF00)
            // Sizes no window can have are refused, and the old size stays.
            #expect(!surface.resize(pixelWidth: 0, pixelHeight: 30, scale: 1))
            #expect(!surface.resize(pixelWidth: 40_000, pixelHeight: 30, scale: 1))
            #expect(surface.buffer.width == 90)
        }

        @Test func framesAreWantedOnlyWhileSomethingChanges() throws {
            let backend = try #require(X11Backend(displayName: server.display))
            let surface = try #require(backend.makeSurface(pixelWidth: 10, pixelHeight: 10, scale: 1, title: "refresh") as? X11Surface)
            #expect(surface.framesPerSecond == 60)
            #expect(!surface.isRefreshing)
            surface.setFrameHandler {}
            #expect(!surface.isRefreshing, "no timer until frames are wanted")
            surface.wantsFrames = true
            #expect(surface.isRefreshing)
            surface.wantsFrames = false
            #expect(!surface.isRefreshing, "an idle window runs no timer")
        }

        @Test func theScreenIsTheRootWindowAtTheScale() throws {
            let backend = try #require(X11Backend(displayName: server.display))
            // The test server runs at 96 dpi and sets no Xft.dpi: 1× unless LAMINA_SCALE says otherwise.
            let expectedScale = X11Backend.scale(setting: ProcessInfo.processInfo.environment["LAMINA_SCALE"], dpi: nil)
            #expect(backend.scale == expectedScale)
            #expect(backend.screen == PlatformScreen(size: CGSize(width: 800 / expectedScale, height: 600 / expectedScale),
                                                     scale: expectedScale, framesPerSecond: 60))
        }

        @Test func noServerMeansNoBackend() {
            #expect(X11Backend(displayName: ":9999") == nil)
            #expect(X11Backend(displayName: "not a display") == nil)
        }
    }
}
