import CoreGraphics
import Foundation
import LaminaPlatform
import LaminaTestSupport
import UIKit

/// A second backend written against the platform interface the way a display backend is:
/// its buffer is BGRA in memory (as X11 visuals are), and `present(damage:)` copies only the
/// damaged rows to a "screen" of its own, as a put-image would, counting what it copied.
final class CopyingBackend: PlatformBackend {
    var name: String { "copying-test" }
    private(set) var surfaces: [CopyingSurface] = []

    func makeSurface(pixelWidth: Int, pixelHeight: Int, scale: CGFloat, title: String) -> PlatformSurface? {
        guard let surface = CopyingSurface(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, title: title) else { return nil }
        surfaces.append(surface)
        return surface
    }
}

final class CopyingSurface: PlatformSurface, PlatformWindowEventSource, @unchecked Sendable {
    static let layout = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
    let title: String
    private(set) var buffer: PlatformPixelBuffer
    private(set) var scale: CGFloat
    private let lock = NSLock()
    private var screen: [UInt8]
    private(set) var copiedPixels = 0
    private(set) var presentCount = 0
    private(set) var lastRects: [CGRect] = []
    private var handler: (@MainActor (PlatformWindowEvent) -> Void)?

    init?(pixelWidth: Int, pixelHeight: Int, scale: CGFloat, title: String) {
        guard let buffer = PlatformPixelBuffer(width: pixelWidth, height: pixelHeight, bitmapInfo: CopyingSurface.layout) else { return nil }
        self.buffer = buffer
        self.scale = scale
        self.title = title
        screen = [UInt8](repeating: 0, count: pixelWidth * pixelHeight * 4)
    }

    var pixelWidth: Int { buffer.width }
    var pixelHeight: Int { buffer.height }

    func present(damage: [CGRect]) {
        lock.withLock {
            presentCount += 1
            lastRects = damage
            for rect in damage {
                let x0 = Int(rect.minX), x1 = Int(rect.maxX), y0 = Int(rect.minY), y1 = Int(rect.maxY)
                precondition(x0 >= 0 && y0 >= 0 && x1 <= buffer.width && y1 <= buffer.height, "damage outside the buffer")
                screen.withUnsafeMutableBytes { out in
                    for row in y0..<y1 {
                        let from = buffer.baseAddress + row * buffer.bytesPerRow + x0 * 4
                        (out.baseAddress! + (row * buffer.width + x0) * 4).copyMemory(from: from, byteCount: (x1 - x0) * 4)
                    }
                }
                copiedPixels += (x1 - x0) * (y1 - y0)
            }
        }
    }

    func resize(pixelWidth: Int, pixelHeight: Int, scale: CGFloat) -> Bool {
        guard let buffer = PlatformPixelBuffer(width: pixelWidth, height: pixelHeight, bitmapInfo: CopyingSurface.layout) else { return false }
        lock.withLock {
            self.buffer = buffer
            self.scale = scale
            screen = [UInt8](repeating: 0, count: pixelWidth * pixelHeight * 4)
        }
        return true
    }

    /// What the "display" shows: only what was presented.
    var screenImage: CGImage? {
        lock.withLock {
            let provider = CGDataProvider(data: Data(screen) as CFData)!
            return CGImage(width: buffer.width, height: buffer.height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: buffer.width * 4,
                           space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CopyingSurface.layout),
                           provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
        }
    }

    func setEventHandler(_ handler: (@MainActor (PlatformWindowEvent) -> Void)?) {
        lock.withLock { self.handler = handler }
    }

    @MainActor func send(_ event: PlatformWindowEvent) {
        lock.withLock { handler }?(event)
    }
}

/// The backends window tests run on.
enum TestBackend: String, CaseIterable, CustomStringConvertible, Sendable {
    case headless, copying
    var description: String { rawValue }

    /// Runs `body` with this backend installed for new windows (tests on the main actor run
    /// one at a time, so no other window sees it), then puts headless back.
    @MainActor func installed(_ body: () throws -> Void) rethrows {
        Platform.install(self == .headless ? HeadlessBackend() : CopyingBackend())
        defer { Platform.install(HeadlessBackend()) }
        try body()
    }
}

/// What a test reads from any surface: the frame it shows, its presents and their damage.
extension PlatformSurface {
    var shownImage: CGImage? {
        if let surface = self as? HeadlessSurface { return surface.lastFrame }
        return (self as? CopyingSurface)?.screenImage
    }

    var presents: Int {
        if let surface = self as? HeadlessSurface { return surface.presentedFrameCount }
        return (self as? CopyingSurface)?.presentCount ?? 0
    }

    var lastPresentedDamage: CGRect {
        if let surface = self as? HeadlessSurface { return surface.lastDamage }
        return (self as? CopyingSurface)?.lastRects.reduce(CGRect.null) { $0.union($1) } ?? .null
    }

    @MainActor func sendEvent(_ event: PlatformWindowEvent) {
        if let surface = self as? HeadlessSurface { surface.send(event) }
        (self as? CopyingSurface)?.send(event)
    }
}

/// What a window's frame must show: `render(in:)` of its presentation tree at the screen's scale.
@MainActor
func expected(_ window: UIWindow) -> [UInt8] {
    let ctx = ReferenceImage.layerCanvas(window.bounds.size, scale: window.screen.scale)
    (window.layer.presentation() ?? window.layer).render(in: ctx)
    return ReferenceImage.pixels(of: ctx.makeImage()!)
}
