@testable import CoreGraphics
import LaminaTestSupport
import Testing

/// Large image draws, gradients and solid path fills and strokes run as two bands on two
/// threads; the pixels must not change.
@Suite(.serialized) struct CGContextBandTests {
    private func render() -> [UInt8] {
        let source = CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        for i in 0..<8 {
            source.setFillColor(red: CGFloat(i) / 8, green: 0.5, blue: 1 - CGFloat(i) / 8, alpha: 0.5 + CGFloat(i) / 16)
            source.fillEllipse(in: CGRect(x: i * 8, y: i * 6, width: 20, height: 20))
        }
        let image = source.makeImage()!
        let ctx = CGContext(data: nil, width: 300, height: 300, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 150, y: 150)
        ctx.rotate(by: 0.4)
        ctx.addEllipse(in: CGRect(x: -140, y: -120, width: 280, height: 240))
        ctx.clip()
        ctx.draw(image, in: CGRect(x: -130, y: -130, width: 260, height: 260))
        return ReferenceImage.pixels(of: ctx.makeImage()!)
    }

    @Test func bandsMatchOnePass() {
        let saved = CGContext.parallelPixels
        defer { CGContext.parallelPixels = saved }
        CGContext.parallelPixels = 1 << 10
        let banded = render()
        CGContext.parallelPixels = .max
        let single = render()
        #expect(banded == single)
        #expect(banded.contains { $0 != 0 })
    }

    private func renderGradient() -> [UInt8] {
        let ctx = CGContext(data: nil, width: 301, height: 203, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        let gradient = CGGradient(colorsSpace: nil,
                                  colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.6)] as CFArray,
                                  locations: [0, 1])!
        ctx.clip(to: CGRect(x: 10.5, y: 3.25, width: 280.5, height: 190.5))
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 20, y: 10), end: CGPoint(x: 250, y: 180), options: [.drawsAfterEndLocation])
        return ReferenceImage.pixels(of: ctx.makeImage()!)
    }

    /// Large gradient rectangles band too (and a one-thread setting must not overflow).
    @Test func gradientBandsMatchOnePass() {
        let saved = CGContext.parallelPixels
        defer { CGContext.parallelPixels = saved }
        CGContext.parallelPixels = 1 << 10
        let banded = renderGradient()
        CGContext.parallelPixels = .max
        let single = renderGradient()
        #expect(banded == single)
        #expect(banded.contains { $0 != 0 })
    }

    private func renderPaths() -> [UInt8] {
        let ctx = CGContext(data: nil, width: 420, height: 311, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        // An even-odd star reaching past the left and bottom edges, through an elliptical clip.
        ctx.saveGState()
        ctx.addEllipse(in: CGRect(x: -30, y: 5, width: 430, height: 300))
        ctx.clip()
        ctx.setFillColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.8)
        for i in 0..<10 {
            let angle = 0.3 + Double(i * 3 % 10) * 2 * .pi / 10
            let point = CGPoint(x: 150 + 190 * cos(angle), y: 140 + 170 * sin(angle))
            if i == 0 { ctx.move(to: point) } else { ctx.addLine(to: point) }
        }
        ctx.closePath()
        ctx.fillPath(using: .evenOdd)
        ctx.restoreGState()
        // A wide stroke of curves, round joins and caps, and a nearly horizontal edge across the
        // middle rows (where the bands meet).
        ctx.setStrokeColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.7)
        ctx.setLineWidth(9)
        ctx.setLineCap(.round)
        ctx.setLineJoin(.round)
        ctx.move(to: CGPoint(x: 20, y: 290))
        ctx.addCurve(to: CGPoint(x: 400, y: 30), control1: CGPoint(x: 100, y: -40), control2: CGPoint(x: 300, y: 400))
        ctx.addLine(to: CGPoint(x: 30, y: 157.3))
        ctx.strokePath()
        ctx.setFillColor(red: 0.1, green: 0.7, blue: 0.2, alpha: 1)
        ctx.fillEllipse(in: CGRect(x: 230.3, y: 60.7, width: 170.5, height: 230.25))
        return ReferenceImage.pixels(of: ctx.makeImage()!)
    }

    /// Path fills and strokes band from `parallelPathPixels` on; each band accumulates only its
    /// rows, so the cells, and the pixels, are those of one pass.
    @Test func pathBandsMatchOnePass() {
        let saved = CGContext.parallelPathPixels
        defer { CGContext.parallelPathPixels = saved }
        CGContext.parallelPathPixels = 1 << 10
        let banded = renderPaths()
        CGContext.parallelPathPixels = .max
        let single = renderPaths()
        // A count, not the arrays: a failure should not print half a million bytes.
        #expect(banded.count == single.count)
        #expect(zip(banded, single).filter { $0 != $1 }.count == 0)
        #expect(banded.contains { $0 != 0 })
    }
}
