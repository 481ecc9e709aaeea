import UIKit

/// A sheet of standalone layers: background, border and corner radius, then one layer per
/// contentsGravity showing the same small image.
@MainActor
enum LayerStyleScene {
    static let cell = CGSize(width: 100, height: 80)

    static func makeView() -> UIView {
        let columns = 4
        let gravities: [CALayerContentsGravity] = [
            .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight,
            .resize, .resizeAspect, .resizeAspectFill,
        ]
        let rows = 1 + (gravities.count + columns - 1) / columns
        let root = UIView(frame: CGRect(x: 0, y: 0, width: CGFloat(columns) * (cell.width + 10) + 10,
                                        height: CGFloat(rows) * (cell.height + 10) + 10))
        root.backgroundColor = UIColor(white: 0.9, alpha: 1)

        // Row 0: style basics.
        let styles: [(CALayer) -> Void] = [
            { $0.backgroundColor = UIColor.systemBlue.cgColor },
            { $0.backgroundColor = UIColor.white.cgColor; $0.borderWidth = 4; $0.borderColor = UIColor.orange.cgColor },
            { $0.backgroundColor = UIColor.systemGreen.cgColor; $0.cornerRadius = 20 },
            {
                $0.backgroundColor = UIColor.purple.cgColor; $0.cornerRadius = 16; $0.borderWidth = 3
                $0.borderColor = UIColor.black.cgColor; $0.opacity = 0.5
            },
        ]
        for (index, style) in styles.enumerated() {
            let layer = CALayer()
            layer.frame = frame(column: index, row: 0)
            style(layer)
            root.layer.addSublayer(layer)
        }
        // Rows 1…3: contents gravities.
        let image = sampleImage()
        for (index, gravity) in gravities.enumerated() {
            let layer = CALayer()
            layer.frame = frame(column: index % columns, row: 1 + index / columns)
            layer.backgroundColor = UIColor.white.cgColor
            layer.borderWidth = 1
            layer.borderColor = UIColor.gray.cgColor
            layer.cornerRadius = 6
            layer.masksToBounds = true
            layer.contents = image.cgImage
            layer.contentsScale = image.scale
            layer.contentsGravity = gravity
            root.layer.addSublayer(layer)
        }
        return root
    }

    static func frame(column: Int, row: Int) -> CGRect {
        CGRect(x: 10 + CGFloat(column) * (cell.width + 10), y: 10 + CGFloat(row) * (cell.height + 10),
               width: cell.width, height: cell.height)
    }

    /// A 48 × 32 point image with a distinct top (red), bottom (blue) and left edge (yellow),
    /// so each gravity's placement and orientation can be seen.
    static func sampleImage() -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        return UIGraphicsImageRenderer(size: CGSize(width: 48, height: 32), format: format).image { context in
            UIColor.systemRed.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 48, height: 16))
            UIColor.systemBlue.setFill()
            context.fill(CGRect(x: 0, y: 16, width: 48, height: 16))
            UIColor.systemYellow.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 8, height: 32))
            UIColor.white.setFill()
            UIBezierPath(ovalIn: CGRect(x: 18, y: 6, width: 20, height: 20)).fill()
        }
    }
}
