import CoreGraphics
import Foundation

/// Pixels a surface owns, which the compositor draws into in place: 32 bits per pixel, rows
/// from the top, in the layout `bitmapInfo` names (premultiplied RGBA for headless surfaces,
/// BGRA or BGRX for most displays).
///
/// The memory is the surface's (a heap allocation, a shared-memory segment, a mapped
/// texture); the buffer frees it through its `release` closure when the last reference
/// goes. `@unchecked Sendable`: the compositor writes the pixels and the backend reads
/// them, never at once — a surface's `present(damage:)` is where one hands over to the
/// other (see `PlatformSurface`).
public final class PlatformPixelBuffer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    /// A `CGBitmapInfo` raw value with 8 bits per component.
    public let bitmapInfo: UInt32
    public let baseAddress: UnsafeMutableRawPointer
    private let release: @Sendable (UnsafeMutableRawPointer) -> Void

    /// A zeroed heap buffer of `width` × `height` pixels; nil when the size is not positive or
    /// too large to allocate (more than 2³⁰ bytes).
    public convenience init?(width: Int, height: Int,
                             bitmapInfo: UInt32 = CGImageAlphaInfo.premultipliedLast.rawValue) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else { return nil }
        let (bytes, overflow) = (width * 4).multipliedReportingOverflow(by: height)
        guard !overflow, bytes <= 1 << 30 else { return nil }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        self.init(wrapping: memory, width: width, height: height, bytesPerRow: width * 4, bitmapInfo: bitmapInfo) { $0.deallocate() }
    }

    /// A buffer over memory a backend owns; `release` is called with it when the buffer goes.
    public init(wrapping memory: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int, bitmapInfo: UInt32,
                release: @escaping @Sendable (UnsafeMutableRawPointer) -> Void) {
        precondition(width > 0 && height > 0 && bytesPerRow >= width * 4, "a pixel buffer needs whole rows of 4-byte pixels")
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.bitmapInfo = bitmapInfo
        self.baseAddress = memory
        self.release = release
    }

    deinit { release(baseAddress) }

    /// A copy of the pixels as an image (for snapshots and tests; frames never need one).
    public func makeImage() -> CGImage? {
        let bytes = bytesPerRow * height
        let data = Data(bytes: baseAddress, count: bytes)
        guard let provider = CGDataProvider(data: data as CFData) else { return nil }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: bytesPerRow,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: bitmapInfo), provider: provider,
                       decode: nil, shouldInterpolate: false, intent: .defaultIntent)
    }
}

/// Where a window's frames go: a window on a display, or a headless surface that keeps them
/// (servers, CI, snapshot tests). The surface owns the pixels: Lamina's compositor draws each
/// frame into `buffer` in place, redrawing only what changed, then calls `present(damage:)`
/// with the changed rectangles, which the backend copies or shares — nothing else.
///
/// The other capabilities a display has are separate protocols a surface may also adopt:
/// `PlatformFrameSource` (frame pacing), `PlatformWindowEventSource` (resize, close and
/// input). A backend module implements these and `PlatformBackend`, and installs itself
/// with `Platform.install(_:)` before the first window is shown.
public protocol PlatformSurface: AnyObject {
    /// The surface's size in device pixels (the buffer's size).
    var pixelWidth: Int { get }
    var pixelHeight: Int { get }
    /// Device pixels per point.
    var scale: CGFloat { get }
    /// The pixels frames are drawn into. The same buffer until `resize(pixelWidth:pixelHeight:scale:)`
    /// replaces it; its contents between presents are the last frame.
    var buffer: PlatformPixelBuffer { get }
    /// The compositor finished drawing `damage` (device pixels, y down from the top left,
    /// whole pixels, within the buffer) into `buffer`: shows those rectangles. Never called
    /// with no damage. Called on the main thread, or on the window's compositor thread while
    /// it runs; the compositor does not touch the buffer again until this returns, so a
    /// backend that shares the buffer with a display server returns once the server no
    /// longer reads it (or copies the damage first).
    func present(damage: [CGRect])
    /// Gives the surface a new size (a window resized in code, or answering a `.resized`
    /// event) and a new `buffer`; false when it cannot (the old size stays).
    func resize(pixelWidth: Int, pixelHeight: Int, scale: CGFloat) -> Bool
}

/// A surface's display refresh: it calls the frame handler once per refresh (vsync, or a
/// timer on headless) while frames are wanted, so animations and `CADisplayLink` run at the
/// display's rate and an idle window wakes nothing.
public protocol PlatformFrameSource: AnyObject {
    /// Refreshes per second.
    var framesPerSecond: Double { get }
    /// Called on a thread of the source's choosing, once per refresh while `wantsFrames`.
    /// Replacing it stops the old one.
    func setFrameHandler(_ handler: (@Sendable () -> Void)?)
    /// Whether the handler is called: the compositor turns it off while nothing animates.
    var wantsFrames: Bool { get set }
}

/// A mouse button, a finger or a pen: what pressed the pointer.
public enum PlatformPointerButton: Int, Sendable, Equatable {
    case primary, secondary, middle
}

/// Keyboard modifier keys held during an input event.
public struct PlatformModifiers: OptionSet, Sendable, Equatable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = PlatformModifiers(rawValue: 1 << 0)
    public static let control = PlatformModifiers(rawValue: 1 << 1)
    public static let alternate = PlatformModifiers(rawValue: 1 << 2)
    public static let command = PlatformModifiers(rawValue: 1 << 3)
    public static let capsLock = PlatformModifiers(rawValue: 1 << 4)
}

/// Something that happened to a window, as its backend reports it. Locations are in points,
/// in the window's coordinates; times are media times (`CACurrentMediaTime()`'s clock).
public enum PlatformWindowEvent: Sendable, Equatable {
    /// The user resized the window (the surface's buffer is resized when UIKit answers).
    case resized(pixelWidth: Int, pixelHeight: Int, scale: CGFloat)
    /// The user asked to close the window.
    case closeRequested
    /// The window gained (true) or lost keyboard focus.
    case focusChanged(Bool)
    case pointerDown(PlatformPointerButton, location: CGPoint, modifiers: PlatformModifiers, time: Double)
    case pointerMoved(location: CGPoint, buttonDown: Bool, modifiers: PlatformModifiers, time: Double)
    case pointerUp(PlatformPointerButton, location: CGPoint, modifiers: PlatformModifiers, time: Double)
    /// The pointer left the window.
    case pointerExited(time: Double)
    /// A wheel or trackpad scroll by `delta` points.
    case scroll(delta: CGVector, location: CGPoint, modifiers: PlatformModifiers, time: Double)
    /// A key went down (`isDown`) or up: the characters it types, without and with modifiers
    /// applied, and the USB HID usage code of the key.
    case key(isDown: Bool, characters: String, charactersIgnoringModifiers: String, keyCode: Int,
             modifiers: PlatformModifiers, time: Double)
}

/// A surface shown as a window the user sees among others: UIKit shows and hides it with
/// its `UIWindow`, and names it after the window's root view controller.
public protocol PlatformWindowControls: AnyObject {
    /// Shows (maps) or hides (unmaps) the window.
    func setVisible(_ visible: Bool)
    /// The window's title, as the desktop shows it.
    func setTitle(_ title: String)
}

/// A window whose size the user can change within limits (a desktop window).
public protocol PlatformWindowSizeLimits: AnyObject {
    /// The smallest and largest sizes, in pixels, the user may give the window; nil for none.
    func setSizeLimits(minimum: (width: Int, height: Int)?, maximum: (width: Int, height: Int)?)
}

/// The pointer's shapes a window can show.
public enum PlatformCursor: Sendable, Equatable {
    /// The system's arrow (the window's default).
    case arrow
    /// A text beam, over text.
    case iBeam
    /// A pointing hand, over something clickable.
    case pointingHand
    /// No pointer.
    case hidden
}

/// A window whose pointer shape can change while the pointer is over it.
public protocol PlatformCursorControl: AnyObject {
    func setCursor(_ cursor: PlatformCursor)
}

/// A surface that reports what happens to its window. Events are delivered on the main
/// thread (a backend reading them elsewhere hands them over with `Platform.performOnMain`).
public protocol PlatformWindowEventSource: AnyObject {
    /// Where the window's events go; UIKit installs its handler when it shows the window.
    func setEventHandler(_ handler: (@MainActor (PlatformWindowEvent) -> Void)?)
}

/// Makes surfaces for windows.
public protocol PlatformBackend: AnyObject {
    /// A short name for diagnostics ("headless", "x11").
    var name: String { get }
    /// A surface of `pixelWidth` × `pixelHeight` device pixels at `scale` pixels per point, or
    /// nil when the backend cannot make one (no display, size too large).
    func makeSurface(pixelWidth: Int, pixelHeight: Int, scale: CGFloat, title: String) -> PlatformSurface?
    /// The display windows appear on, when the backend has one; nil for headless backends,
    /// whose screen is UIKit's default (an iPhone's 390 × 844 points at 3×).
    var screen: PlatformScreen? { get }
}

extension PlatformBackend {
    public var screen: PlatformScreen? { nil }
}

/// A display as a backend reports it: what `UIScreen.main` becomes.
public struct PlatformScreen: Sendable, Equatable {
    /// The display's size in points.
    public var size: CGSize
    /// Device pixels per point.
    public var scale: CGFloat
    /// Refreshes per second.
    public var framesPerSecond: Double

    public init(size: CGSize, scale: CGFloat, framesPerSecond: Double) {
        self.size = size
        self.scale = scale
        self.framesPerSecond = framesPerSecond
    }
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

    /// Runs `work` on the main thread at the main run loop's next turn, waking it if it
    /// sleeps: how a backend's reader thread hands events over.
    public static func performOnMain(_ work: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated(work) }
    }

    /// Wakes the main run loop for a turn (its end commits the implicit transaction).
    public static func wakeMainRunLoop() {
        DispatchQueue.main.async {}
    }
}

/// A backend with a system clipboard shared with other applications (the X11 CLIPBOARD
/// selection, for one). `UIPasteboard.general` keeps its text there when the installed
/// backend adopts this; otherwise it keeps it in memory.
public protocol PlatformClipboard: AnyObject {
    /// The clipboard's text, nil when it holds none (or none can be read in time).
    func clipboardText() -> String?
    /// Puts `text` on the clipboard (nil empties it).
    func setClipboardText(_ text: String?)
    /// A number that changes whenever anyone — this app or another — changes the clipboard,
    /// where the backend can tell (otherwise it counts this app's changes).
    var clipboardChangeCount: Int { get }
}
