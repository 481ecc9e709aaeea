import Foundation
import LaminaPlatform

/// Composites one window into its platform surface, frame by frame: the renderer draws in
/// place into the surface's own buffer, redrawing only what changed, and the surface is
/// given just the damaged rectangles. An idle frame draws, copies and presents nothing.
@MainActor
final class WindowCompositor {
    let surface: PlatformSurface
    private(set) var renderer: CARenderer
    private(set) var size: CGSize
    private(set) var scale: CGFloat

    init?(window: UIWindow, scale: CGFloat) {
        let size = window.bounds.size
        guard let pixels = WindowCompositor.pixelSize(of: size, scale: scale),
              let surface = (window.platformBackend ?? Platform.backend).makeSurface(pixelWidth: pixels.width, pixelHeight: pixels.height, scale: scale,
                                                         title: window.windowTitle),
              let renderer = WindowCompositor.renderer(on: surface)
        else { return nil }
        self.surface = surface
        self.renderer = renderer
        self.size = size
        self.scale = scale
        renderer.layer = window.layer
        if let events = surface as? PlatformWindowEventSource {
            events.setEventHandler { [weak window] event in window?.handlePlatformEvent(event) }
        }
        if let limits = surface as? PlatformWindowSizeLimits, let restrictions = window.windowScene?.sizeRestrictions {
            let pixels = restrictions.pixelLimits
            limits.setSizeLimits(minimum: pixels.minimum, maximum: pixels.maximum)
        }
    }

    /// A window's size in whole device pixels; nil for sizes no surface has (sizes are checked
    /// before converting: a window of 1e30 points has no surface).
    private static func pixelSize(of size: CGSize, scale: CGFloat) -> (width: Int, height: Int)? {
        let width = (size.width * scale).rounded(.up), height = (size.height * scale).rounded(.up)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width <= 65_536, height <= 65_536 else { return nil }
        return (Int(width), Int(height))
    }

    /// A renderer drawing into `surface`'s buffer (which it keeps alive).
    private static func renderer(on surface: PlatformSurface) -> CARenderer? {
        let buffer = surface.buffer
        return CARenderer(drawingInto: buffer.baseAddress, pixelWidth: buffer.width, pixelHeight: buffer.height,
                          bytesPerRow: buffer.bytesPerRow, bitmapInfo: buffer.bitmapInfo, scale: surface.scale, owner: buffer)
    }

    /// Follows a new window size or screen scale: the same surface, resized, with a renderer
    /// on its new buffer. False when the surface cannot take the size.
    func resize(window: UIWindow, to size: CGSize, scale: CGFloat) -> Bool {
        guard let pixels = WindowCompositor.pixelSize(of: size, scale: scale),
              surface.resize(pixelWidth: pixels.width, pixelHeight: pixels.height, scale: scale),
              let renderer = WindowCompositor.renderer(on: surface)
        else { return false }
        let clock = thread != nil ? threadClock : nil
        stopThread()
        self.renderer = renderer
        self.size = size
        self.scale = scale
        renderer.layer = window.layer
        if let clock { startThread(clock: clock) }
        return true
    }

    /// Frames on a thread of their own, when started.
    var thread: CompositorThread?
    private var threadClock: CAMediaClock?
    /// The clock the compositor thread runs on, while it runs.
    var clock: CAMediaClock? { thread != nil ? threadClock : nil }
    private var commitObserver: Int?

    /// One frame at media time `t`: the damage in points, presented to the surface in pixels.
    /// While the compositor thread runs, asks it for a frame and waits for it instead.
    func renderFrame(atTime t: CFTimeInterval) -> CGRect {
        if let thread { return thread.drawFrameAndWait() }
        let damage = renderer.renderFrame(atTime: t)
        WindowCompositor.present(damage, to: surface)
        return damage
    }

    /// Hands `damage` (points) to the surface as whole device pixels inside its buffer.
    nonisolated static func present(_ damage: CGRect, to surface: PlatformSurface) {
        guard !damage.isNull, !damage.isEmpty else { return }
        let scale = surface.scale
        let pixels = CGRect(x: damage.minX * scale, y: damage.minY * scale, width: damage.width * scale,
                            height: damage.height * scale).integral
            .intersection(CGRect(x: 0, y: 0, width: surface.pixelWidth, height: surface.pixelHeight))
        guard !pixels.isNull, !pixels.isEmpty else { return }
        surface.present(damage: [pixels])
    }

    /// The bitmap as the last frame left it (a copy).
    func makeImage() -> CGImage? {
        thread?.makeImage() ?? renderer.makeImage()
    }

    /// Starts the compositor thread. On a manual clock it follows the clock's frames; on the
    /// system clock a surface with its own refresh paces it, refreshing only while something
    /// animates or a commit brought a change.
    func startThread(clock: CAMediaClock) {
        guard thread == nil else { return }
        let target = UncheckedSurface(surface: surface)
        var source: UncheckedFrameSource?
        if !clock.isManual, let frames = surface as? PlatformFrameSource { source = UncheckedFrameSource(source: frames) }
        var animating: (@Sendable (Bool) -> Void)?
        if let source { animating = { isAnimating in source.source.wantsFrames = isAnimating } }
        let present: @Sendable (CGRect) -> Void = { damage in WindowCompositor.present(damage, to: target.surface) }
        let thread = CompositorThread(renderer: renderer, clock: clock, pacedByClock: animating == nil,
                                      present: present, animating: animating)
        self.thread = thread
        threadClock = clock
        if let source {
            let weakThread = WeakCompositorThread(thread)
            source.source.setFrameHandler { weakThread.thread?.requestFrame() }
            commitObserver = RenderTree.shared.addCommitObserver { source.source.wantsFrames = true }
            clock.scheduler.displayFramesPerSecond = source.source.framesPerSecond
        }
        thread.start()
        thread.waitUntilDrawn(1)
    }

    func stopThread() {
        if let commitObserver { RenderTree.shared.removeCommitObserver(commitObserver) }
        commitObserver = nil
        if let source = surface as? PlatformFrameSource, thread != nil {
            source.setFrameHandler(nil)
            source.wantsFrames = false
        }
        thread?.stop()
        thread = nil
        threadClock = nil
    }
}

/// A surface handed to the compositor thread, which is then the only one presenting to it.
private struct UncheckedSurface: @unchecked Sendable {
    let surface: PlatformSurface
}

/// A surface's refresh, switched on and off from the compositor thread and commits (its
/// `wantsFrames` is the surface's to make thread-safe, as `PlatformFrameSource` requires).
private struct UncheckedFrameSource: @unchecked Sendable {
    let source: PlatformFrameSource
}

private final class WeakCompositorThread: Sendable {
    nonisolated(unsafe) weak var thread: CompositorThread?
    init(_ thread: CompositorThread) { self.thread = thread }
}

extension UIWindow {
    /// The title a windowed backend shows: the scene's title, else the root view controller's,
    /// else "Lamina".
    var windowTitle: String { windowScene?.title ?? rootViewController?.title ?? "Lamina" }

    /// The surface this window's frames are presented to: made by the installed platform
    /// backend (`Platform.backend`, headless unless a display backend was installed) at the
    /// first `renderFrame(atTime:)`, at the screen's scale; nil before.
    ///
    /// - Note: Lamina addition: iOS composites windows out of process and has no such API.
    public var surface: PlatformSurface? { compositor?.surface }

    /// Answers what the window's backend reports: a resize lays the window out at its new
    /// size (and resizes the screen when the window was the screen's size), a close request
    /// hides it (the app terminates when it was the last one shown), focus makes the app
    /// active or inactive, the primary pointer button becomes one finger's touch, the pointer
    /// moving without it hovers, and the wheel scrolls.
    func handlePlatformEvent(_ event: PlatformWindowEvent) {
        switch event {
        case let .resized(pixelWidth, pixelHeight, scale):
            guard scale > 0, scale.isFinite else { return }
            let standsForScreen = frame == UIScreen.main.bounds
            frame.size = CGSize(width: CGFloat(pixelWidth) / scale, height: CGFloat(pixelHeight) / scale)
            // A window the size of the screen is the app's screen on a desktop: the screen follows it.
            if standsForScreen { UIScreen.main.bounds = CGRect(origin: .zero, size: frame.size) }
            layoutIfNeeded()
            // The surface follows at once (a compositor thread keeps running on its clock).
            if let compositor { _ = currentCompositor(keepingThreadOn: compositor.clock ?? .current) }
        case .closeRequested:
            isHidden = true
            stopCompositing()
            // Closing a scene's last window disconnects the scene.
            if let scene = windowScene, !scene.windows.contains(where: { !$0.isHidden }) {
                UIApplication.shared.disconnectScene(scene)
            }
            if !UIApplication.shared.windows.contains(where: { !$0.isHidden }) {
                UIApplication.shared.handle(.willTerminate)
                UIApplication.shared.terminateIfRunning()
            }
        case .focusChanged(let focused):
            if let scene = windowScene, UIApplication.shared.connectedScenes.contains(scene) {
                // A desktop window is its scene: focus makes that scene active or inactive.
                scene.move(to: focused ? .foregroundActive : .foregroundInactive)
                UIApplication.shared.sceneStatesChanged()
            } else {
                UIApplication.shared.handle(focused ? .focusGained : .focusLost)
            }
        case let .pointerDown(button, location, modifiers, time):
            if button == .secondary { sendSecondaryClick(at: location) }
            guard button == .primary else { return }
            sendTouches([TouchSample(location: location, phase: .began)], timestamp: time, modifierFlags: Self.keyModifiers(modifiers))
        case let .pointerMoved(location, buttonDown, modifiers, time):
            guard buttonDown else {
                deliverHover(at: location)
                return
            }
            sendTouches([TouchSample(location: location, phase: .moved)], timestamp: time, modifierFlags: Self.keyModifiers(modifiers))
        case .pointerExited:
            deliverHover(at: nil)
        case let .pointerUp(button, location, modifiers, time):
            guard button == .primary else { return }
            sendTouches([TouchSample(location: location, phase: .ended)], timestamp: time, modifierFlags: Self.keyModifiers(modifiers))
        case let .key(isDown, characters, ignoringModifiers, keyCode, modifiers, time):
            let flags = Self.keyModifiers(modifiers)
            let key = UIKey(characters: characters, charactersIgnoringModifiers: ignoringModifiers, modifierFlags: flags,
                            keyCode: UIKeyboardHIDUsage(rawValue: keyCode))
            sendKey(key, phase: isDown ? .began : .ended, timestamp: time)
        case let .scroll(delta, location, _, time):
            deliverScroll(CGPoint(x: delta.dx, y: delta.dy), at: location, time: time)
        }
    }

    /// UIKit's modifier flags for a backend's.
    static func keyModifiers(_ modifiers: PlatformModifiers) -> UIKeyModifierFlags {
        var flags: UIKeyModifierFlags = []
        if modifiers.contains(.shift) { flags.insert(.shift) }
        if modifiers.contains(.control) { flags.insert(.control) }
        if modifiers.contains(.alternate) { flags.insert(.alternate) }
        if modifiers.contains(.command) { flags.insert(.command) }
        if modifiers.contains(.capsLock) { flags.insert(.alphaShift) }
        return flags
    }

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
    /// - Note: Lamina addition. The surface's `present(damage:)` is then called on the
    ///   compositor thread. On the system clock, a surface that is a `PlatformFrameSource`
    ///   paces the frames, and its refresh runs only while something changes.
    public func startCompositing(on clock: CAMediaClock = .current) {
        guard !isHidden else { return }
        CATransaction.flush()
        currentCompositor(keepingThreadOn: clock)?.startThread(clock: clock)
    }

    /// The compositor for the window's size and screen scale, made anew when either changed
    /// (a compositor thread that was running keeps running, on `clock`).
    private func currentCompositor(keepingThreadOn clock: CAMediaClock) -> WindowCompositor? {
        let scale = screen.scale
        if let compositor, compositor.size == bounds.size, compositor.scale == scale { return compositor }
        if let compositor, compositor.resize(window: self, to: bounds.size, scale: scale) { return compositor }
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
        return compositor?.makeImage()
    }
}
