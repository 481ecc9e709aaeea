/// A view that shows an image through its layer's contents, fitted by `contentMode`.
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The image shown; setting it updates the layer's contents and contents scale.
    open var image: UIImage? {
        didSet { updateContents() }
    }

    /// Creates an image view sized to `image` (zero size without one).
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        updateContents()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        return nil
    }

    /// The image's size, or the current size without an image.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        image?.size ?? bounds.size
    }

    /// The image view's contents come from `image`.
    open override func display(_ layer: CALayer) {
        updateContents()
    }

    /// A template image takes the new tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if image?.renderingMode == .alwaysTemplate { updateContents() }
    }

    override var defaultAccessibilityTraits: UIAccessibilityTraits { .image }

    private func updateContents() {
        layer.contentsScale = image?.scale ?? 1
        guard let image, let cgImage = image.cgImage, image.renderingMode == .alwaysTemplate else {
            layer.contents = image?.cgImage
            return
        }
        layer.contents = UIImageView.tinted(cgImage, with: tintColor.resolvedColor(with: traitCollection).cgColor) ?? cgImage
    }

    /// `image`'s alpha filled with `color`: the colour everywhere, kept where the image is.
    static func tinted(_ image: CGImage, with color: CGColor) -> CGImage? {
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
