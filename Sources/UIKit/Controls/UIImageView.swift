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

    private func updateContents() {
        layer.contents = image?.cgImage
        layer.contentsScale = image?.scale ?? 1
    }
}
