import LaminaTestSupport
import Testing
import UIKit

/// `setNeedsDisplay()` and `setNeedsLayout()` on their own are enough: the next commit (the
/// end of the run loop's turn, or a frame) displays and lays out, as on iOS.
@MainActor
@Suite struct NeedsDisplayCommitTests {
    final class CountingLabel: UILabel {
        var draws = 0
        override func drawText(in rect: CGRect) {
            draws += 1
            super.drawText(in: rect)
        }
    }

    final class CountingView: UIView {
        var layouts = 0
        override func layoutSubviews() {
            super.layoutSubviews()
            layouts += 1
        }
    }

    @Test func aLabelsNewTextReachesTheWindowsNextFrame() throws {
        withManualClock { clock in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
            window.backgroundColor = .white
            let label = CountingLabel(frame: window.bounds)
            label.text = "1 / 15"
            window.addSubview(label)
            window.makeKeyAndVisible()
            window.renderFrame(atTime: clock.time)
            #expect(label.draws == 1)
            let before = ReferenceImage.pixels(of: try! #require(window.renderedImage(atTime: clock.time)))
            label.text = "6 / 15"
            clock.advance(by: 1.0 / 60)
            let damage = window.renderFrame(atTime: clock.time)
            #expect(label.draws == 2)
            #expect(damage.intersects(label.frame))
            let after = ReferenceImage.pixels(of: try! #require(window.renderedImage(atTime: clock.time)))
            #expect(before != after)
            window.isHidden = true
        }
    }

    @Test func setNeedsLayoutAloneLaysOutAtTheNextCommit() {
        let view = CountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        CATransaction.flush()
        let before = view.layouts
        view.setNeedsLayout()
        CATransaction.flush()
        #expect(view.layouts == before + 1)
        // Marked twice before a commit: laid out once.
        view.setNeedsLayout()
        view.setNeedsLayout()
        CATransaction.flush()
        #expect(view.layouts == before + 2)
    }

    @Test func setNeedsDisplayAloneDisplaysAtTheNextCommit() {
        let layer = CALayer()
        final class Drawer: NSObject, CALayerDelegate {
            var draws = 0
            func draw(_ layer: CALayer, in ctx: CGContext) { draws += 1 }
        }
        let drawer = Drawer()
        layer.delegate = drawer
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        CATransaction.flush()
        #expect(drawer.draws == 0, "a layer draws only when asked")
        layer.setNeedsDisplay()
        CATransaction.flush()
        #expect(drawer.draws == 1)
        CATransaction.flush()
        #expect(drawer.draws == 1)
    }
}
