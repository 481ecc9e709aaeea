import CXCB
import Foundation
@testable import LaminaX11
import LaminaPlatform
import Testing
@testable import UIKit

/// A view that keeps what touches it saw.
final class TouchRecorder: UIView {
    var phases: [UITouch.Phase] = []
    var locations: [CGPoint] = []
    var tapCounts: [Int] = []

    private func record(_ touches: Set<UITouch>) {
        for touch in touches {
            phases.append(touch.phase)
            locations.append(touch.location(in: self))
            tapCounts.append(touch.tapCount)
        }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record(touches) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record(touches) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record(touches) }
}

/// A window that keeps the key presses that reach it.
final class PressRecorder: UIWindow {
    var keys: [(phase: UIPress.Phase, characters: String, ignoring: String, code: Int, flags: UIKeyModifierFlags)] = []

    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        for press in presses { if let key = press.key { keys.append((press.phase, key.characters, key.charactersIgnoringModifiers, key.keyCode.rawValue, key.modifierFlags)) } }
    }

    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        for press in presses { if let key = press.key { keys.append((press.phase, key.characters, key.charactersIgnoringModifiers, key.keyCode.rawValue, key.modifierFlags)) } }
    }
}

final class LayoutCounter: UIView {
    var layouts = 0
    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
    }
}

/// UIKit windows on a real X server: frames reach the window, and the server's button, key,
/// focus, resize and close events arrive as touches, presses and window changes.
extension X11ServerTests {
    @MainActor
    @Suite struct X11WindowTests {
        let server = XvfbServer.shared!

        /// The window shown on the test server. It gets the backend for itself rather than
        /// installing it: other suites run beside these and must keep the headless default.
        func show(_ window: UIWindow, backend: X11Backend) throws -> X11Surface {
            window.platformBackend = backend
            window.isHidden = false
            window.renderFrame()
            return try #require(window.surface as? X11Surface)
        }

        @Test func framesOfAWindowReachTheServer() throws {
            let backend = try #require(X11Backend(displayName: server.display))
            let probe = X11Probe(server)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
            window.backgroundColor = .red
            let square = UIView(frame: CGRect(x: 40, y: 0, width: 40, height: 40))
            square.backgroundColor = .blue
            window.addSubview(square)
            let surface = try show(window, backend: backend)
            let scale = Int(UIScreen.main.scale)
            #expect(probe.size(surface.window)! == (80 * scale, 40 * scale))
            #expect(probe.pixel(surface.window, 10 * scale, 20 * scale) == 0xFF0000)
            #expect(probe.pixel(surface.window, 60 * scale, 20 * scale) == 0x0000FF)
            // A change is sent as its damage, and shows.
            square.backgroundColor = .green
            window.renderFrame()
            #expect(probe.pixel(surface.window, 60 * scale, 20 * scale) == 0x00FF00)
            #expect(probe.pixel(surface.window, 10 * scale, 20 * scale) == 0xFF0000)
        }

        @Test func buttonEventsAreTouchesInTheViewUnderThePointer() async throws {
            let backend = try #require(X11Backend(displayName: server.display))
            let probe = X11Probe(server)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
            let left = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            let right = TouchRecorder(frame: CGRect(x: 40, y: 0, width: 40, height: 40))
            window.addSubview(left)
            window.addSubview(right)
            let surface = try show(window, backend: backend)
            let s = Double(UIScreen.main.scale)
            // Press at (50, 20) points, drag to (55, 22), release: one touch in the right view.
            probe.button(surface.window, press: true, x: Int(50 * s), y: Int(20 * s), time: 1000)
            probe.motion(surface.window, x: Int(55 * s), y: Int(22 * s), state: 256, time: 1016)
            probe.button(surface.window, press: false, x: Int(55 * s), y: Int(22 * s), state: 256, time: 1032)
            #expect(await eventually { right.phases.count == 3 })
            #expect(right.phases == [.began, .moved, .ended])
            #expect(right.locations == [CGPoint(x: 10, y: 20), CGPoint(x: 15, y: 22), CGPoint(x: 15, y: 22)])
            #expect(left.phases.isEmpty)
            // A second click at once is a double tap.
            probe.button(surface.window, press: true, x: Int(55 * s), y: Int(22 * s), time: 1100)
            probe.button(surface.window, press: false, x: Int(55 * s), y: Int(22 * s), state: 256, time: 1110)
            #expect(await eventually { right.phases.count == 5 })
            #expect(right.tapCounts.last == 2)
            // Other buttons are not touches; pointer motion without a button is not a drag.
            probe.button(surface.window, press: true, button: 3, x: 10, y: 10, time: 1200)
            probe.motion(surface.window, x: 20, y: 20, state: 0, time: 1210)
            probe.button(surface.window, press: true, x: Int(10 * s), y: Int(10 * s), time: 1300)
            probe.button(surface.window, press: false, x: Int(10 * s), y: Int(10 * s), state: 256, time: 1310)
            #expect(await eventually { left.phases.count == 2 })
            #expect(left.phases == [.began, .ended])
            #expect(right.phases.count == 5)
        }

        @Test func theWheelScrollsAndThePointerHovers() async throws {
            let backend = try #require(X11Backend(displayName: server.display))
            let probe = X11Probe(server)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
            let target = UIView(frame: window.bounds)
            window.addSubview(target)
            var scrolls: [(UIGestureRecognizer.State, CGPoint)] = []
            var hovers: [UIGestureRecognizer.State] = []
            let pan = UIPanGestureRecognizer()
            pan.allowedScrollTypesMask = .discrete
            pan.addHandler { recognizer in scrolls.append((recognizer.state, pan.translation(in: target))) }
            let hover = UIHoverGestureRecognizer()
            hover.addHandler { recognizer in hovers.append(recognizer.state) }
            target.addGestureRecognizer(pan)
            target.addGestureRecognizer(hover)
            let surface = try show(window, backend: backend)
            let s = Int(UIScreen.main.scale)
            // Two notches down (button 5), then the pan ends by itself.
            probe.button(surface.window, press: true, button: 5, x: 20 * s, y: 20 * s, time: 3000)
            probe.button(surface.window, press: false, button: 5, x: 20 * s, y: 20 * s, state: 0x1000, time: 3001)
            probe.button(surface.window, press: true, button: 5, x: 20 * s, y: 20 * s, time: 3020)
            #expect(await eventually { scrolls.last?.0 == .ended })
            #expect(scrolls.map(\.0) == [.began, .changed, .ended])
            #expect(scrolls[1].1 == CGPoint(x: 0, y: -2 * X11Surface.wheelStep))
            probe.motion(surface.window, x: 10 * s, y: 10 * s, state: 0, time: 3100)
            probe.motion(surface.window, x: 12 * s, y: 10 * s, state: 0, time: 3110)
            #expect(await eventually { hovers.count == 2 })
            #expect(hovers == [.began, .changed])
        }

        @Test func keyEventsArePressesWithTheServersMapping() async throws {
            let backend = try #require(X11Backend(displayName: server.display))
            let probe = X11Probe(server)
            let window = PressRecorder(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            let surface = try show(window, backend: backend)
            // Keycode 38 is the A key (evdev); Shift is state bit 0, Control bit 2.
            probe.key(surface.window, press: true, keycode: 38, time: 2000)
            probe.key(surface.window, press: false, keycode: 38, time: 2050)
            probe.key(surface.window, press: true, keycode: 38, state: 1, time: 2100)
            probe.key(surface.window, press: true, keycode: 36, state: 4, time: 2200)
            #expect(await eventually { window.keys.count == 4 })
            #expect(window.keys.map(\.phase) == [.began, .ended, .began, .began])
            #expect(window.keys[0].characters == "a" && window.keys[0].code == 0x04 && window.keys[0].flags == [])
            #expect(window.keys[2].characters == "A" && window.keys[2].ignoring == "a" && window.keys[2].flags == .shift)
            #expect(window.keys[3].characters == "\r" && window.keys[3].code == 0x28 && window.keys[3].flags == .control)
        }

        @Test func resizingTheWindowLaysItOutAtTheNewSize() async throws {
            let backend = try #require(X11Backend(displayName: server.display))
            let probe = X11Probe(server)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 30))
            let root = LayoutCounter(frame: window.bounds)
            root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            root.backgroundColor = .blue
            window.addSubview(root)
            let surface = try show(window, backend: backend)
            let s = Int(UIScreen.main.scale)
            let before = root.layouts
            probe.resize(surface.window, width: 100 * s, height: 50 * s)
            #expect(await eventually { window.bounds.size == CGSize(width: 100, height: 50) })
            #expect(root.frame.size == CGSize(width: 100, height: 50))
            #expect(root.layouts > before)
            #expect(surface.buffer.width == 100 * s && surface.buffer.height == 50 * s)
            window.renderFrame()
            #expect(probe.pixel(surface.window, 99 * s, 49 * s) == 0x0000FF)
        }

        @Test func focusMakesTheAppActiveAndInactive() async throws {
            let backend = try #require(X11Backend(displayName: server.display))
            let probe = X11Probe(server)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            let surface = try show(window, backend: backend)
            let application = UIApplication.shared
            probe.focus(surface.window, gained: false)
            #expect(await eventually { application.applicationState == .inactive })
            probe.focus(surface.window, gained: true)
            #expect(await eventually { application.applicationState == .active })
        }

        /// The backend's requests and the probe's queries travel on two connections, so each
        /// change is awaited until the server shows it (a loaded machine can lag).
        @Test func hidingAndTitlingTheWindowInCodeReachTheServer() async throws {
            let backend = try #require(X11Backend(displayName: server.display))
            let probe = X11Probe(server)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
            let controller = UIViewController()
            controller.title = "Inbox"
            window.rootViewController = controller
            let surface = try show(window, backend: backend)
            #expect(probe.text(surface.window, "_NET_WM_NAME") == "Inbox")
            controller.title = "Inbox (3)"
            #expect(await eventually { probe.text(surface.window, "_NET_WM_NAME") == "Inbox (3)" })
            window.isHidden = true
            #expect(await eventually { !probe.isViewable(surface.window) })
            window.isHidden = false
            #expect(await eventually { probe.isViewable(surface.window) })
        }

        @Test func closingTheWindowHidesIt() async throws {
            let backend = try #require(X11Backend(displayName: server.display))
            let probe = X11Probe(server)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            let surface = try show(window, backend: backend)
            #expect(probe.isViewable(surface.window))
            probe.requestClose(surface.window)
            #expect(await eventually { window.isHidden })
            #expect(!probe.isViewable(surface.window))
        }
    }
}
