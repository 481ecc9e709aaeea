@testable import CoreGraphics
import LaminaTestSupport
import Testing

/// Large image draws run as two bands on two threads; the pixels must not change.
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
}
