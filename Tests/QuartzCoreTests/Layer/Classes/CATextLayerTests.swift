import CoreText
import Foundation
import LaminaTestSupport
import QuartzCore
import Testing

/// CATextLayer's defaults as Apple documents them, and its drawing compared with references.
@Suite struct CATextLayerTests {
    @Test func defaultsAreApples() {
        let layer = CATextLayer()
        #expect(layer.string == nil)
        #expect(layer.fontSize == 36)
        #expect(layer.foregroundColor == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(!layer.isWrapped)
        #expect(layer.truncationMode == .none)
        #expect(layer.alignmentMode == .natural)
        #expect(layer.value(forKey: "fontSize") as? CGFloat == 36)
    }

    @Test func fontSizeAndColourAnimateImplicitly() {
        let layer = CATextLayer()
        #expect(layer.action(forKey: "fontSize") != nil)
        #expect(layer.action(forKey: "foregroundColor") != nil)
        #expect(layer.action(forKey: "string") == nil)
    }

    func render(_ configure: (CALayer) -> Void) throws -> CGImage {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
        root.backgroundColor = CGColor(red: 0.15, green: 0.15, blue: 0.2, alpha: 1)
        configure(root)
        let ctx = try #require(CGContext(data: nil, width: 200, height: 120, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        // Layer space has its origin top-left: flip the bitmap context as UIKit's are.
        ctx.translateBy(x: 0, y: 120)
        ctx.scaleBy(x: 1, y: -1)
        root.render(in: ctx)
        return try #require(ctx.makeImage())
    }

    @Test func plainWrappedTruncatedAndRotatedText() throws {
        let image = try render { root in
            let plain = CATextLayer()
            plain.frame = CGRect(x: 8, y: 4, width: 184, height: 28)
            plain.string = "Plain, 20 pt"
            plain.fontSize = 20
            root.addSublayer(plain)
            let truncated = CATextLayer()
            truncated.frame = CGRect(x: 8, y: 32, width: 110, height: 20)
            truncated.string = "Truncated in the middle of the line"
            truncated.fontSize = 14
            truncated.truncationMode = .middle
            truncated.foregroundColor = CGColor(red: 1, green: 0.8, blue: 0.3, alpha: 1)
            root.addSublayer(truncated)
            let wrapped = CATextLayer()
            wrapped.frame = CGRect(x: 8, y: 54, width: 100, height: 60)
            wrapped.string = "Wrapped and centred in its bounds"
            wrapped.fontSize = 13
            wrapped.isWrapped = true
            wrapped.alignmentMode = .center
            root.addSublayer(wrapped)
            let rotated = CATextLayer()
            rotated.frame = CGRect(x: 110, y: 60, width: 90, height: 24)
            rotated.string = NSAttributedString(string: "Rotated", attributes: [
                NSAttributedString.Key(kCTFontAttributeName): CTFontCreateWithName("DejaVuSans-Bold" as CFString, 16, nil),
                NSAttributedString.Key(kCTForegroundColorAttributeName): CGColor(red: 0.5, green: 0.9, blue: 1, alpha: 1),
            ])
            rotated.setAffineTransform(CGAffineTransform(rotationAngle: -.pi / 6))
            root.addSublayer(rotated)
        }
        let problem = ReferenceImage.mismatch(image, suite: "CATextLayerTests", name: "textLayers")
        #expect(problem == nil, "\(problem ?? "")")
    }
}
