extension CGContext {
    /// Draws `image` into `rect` of a y-down (layer) space with its first row at the top:
    /// Core Graphics places an image's first row at the rectangle's maximum y, so the drawing
    /// is flipped about the rectangle's middle.
    /// With `cache`, a rescaled image is copied from the compositor's resampled copies.
    func drawUpright(_ image: CGImage, in rect: CGRect, cache: ResampledImageCache? = nil) {
        saveGState()
        translateBy(x: 0, y: rect.minY + rect.maxY)
        scaleBy(x: 1, y: -1)
        if let cache {
            draw(image, in: rect, resamplingWith: cache)
        } else {
            draw(image, in: rect)
        }
        restoreGState()
    }
}
