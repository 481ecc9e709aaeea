extension CGContext {
    /// Draws `image` scaled into `rect` (user space), upright in Quartz's y-up space: the
    /// image's first row lands at `rect.maxY`. With `byTiling`, copies of the image at that size
    /// repeat across the whole clip. An image mask paints the fill colour where it is set.
    ///
    /// - Note: Differs from Apple: an image mask drawn `byTiling` paints once, into `rect`.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        let r = rect.standardized
        if image.isMask {
            saveGState()
            clip(to: r, mask: image)
            fill(r)
            restoreGState()
            return
        }
        guard let pixelToImage = pixelToImage(image, in: r) else { return }
        let toPixel = userToPixel
        let sampler = ImageSampler(
            image: image, layout: layout, pixelToImage: pixelToImage,
            bilinear: state.interpolationQuality != .none, tiled: byTiling, alpha: state.alpha,
            prefilter: state.interpolationQuality == .medium || state.interpolationQuality == .high,
            trilinear: state.trilinearFiltering && state.interpolationQuality != .none)
        let shape: [[CGPoint]]
        if byTiling {
            let c = state.clipRect
            shape = [[CGPoint(x: c.x0, y: c.y0), CGPoint(x: c.x1, y: c.y0),
                      CGPoint(x: c.x1, y: c.y1), CGPoint(x: c.x0, y: c.y1)]]
        } else {
            shape = [[CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                      CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)].map { $0.applying(toPixel) }]
        }
        if !byTiling, let translation = sampler.translation, state.blendMode == .normal,
           state.shadow == nil,
           let rect = CGContext.axisAlignedRect(shape[0]), let whole = CGContext.wholePixels(rect) {
            compositeTranslated(sampler, offset: translation, rect: whole)
            return
        }
        if !byTiling, sampler.samplesShifted, state.clipMask == nil, state.blendMode == .normal, state.shadow == nil, antialias,
           let rect = CGContext.axisAlignedRect(shape[0]),
           Swift.max(abs(rect.minX), abs(rect.maxX), abs(rect.minY), abs(rect.maxY)) < 1e9 {
            compositeShifted(sampler, rect: rect)
            return
        }
        fillContours(shape, rule: .winding, paint: .image(sampler))
    }

    /// Draws `image` through a projective mapping: `imageToUser` takes image pixel coordinates
    /// (u right, v down, texel corners at integers) to user space. The part of the image plane
    /// behind the eye (W ≤ 0) is not drawn; edges are antialiased as the context says. Core
    /// Animation draws layers under perspective this way.
    package func draw(_ image: CGImage, projecting imageToUser: ProjectiveTransform) {
        guard !image.isMask, image.width > 0, image.height > 0 else { return }
        let device = imageToUser.concatenating(ProjectiveTransform(userToPixel))
        let polygon = device.project(polygon: ProjectiveTransform.corners(of: CGRect(x: 0, y: 0, width: image.width, height: image.height)))
        guard polygon.count >= 3, let inverse = device.inverted() else { return }
        let bilinear = state.interpolationQuality != .none
        let sampler: ImageSampler
        if device.isAffine {
            sampler = ImageSampler(image: image, layout: layout, pixelToImage: inverse.affine, bilinear: bilinear, tiled: false,
                                   alpha: state.alpha, trilinear: state.trilinearFiltering && bilinear)
        } else {
            sampler = ImageSampler(image: image, layout: layout, projective: inverse, bilinear: bilinear, alpha: state.alpha)
        }
        fillContours([polygon], rule: .winding, paint: .image(sampler))
    }

    /// Pixel space to the pixel coordinates of `image` drawn into `r` (user space, upright in
    /// y-up space: u = (x − minX)/w·W, v = (maxY − y)/h·H); nil for degenerate input.
    func pixelToImage(_ image: CGImage, in r: CGRect) -> CGAffineTransform? {
        guard !r.isNull, r.width > 0, r.height > 0, r.isFiniteRect, image.width > 0, image.height > 0 else { return nil }
        let userToImage = CGAffineTransform(
            a: CGFloat(image.width) / r.width, b: 0, c: 0, d: -CGFloat(image.height) / r.height,
            tx: -r.minX * CGFloat(image.width) / r.width, ty: r.maxY * CGFloat(image.height) / r.height)
        let toPixel = userToPixel
        let determinant = toPixel.a * toPixel.d - toPixel.b * toPixel.c
        guard determinant != 0, determinant.isFinite else { return nil }
        return toPixel.inverted().concatenating(userToImage)
    }

    /// An image at a fractional offset and its own size (a layer mid-animation): separable
    /// bilinear rows composited in one pass, on two threads for large draws, with the pixels
    /// of the generic path (`ShiftedImageComposite`).
    private func compositeShifted(_ sampler: ImageSampler, rect: CGRect) {
        let region = DeviceRect(covering: rect).intersection(state.clipRect)
            .intersection(DeviceRect(x0: 0, y0: 0, x1: target.width, y1: target.height))
        guard !region.isEmpty else { return }
        let width = region.width
        rowCoverage.reserve(width)
        let horizontal = rowCoverage.pointer
        let minX = Double(rect.minX), maxX = Double(rect.maxX)
        for x in region.x0..<region.x1 {
            horizontal[x - region.x0] = Float(Swift.max(0, Swift.min(Double(x + 1), maxX) - Swift.max(Double(x), minX)))
        }
        let job = ShiftedImageComposite(sampler: sampler, painter: SpanPainter(buffer: target, mask: nil, mode: .normal),
                                        rect: rect, region: region, horizontal: horizontal)
        let scratch = ShiftedImageComposite.scratchWords(width: width)
        writingPixels(region) {
            if region.width * region.height >= CGContext.parallelPixels && region.height >= 2 {
                // Rows are independent: two bands, each with its own mixed rows.
                sourceWords.reserve(scratch)
                bandWords.reserve(scratch)
                let pointers = (sourceWords.pointer, bandWords.pointer)
                let middle = region.y0 + region.height / 2
                let bands = BandScratch(first: pointers.0, second: pointers.1)
                DispatchQueue.concurrentPerform(iterations: 2) { band in
                    job.run(rows: band == 0 ? region.y0..<middle : middle..<region.y1, scratch: band == 0 ? bands.first : bands.second)
                }
            } else {
                sourceWords.reserve(scratch)
                job.run(rows: region.y0..<region.y1, scratch: sourceWords.pointer)
            }
        }
    }

    /// An image at an integer offset and its own size: every pixel is a texel, so each row is
    /// one pass from the image's words straight onto the target.
    private func compositeTranslated(_ sampler: ImageSampler, offset: (dx: Int, dy: Int), rect: CGRect) {
        let region = DeviceRect(covering: rect).intersection(state.clipRect)
            .intersection(DeviceRect(x0: 0, y0: 0, x1: target.width, y1: target.height))
        guard !region.isEmpty else { return }
        let layout = target.layout
        let alphaShift = UInt32(layout.alpha * 8)
        let opaqueBits: UInt32 = layout.hasAlpha ? 0 : 0xFF << alphaShift
        let alpha = sampler.alpha
        let target = self.target
        // Under a clip mask, rows where it is not 255 throughout go the general way (full
        // coverage, times the mask); the others are copied as without it.
        let mask = state.clipMask
        let masked = SpanPainter(buffer: target, mask: mask, mode: .normal)
        if mask != nil { rowCoverage.reserve(region.width) }
        let coverage = UnsafeMutableBufferPointer(start: rowCoverage.pointer, count: region.width)
        writingPixels(region) {
        sampler.words.withUnsafeBufferPointer { words in
            for y in region.y0..<region.y1 {
                target.prefetch(before: y, of: region.y0..<region.y1, from: region.x0, to: region.x1)
                let source = UnsafeMutablePointer(mutating: words.baseAddress!) + (y + offset.dy) * sampler.width + region.x0 + offset.dx
                let destination = UnsafeMutableRawPointer(target.row(y) + region.x0 * 4)
                let count = region.width
                if let mask, !mask.isSolid(y: y, from: region.x0, to: region.x1) {
                    coverage.update(repeating: 1)
                    masked.paintWords(y, region.x0, coverage, source, alpha: alpha, sourceIsOpaque: sampler.isOpaque)
                } else if sampler.isOpaque {
                    SpanPainter.mixOpaqueRun(destination, source, count: count, alpha: alpha, opaqueBits: opaqueBits)
                } else if alpha == 255 {
                    CGContext.overRun(destination, source, count: count, alphaShift: alphaShift, opaqueBits: opaqueBits)
                } else {
                    for i in 0..<count {
                        let s = PixelMath.scale(source[i], by: alpha)
                        let d = destination.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) | opaqueBits
                        destination.storeBytes(of: PixelMath.over(s, d, alphaShift: alphaShift), toByteOffset: i * 4, as: UInt32.self)
                    }
                }
            }
        }
        }
    }
}

extension CGContext {
    /// Source-over of a row of premultiplied texels at full alpha. Translucent layers' backing
    /// stores (text on a clear background) are mostly empty: clear texels leave the target
    /// as it is (d·255/255 rounds exactly to d) and are skipped four at a time; opaque ones
    /// replace it.
    @inline(__always)
    static func overRun(_ destination: UnsafeMutableRawPointer, _ source: UnsafeMutablePointer<UInt32>, count: Int,
                        alphaShift: UInt32, opaqueBits: UInt32) {
        var i = 0
        while i < count {
            // Four clear texels at once (two 64-bit reads of the source).
            if i &+ 4 <= count {
                let pair = UnsafeRawPointer(source + i)
                if pair.loadUnaligned(as: UInt64.self) | pair.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == 0 {
                    i &+= 4
                    continue
                }
            }
            let s = source[i]
            let a = (s >> alphaShift) & 0xFF
            if a == 255 {
                destination.storeBytes(of: s | opaqueBits, toByteOffset: i &* 4, as: UInt32.self)
            } else if s != 0 {
                let d = destination.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self) | opaqueBits
                destination.storeBytes(of: PixelMath.over(s, d, alphaShift: alphaShift), toByteOffset: i &* 4, as: UInt32.self)
            }
            i &+= 1
        }
    }

    /// `r` snapped to whole pixels when every edge is within 1e-9 of one (rounding noise from
    /// composed transforms), else nil.
    static func wholePixels(_ r: CGRect) -> CGRect? {
        let x0 = r.minX.rounded(), y0 = r.minY.rounded(), x1 = r.maxX.rounded(), y1 = r.maxY.rounded()
        // Within a millionth of a pixel: positions like k/3 points at 3× land here after rounding.
        guard Swift.abs(r.minX - x0) <= 1e-6, Swift.abs(r.minY - y0) <= 1e-6,
              Swift.abs(r.maxX - x1) <= 1e-6, Swift.abs(r.maxY - y1) <= 1e-6 else { return nil }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// Two bands' scratch rows. `@unchecked Sendable`: each band uses only its own.
private struct BandScratch: @unchecked Sendable {
    let first: UnsafeMutablePointer<UInt32>
    let second: UnsafeMutablePointer<UInt32>
}
