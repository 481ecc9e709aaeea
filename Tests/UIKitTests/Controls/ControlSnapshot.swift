import Testing
import UIKit

/// `root` laid out and drawn through `render(in:)` at `scale`, as the control reference tests
/// compare it.
@MainActor
func controlSnapshot(_ root: UIView, scale: CGFloat = 2) throws -> CGImage {
    root.layoutIfNeeded()
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    let image = UIGraphicsImageRenderer(size: root.bounds.size, format: format).image { root.layer.render(in: $0.cgContext) }
    return try #require(image.cgImage)
}
