extension CGContext {
    /// Draws `image` scaled into `rect` (user space), upright in Quartz's y-up space: the
    /// image's first row lands at `rect.maxY`. With `byTiling`, copies of the image at that size
    /// repeat across the whole clip.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        let r = rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0, r.minX.isFinite, r.minY.isFinite,
              r.width.isFinite, r.height.isFinite, image.width > 0, image.height > 0 else { return }
        // User → image: u = (x − minX)/w·W, v = (maxY − y)/h·H.
        let userToImage = CGAffineTransform(
            a: CGFloat(image.width) / r.width, b: 0, c: 0, d: -CGFloat(image.height) / r.height,
            tx: -r.minX * CGFloat(image.width) / r.width, ty: r.maxY * CGFloat(image.height) / r.height)
        let toPixel = userToPixel
        let determinant = toPixel.a * toPixel.d - toPixel.b * toPixel.c
        guard determinant != 0, determinant.isFinite else { return }
        let sampler = ImageSampler(
            image: image, layout: layout, pixelToImage: toPixel.inverted().concatenating(userToImage),
            bilinear: state.interpolationQuality != .none, tiled: byTiling, alpha: state.alpha)
        let shape: [[CGPoint]]
        if byTiling {
            let c = state.clipRect
            shape = [[CGPoint(x: c.x0, y: c.y0), CGPoint(x: c.x1, y: c.y0),
                      CGPoint(x: c.x1, y: c.y1), CGPoint(x: c.x0, y: c.y1)]]
        } else {
            shape = [[CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                      CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)].map { $0.applying(toPixel) }]
        }
        fillContours(shape, rule: .winding, paint: .image(sampler))
    }
}
