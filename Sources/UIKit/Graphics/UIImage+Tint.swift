import Foundation

extension UIImage {
    /// A copy whose shape is filled with `color` wherever it is drawn (an image view's tint
    /// no longer changes it).
    public func withTintColor(_ color: UIColor) -> UIImage {
        withTintColor(color, renderingMode: .alwaysOriginal)
    }

    /// A copy whose shape (its alpha) is filled with `color`, with `renderingMode`. As a
    /// template (`.alwaysTemplate`) the shape is still tinted by the view that shows it.
    public func withTintColor(_ color: UIColor, renderingMode: UIImage.RenderingMode) -> UIImage {
        guard let cgImage, let filled = UIImageView.tinted(cgImage, with: color.resolvedColor(with: UITraitCollection.current).cgColor)
        else { return withRenderingMode(renderingMode) }
        let tinted = carryingTraits(to: UIImage(cgImage: filled, scale: scale, orientation: imageOrientation, renderingMode: renderingMode))
        tinted.imageAsset = nil
        return tinted
    }

    /// The first file for `name` in `directories` (`name`, then PNG at 1×, 3×, 2×, then JPEG).
    static func path(ofNamed name: String, in directories: [String]) -> String? {
        let hasExtension = !(name as NSString).pathExtension.isEmpty
        let candidates = hasExtension
            ? [name] : [name, name + ".png", name + "@3x.png", name + "@2x.png", name + ".jpg", name + ".jpeg"]
        for directory in directories {
            for candidate in candidates {
                let path = (directory as NSString).appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: path) { return path }
            }
        }
        return nil
    }
}
