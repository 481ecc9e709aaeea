import CoreGraphics
import Foundation

/// Where a window's frames go: a backend's window on a display, or a headless surface that
/// keeps them (for servers, CI and snapshot tests).
///
/// Lamina's UIKit composites each window into a bitmap and hands the finished frame to its
/// surface with the area that changed; it never talks to a display itself. A backend module
/// implements this protocol and `PlatformBackend`, and installs itself with
/// `Platform.install(_:)` before the first window is shown.
public protocol PlatformSurface: AnyObject {
    /// The surface's size in device pixels.
    var pixelWidth: Int { get }
    var pixelHeight: Int { get }
    /// Device pixels per point.
    var scale: CGFloat { get }
    /// Shows a finished frame. `damage` is the part that changed since the previous frame, in
    /// device pixels (y down from the top left); the rest of `frame` equals the previous one.
    /// Called on the main thread, or on the window's compositor thread while it runs.
    func present(_ frame: CGImage, damage: CGRect)
}

/// Makes surfaces for windows.
public protocol PlatformBackend: AnyObject {
    /// A short name for diagnostics ("headless", "x11").
    var name: String { get }
    /// A surface of `pixelWidth` × `pixelHeight` device pixels at `scale` pixels per point, or
    /// nil when the backend cannot make one (no display, size too large).
    func makeSurface(pixelWidth: Int, pixelHeight: Int, scale: CGFloat, title: String) -> PlatformSurface?
}

/// The backend windows use: headless unless another one was installed.
public enum Platform {
    nonisolated(unsafe) private static var current: PlatformBackend = HeadlessBackend()
    private static let lock = NSLock()

    /// The installed backend.
    public static var backend: PlatformBackend {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Makes `backend` the one new windows get their surfaces from.
    public static func install(_ backend: PlatformBackend) {
        lock.lock()
        current = backend
        lock.unlock()
    }
}

/// The backend with no display: its surfaces keep the last frame presented.
public final class HeadlessBackend: PlatformBackend {
    public init() {}
    public var name: String { "headless" }

    public func makeSurface(pixelWidth: Int, pixelHeight: Int, scale: CGFloat, title: String) -> PlatformSurface? {
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= 1 << 14, pixelHeight <= 1 << 14, scale > 0, scale.isFinite else {
            return nil
        }
        return HeadlessSurface(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
    }
}

/// A surface that keeps what it was given: the last frame, its damage and a count. Safe to
/// present to from any thread.
public final class HeadlessSurface: PlatformSurface, @unchecked Sendable {
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scale: CGFloat
    private let lock = NSLock()
    private var frame: CGImage?
    private var damage: CGRect = .null
    private var count = 0

    /// The last frame presented.
    public var lastFrame: CGImage? { lock.withLock { frame } }
    /// The damage of the last frame presented.
    public var lastDamage: CGRect { lock.withLock { damage } }
    /// How many frames were presented.
    public var presentedFrameCount: Int { lock.withLock { count } }

    public init(pixelWidth: Int, pixelHeight: Int, scale: CGFloat) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
    }

    public func present(_ frame: CGImage, damage: CGRect) {
        lock.withLock {
            self.frame = frame
            self.damage = damage
            count += 1
        }
    }
}
