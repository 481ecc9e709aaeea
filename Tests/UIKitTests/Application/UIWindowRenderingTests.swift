import LaminaPlatform
import LaminaTestSupport
import Testing
import UIKit

/// Windows composite into a platform surface — headless, and a test backend that keeps BGRA
/// pixels and copies only presented damage to its "screen" — whole first frames, idle frames
/// that present nothing, damage-only frames, and animated frames equal to the presentation
/// tree at the frame's time.
@MainActor
@Suite struct UIWindowRenderingTests {
    /// A white 100 × 60 window (not shown yet) with a 20-point box at (10, 10).
    private func windowWithBox(_ colour: UIColor) -> (UIWindow, UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        window.backgroundColor = .white
        let box = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        box.backgroundColor = colour
        window.addSubview(box)
        return (window, box)
    }

    @Test(arguments: TestBackend.allCases)
    func framesGoToTheSurface(_ backend: TestBackend) throws {
        backend.installed { withManualClock { clock in
            let (window, box) = windowWithBox(.red)
            // Hidden windows draw nothing and get no surface.
            #expect(window.renderFrame(atTime: clock.time).isNull)
            #expect(window.surface == nil)
            window.makeKeyAndVisible()
            #expect(window.renderFrame(atTime: clock.time) == window.bounds)
            guard let surface = window.surface else {
                Issue.record("expected a surface")
                return
            }
            #expect(surface.pixelWidth == 300 && surface.pixelHeight == 180 && surface.scale == 3)
            #expect(surface.presents == 1)
            #expect(surface.lastPresentedDamage == CGRect(x: 0, y: 0, width: 300, height: 180))
            #expect((ReferenceImage.pixels(of: surface.shownImage!) == expected(window)) == true)
            // Nothing changed: nothing presented.
            #expect(window.renderFrame(atTime: clock.time + 1).isNull)
            #expect(surface.presents == 1)
            // A change without animation: only its footprint.
            UIView.performWithoutAnimation { box.center.x += 10 }
            #expect(window.renderFrame(atTime: clock.time) == CGRect(x: 9, y: 9, width: 32, height: 22))
            #expect(surface.lastPresentedDamage == CGRect(x: 27, y: 27, width: 96, height: 66))
            #expect((ReferenceImage.pixels(of: surface.shownImage!) == expected(window)) == true)
        } }
    }

    @Test(arguments: TestBackend.allCases)
    func animatedFramesShowThePresentationTree(_ backend: TestBackend) throws {
        backend.installed { withManualClock { clock in
            let (window, box) = windowWithBox(.blue)
            window.makeKeyAndVisible()
            window.renderFrame(atTime: clock.time)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { box.center.x = 70 }
            CATransaction.flush()
            clock.advance(by: 0.5)
            let image = window.renderedImage(atTime: clock.time)
            #expect(box.layer.presentation()?.position.x == 45)
            #expect((ReferenceImage.pixels(of: image!) == expected(window)) == true)
            #expect((ReferenceImage.pixels(of: window.surface!.shownImage!) == expected(window)) == true)
        } }
    }

    /// On its own thread the window follows the clock's frames: after the clock moves, the
    /// surface shows the animation at the new time.
    @Test(arguments: TestBackend.allCases)
    func compositingOnItsOwnThread(_ backend: TestBackend) throws {
        backend.installed { withManualClock { clock in
            let (window, box) = windowWithBox(.green)
            window.makeKeyAndVisible()
            window.startCompositing(on: clock)
            defer { window.stopCompositing() }
            #expect(window.isCompositing)
            let surface = window.surface
            #expect(surface?.presents == 1)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { box.center.x = 70 }
            CATransaction.flush()
            clock.advance(by: 0.25)
            window.renderFrame(atTime: clock.time)
            #expect((surface?.presents ?? 0) >= 2)
            #expect(box.layer.presentation()?.position.x == 32.5)
            #expect((ReferenceImage.pixels(of: surface!.shownImage!) == expected(window)) == true)
        } }
    }
}
