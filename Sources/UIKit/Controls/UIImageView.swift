/// A view that shows an image through its layer's contents, fitted by `contentMode`.
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The image shown; setting it updates the layer's contents and contents scale.
    open var image: UIImage? {
        didSet {
            updateContents()
            if image?.size != oldValue?.size { invalidateIntrinsicContentSize() }
        }
    }

    /// The image shown while `isHighlighted` (nil: `image`).
    open var highlightedImage: UIImage? {
        didSet {
            updateContents()
            if isHighlighted { invalidateIntrinsicContentSize() }
        }
    }

    /// Whether the view shows `highlightedImage` (and highlighted animation images).
    open var isHighlighted = false {
        didSet {
            guard isHighlighted != oldValue else { return }
            updateContents()
            if highlightedImage != nil { invalidateIntrinsicContentSize() }
        }
    }

    /// Frames shown in turn by `startAnimating()`.
    open var animationImages: [UIImage]?
    /// Frames shown in turn while highlighted.
    open var highlightedAnimationImages: [UIImage]?
    /// Seconds for one pass through the frames (0: a thirtieth of a second per frame).
    open var animationDuration: TimeInterval = 0
    /// Passes to show (0: without end).
    open var animationRepeatCount = 0

    /// Creates an image view sized to `image` (zero size without one).
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        updateContents()
    }

    /// Creates an image view sized to `image`, showing `highlightedImage` when highlighted.
    public init(image: UIImage?, highlightedImage: UIImage?) {
        self.image = image
        self.highlightedImage = highlightedImage
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        updateContents()
    }

    // MARK: Frame animation

    static let animationKey = "UIImageView.animationImages"
    private var animationEnd: CFTimeInterval?

    /// Shows the animation images in turn, each for an equal share of `animationDuration`,
    /// `animationRepeatCount` times (without end for 0). Without images it does nothing.
    open func startAnimating() {
        let frames = (isHighlighted ? highlightedAnimationImages ?? animationImages : animationImages) ?? []
        guard !frames.isEmpty else { return }
        let duration = animationDuration > 0 ? animationDuration : Double(frames.count) / 30
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.values = frames.compactMap { $0.cgImage }
        animation.calculationMode = .discrete
        animation.duration = duration
        animation.repeatCount = animationRepeatCount == 0 ? .infinity : Float(animationRepeatCount)
        layer.contentsScale = frames[0].scale
        layer.add(animation, forKey: UIImageView.animationKey)
        animationEnd = animationRepeatCount == 0 ? .infinity : CACurrentMediaTime() + duration * Double(animationRepeatCount)
    }

    /// Stops the frame animation; the view shows its image again.
    open func stopAnimating() {
        layer.removeAnimation(forKey: UIImageView.animationKey)
        animationEnd = nil
        updateContents()
    }

    /// Whether the frames are showing (false once a counted animation has run its passes).
    open var isAnimating: Bool {
        guard let animationEnd, layer.animation(forKey: UIImageView.animationKey) != nil else { return false }
        return CACurrentMediaTime() < animationEnd
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        let ib = coder as? IBCoder
        // Interface Builder writes `userInteractionEnabled="NO"` for a image view it leaves
        // untouchable; without the attribute the nib made it touchable.
        isUserInteractionEnabled = ib.map { $0.bool("userInteractionEnabled") ?? true } ?? false
        ib?.decodeImageView(self)
    }

    /// The image's size, or the current size without an image.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        image?.size ?? bounds.size
    }

    /// The size in points of the image shown (the highlighted one while highlighted), or no
    /// intrinsic metric in either dimension without an image.
    open override var intrinsicContentSize: CGSize {
        guard let shown = isHighlighted ? highlightedImage ?? image : image else {
            return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
        }
        return shown.size
    }

    /// The image view's contents come from `image`.
    open override func display(_ layer: CALayer) {
        updateContents()
    }

    /// A template image takes the new tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if (isHighlighted ? highlightedImage ?? image : image)?.renderingMode == .alwaysTemplate { updateContents() }
    }

    /// A template image tinted with a dynamic colour takes the colour of the new appearance,
    /// and an image from an asset shows its version for the new traits.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        let shown = isHighlighted ? highlightedImage ?? image : image
        guard shown?.renderingMode == .alwaysTemplate || shown?.imageAsset != nil else { return }
        if previousTraitCollection?.hasDifferentColorAppearance(comparedTo: traitCollection) ?? true { updateContents() }
    }

    override var defaultAccessibilityTraits: UIAccessibilityTraits { .image }

    /// Shows the image (its version for the view's traits, when it has an asset); a resizable
    /// image keeps its caps through the layer's `contentsCenter`.
    ///
    /// - Note: Differs from Apple: a tiled middle is stretched (the same for the usual
    ///   one-pixel middle).
    private func updateContents() {
        var image = isHighlighted ? highlightedImage ?? self.image : self.image
        if let asset = image?.imageAsset, let shown = image {
            let version = asset.image(with: traitCollection)
            image = version.renderingMode == shown.renderingMode ? version : version.withRenderingMode(shown.renderingMode)
        }
        layer.contentsScale = image?.scale ?? 1
        layer.contentsCenter = image?.contentsCenter ?? CGRect(x: 0, y: 0, width: 1, height: 1)
        var shownImage = image?.cgImage
        vectorSize = nil
        if let image, image.vectorArt != nil, let size = displayedSize(of: image), size != image.size,
           let raster = image.vectorRaster(size: size, scale: image.scale) {
            // A vector image is drawn again at the size it is shown.
            shownImage = raster
            vectorSize = bounds.size
        }
        guard let image, let cgImage = shownImage, image.renderingMode == .alwaysTemplate else {
            layer.contents = shownImage
            return
        }
        layer.contents = UIImageView.tinted(cgImage, with: tintColor.resolvedColor(with: traitCollection).cgColor) ?? cgImage
    }

    /// The bounds a vector image was last drawn for.
    private var vectorSize: CGSize?

    /// The size `image` is shown at in the bounds under the content mode.
    private func displayedSize(of image: UIImage) -> CGSize? {
        let size = image.size, box = bounds.size
        guard size.width > 0, size.height > 0, box.width >= 1, box.height >= 1, box.width.isFinite, box.height.isFinite else { return nil }
        switch contentMode {
        case .scaleToFill: return box
        case .scaleAspectFit:
            let scale = min(box.width / size.width, box.height / size.height)
            return CGSize(width: size.width * scale, height: size.height * scale)
        case .scaleAspectFill:
            let scale = max(box.width / size.width, box.height / size.height)
            return CGSize(width: size.width * scale, height: size.height * scale)
        default: return nil
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let shown = isHighlighted ? highlightedImage ?? image : image
        if shown?.vectorArt != nil, vectorSize != bounds.size { updateContents() }
    }

    /// Tinted images by source image and colour (a screen of symbols in one tint tints each
    /// symbol once).
    private static let tints = Locked<[TintKey: (source: WeakImage, tinted: CGImage)]>([:])

    private struct TintKey: Hashable {
        var image: ObjectIdentifier
        var color: [CGFloat]
    }

    private struct WeakImage {
        weak var image: CGImage?
    }

    /// `image`'s alpha filled with `color`: the colour everywhere, kept where the image is.
    static func tinted(_ image: CGImage, with color: CGColor) -> CGImage? {
        let key = TintKey(image: ObjectIdentifier(image), color: color.components ?? [])
        if let cached = tints.withLock({ $0[key] }), cached.source.image === image { return cached.tinted }
        guard let tinted = drawTinted(image, with: color) else { return nil }
        tints.withLock {
            if $0.count > 256 { $0.removeAll() }
            $0[key] = (WeakImage(image: image), tinted)
        }
        return tinted
    }

    private static func drawTinted(_ image: CGImage, with color: CGColor) -> CGImage? {
        guard let context = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8,
                                      bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        let rect = CGRect(x: 0, y: 0, width: image.width, height: image.height)
        context.setFillColor(color)
        context.fill(rect)
        context.setBlendMode(.destinationIn)
        context.draw(image, in: rect)
        return context.makeImage()
    }
}
