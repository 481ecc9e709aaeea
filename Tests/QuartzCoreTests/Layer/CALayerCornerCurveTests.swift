import LaminaTestSupport
import QuartzCore
import Testing

@Suite struct CALayerCornerCurveTests {
    private func render(_ configure: (CALayer) -> Void, size: CGSize = CGSize(width: 100, height: 100)) -> (Int, Int) -> UInt8 {
        let layer = CALayer()
        layer.frame = CGRect(origin: .zero, size: size)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        configure(layer)
        let width = Int(size.width), height = Int(size.height)
        let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: size.height)
        ctx.scaleBy(x: 1, y: -1)
        layer.render(in: ctx)
        // The closure keeps the context (and so its bytes) alive.
        return { x, y in ctx.data!.assumingMemoryBound(to: UInt8.self)[(y * width + x) * 4 + 3] }
    }

    @Test func continuousCornersReachFartherAlongTheEdges() {
        let circular = render { $0.cornerRadius = 20 }
        let continuous = render { $0.cornerRadius = 20; $0.cornerCurve = .continuous }
        // 22 points from the corner: a circular corner has not started, a continuous one has.
        #expect(circular(78, 0) == 255 && circular(0, 78) == 255)
        #expect(continuous(78, 0) < 250 && continuous(21, 99) < 250)
        // Well before 1.53 radii both are straight.
        #expect(continuous(60, 0) == 255 && continuous(99, 40) == 255)
        // The very corner is empty in both.
        #expect(circular(99, 0) == 0 && continuous(99, 0) == 0 && continuous(0, 99) == 0)
        #expect(CALayer.cornerCurveExpansionFactor(.continuous) == 1.528665)
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
    }

    @Test func onlyMaskedCornersAreRounded() {
        let continuous = render {
            $0.cornerRadius = 20
            $0.cornerCurve = .continuous
            $0.maskedCorners = [.layerMinXMinYCorner]
        }
        #expect(continuous(0, 0) == 0 && continuous(99, 0) == 255 && continuous(99, 99) == 255 && continuous(0, 99) == 255)
        // Small layers shrink the radius so that the corner still fits.
        let small = render({ $0.cornerRadius = 20; $0.cornerCurve = .continuous }, size: CGSize(width: 30, height: 30))
        #expect(small(15, 0) >= 250 && small(0, 15) >= 250 && small(0, 0) == 0)
    }
}
