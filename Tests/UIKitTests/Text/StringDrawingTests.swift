import CoreText
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
}
