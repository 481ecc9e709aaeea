extension CGContext {
    /// A BGRA bitmap (BGRX when `opaque`, like iOS backing stores) of `bounds` × `scale`
    /// pixels whose CTM maps `bounds` with the origin at the top-left and y growing down — the
    /// coordinate space of UIKit drawing and of layer backing stores. With `yUp` the origin
    /// is at the bottom-left instead (Quartz's own orientation: AppKit's unflipped views).
    /// Nil for non-finite bounds or scale, fewer than one pixel, or more than `maximumPixels`
    /// along a side.
    package static func topLeftOrigin(
        bounds: CGRect, scale: CGFloat, opaque: Bool, maximumPixels: CGFloat = 1_048_576, yUp: Bool = false
    ) -> CGContext? {
        guard bounds.isFiniteRect, scale > 0, scale.isFinite else { return nil }
        let pixelWidth = (bounds.width * scale).rounded(.up)
        let pixelHeight = (bounds.height * scale).rounded(.up)
        guard pixelWidth >= 1, pixelHeight >= 1, pixelWidth <= maximumPixels, pixelHeight <= maximumPixels else {
            return nil
        }
        let alpha = opaque ? CGImageAlphaInfo.noneSkipFirst : CGImageAlphaInfo.premultipliedFirst
        guard let context = CGContext(
            data: nil, width: Int(pixelWidth), height: Int(pixelHeight), bitsPerComponent: 8,
            bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: alpha.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        if yUp {
            context.scaleBy(x: scale, y: scale)
        } else {
            context.translateBy(x: 0, y: pixelHeight)
            context.scaleBy(x: scale, y: -scale)
        }
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        return context
    }
}
