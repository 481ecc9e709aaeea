import CoreText
import QuartzCore
import Testing
import UIKit

/// Text given hostile values draws something sensible or nothing, and never traps or hangs:
/// non-finite and enormous sizes, widths and positions, lone surrogates, empty strings.
@MainActor
@Suite struct HostileTextTests {
    nonisolated static let values: [CGFloat] = [.nan, .infinity, -.infinity, 1e30, -1e30, .greatestFiniteMagnitude, 0, -5]
    /// UTF-16 with a lone lead and a lone trail surrogate, as NSString allows.
    nonisolated static let loneSurrogates = NSString(characters: [0x48, 0xD800, 0x20, 0xDC00, 0x69], length: 5) as String

    func render(_ view: UIView) {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        _ = UIGraphicsImageRenderer(size: CGSize(width: 64, height: 32), format: format).image { context in
            view.layer.render(in: context.cgContext)
        }
    }

    @Test(arguments: values)
    func fontsAndLabelsSurviveHostileSizes(_ value: CGFloat) {
        let font = UIFont.systemFont(ofSize: value)
        #expect(font.pointSize.isFinite && font.pointSize > 0)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 64, height: 32))
        label.font = UIFont(name: "DejaVuSans", size: value)
        label.text = HostileTextTests.loneSurrogates
        label.numberOfLines = 0
        _ = label.sizeThatFits(CGSize(width: value, height: value))
        _ = label.intrinsicContentSize
        label.preferredMaxLayoutWidth = value
        _ = label.textRect(forBounds: CGRect(x: 0, y: 0, width: value, height: value), limitedToNumberOfLines: 3)
        render(label)
        _ = "abc".boundingRect(with: CGSize(width: value, height: value), options: .usesLineFragmentOrigin,
                               attributes: [.kern: value, .baselineOffset: value], context: nil)
    }

    @Test(arguments: values)
    func coreTextSurvivesHostileWidthsAndPositions(_ value: CGFloat) throws {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, value, nil)
        let string = NSAttributedString(string: "abc " + HostileTextTests.loneSurrogates + "def\n\u{0628}", attributes: [NSAttributedString.Key(kCTFontAttributeName): font])
        let line = CTLineCreateWithAttributedString(string)
        _ = CTLineCreateTruncatedLine(line, Double(value), .middle, nil)
        _ = CTLineCreateJustifiedLine(line, 1, Double(value))
        _ = CTLineGetStringIndexForPosition(line, CGPoint(x: value, y: value))
        let typesetter = CTTypesetterCreateWithAttributedString(string)
        _ = CTTypesetterSuggestLineBreak(typesetter, 0, Double(value))
        let framesetter = CTFramesetterCreateWithAttributedString(string)
        _ = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRange(location: 0, length: 0), nil,
                                                         CGSize(width: value, height: value), nil)
        let ctx = try #require(CGContext(data: nil, width: 32, height: 32, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 32, height: 32), transform: nil), nil)
        CTFrameDraw(frame, ctx)
        ctx.textPosition = CGPoint(x: value, y: value)
        CTLineDraw(line, ctx)
        ctx.textMatrix = CGAffineTransform(a: value, b: 0, c: 0, d: value, tx: 0, ty: 0)
        ctx.setFont(CTFontCopyGraphicsFont(font, nil))
        ctx.setFontSize(value)
        ctx.showGlyphs([36, 60_000], at: [CGPoint(x: value, y: 0), CGPoint(x: 1, y: 1)])
    }

    @Test(arguments: values)
    func textLayersSurviveHostileSizes(_ value: CGFloat) {
        let layer = CATextLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 64, height: 32)
        layer.string = "Hostile"
        layer.fontSize = value
        layer.isWrapped = true
        layer.truncationMode = .end
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 64, height: 32))
        view.layer.addSublayer(layer)
        render(view)
    }
}
