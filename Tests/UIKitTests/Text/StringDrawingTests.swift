import CoreText
import LaminaTestSupport
import Testing
import UIKit

/// String measuring with DejaVu Sans at 20.48 points, where one font unit is 0.01 point; the
/// widths are HarfBuzz's reference shaping of the same strings: "Hello" 5191 units, "The quick "
/// 9939 without its hanging space, "brown fox" 10097; one line is (1901 + 483) units.
@MainActor
@Suite struct StringDrawingTests {
    let font = UIFont(name: "DejaVuSans", size: 20.48)!

    @Test func sizeWithAttributesIsOneLine() {
        let size = "Hello".size(withAttributes: [.font: font])
        #expect(abs(size.width - 51.91) < 1e-9)
        #expect(abs(size.height - 23.84) < 1e-9)
        // Without attributes: the 12-point default font, one line tall.
        let plain = ("Hello" as NSString).size(withAttributes: nil)
        #expect(abs(plain.height - 2384 * 12 / 2048) < 1e-9)
    }

    @Test func boundingRectWrapsWithLineFragmentOrigin() {
        let text = "The quick brown fox"
        let wrapped = text.boundingRect(with: CGSize(width: 101, height: CGFloat.greatestFiniteMagnitude),
                                        options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        #expect(wrapped.origin == .zero)
        #expect(abs(wrapped.width - 100.97) < 1e-9)
        #expect(abs(wrapped.height - 2 * 23.84) < 1e-9)
        // Without the option the string is one line measured from its baseline.
        let line = text.boundingRect(with: CGSize(width: 101, height: 100), options: [], attributes: [.font: font], context: nil)
        #expect(abs(line.minY - -19.01) < 1e-9)
        #expect(abs(line.height - 23.84) < 1e-9)
    }

    @Test func drawingContextsShrinkTextToFit() {
        let context = NSStringDrawingContext()
        context.minimumScaleFactor = 0.5
        let rect = "Hello".boundingRect(with: CGSize(width: 40, height: 100), options: .usesLineFragmentOrigin,
                                        attributes: [.font: font], context: context)
        #expect(abs(context.actualScaleFactor - 40 / 51.91) < 1e-9)
        #expect(rect.width <= 40 + 1e-9)
    }

    func pixels(_ size: CGSize, _ draw: () -> Void) throws -> [UInt8] {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = try #require(UIGraphicsImageRenderer(size: size, format: format).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(origin: .zero, size: size))
            draw()
        }.cgImage)
        return ReferenceImage.pixels(of: image)
    }

    /// Line ends and other controls have nothing to draw (no missing-glyph box).
    @Test func lineEndsDrawNothing() throws {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont(name: "DejaVuSans", size: 20)!]
        let size = CGSize(width: 60, height: 30)
        let plain = try pixels(size) { "ab".draw(at: CGPoint(x: 4, y: 2), withAttributes: attributes) }
        let withEnd = try pixels(size) { "ab\n".draw(at: CGPoint(x: 4, y: 2), withAttributes: attributes) }
        let withControls = try pixels(size) { "ab\u{7}\r".draw(at: CGPoint(x: 4, y: 2), withAttributes: attributes) }
        #expect(plain == withEnd)
        #expect(plain == withControls)
    }

    /// UIKit draws links in the link colour (systemBlue, #007AFF), underlined, over any
    /// foreground colour the text sets.
    @Test func linksDrawInTheLinkColourUnderlined() throws {
        let text = NSAttributedString(string: "\u{2588}", attributes: [
            .font: UIFont(name: "DejaVuSans", size: 30)!, .foregroundColor: UIColor.red,
            .link: URL(string: "https://example.com")!,
        ])
        let size = text.size()
        let drawn = try pixels(CGSize(width: 40, height: 40)) { text.draw(at: .zero) }
        // The middle of the full block: opaque link colour.
        let o = (Int(size.height / 2) * 40 + Int(size.width / 2)) * 4
        #expect(Array(drawn[o..<o + 3]) == [0, 122, 255])
        // Core Text draws the same string as plain text in its foreground colour.
        let context = CGContext(data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.textPosition = CGPoint(x: 0, y: 10)
        CTLineDraw(CTLineCreateWithAttributedString(text), context)
        let image = try #require(context.makeImage())
        let core = ReferenceImage.pixels(of: image)
        let c = (40 - 10 - 5) * 40 * 4 + 10 * 4
        #expect(Array(core[c..<c + 4]) == [255, 0, 0, 255])
    }
}
