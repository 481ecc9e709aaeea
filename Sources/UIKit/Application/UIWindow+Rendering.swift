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
        let width = Int((size.width * scale).rounded(.up)), height = Int((size.height * scale).rounded(.up))
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

    /// One frame at media time `t`: the damage in points, presented to the surface in pixels.
    func renderFrame(atTime t: CFTimeInterval) -> CGRect {
        let damage = renderer.renderFrame(atTime: t)
        guard !damage.isNull, !damage.isEmpty, let image = renderer.makeImage() else { return damage }
        let scale = surface.scale
        let pixels = CGRect(x: damage.minX * scale, y: damage.minY * scale, width: damage.width * scale,
                            height: damage.height * scale).integral
        surface.present(image, damage: pixels)
        return damage
    }
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
        let scale = screen.scale
        if compositor == nil || compositor?.size != bounds.size || compositor?.surface.scale != scale {
            compositor = WindowCompositor(window: self, scale: scale)
        }
        return compositor?.renderFrame(atTime: t) ?? .null
    }

    /// The window as it looks at media time `t`, at the screen's scale (renders a frame first).
    ///
    /// - Note: Lamina addition, the basis for snapshot tests.
    public func renderedImage(atTime t: CFTimeInterval = CACurrentMediaTime()) -> CGImage? {
        renderFrame(atTime: t)
        return compositor?.renderer.makeImage()
    }
}
