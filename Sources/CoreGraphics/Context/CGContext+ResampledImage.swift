extension CGContext {
    /// Draws `image` into `rect` as `draw(_:in:)` does, but when the image is scaled onto
    /// whole axis-aligned device pixels, takes the scaled pixels from `cache` (made the second
    /// time the same image lands at the same size and phase) and copies them: the compositor's
    /// stand-in for a GPU texture. Draws that gain nothing (unscaled, rotated, masked, blended,
    /// shadowed, huge) go straight to `draw(_:in:)`.
    package func draw(_ image: CGImage, in rect: CGRect, resamplingWith cache: ResampledImageCache) {
        let r = rect.standardized
        guard !image.isMask, gray == nil, state.clipMask == nil, state.blendMode == .normal, state.shadow == nil,
              let placement = resampledPlacement(of: image, in: r) else {
            draw(image, in: rect)
            return
        }
        let toPixel = userToPixel
        let made = cache.image(for: placement.key, source: image) {
            resample(image, in: r, toPixel: toPixel, origin: placement.origin, width: placement.width, height: placement.height)
        }
        guard let made, made.width == placement.width, made.height == placement.height else {
            draw(image, in: rect)
            return
        }
        // Device space (y up): the copy's first row lands on pixel row `origin.y`.
        saveGState()
        state.ctm = .identity
        draw(made, in: CGRect(x: placement.origin.x, y: CGFloat(height) - placement.origin.y - CGFloat(placement.height),
                              width: CGFloat(placement.width), height: CGFloat(placement.height)))
        restoreGState()
    }

    /// Where a resampled copy of `image` in `r` would sit: its key, the whole pixel at its
    /// top-left and its pixel size; nil when the draw is not an axis-aligned rescale of a
    /// sensible size.
    private func resampledPlacement(of image: CGImage, in r: CGRect) -> (key: ResampledImageCache.Key, origin: CGPoint, width: Int, height: Int)? {
        guard !r.isNull, r.width > 0, r.height > 0, r.isFiniteRect, image.width > 0, image.height > 0 else { return nil }
        let t = userToPixel
        // Axis-aligned only (transforms built from several steps carry rounding noise).
        guard t.a != 0, t.d != 0, Swift.abs(t.b) <= 1e-9 * Swift.abs(t.a), Swift.abs(t.c) <= 1e-9 * Swift.abs(t.d) else { return nil }
        let p0 = CGPoint(x: r.minX, y: r.minY).applying(t), p1 = CGPoint(x: r.maxX, y: r.maxY).applying(t)
        let device = CGRect(x: Swift.min(p0.x, p1.x), y: Swift.min(p0.y, p1.y), width: Swift.abs(p1.x - p0.x), height: Swift.abs(p1.y - p0.y))
        guard device.isFiniteRect, Swift.max(Swift.abs(device.minX), Swift.abs(device.maxX), Swift.abs(device.minY), Swift.abs(device.maxY)) < 1e9
        else { return nil }
        // Drawn at its own size, the image already takes the copying paths.
        if Swift.abs(device.width - CGFloat(image.width)) <= 1e-6, Swift.abs(device.height - CGFloat(image.height)) <= 1e-6 { return nil }
        // Edges within a millionth of a pixel of whole ones are whole (rounding noise of
        // composed transforms would otherwise add a row of nothing).
        let snap: (CGFloat) -> CGFloat = { Swift.abs($0 - $0.rounded()) <= 1e-6 ? $0.rounded() : $0 }
        let x0 = snap(device.minX).rounded(.down), y0 = snap(device.minY).rounded(.down)
        let width = Int(snap(device.maxX).rounded(.up) - x0), height = Int(snap(device.maxY).rounded(.up) - y0)
        // At most 4 megapixels (16 MB) per copy; a larger draw is drawn directly.
        guard width > 0, height > 0, width * height <= 1 << 22 else { return nil }
        let quantum: (CGFloat) -> Int64 = { Int64(($0 * 4096).rounded()) }
        let key = ResampledImageCache.Key(
            image: ObjectIdentifier(image), pixelWidth: width, pixelHeight: height,
            width: quantum(device.width), height: quantum(device.height),
            phaseX: quantum(device.minX - x0), phaseY: quantum(device.minY - y0),
            // Image u grows with user x; its first row sits at user maxY (pixel top when d < 0).
            mirrorX: t.a < 0, mirrorY: t.d > 0,
            quality: state.interpolationQuality.rawValue, trilinear: state.trilinearFiltering, antialias: antialias)
        return (key, CGPoint(x: x0, y: y0), width, height)
    }

    /// `image` drawn into `r` exactly as this context would draw it, into a premultiplied
    /// bitmap of `width` × `height` pixels whose top-left is pixel `origin` of this context.
    private func resample(_ image: CGImage, in r: CGRect, toPixel: CGAffineTransform, origin: CGPoint, width: Int, height: Int) -> CGImage? {
        guard let scratch = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        scratch.state.interpolationQuality = state.interpolationQuality
        scratch.state.trilinearFiltering = state.trilinearFiltering
        scratch.state.shouldAntialias = antialias
        // scratch's user → pixel = this context's user → pixel, moved by −origin.
        scratch.state.ctm = toPixel.concatenating(CGAffineTransform(translationX: -origin.x, y: -origin.y))
            .concatenating(scratch.deviceToPixel)
        scratch.draw(image, in: r)
        return scratch.makeImage()
    }
}
