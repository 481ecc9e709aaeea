import Foundation
import LaminaPlatform

/// Composites one window into its platform surface, frame by frame, redrawing only what
/// changed.
@MainActor
final class WindowCompositor {
    let surface: PlatformSurface
    let renderer: CARenderer
    let size: CGSize

    init?(window: UIWindow, scale: CGFloat) {
        let size = window.bounds.size
        // Sizes are checked before converting: a window of 1e30 points has no surface.
        let pixels = (width: (size.width * scale).rounded(.up), height: (size.height * scale).rounded(.up))
        guard pixels.width.isFinite, pixels.height.isFinite, pixels.width <= 65_536, pixels.height <= 65_536 else { return nil }
        let width = Int(pixels.width), height = Int(pixels.height)
        guard size.width > 0, size.height > 0, width > 0, height > 0,
              let surface = Platform.backend.makeSurface(pixelWidth: width, pixelHeight: height, scale: scale,
                                                         title: window.windowTitle),
              let renderer = CARenderer(pixelWidth: width, pixelHeight: height, scale: scale)
        else { return nil }
        self.surface = surface
        self.renderer = renderer
        self.size = size
        renderer.layer = window.layer
    }

    /// Frames on a thread of their own, when started.
    var thread: CompositorThread?

    /// One frame at media time `t`: the damage in points, presented to the surface in pixels.
    /// While the compositor thread runs, asks it for a frame and waits for it instead.
    func renderFrame(atTime t: CFTimeInterval) -> CGRect {
        if let thread { return thread.drawFrameAndWait().damage }
        let damage = renderer.renderFrame(atTime: t)
        guard !damage.isNull, !damage.isEmpty, let image = renderer.makeImage() else { return damage }
        WindowCompositor.present(image, damage: damage, to: surface)
        return damage
    }

    nonisolated static func present(_ image: CGImage, damage: CGRect, to surface: PlatformSurface) {
        let scale = surface.scale
        let pixels = CGRect(x: damage.minX * scale, y: damage.minY * scale, width: damage.width * scale,
                            height: damage.height * scale).integral
        surface.present(image, damage: pixels)
    }

    func startThread(clock: CAMediaClock) {
        guard thread == nil else { return }
        let target = UncheckedSurface(surface: surface)
        let thread = CompositorThread(renderer: renderer, clock: clock) { image, damage in
            WindowCompositor.present(image, damage: damage, to: target.surface)
        }
        self.thread = thread
        thread.start()
        _ = thread.waitForFrames(1)
    }

    func stopThread() {
        thread?.stop()
        thread = nil
    }
}

/// A surface handed to the compositor thread, which is then the only one presenting to it.
private struct UncheckedSurface: @unchecked Sendable {
    let surface: PlatformSurface
}

extension UIWindow {
    /// The title a windowed backend shows: the root view controller's title, else "Lamina".
    var windowTitle: String { rootViewController?.title ?? "Lamina" }

    /// The surface this window's frames are presented to: made by the installed platform
    /// backend (`Platform.backend`, headless unless a display backend was installed) at the
    /// first `renderFrame(atTime:)`, at the screen's scale; nil before.
    ///
    /// - Note: Lamina addition: iOS composites windows out of process and has no such API.
    public var surface: PlatformSurface? { compositor?.surface }

    /// Commits pending changes (layout and display included), then composites the window as
    /// it looks at media time `t` — running animations evaluated at `t` — into its surface,
    /// redrawing only what changed since the last frame. Returns the changed area in the
    /// window's points (null when nothing changed). Hidden windows draw nothing.
    ///
    /// Backends call this once per display refresh; tests and headless tools call it with
    /// times from a manual `CAMediaClock`.
    ///
    /// - Note: Lamina addition: on iOS the render server does this.
    @discardableResult
    public func renderFrame(atTime t: CFTimeInterval = CACurrentMediaTime()) -> CGRect {
        guard !isHidden, t.isFinite else { return .null }
        CATransaction.flush()
        return currentCompositor(keepingThreadOn: .current)?.renderFrame(atTime: t) ?? .null
    }

    /// Composites the window on a thread of its own from now on: one frame for every frame of
    /// `clock` (60 a second on the system clock, one per `advance(by:)` on a manual clock),
    /// presented to the surface from that thread, so running animations keep moving while the
    /// main thread is busy. Changes reach it when their transaction commits. The first frame
    /// is drawn before this returns.
    ///
    /// - Note: Lamina addition. The surface's `present(_:damage:)` is then called on the
    ///   compositor thread.
    public func startCompositing(on clock: CAMediaClock = .current) {
        guard !isHidden else { return }
        CATransaction.flush()
        currentCompositor(keepingThreadOn: clock)?.startThread(clock: clock)
    }

    /// The compositor for the window's size and screen scale, made anew when either changed
    /// (a compositor thread that was running keeps running, on `clock`).
    private func currentCompositor(keepingThreadOn clock: CAMediaClock) -> WindowCompositor? {
        let scale = screen.scale
        if let compositor, compositor.size == bounds.size, compositor.surface.scale == scale { return compositor }
        let threaded = compositor?.thread != nil
        compositor?.stopThread()
        compositor = WindowCompositor(window: self, scale: scale)
        if threaded { compositor?.startThread(clock: clock) }
        return compositor
    }

    /// Stops the compositor thread; frames come from `renderFrame(atTime:)` again.
    public func stopCompositing() {
        compositor?.stopThread()
    }

    /// Whether the window is composited on its own thread (`startCompositing(on:)`).
    public var isCompositing: Bool { compositor?.thread != nil }

    /// The window as it looks at media time `t`, at the screen's scale (renders a frame first).
    ///
    /// - Note: Lamina addition, the basis for snapshot tests.
    public func renderedImage(atTime t: CFTimeInterval = CACurrentMediaTime()) -> CGImage? {
        renderFrame(atTime: t)
        return compositor?.renderer.makeImage()
    }
}
