import LaminaTestSupport
import Testing
import UIKit

/// UIProgressView: the fraction kept within 0…1, the bar's length, its easing, and how it
/// looks in both styles and appearances.
@MainActor
@Suite struct UIProgressViewTests {
    @Test func progressStaysWithinZeroAndOne() {
        let view = UIProgressView(progressViewStyle: .default)
        #expect(view.progress == 0 && view.progressViewStyle == .default)
        #expect(view.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: 4))
        #expect(UIProgressView(progressViewStyle: .bar).intrinsicContentSize.height == 2.5)
        view.progress = 1.5
        #expect(view.progress == 1)
        view.setProgress(-1, animated: true)
        #expect(view.progress == 0)
        view.progress = .infinity
        #expect(view.progress == 0)
    }

    @Test func theBarFillsItsShareFromTheLeadingEdgeAndEasesThere() {
        withWindow { window, clock in
            let view = UIProgressView(frame: CGRect(x: 10, y: 10, width: 200, height: 4))
            window.addSubview(view)
            view.layoutIfNeeded()
            view.progress = 0.25
            let bar = try! #require(view.layer.sublayers?.first?.sublayers?.last)
            #expect(bar.frame == CGRect(x: 0, y: 0, width: 50, height: 4))
            CATransaction.flush()
            view.setProgress(0.75, animated: true)
            CATransaction.flush()
            #expect(bar.frame.width == 150)
            clock.advance(by: 0.125)
            #expect(abs(bar.presentation()!.frame.width - 100) < 1e-3)
            clock.advance(by: 0.2)
            #expect(bar.presentation()!.frame.width == 150)
            // Right to left, it fills from the right.
            view.semanticContentAttribute = .forceRightToLeft
            view.setNeedsLayout()
            view.layoutIfNeeded()
            #expect(bar.frame == CGRect(x: 50, y: 0, width: 150, height: 4))
        }
    }

    private func states(_ style: UIUserInterfaceStyle) throws -> CGImage {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 180, height: 6 * 16 + 12))
        root.overrideUserInterfaceStyle = style
        root.backgroundColor = .systemBackground
        let rows: [(Float, UIProgressView.Style, UIColor?, UIColor?)] = [
            (0, .default, nil, nil), (0.25, .default, nil, nil), (0.75, .default, nil, nil), (1, .default, nil, nil),
            (0.5, .bar, nil, nil), (0.6, .default, .systemGreen, .systemGray4),
        ]
        for (index, (progress, kind, tint, track)) in rows.enumerated() {
            let view = UIProgressView(progressViewStyle: kind)
            view.frame = CGRect(x: 10, y: 10 + CGFloat(index) * 16, width: 160, height: UIProgressView(progressViewStyle: kind).bounds.height)
            view.progress = progress
            view.progressTintColor = tint
            view.trackTintColor = track
            root.addSubview(view)
        }
        return try controlSnapshot(root)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func everyStateLooksRight(_ style: UIUserInterfaceStyle) throws {
        let message = ReferenceImage.mismatch(try states(style), suite: "UIProgressViewTests", name: style == .dark ? "states-dark" : "states-light")
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }
}
