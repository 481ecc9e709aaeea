/// How a layer fits its contents image into its bounds.
///
/// The vertical names follow Core Animation's y-up convention: in a layer whose geometry is not
/// flipped (every layer on iOS), `.top` aligns the image with the bounds' maximum y — the bottom
/// of the screen — and `.bottom` with the minimum y, exactly as on iOS. `UIView.contentMode`
/// accounts for this when it picks a gravity.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")

    /// All twelve gravities.
    static let all: [CALayerContentsGravity] = [
        .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight,
        .resize, .resizeAspect, .resizeAspectFill,
    ]

    /// Where an image of `size` (points) lands in `bounds`.
    func rect(forContentSize size: CGSize, in bounds: CGRect) -> CGRect {
        let w = size.width, h = size.height
        let centeredX = bounds.midX - w / 2, centeredY = bounds.midY - h / 2
        let minX = bounds.minX, maxX = bounds.maxX - w
        let minY = bounds.minY, maxY = bounds.maxY - h
        switch self {
        case .resize: return bounds
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return bounds }
            let sx = bounds.width / w, sy = bounds.height / h
            let s = self == .resizeAspect ? Swift.min(sx, sy) : Swift.max(sx, sy)
            return CGRect(x: bounds.midX - w * s / 2, y: bounds.midY - h * s / 2, width: w * s, height: h * s)
        case .center: return CGRect(x: centeredX, y: centeredY, width: w, height: h)
        case .top: return CGRect(x: centeredX, y: maxY, width: w, height: h)
        case .bottom: return CGRect(x: centeredX, y: minY, width: w, height: h)
        case .left: return CGRect(x: minX, y: centeredY, width: w, height: h)
        case .right: return CGRect(x: maxX, y: centeredY, width: w, height: h)
        case .topLeft: return CGRect(x: minX, y: maxY, width: w, height: h)
        case .topRight: return CGRect(x: maxX, y: maxY, width: w, height: h)
        case .bottomLeft: return CGRect(x: minX, y: minY, width: w, height: h)
        case .bottomRight: return CGRect(x: maxX, y: minY, width: w, height: h)
        default: return bounds
        }
    }
}

/// The filter used when a layer's contents are scaled.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Bilinear interpolation.
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// Nearest-neighbour sampling.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Bilinear with mipmaps (drawn as linear by Lamina).
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// Which corners `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The corner at minimum x and minimum y (top-left on iOS).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// The corner at maximum x and minimum y (top-right on iOS).
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// The corner at minimum x and maximum y (bottom-left on iOS).
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// The corner at maximum x and maximum y (bottom-right on iOS).
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}
