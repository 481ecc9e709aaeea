import LaminaTestSupport
import QuartzCore
import Testing

@Suite struct CALayerGroupOpacityTests {
    /// Two overlapping opaque sublayers (red, then blue) under a half-opaque parent, over
    /// white: as a group the overlap is blue at half strength; without group opacity the red
    /// shows through the half-transparent blue.
    @Test(arguments: [true, false]) func overlapDependsOnGroupOpacity(grouped: Bool) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 30, height: 10)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let parent = CALayer()
        parent.frame = root.bounds
        parent.opacity = 0.5
        parent.allowsGroupOpacity = grouped
        let red = CALayer(), blue = CALayer()
        red.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        red.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        blue.frame = CGRect(x: 10, y: 0, width: 20, height: 10)
        blue.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        parent.addSublayer(red)
        parent.addSublayer(blue)
        root.addSublayer(parent)
        let ctx = CGContext(data: nil, width: 30, height: 10, bitsPerComponent: 8, bytesPerRow: 120,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: 10)
        ctx.scaleBy(x: 1, y: -1)
        root.render(in: ctx)
        let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
        let overlap = (0..<3).map { Int(bytes[5 * 120 + 15 * 4 + $0]) }
        if grouped {
            #expect(abs(overlap[0] - 128) <= 1 && abs(overlap[1] - 128) <= 1 && overlap[2] == 255)
        } else {
            // White, then red at ½ → (255, 128, 128), then blue at ½ → (128, 64, 191).
            #expect(abs(overlap[0] - 128) <= 1 && abs(overlap[1] - 64) <= 1 && abs(overlap[2] - 191) <= 1)
        }
    }
}
