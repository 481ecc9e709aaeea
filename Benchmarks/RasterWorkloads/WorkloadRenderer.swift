import CoreGraphics

/// Draws a workload into a 1920×1080 premultiplied RGBA bitmap through the public `CGContext`
/// API only, in the specification's y-down pixel coordinates (the CTM is flipped once).
///
/// Objects the specification builds before timing (images, gradients, paths' parameters) are
/// built by `init`; `draw()` issues the draw calls that are timed.
public final class WorkloadRenderer {
    public let context: CGContext
    let pixels: UnsafeMutablePointer<UInt8>
    let byteCount: Int
    let workload: Workload
    /// The images the workload draws (built before timing).
    public private(set) var images: [CGImage] = []
    private var gradients: [CGGradient] = []

    public init?(_ workload: Workload) {
        let width = Workload.width, height = Workload.height
        byteCount = width * height * 4
        pixels = .allocate(capacity: byteCount)
        pixels.initialize(repeating: 255, count: byteCount)
        guard let context = CGContext(
            data: pixels, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        self.context = context
        self.workload = workload
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: 1, y: -1)
        prepare()
    }

    deinit { pixels.deallocate() }

    /// Resets the target to opaque white (not timed).
    public func reset() {
        pixels.update(repeating: 255, count: byteCount)
    }

    /// A snapshot of the target.
    public func image() -> CGImage? { context.makeImage() }

    private static func rgba(_ n: [Double], _ i: Int) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
        (CGFloat(n[i]) / 255, CGFloat(n[i + 1]) / 255, CGFloat(n[i + 2]) / 255, CGFloat(n[i + 3]) / 255)
    }

    private func setFill(_ n: [Double], _ i: Int) {
        let c = WorkloadRenderer.rgba(n, i)
        context.setFillColor(red: c.0, green: c.1, blue: c.2, alpha: c.3)
    }

    private func setStroke(_ n: [Double], _ i: Int) {
        let c = WorkloadRenderer.rgba(n, i)
        context.setStrokeColor(red: c.0, green: c.1, blue: c.2, alpha: c.3)
    }

    private static func point(_ n: [Double], _ i: Int) -> CGPoint { CGPoint(x: n[i], y: n[i + 1]) }

    /// Builds an image from straight RGBA bytes (all opaque here) through a bitmap context.
    private static func makeImage(width: Int, height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) -> CGImage {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for v in 0..<height {
            for u in 0..<width {
                let (r, g, b) = pixel(u, v)
                let o = (v * width + u) * 4
                bytes[o] = r; bytes[o + 1] = g; bytes[o + 2] = b
            }
        }
        return bytes.withUnsafeMutableBytes { raw in
            CGContext(data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8,
                      bytesPerRow: width * 4, space: CGColorSpaceCreateDeviceRGB(),
                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!.makeImage()!
        }
    }

    private func prepare() {
        switch workload.name {
        case "image_blit_transformed":
            images = [WorkloadRenderer.makeImage(width: 256, height: 256) { u, v in
                (UInt8(u & 255), UInt8(v & 255), (((u >> 5) + (v >> 5)) & 1) == 1 ? 255 : 0)
            }]
        case "layer_composite":
            let base = workload.prefix
            images = (0..<16).map { k in
                let r = Int(base[k * 3]), g = Int(base[k * 3 + 1]), b = Int(base[k * 3 + 2])
                return WorkloadRenderer.makeImage(width: 200, height: 150) { u, v in
                    (UInt8((r + u) & 255), UInt8((g + v) & 255), UInt8(b))
                }
            }
        case "linear_gradient_rects":
            gradients = workload.items.map { n in
                let colors = [4, 8, 12].map { i -> CGColor in
                    let c = WorkloadRenderer.rgba(n, i)
                    return CGColor(red: c.0, green: c.1, blue: c.2, alpha: c.3)
                }
                return CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors as CFArray, locations: [0, 0.5, 1])!
            }
        default:
            break
        }
    }

    /// Issues every draw call of the workload.
    public func draw() {
        let ctx = context
        let items = workload.items
        switch workload.name {
        case "fill_rects_aligned", "fill_rects_fractional":
            for n in items {
                setFill(n, 4)
                ctx.fill(CGRect(x: n[0], y: n[1], width: n[2], height: n[3]))
            }
        case "fill_paths_bezier":
            for n in items {
                setFill(n, 50)
                ctx.move(to: WorkloadRenderer.point(n, 0))
                for k in 0..<8 {
                    let base = 2 + k * 6
                    ctx.addCurve(to: WorkloadRenderer.point(n, base + 4), control1: WorkloadRenderer.point(n, base),
                                 control2: WorkloadRenderer.point(n, base + 2))
                }
                ctx.closePath()
                ctx.fillPath()
            }
        case "fill_paths_evenodd_star":
            for n in items {
                setFill(n, 20)
                ctx.move(to: WorkloadRenderer.point(n, 0))
                for i in 1..<10 { ctx.addLine(to: WorkloadRenderer.point(n, i * 2)) }
                ctx.closePath()
                ctx.fillPath(using: .evenOdd)
            }
        case "stroke_lines":
            ctx.setLineWidth(1.5)
            ctx.setLineCap(.butt)
            ctx.setLineJoin(.miter)
            ctx.setMiterLimit(10)
            for n in items {
                setStroke(n, 4)
                ctx.move(to: WorkloadRenderer.point(n, 0))
                ctx.addLine(to: WorkloadRenderer.point(n, 2))
                ctx.strokePath()
            }
        case "stroke_curves_round":
            ctx.setLineWidth(6)
            ctx.setLineCap(.round)
            ctx.setLineJoin(.round)
            for n in items {
                setStroke(n, 8)
                ctx.move(to: WorkloadRenderer.point(n, 0))
                ctx.addCurve(to: WorkloadRenderer.point(n, 6), control1: WorkloadRenderer.point(n, 2),
                             control2: WorkloadRenderer.point(n, 4))
                ctx.strokePath()
            }
        case "stroke_dashed":
            ctx.setLineWidth(2)
            ctx.setLineCap(.butt)
            ctx.setLineJoin(.miter)
            ctx.setMiterLimit(10)
            ctx.setLineDash(phase: 0, lengths: [6, 4])
            for n in items {
                setStroke(n, 20)
                ctx.move(to: WorkloadRenderer.point(n, 0))
                for i in 1..<10 { ctx.addLine(to: WorkloadRenderer.point(n, i * 2)) }
                ctx.strokePath()
            }
            ctx.setLineDash(phase: 0, lengths: [])
        case "fill_rounded_rects":
            for n in items {
                setFill(n, 4)
                ctx.addPath(CGPath(roundedRect: CGRect(x: n[0], y: n[1], width: n[2], height: n[3]),
                                   cornerWidth: 8, cornerHeight: 8, transform: nil))
                ctx.fillPath()
            }
        case "linear_gradient_rects":
            for (index, n) in items.enumerated() {
                ctx.saveGState()
                ctx.clip(to: CGRect(x: n[0], y: n[1], width: n[2], height: n[3]))
                ctx.drawLinearGradient(gradients[index], start: CGPoint(x: n[0], y: n[1]),
                                       end: CGPoint(x: n[0] + n[2], y: n[1] + n[3]),
                                       options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
                ctx.restoreGState()
            }
        case "image_blit_transformed":
            let image = images[0]
            for n in items {
                ctx.saveGState()
                ctx.translateBy(x: n[0], y: n[1])
                ctx.rotate(by: n[2])
                ctx.scaleBy(x: n[3], y: n[3])
                ctx.translateBy(x: -128, y: -128)
                // Image rows run down the y-down space: flip within the image rectangle.
                ctx.translateBy(x: 0, y: 256)
                ctx.scaleBy(x: 1, y: -1)
                ctx.draw(image, in: CGRect(x: 0, y: 0, width: 256, height: 256))
                ctx.restoreGState()
            }
        case "layer_composite":
            for (index, n) in items.enumerated() {
                ctx.saveGState()
                ctx.setAlpha(CGFloat(n[2]) / 255)
                ctx.translateBy(x: n[0], y: n[1] + 150)
                ctx.scaleBy(x: 1, y: -1)
                ctx.draw(images[index % 16], in: CGRect(x: 0, y: 0, width: 200, height: 150))
                ctx.restoreGState()
            }
        case "clear_frame":
            setFill(items[0], 0)
            ctx.fill(CGRect(x: 0, y: 0, width: Workload.width, height: Workload.height))
        default:
            break
        }
    }
}
