import CoreText
import LaminaTestSupport
import Testing
import UIKit

/// UILabel as iOS defines it; sizes from DejaVu Sans at 20.48 points (0.01 point per font
/// unit: "Hello" 51.91 wide, lines 23.84 tall, "brown fox" 100.97), rounded up to the 3×
/// screen's pixels.
@MainActor
@Suite struct UILabelTests {
    let font = UIFont(name: "DejaVuSans", size: 20.48)!

    @Test func defaultsAreIOSs() {
        let label = UILabel()
        #expect(label.text == nil)
        #expect(label.font.pointSize == 17)
        #expect(label.font == UIFont.systemFont(ofSize: 17))
        #expect(label.numberOfLines == 1)
        #expect(label.lineBreakMode == .byTruncatingTail)
        #expect(label.textAlignment == .natural)
        #expect(!label.isUserInteractionEnabled)
        #expect(label.isEnabled)
        #expect(label.shadowOffset == CGSize(width: 0, height: -1))
        #expect(label.intrinsicContentSize == .zero)
        label.font = nil
        #expect(label.font.pointSize == 17)
    }

    @Test func intrinsicSizeIsTheTextRoundedUpToPixels() {
        let label = UILabel()
        label.font = font
        label.text = "Hello"
        // 51.91 × 3 = 155.73 → 156 pixels; 23.84 × 3 = 71.52 → 72 pixels.
        #expect(label.intrinsicContentSize == CGSize(width: 52, height: 24))
    }

    @Test func multiLineLabelsWrapToTheWidthTheyAreGiven() {
        let label = UILabel()
        label.font = font
        label.text = "The quick brown fox"
        label.numberOfLines = 0
        // Two lines; the width is the wider line's, not the limit, and the height is not
        // clamped to the size asked about.
        #expect(label.sizeThatFits(CGSize(width: 101, height: 10)) == CGSize(width: 101, height: 48))
        label.numberOfLines = 1
        #expect(label.sizeThatFits(CGSize(width: 101, height: 10)).height == 24)
        label.preferredMaxLayoutWidth = 101
        label.numberOfLines = 2
        #expect(label.intrinsicContentSize.height == 48)
    }

    @Test func measuringAgainHitsTheLayoutCache() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        label.font = font
        label.text = "Measured once, drawn many times"
        _ = label.sizeThatFits(CGSize(width: 120, height: 0))
        #expect(label.layoutCount == 1)
        _ = label.sizeThatFits(CGSize(width: 120, height: 0))
        _ = label.intrinsicContentSize
        #expect(label.layoutCount == 1)
        // Drawing lays out in the bounds' width once, then reuses that too.
        _ = label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1)
        _ = label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1)
        #expect(label.layoutCount == 2)
        _ = label.intrinsicContentSize
        #expect(label.layoutCount == 2)
        label.text = "Changed"
        _ = label.intrinsicContentSize
        #expect(label.layoutCount == 3)
    }

    @Test func attributedTextTakesTheLabelsAttributesWhereItHasNone() {
        let label = UILabel()
        label.textColor = .red
        label.attributedText = NSAttributedString(string: "Hi", attributes: [.font: font])
        #expect(label.font == font)
        let attributes = label.attributedText!.attributes(at: 0, effectiveRange: nil)
        #expect(attributes[.foregroundColor] as? UIColor == .red)
        #expect(label.text == "Hi")
    }

    @Test func labelsRenderLikeTheReference() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 200))
        root.backgroundColor = .white
        func add(_ y: CGFloat, _ height: CGFloat, _ configure: (UILabel) -> Void) {
            let label = UILabel(frame: CGRect(x: 8, y: y, width: 224, height: height))
            configure(label)
            root.addSubview(label)
        }
        add(4, 24) { $0.text = "Plain 17-point label" }
        add(30, 24) { $0.text = "Truncated at the tail because it is long" }
        add(56, 24) { $0.text = "Centred"; $0.textAlignment = .center; $0.textColor = .blue }
        add(82, 24) { $0.text = "Right"; $0.textAlignment = .right; $0.font = .boldSystemFont(ofSize: 17) }
        add(108, 60) {
            $0.numberOfLines = 0
            $0.font = .systemFont(ofSize: 14)
            $0.text = "Several lines wrap at word boundaries and sit centred vertically."
        }
        add(170, 26) {
            $0.attributedText = NSAttributedString(string: "Underlined", attributes: [
                .underlineStyle: NSUnderlineStyle.single.rawValue, .foregroundColor: UIColor.red])
        }
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: root.bounds.size, format: format).image { context in
            root.layer.render(in: context.cgContext)
        }
        let cgImage = try #require(image.cgImage)
        let problem = ReferenceImage.mismatch(cgImage, suite: "UILabelTests", name: "labels")
        #expect(problem == nil, "\(problem ?? "")")
    }

    /// Text shrunk to fit by `adjustsFontSizeToFitWidth` is placed by `baselineAdjustment`. Ten
    /// DejaVu Sans "H"s (1540 units each) at 20 points are 150.39 points wide, so in 100 points
    /// they shrink by 0.66494. Unshrunk, the 23.28-point line (2384 units) is centred in 40
    /// points with its baseline 18.56 (1901 units) below its top, at 26.92. Aligned baselines
    /// keep that; centred, the shrunk line's baseline is at 24.60; with none, the shrunk text
    /// hangs from the unshrunk top, its baseline at 20.70. "H" sits on the baseline, so the
    /// lowest row at least half inked is the one the baseline crosses past its middle.
    @Test func baselineAdjustmentPlacesShrunkText() throws {
        func lowestInkedRow(_ adjustment: UIBaselineAdjustment) throws -> Int {
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
            label.font = UIFont(name: "DejaVuSans", size: 20)
            label.text = "HHHHHHHHHH"
            label.adjustsFontSizeToFitWidth = true
            label.minimumScaleFactor = 0.3
            label.baselineAdjustment = adjustment
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            let image = try #require(UIGraphicsImageRenderer(size: label.bounds.size, format: format).image { context in
                UIColor.white.setFill()
                context.fill(label.bounds)
                label.layer.render(in: context.cgContext)
            }.cgImage)
            let pixels = ReferenceImage.pixels(of: image)
            var lowest = -1
            for y in 0..<40 where (0..<100).contains(where: { pixels[(y * 100 + $0) * 4] <= 127 }) { lowest = y }
            return lowest
        }
        #expect(try lowestInkedRow(.alignBaselines) == 26)
        #expect(try lowestInkedRow(.alignCenters) == 24)
        #expect(try lowestInkedRow(.none) == 20)
    }

    /// A label sized before it joins a dark window (sizeToFit, a stack measuring it) draws
    /// its default `.label` colour as dark mode's white, not the light black it was measured in.
    @Test func aLabelMeasuredInLightDrawsInDark() throws {
        let label = UILabel()
        label.text = "Measured first"
        label.sizeToFit()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        window.overrideUserInterfaceStyle = .dark
        window.addSubview(label)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let image = try #require(UIGraphicsImageRenderer(size: label.bounds.size).image { label.layer.render(in: $0.cgContext) }.cgImage)
        let data = try #require(image.dataProvider?.data as Data?)
        let brightest = stride(from: 0, to: data.count, by: 4).map { Int(data[$0]) }.max() ?? 0
        #expect(brightest > 200)
        window.isHidden = true
    }
}
