import Testing
import UIKit

/// Layout: iOS's autoresizing arithmetic, top-down `layoutSubviews`, fitting sizes, margins
/// and safe areas.
@MainActor
@Suite struct LayoutTests {
    private func resized(_ mask: UIView.AutoresizingMask, frame: CGRect = CGRect(x: 20, y: 20, width: 50, height: 50),
                         to size: CGSize = CGSize(width: 220, height: 100)) -> CGRect {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: frame)
        child.autoresizingMask = mask
        parent.addSubview(child)
        parent.frame.size = size
        return child.frame
    }

    @Test func autoresizingSharesTheChangeInProportion() {
        // Width 100 → 220: margins 20 and 30 share 120 as 20 : 30.
        #expect(resized([.flexibleLeftMargin, .flexibleRightMargin]) == CGRect(x: 68, y: 20, width: 50, height: 50))
        #expect(resized(.flexibleWidth) == CGRect(x: 20, y: 20, width: 170, height: 50))
        #expect(resized(.flexibleLeftMargin) == CGRect(x: 140, y: 20, width: 50, height: 50))
        #expect(resized([.flexibleWidth, .flexibleRightMargin]) == CGRect(x: 20, y: 20, width: 125, height: 50))
        #expect(resized([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]) == CGRect(x: 44, y: 20, width: 110, height: 50))
        #expect(resized([]) == CGRect(x: 20, y: 20, width: 50, height: 50))
        // Height 100 → 40 with a flexible height and bottom margin: 50 : 30 of −60.
        #expect(resized([.flexibleHeight, .flexibleBottomMargin], to: CGSize(width: 100, height: 40))
            == CGRect(x: 20, y: 20, width: 50, height: 12.5))
        // Flexible parts that are all zero share equally.
        #expect(resized([.flexibleLeftMargin, .flexibleWidth], frame: CGRect(x: 0, y: 0, width: 0, height: 10))
            == CGRect(x: 60, y: 0, width: 60, height: 10))
    }

    @Test func autoresizesSubviewsOff() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.autoresizesSubviews = false
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        child.autoresizingMask = .flexibleWidth
        parent.addSubview(child)
        parent.bounds.size.width = 300
        #expect(child.frame.width == 100)
    }

    @Test func layoutRunsTopDown() {
        final class Logging: UIView {
            var log: EventLog?
            var name = ""
            override func layoutSubviews() {
                super.layoutSubviews()
                log?.add(name)
            }
        }
        let log = EventLog()
        let parent = Logging(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = Logging(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let grandchild = Logging(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        for (view, name) in [(parent, "parent"), (child, "child"), (grandchild, "grandchild")] {
            view.log = log
            view.name = name
        }
        parent.addSubview(child)
        child.addSubview(grandchild)
        grandchild.setNeedsLayout()
        child.setNeedsLayout()
        parent.setNeedsLayout()
        grandchild.layoutIfNeeded()
        #expect(log.entries == ["parent", "child", "grandchild"])
        log.clear()
        parent.layoutIfNeeded()
        #expect(log.entries.isEmpty)
        // A size change asks for layout.
        parent.bounds.size = CGSize(width: 120, height: 100)
        parent.layoutIfNeeded()
        #expect(log.entries == ["parent"])
    }

    @Test func fittingSizesMarginsAndSafeArea() {
        final class Fixed: UIView {
            override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 30, height: 12) }
            override var intrinsicContentSize: CGSize { CGSize(width: 30, height: 12) }
        }
        let view = Fixed(frame: CGRect(x: 5, y: 6, width: 100, height: 100))
        view.sizeToFit()
        #expect(view.frame == CGRect(x: 5, y: 6, width: 30, height: 12))
        #expect(view.intrinsicContentSize == CGSize(width: 30, height: 12))
        let plain = UIView()
        #expect(plain.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        #expect(UIView.noIntrinsicMetric == -1)
        #expect(plain.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        plain.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(plain.layoutMargins == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(plain.safeAreaInsets == .zero)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(window.safeAreaInsets == .zero)
        #expect(CGRect(x: 0, y: 0, width: 100, height: 50).inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
            == CGRect(x: 2, y: 1, width: 94, height: 46))
    }
}
