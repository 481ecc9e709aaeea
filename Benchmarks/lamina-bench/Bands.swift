import CoreGraphics
import Foundation

/// `lamina-bench bands [--threads 1|2]`: large draws that the rasterizer may split into two
/// bands of rows, timed with the workloads' protocol (2 warm-ups, 7…40 repetitions or 1 s,
/// median). Run once per thread count and compare.
func runBands(threads: Int) {
    setenv("LAMINA_RASTER_THREADS", "\(threads)", 1)
    let width = 1920, height = 1080
    guard let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue),
          let gradient = CGGradient(colorsSpace: nil,
                                    colors: [CGColor(red: 1, green: 0.5, blue: 0, alpha: 1), CGColor(red: 0, green: 0.3, blue: 1, alpha: 1)] as CFArray,
                                    locations: [0, 1]),
          let tile = CGContext(data: nil, width: 512, height: 512, bitsPerComponent: 8, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    else { fail("could not create the contexts") }
    tile.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 512, y: 512), options: [])
    guard let image = tile.makeImage() else { fail("could not create the image") }
    let cases: [(String, () -> Void)] = [
        ("full_frame_linear_gradient", {
            ctx.saveGState()
            ctx.clip(to: CGRect(x: 0, y: 0, width: width, height: height))
            ctx.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: width, y: height), options: [])
            ctx.restoreGState()
        }),
        ("full_frame_rotated_image", {
            ctx.saveGState()
            ctx.translateBy(x: 960, y: 540)
            ctx.rotate(by: 0.3)
            ctx.draw(image, in: CGRect(x: -1100, y: -700, width: 2200, height: 1400))
            ctx.restoreGState()
        }),
        ("full_frame_evenodd_star", { star(in: CGRect(x: 0, y: 0, width: width, height: height)) }),
        ("star_512", { star(in: CGRect(x: 700, y: 300, width: 512, height: 512)) }),
        ("star_256", { star(in: CGRect(x: 800, y: 400, width: 256, height: 256)) }),
        ("star_800", { star(in: CGRect(x: 500, y: 100, width: 800, height: 800)) }),
        ("full_frame_round_stroke", {
            ctx.setStrokeColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.7)
            ctx.setLineWidth(24)
            ctx.setLineCap(.round)
            ctx.setLineJoin(.round)
            ctx.move(to: CGPoint(x: 40, y: 1040))
            ctx.addCurve(to: CGPoint(x: 1880, y: 60), control1: CGPoint(x: 300, y: -200), control2: CGPoint(x: 1500, y: 1400))
            ctx.addCurve(to: CGPoint(x: 60, y: 80), control1: CGPoint(x: 1200, y: 900), control2: CGPoint(x: 500, y: 1000))
            ctx.strokePath()
        }),
    ]
    /// A translucent ten-point even-odd star filling `box`.
    func star(in box: CGRect) {
        ctx.setFillColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.8)
        for i in 0..<10 {
            let angle = 0.3 + Double(i * 3 % 10) * 2 * .pi / 10
            let point = CGPoint(x: box.midX + box.width / 2 * cos(angle), y: box.midY + box.height / 2 * sin(angle))
            if i == 0 { ctx.move(to: point) } else { ctx.addLine(to: point) }
        }
        ctx.closePath()
        ctx.fillPath(using: .evenOdd)
    }
    let clock = ContinuousClock()
    for (name, draw) in cases {
        for _ in 0..<2 { draw() }
        var samples: [Double] = []
        var total = 0.0
        while samples.count < 40 && (samples.count < 7 || total < 1) {
            let start = clock.now
            draw()
            let elapsed = clock.now - start
            let ms = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
            samples.append(ms)
            total += ms / 1e3
        }
        samples.sort()
        print("\(name) threads=\(threads) median_ms=\(String(format: "%.3f", samples[samples.count / 2]))")
    }
}
