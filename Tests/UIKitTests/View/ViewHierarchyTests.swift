import Testing
import UIKit

@MainActor
@Suite struct ViewHierarchyTests {
    private func tagged(_ tag: Int, _ frame: CGRect = .zero) -> UIView {
        let view = UIView(frame: frame)
        view.tag = tag
        return view
    }

    @Test func subviewsMirrorSublayers() {
        let root = UIView()
        let a = tagged(1), b = tagged(2), c = tagged(3)
        root.addSubview(a)
        root.addSubview(c)
        root.insertSubview(b, belowSubview: c)
        #expect(root.subviews.map(\.tag) == [1, 2, 3])
        #expect(root.layer.sublayers?.map { $0 === a.layer || $0 === b.layer || $0 === c.layer } == [true, true, true])
        #expect(root.layer.sublayers?[1] === b.layer)
        root.bringSubviewToFront(a)
        #expect(root.subviews.map(\.tag) == [2, 3, 1])
        #expect(root.layer.sublayers?.last === a.layer)
        root.sendSubviewToBack(c)
        #expect(root.subviews.map(\.tag) == [3, 2, 1])
        #expect(root.layer.sublayers?.first === c.layer)
        root.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(root.subviews.map(\.tag) == [1, 2, 3])
        #expect(root.layer.sublayers?.map { $0 === a.layer } == [true, false, false])
        b.removeFromSuperview()
        #expect(root.subviews.map(\.tag) == [1, 3])
        #expect(b.superview == nil && b.layer.superlayer == nil)
        root.insertSubview(b, at: 0)
        #expect(root.subviews.map(\.tag) == [2, 1, 3])
        #expect(root.layer.sublayers?.first === b.layer)
        #expect(root.viewWithTag(3) === c)
        #expect(c.isDescendant(of: root))
    }

    @Test func layoutSubviewsRunsOnLayout() {
        final class Counting: UIView {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let view = Counting(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layoutIfNeeded()
        #expect(view.layouts == 1)
        view.layoutIfNeeded()
        #expect(view.layouts == 1)
        view.frame.size = CGSize(width: 20, height: 20)
        view.layoutIfNeeded()
        #expect(view.layouts == 2)
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.layouts == 3)
    }

    @Test func hitTestFollowsIOSRules() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let grandchild = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        let outside = UIView(frame: CGRect(x: 90, y: 90, width: 50, height: 50))
        root.addSubview(child)
        child.addSubview(grandchild)
        child.addSubview(outside)
        #expect(root.hitTest(CGPoint(x: 65, y: 65), with: nil) === grandchild)
        #expect(root.hitTest(CGPoint(x: 100, y: 100), with: nil) === child)
        // Outside the parent's bounds a subview is not found, clipped or not.
        #expect(root.hitTest(CGPoint(x: 170, y: 170), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 300, y: 0), with: nil) == nil)
        grandchild.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 65, y: 65), with: nil) === child)
        child.alpha = 0.005
        #expect(root.hitTest(CGPoint(x: 65, y: 65), with: nil) === root)
        child.alpha = 1
        child.isHidden = true
        #expect(root.hitTest(CGPoint(x: 65, y: 65), with: nil) === root)
        #expect(root.point(inside: CGPoint(x: 0, y: 0), with: nil))
        #expect(!root.point(inside: CGPoint(x: 200, y: 0), with: nil))
    }

    @Test func convertBetweenViews() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let a = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        let b = UIView(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
        window.addSubview(a)
        a.addSubview(b)
        #expect(b.convert(CGPoint(x: 1, y: 1), to: nil) == CGPoint(x: 16, y: 26))
        #expect(b.convert(CGPoint(x: 16, y: 26), from: window) == CGPoint(x: 1, y: 1))
        #expect(a.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: b) == CGRect(x: -5, y: -5, width: 10, height: 10))
        #expect(b.window === window)
        #expect(b.next === a)
    }
}
