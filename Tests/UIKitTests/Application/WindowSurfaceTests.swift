import Foundation
import LaminaPlatform
import LaminaTestSupport
import Testing
import UIKit

/// A control that records the events it sends, and a view that records presses.
private final class PressRecorder: UIView {
    var keys: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        keys += presses.compactMap { $0.key.map { "\($0.charactersIgnoringModifiers) \($0.modifierFlags.contains(.shift))" } }
    }
}

/// What a window gets from its backend's surface: it draws into the surface's buffer, presents
/// only damage, costs nothing idle, follows resize and close events, and takes pointer and
/// key input as touches and presses.
@MainActor
@Suite struct WindowSurfaceTests {
    private func window() -> (UIWindow, UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        window.backgroundColor = .white
        let box = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        box.backgroundColor = .blue
        window.addSubview(box)
        window.makeKeyAndVisible()
        return (window, box)
    }

    /// Idle frames draw no pixels and present (so copy) nothing, however many there are.
    @Test(arguments: TestBackend.allCases)
    func anIdleWindowCostsNothing(_ backend: TestBackend) throws {
        backend.installed { withManualClock { clock in
            let (window, box) = window()
            window.renderFrame(atTime: clock.time)
            let surface = window.surface!
            let copied = (surface as? CopyingSurface)?.copiedPixels
            #expect(copied == nil || copied == 300 * 180)
            for _ in 0..<30 {
                clock.advance(by: 1.0 / 60)
                #expect(window.renderFrame(atTime: clock.time).isNull)
            }
            #expect(surface.presents == 1)
            #expect((surface as? CopyingSurface)?.copiedPixels == copied)
            // One small change copies just its footprint (9…41 × 9…31 points at 3×).
            UIView.performWithoutAnimation { box.backgroundColor = .red }
            window.renderFrame(atTime: clock.time)
            #expect(surface.presents == 2)
            if let copying = surface as? CopyingSurface { #expect(copying.copiedPixels - copied! == 66 * 66) }
            #expect((ReferenceImage.pixels(of: surface.shownImage!) == expected(window)) == true)
        } }
    }

    /// A resize from the display lays the window out at the new size on the same surface,
    /// whose new buffer gets a whole first frame.
    @Test(arguments: TestBackend.allCases)
    func aResizeEventResizesTheWindowAndItsSurface(_ backend: TestBackend) throws {
        backend.installed { withManualClock { clock in
            let (window, box) = window()
            box.autoresizingMask = [.flexibleLeftMargin]
            window.renderFrame(atTime: clock.time)
            let surface = window.surface!
            surface.sendEvent(.resized(pixelWidth: 450, pixelHeight: 240, scale: 3))
            #expect(window.bounds.size == CGSize(width: 150, height: 80))
            #expect(box.frame.origin.x == 60)
            #expect(window.renderFrame(atTime: clock.time) == window.bounds)
            #expect(window.surface === surface)
            #expect(surface.pixelWidth == 450 && surface.pixelHeight == 240)
            #expect((ReferenceImage.pixels(of: surface.shownImage!) == expected(window)) == true)
        } }
    }

    /// Closing the last shown window hides it and ends the app (willTerminate).
    @Test func closingTheLastWindowTerminates() throws {
        withManualClock { clock in
            let (window, _) = window()
            window.renderFrame(atTime: clock.time)
            final class Count: @unchecked Sendable { var value = 0 }
            let terminated = Count()
            let observer = NotificationCenter.default.addObserver(forName: UIApplication.willTerminateNotification, object: nil,
                                                                  queue: nil) { _ in terminated.value += 1 }
            defer { NotificationCenter.default.removeObserver(observer) }
            UIApplication.shared.delegate = nil
            // Other tests' windows are hidden for the moment of the close only, then shown again.
            let others = UIApplication.shared.windows.filter { !$0.isHidden && $0 !== window }
            for shown in others { shown.isHidden = true }
            window.surface!.sendEvent(.closeRequested)
            for shown in others { shown.isHidden = false }
            #expect(window.isHidden)
            #expect(terminated.value == 1)
        }
    }

    /// The primary button is one finger: press and release on a button sends its actions;
    /// keys reach the first responder with their modifiers.
    @Test(arguments: TestBackend.allCases)
    func pointerAndKeysBecomeTouchesAndPresses(_ backend: TestBackend) throws {
        backend.installed { withManualClock { clock in
            let (window, _) = window()
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 50, y: 10, width: 40, height: 30)
            var events: [String] = []
            button.addAction(UIAction { _ in events.append("primary") }, for: .primaryActionTriggered)
            window.addSubview(button)
            let field = PressRecorder(frame: CGRect(x: 0, y: 40, width: 100, height: 20))
            window.addSubview(field)
            window.renderFrame(atTime: clock.time)
            let surface = window.surface!
            surface.sendEvent(.pointerDown(.primary, location: CGPoint(x: 60, y: 20), modifiers: [], time: clock.time))
            #expect(button.isHighlighted)
            surface.sendEvent(.pointerMoved(location: CGPoint(x: 62, y: 22), buttonDown: true, modifiers: [], time: clock.time + 0.05))
            surface.sendEvent(.pointerUp(.primary, location: CGPoint(x: 62, y: 22), modifiers: [], time: clock.time + 0.1))
            #expect(events == ["primary"])
            #expect(!button.isHighlighted)
            // The secondary button is no touch.
            surface.sendEvent(.pointerDown(.secondary, location: CGPoint(x: 60, y: 20), modifiers: [], time: clock.time + 0.2))
            surface.sendEvent(.pointerUp(.secondary, location: CGPoint(x: 60, y: 20), modifiers: [], time: clock.time + 0.3))
            #expect(events == ["primary"])
            #expect(field.becomeFirstResponder())
            surface.sendEvent(.key(isDown: true, characters: "A", charactersIgnoringModifiers: "a", keyCode: 0x04, modifiers: [.shift],
                                   time: clock.time + 0.4))
            #expect(field.keys == ["a true"])
        } }
    }

    /// On the system clock a surface with its own refresh paces the compositor thread: the
    /// refresh stops once nothing changes, and a commit starts it again for one frame.
    @Test func theSurfaceRefreshRunsOnlyWhileSomethingChanges() throws {
        let (window, box) = window()
        window.startCompositing(on: .main)
        defer { window.stopCompositing() }
        let surface = try #require(window.surface as? HeadlessSurface)
        func eventually(_ condition: () -> Bool) -> Bool {
            // Generous: under a loaded machine (other suites committing, builds) frames come slowly.
            let deadline = Date(timeIntervalSinceNow: 30)
            while !condition() && Date() < deadline { usleep(1_000) }
            return condition()
        }
        #expect(eventually { !surface.isRefreshing })
        let presented = surface.presentedFrameCount
        UIView.performWithoutAnimation { box.backgroundColor = .green }
        CATransaction.flush()
        #expect(eventually { surface.presentedFrameCount > presented })
        #expect(eventually { !surface.isRefreshing })
        #expect((ReferenceImage.pixels(of: surface.lastFrame!) == expected(window)) == true)
    }
}
