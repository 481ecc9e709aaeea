import Testing
import UIKit

/// Finished animations let go of their delegates, as on iOS, so a view that is its own
/// animation's delegate is freed once the animation ends and nothing else holds it.
@MainActor
@Suite struct AnimationLifetimeTests {
    final class FadingView: UIView, @preconcurrency CAAnimationDelegate {
        var stopped = false
        func fade() {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = 0.5
            fade.delegate = self
            layer.add(fade, forKey: "fade")
        }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped = flag }
    }

    @Test func aViewThatDelegatesItsOwnAnimationIsFreedAfterIt() {
        withManualClock { clock in
            weak var weakView: FadingView?
            let container = committedView()
            do {
                let view = FadingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                weakView = view
                container.addSubview(view)
                CATransaction.flush()
                view.fade()
                CATransaction.flush()
            }
            clock.advance(by: 0.25)
            #expect(weakView != nil)
            weakView?.removeFromSuperview()
            #expect(weakView != nil, "the running animation keeps its delegate")
            clock.advance(by: 0.5)
            CATransaction.flush()
            #expect(weakView == nil)
        }
    }

    @Test func aViewOutsideAnyHierarchyIsFreedAfterItsAnimation() {
        withManualClock { clock in
            weak var weakView: FadingView?
            do {
                let view = FadingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                weakView = view
                view.fade()
            }
            CATransaction.flush()
            clock.advance(by: 1)
            CATransaction.flush()
            #expect(weakView == nil)
        }
    }

    @Test func manyAnimatedViewsAreAllFreed() {
        withManualClock { clock in
            var weakViews: [WeakBox] = []
            let container = committedView()
            for _ in 0..<200 {
                let view = FadingView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
                weakViews.append(WeakBox(view))
                container.addSubview(view)
                UIView.animate(withDuration: 0.2, animations: { view.alpha = 0 }, completion: { _ in view.removeFromSuperview() })
            }
            CATransaction.flush()
            clock.advance(by: 0.3)
            CATransaction.flush()
            #expect(container.subviews.isEmpty)
            #expect(weakViews.allSatisfy { $0.value == nil })
        }
    }

    final class WeakBox {
        weak var value: UIView?
        init(_ value: UIView) { self.value = value }
    }
}
