import LaminaTestSupport
import QuartzCore
import Testing

@Suite struct CALayerDoubleSidedTests {
    /// A card turned past 90° about y shows its back: drawn (mirrored) when double-sided,
    /// skipped when not.
    @Test(arguments: [true, false]) func backFacingLayers(doubleSided: Bool) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 5, width: 20, height: 10)
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        card.transform = CATransform3DMakeRotation(.pi * 0.75, 0, 1, 0)
        card.isDoubleSided = doubleSided
        root.addSublayer(card)
        let ctx = CGContext(data: nil, width: 40, height: 20, bitsPerComponent: 8, bytesPerRow: 160,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: 20)
        ctx.scaleBy(x: 1, y: -1)
        root.render(in: ctx)
        let alpha = ctx.data!.assumingMemoryBound(to: UInt8.self)[(10 * 40 + 20) * 4 + 3]
        #expect(alpha == (doubleSided ? 255 : 0))
    }
}
