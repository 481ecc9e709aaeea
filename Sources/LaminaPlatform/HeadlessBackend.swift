import CoreGraphics
import Dispatch
import Foundation
import Synchronization

/// The backend with no display: its surfaces keep their pixels in memory.
public final class HeadlessBackend: PlatformBackend {
    public init() {}
    public var name: String { "headless" }

    /// A phone-sized screen at the scale `LAMINA_SCALE` asks for (1 to 8); nil without it
    /// (UIKit's default headless screen, 3 pixels per point).
    public var screen: PlatformScreen? {
        guard let text = ProcessInfo.processInfo.environment["LAMINA_SCALE"],
              let scale = Double(text.trimmingCharacters(in: .whitespaces)), scale.isFinite, scale >= 1, scale <= 8 else {
            return nil
        }
        return PlatformScreen(size: CGSize(width: 390, height: 844), scale: CGFloat(scale), framesPerSecond: 60)
    }

    public func makeSurface(pixelWidth: Int, pixelHeight: Int, scale: CGFloat, title: String) -> PlatformSurface? {
        let surface = HeadlessSurface(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        surface?.setTitle(title)
        return surface
    }
}

/// A surface in memory: the compositor draws into its buffer, and it counts what it was
/// given (frames, damage). Its refresh is a timer at `framesPerSecond` that runs only while
/// frames are wanted; events come from `send(_:)` (tests and scripts). Safe to present to
/// from any thread.
public final class HeadlessSurface: PlatformSurface, PlatformFrameSource, PlatformWindowEventSource, PlatformCursorControl,
    PlatformWindowControls, PlatformWindowSizeLimits, Sendable {
    private struct State {
        var buffer: PlatformPixelBuffer
        var scale: CGFloat
        var damage: [CGRect] = []
        var count = 0
        var presentedPixels = 0
        var eventHandler: (@MainActor (PlatformWindowEvent) -> Void)?
        var cursor = PlatformCursor.arrow
        var title = ""
        var isVisible = true
        var minimumSize: (width: Int, height: Int)?
        var maximumSize: (width: Int, height: Int)?
    }
    private let state: Locked<State>
    private let refresh: RefreshTimer
    public let framesPerSecond: Double

    /// A surface of `pixelWidth` × `pixelHeight` pixels at `scale` pixels per point, refreshing
    /// `framesPerSecond` times a second; nil when the size cannot be allocated.
    public init?(pixelWidth: Int, pixelHeight: Int, scale: CGFloat, framesPerSecond: Double = 60) {
        guard scale > 0, scale.isFinite, framesPerSecond > 0, framesPerSecond.isFinite,
              pixelWidth <= 1 << 14, pixelHeight <= 1 << 14,
              let buffer = PlatformPixelBuffer(width: pixelWidth, height: pixelHeight) else { return nil }
        state = Locked(State(buffer: buffer, scale: scale))
        self.framesPerSecond = framesPerSecond
        refresh = RefreshTimer(label: "Lamina headless refresh", framesPerSecond: framesPerSecond)
    }

    public var pixelWidth: Int { buffer.width }
    public var pixelHeight: Int { buffer.height }
    public var scale: CGFloat { state.withLock { $0.scale } }
    public var buffer: PlatformPixelBuffer { state.withLock { $0.buffer } }

    public func present(damage: [CGRect]) {
        state.withLock { state in
            state.damage = damage
            state.count += 1
            state.presentedPixels += damage.reduce(0) { $0 + Int($1.width) * Int($1.height) }
        }
    }

    public func resize(pixelWidth: Int, pixelHeight: Int, scale: CGFloat) -> Bool {
        guard scale > 0, scale.isFinite, pixelWidth <= 1 << 14, pixelHeight <= 1 << 14,
              let buffer = PlatformPixelBuffer(width: pixelWidth, height: pixelHeight) else { return false }
        state.withLock {
            $0.buffer = buffer
            $0.scale = scale
        }
        return true
    }

    /// The pointer shape the app asked for (headless, only recorded).
    public var cursor: PlatformCursor { state.withLock { $0.cursor } }

    public func setCursor(_ cursor: PlatformCursor) {
        state.withLock { $0.cursor = cursor }
    }

    /// The title the app gave the window (headless, only recorded).
    public var title: String { state.withLock { $0.title } }
    /// Whether the app shows the window (headless, only recorded).
    public var isVisible: Bool { state.withLock { $0.isVisible } }
    /// The size limits the app asked for, in pixels (headless, only recorded).
    public var sizeLimits: (minimum: (width: Int, height: Int)?, maximum: (width: Int, height: Int)?) {
        state.withLock { ($0.minimumSize, $0.maximumSize) }
    }

    public func setTitle(_ title: String) {
        state.withLock { $0.title = title }
    }

    public func setVisible(_ visible: Bool) {
        state.withLock { $0.isVisible = visible }
    }

    public func setSizeLimits(minimum: (width: Int, height: Int)?, maximum: (width: Int, height: Int)?) {
        state.withLock {
            $0.minimumSize = minimum
            $0.maximumSize = maximum
        }
    }

    /// The pixels as they are now, as an image (a copy).
    public var lastFrame: CGImage? { buffer.makeImage() }
    /// The damage of the last frame presented, as one rectangle (device pixels).
    public var lastDamage: CGRect { state.withLock { $0.damage.reduce(CGRect.null) { $0.union($1) } } }
    /// The rectangles of the last frame presented.
    public var lastDamageRects: [CGRect] { state.withLock { $0.damage } }
    /// How many frames were presented.
    public var presentedFrameCount: Int { state.withLock { $0.count } }
    /// Pixels presented so far, summed over the damage of every frame: what a backend that
    /// copies damage would have copied.
    public var presentedPixelCount: Int { state.withLock { $0.presentedPixels } }

    // MARK: Refresh

    public func setFrameHandler(_ handler: (@Sendable () -> Void)?) {
        refresh.setHandler(handler)
    }

    public var wantsFrames: Bool {
        get { refresh.wantsFrames }
        set { refresh.wantsFrames = newValue }
    }

    /// Whether the refresh timer is running (only while frames are wanted and someone listens).
    public var isRefreshing: Bool { refresh.isRunning }

    // MARK: Events

    public func setEventHandler(_ handler: (@MainActor (PlatformWindowEvent) -> Void)?) {
        state.withLock { $0.eventHandler = handler }
    }

    /// Delivers `event` to the window as a display would (on the main thread).
    @MainActor
    public func send(_ event: PlatformWindowEvent) {
        state.withLock { $0.eventHandler }?(event)
    }
}
