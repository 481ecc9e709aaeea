/// A Quartz drawing destination: here, always an 8-bit RGBA bitmap.
///
/// Coordinates follow Quartz: user space is mapped by the current transformation matrix (CTM)
/// to device space, whose origin is the bottom-left corner of the bitmap with y growing
/// upwards. Row 0 of the memory is the top of the image.
public final class CGContext {
    /// Width of the bitmap in pixels.
    public let width: Int
    /// Height of the bitmap in pixels.
    public let height: Int
    /// Bytes between the starts of two rows.
    public let bytesPerRow: Int
    /// The layout flags the context was created with.
    public let bitmapInfo: CGBitmapInfo
    /// The colour space the context was created with.
    public let colorSpace: CGColorSpace?
    /// The pixel memory (the caller's, or the context's own).
    public var data: UnsafeMutableRawPointer? {
        dataHandedOut = true
        clearIfNeeded()
        return UnsafeMutableRawPointer(gray?.base ?? bitmap.base)
    }

    /// Whether `data` was asked for (or the memory is the caller's): bytes written there
    /// directly need not be valid premultiplied colour.
    var dataHandedOut: Bool
    /// Whether the context's own memory is still to be zeroed: it is, before anything reads or
    /// writes it, unless the first drawing covers every pixel with an opaque colour (a frame's
    /// background), which makes zeroing it first wasted work.
    var unclearedPixels = false
    let layout: PixelLayout
    let owned: OwnedPixels?
    /// For a gray context: the caller's 8-bit gray memory, which drawing keeps in step with the
    /// RGBA working bitmap (see CGContext+Gray.swift).
    let gray: GrayStorage?
    /// Where drawing currently lands: the bitmap, or the innermost transparency layer.
    @exclusivity(unchecked) var target: PixelBuffer
    let bitmap: PixelBuffer
    @exclusivity(unchecked) var state: GraphicsState
    var savedStates: [GraphicsState] = []
    var transparencyLayers: [TransparencyLayer] = []
    /// The offscreen layer a shadowed drawing is going into, while it does.
    var activeOffscreen: TransparencyLayer?
    /// The current path, in pixel space (y down), as Quartz maps points when they are added.
    let currentPath = CGMutablePath()
    let rasterizer = CoverageRasterizer()
    /// Scratch coverage for rectangle fills.
    @exclusivity(unchecked) var rowCoverage = ScratchBuffer<Float>(fill: 0)
    /// Scratch row of packed source pixels for gradients and images.
    @exclusivity(unchecked) var sourceWords = ScratchBuffer<UInt32>(fill: 0)
    /// The second band's scratch rows when an image draw is split across two threads.
    @exclusivity(unchecked) var bandWords = ScratchBuffer<UInt32>(fill: 0)
    @exclusivity(unchecked) var bandCoverage = ScratchBuffer<Float>(fill: 0)
    /// Set by `setAllowsAntialiasing(_:)`; not saved with the graphics state.
    var allowsAntialiasing = true
    /// Text space to user space; as in Quartz, not saved with the graphics state.
    var textMatrixStorage = CGAffineTransform.identity

    /// The largest bitmap (in bytes) a context will allocate or address.
    static let maximumByteCount = 1 << 31

    /// Creates a bitmap context over `data` (or memory of its own, zero-filled, when `data` is
    /// nil). Supports 8 bits per component RGB with premultiplied or skipped alpha (RGBA, ARGB,
    /// BGRA, ABGR layouts) and 8-bit gray without alpha. Returns nil for other formats, for
    /// non-positive sizes, for a `bytesPerRow` smaller than one row (0 means "compute it"), and
    /// for bitmaps over 2 GiB.
    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
        bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32
    ) {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20, bitsPerComponent == 8 else { return nil }
        if space.model == .monochrome {
            guard bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue == CGImageAlphaInfo.none.rawValue,
                  let storage = GrayStorage(data: data, width: width, height: height, bytesPerRow: bytesPerRow)
            else { return nil }
            gray = storage
            owned = storage.working
            dataHandedOut = true
            let layout = PixelLayout(red: 0, green: 1, blue: 2, alpha: 3, hasAlpha: false)
            self.width = width
            self.height = height
            self.bytesPerRow = storage.bytesPerRow
            self.bitmapInfo = CGBitmapInfo(rawValue: bitmapInfo)
            self.colorSpace = space
            self.layout = layout
            self.bitmap = PixelBuffer(base: storage.working.pointer, width: width, height: height, bytesPerRow: width * 4, layout: layout)
            self.target = bitmap
            self.state = GraphicsState(width: width, height: height)
            return
        }
        guard space.model == .rgb, let layout = PixelLayout(bitmapInfo: bitmapInfo) else { return nil }
        gray = nil
        let minimumRow = width * 4
        let rowBytes = bytesPerRow == 0 ? minimumRow : bytesPerRow
        guard rowBytes >= minimumRow else { return nil }
        let (total, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard !overflow, total <= CGContext.maximumByteCount else { return nil }
        let base: UnsafeMutablePointer<UInt8>
        if let data {
            base = data.assumingMemoryBound(to: UInt8.self)
            owned = nil
            dataHandedOut = true
        } else {
            dataHandedOut = false
            guard let memory = OwnedPixels(count: total, zeroed: false) else { return nil }
            base = memory.pointer
            owned = memory
            unclearedPixels = true
        }
        self.width = width
        self.height = height
        self.bytesPerRow = rowBytes
        self.bitmapInfo = CGBitmapInfo(rawValue: bitmapInfo)
        self.colorSpace = space
        self.layout = layout
        self.bitmap = PixelBuffer(base: base, width: width, height: height, bytesPerRow: rowBytes, layout: layout)
        self.target = bitmap
        self.state = GraphicsState(width: width, height: height)
    }

    deinit {
        rowCoverage.free()
        sourceWords.free()
        bandWords.free()
        bandCoverage.free()
    }

    /// Always 8.
    public var bitsPerComponent: Int { 8 }
    /// 32, or 8 for a gray context.
    public var bitsPerPixel: Int { gray == nil ? 32 : 8 }
    /// The alpha part of `bitmapInfo`.
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .premultipliedLast
    }

    /// Device space (y up) to pixel space (y down, row 0 at the top).
    var deviceToPixel: CGAffineTransform {
        CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
    }

    /// User space to pixel space under the current CTM.
    var userToPixel: CGAffineTransform { state.ctm.concatenating(deviceToPixel) }

    /// A snapshot of the bitmap as an image (the image owns its own copy of the pixels).
    public func makeImage() -> CGImage? {
        clearIfNeeded()
        gray?.load(into: bitmap, DeviceRect(x0: 0, y0: 0, x1: width, y1: height))
        // A copy of the words in the bitmap's own order (a gray context's RGBA working copy),
        // whole rows at a time.
        let words = PixelWords(count: width * height)
        let out = UnsafeMutableRawPointer(words.base)
        if bitmap.bytesPerRow == width * 4 {
            out.copyMemory(from: bitmap.base, byteCount: width * height * 4)
        } else {
            for y in 0..<height { (out + y * width * 4).copyMemory(from: bitmap.row(y), byteCount: width * 4) }
        }
        makeValid(words)
        return CGImage(width: width, height: height, words: words, layout: layout)
    }

    /// `makeImage()` for a context that is done with: the image takes the context's own memory
    /// instead of a copy (or is a copy, for memory the caller owns). Nothing may draw into the
    /// context afterwards.
    package func makeImageTakingPixels() -> CGImage? {
        guard let owned, gray == nil, bytesPerRow == width * 4, owned.count == width * height * 4 else { return makeImage() }
        clearIfNeeded()
        let words = PixelWords(adopting: owned)
        makeValid(words)
        return CGImage(width: width, height: height, words: words, layout: layout)
    }

    /// Makes words taken from the bitmap what an image keeps: alpha 255 in a layout without
    /// alpha (pixels never drawn are zero), and colour no greater than alpha where a caller
    /// may have written bytes directly (Lamina's own drawing keeps that).
    private func makeValid(_ words: PixelWords) {
        let raw = UnsafeMutableRawPointer(words.base)
        let l = layout
        if !l.hasAlpha {
            for i in 0..<words.count { raw.storeBytes(of: 255, toByteOffset: i * 4 + l.alpha, as: UInt8.self) }
            return
        }
        guard dataHandedOut else { return }
        for i in 0..<words.count {
            let o = i * 4
            let a = raw.load(fromByteOffset: o + l.alpha, as: UInt8.self)
            @inline(__always) func clamp(_ c: Int) {
                raw.storeBytes(of: Swift.min(raw.load(fromByteOffset: o + c, as: UInt8.self), a), toByteOffset: o + c, as: UInt8.self)
            }
            clamp(l.red)
            clamp(l.green)
            clamp(l.blue)
        }
    }

    /// Zeroes the context's own memory if that is still to be done (see `unclearedPixels`).
    @inline(__always)
    func clearIfNeeded() {
        guard unclearedPixels else { return }
        unclearedPixels = false
        memset(bitmap.base, 0, bitmap.bytesPerRow * height)
    }

    /// Does nothing: drawing is synchronous.
    public func flush() {}

    /// Does nothing: drawing is synchronous.
    public func synchronize() {}
}
