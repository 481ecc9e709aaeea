import QuartzCore
import Testing

/// A shape layer's stroke at widths Core Graphics does not accept (0, negative, NaN) draws
/// nothing, while the fill still draws; the value set is kept.
@Suite struct CAShapeLayerLineWidthTests {
    private func strokedPixels(lineWidth: CGFloat, fill: Bool) -> (stroke: Int, total: Int) {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
        shape.fillColor = fill ? CGColor(red: 0, green: 0, blue: 1, alpha: 1) : nil
        shape.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.lineWidth = lineWidth
        var pixels = [UInt8](repeating: 0, count: 40 * 40 * 4)
        pixels.withUnsafeMutableBytes { raw in
            let ctx = CGContext(data: raw.baseAddress, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 160,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            shape.render(in: ctx)
        }
        let red = stride(from: 0, to: pixels.count, by: 4).filter { pixels[$0] > 0 }.count
        let any = stride(from: 0, to: pixels.count, by: 4).filter { pixels[$0 + 3] > 0 }.count
        return (red, any)
    }

    @Test(arguments: [CGFloat(0), -4, .nan, -CGFloat.infinity])
    func aWidthCoreGraphicsRefusesStrokesNothing(_ width: CGFloat) {
        let drawn = strokedPixels(lineWidth: width, fill: true)
        #expect(drawn.stroke == 0)
        // The fill is not affected: the 20 × 20 square.
        #expect(drawn.total == 400)
        let shape = CAShapeLayer()
        shape.lineWidth = width
        #expect(shape.lineWidth == width || (width.isNaN && shape.lineWidth.isNaN))
    }

    @Test func aPositiveWidthStrokes() {
        // A 4-point stroke straddles the square's edge: 24² − 16² = 320 red pixels.
        #expect(strokedPixels(lineWidth: 4, fill: false).stroke == 320)
    }
}
