import CoreGraphics
import Foundation
import LaminaPlatform

/// Windows on an X11 display, through xcb: one X window per shown `UIWindow`, pixels through
/// MIT-SHM when the server shares the machine (plain put-image otherwise), input and focus
/// from the server's events, frames paced at the display's rate.
///
/// An app installs it before it makes windows, and keeps the headless default when there is
/// no display:
///
/// ```swift
/// if let x11 = X11Backend() { Platform.install(x11) }
/// ```
///
/// - Note: Lamina addition. The refresh rate is 60 Hz (`LAMINA_FPS` overrides it); the
///   server's own rate would need the RandR extension, whose headers a fresh machine lacks.
public final class X11Backend: PlatformBackend, PlatformClipboard, @unchecked Sendable {
    public var name: String { "x11" }
    let connection: X11Connection
    let clipboard: X11Clipboard
    /// Device pixels per point for every window.
    public let scale: CGFloat
    /// Frames per second windows are paced at.
    public let framesPerSecond: Double

    /// Connects to the X server `displayName` names (`$DISPLAY` when nil); nil when there is
    /// none, or its screen is not 24-bit true colour.
    ///
    /// The scale is `LAMINA_SCALE` when set (fractions work: 1.5 draws 3 pixels per 2 points),
    /// else the `Xft.dpi` resource over 96, else 1.
    ///
    /// `LAMINA_X11_SHM=0` sends frames through the socket even to a local server.
    public convenience init?(displayName: String? = nil) {
        self.init(displayName: displayName, allowsSharedMemory: ProcessInfo.processInfo.environment["LAMINA_X11_SHM"] != "0")
    }

    init?(displayName: String?, allowsSharedMemory: Bool) {
        guard displayName != nil || ProcessInfo.processInfo.environment["DISPLAY"] != nil,
              let connection = X11Connection(displayName: displayName, allowsSharedMemory: allowsSharedMemory) else { return nil }
        self.connection = connection
        clipboard = X11Clipboard(connection: connection)
        let environment = ProcessInfo.processInfo.environment
        scale = X11Backend.scale(setting: environment["LAMINA_SCALE"], dpi: connection.resourceDPI)
        if let text = environment["LAMINA_FPS"], let fps = Double(text), fps.isFinite, fps >= 1, fps <= 1000 {
            framesPerSecond = fps
        } else {
            framesPerSecond = 60
        }
    }

    /// The scale rule: a positive `LAMINA_SCALE` (up to 8), else dpi / 96, else 1.
    static func scale(setting: String?, dpi: Double?) -> CGFloat {
        if let setting, let value = Double(setting.trimmingCharacters(in: .whitespaces)), value.isFinite, value > 0, value <= 8 {
            return CGFloat(value)
        }
        if let dpi, dpi.isFinite, dpi > 0 { return CGFloat(Swift.min(8, dpi / 96)) }
        return 1
    }

    /// The display: the root window's size in points, the scale and the refresh rate.
    public var screen: PlatformScreen? {
        PlatformScreen(size: CGSize(width: CGFloat(connection.screenPixelWidth) / scale,
                                    height: CGFloat(connection.screenPixelHeight) / scale),
                       scale: scale, framesPerSecond: framesPerSecond)
    }

    /// Whether frames reach the server through shared memory (a local server offering MIT-SHM).
    public var usesSharedMemory: Bool { connection.hasSharedMemory }

    // MARK: Clipboard (the CLIPBOARD selection)

    public func clipboardText() -> String? { clipboard.clipboardText() }
    public func setClipboardText(_ text: String?) { clipboard.setClipboardText(text) }
    public var clipboardChangeCount: Int { clipboard.clipboardChangeCount }

    public func makeSurface(pixelWidth: Int, pixelHeight: Int, scale: CGFloat, title: String) -> PlatformSurface? {
        X11Surface(connection: connection, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, title: title,
                   framesPerSecond: framesPerSecond)
    }
}
