import Foundation
import Testing
import UIKit

/// A page view controller of three pages, as an onboarding screen writes one: turned in code
/// and by swipes, with the delegate told and dots for the pages.
@MainActor
@Suite struct UIPageViewControllerTests {
    final class Pages: NSObject, UIPageViewControllerDataSource, UIPageViewControllerDelegate {
        let pages: [UIViewController] = (0..<3).map { _ in UIViewController() }
        var finished: [(Bool, Bool)] = []
        var pending: [UIViewController] = []

        func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController? {
            guard let i = pages.firstIndex(of: viewController), i > 0 else { return nil }
            return pages[i - 1]
        }
        func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController? {
            guard let i = pages.firstIndex(of: viewController), i < pages.count - 1 else { return nil }
            return pages[i + 1]
        }
        func presentationCount(for pageViewController: UIPageViewController) -> Int { pages.count }
        func presentationIndex(for pageViewController: UIPageViewController) -> Int {
            pageViewController.viewControllers?.first.flatMap { pages.firstIndex(of: $0) } ?? 0
        }
        func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]) {
            pending += pendingViewControllers
        }
        func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                                previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {
            self.finished.append((finished, completed))
        }
    }

    private func dots(_ controller: UIPageViewController) -> UIPageControl? {
        controller.view.subviews.compactMap { $0 as? UIPageControl }.first
    }

    @Test func turnsInCodeAndShowsDots() {
        withManualClock { clock in
            let pages = Pages()
            let controller = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
            controller.dataSource = pages
            controller.delegate = pages
            controller.setViewControllers([pages.pages[0]], direction: .forward, animated: false)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = controller
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            #expect(controller.viewControllers?.first === pages.pages[0])
            #expect(pages.pages[0].view.frame == window.bounds)
            #expect(pages.pages[0].parent === controller)
            #expect(dots(controller)?.numberOfPages == 3 && dots(controller)?.currentPage == 0)
            var done: Bool?
            controller.setViewControllers([pages.pages[1]], direction: .forward, animated: true) { done = $0 }
            CATransaction.flush()
            clock.advance(by: 0.15)
            // Half way: the new page comes in from the right, the old one leaves to the left.
            let incoming = pages.pages[1].view.layer.presentation()?.frame.minX ?? .nan
            #expect(incoming > 0 && incoming < 390)
            clock.advance(by: 1)
            CATransaction.flush()
            #expect(done == true)
            #expect(controller.viewControllers?.first === pages.pages[1])
            #expect(pages.pages[0].parent == nil && pages.pages[0].viewIfLoaded?.superview == nil)
            #expect(dots(controller)?.currentPage == 1)
            // In code, the delegate is not told (as on iOS).
            #expect(pages.finished.isEmpty)
            window.isHidden = true
        }
    }

    @Test func aSwipeTurnsOrGoesBack() {
        withManualClock { clock in
            let pages = Pages()
            let controller = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal)
            #expect(controller.spineLocation == .min)
            controller.dataSource = pages
            controller.delegate = pages
            controller.setViewControllers([pages.pages[0]], direction: .forward, animated: false)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = controller
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            // A short drag right to left comes back.
            window.drag(from: CGPoint(x: 300, y: 400), to: CGPoint(x: 250, y: 400), duration: 0.5, steps: 10)
            CATransaction.flush()
            clock.advance(by: 1)
            CATransaction.flush()
            #expect(controller.viewControllers?.first === pages.pages[0])
            #expect(pages.pending.first === pages.pages[1])
            #expect(pages.finished.last.map { $0.1 } == false)
            // A long one turns.
            window.drag(from: CGPoint(x: 350, y: 400), to: CGPoint(x: 60, y: 400), duration: 0.3, steps: 10)
            CATransaction.flush()
            clock.advance(by: 1)
            CATransaction.flush()
            #expect(controller.viewControllers?.first === pages.pages[1])
            #expect(pages.finished.last.map { $0.1 } == true)
            #expect(pages.pages[1].view.frame == window.bounds)
            // The first page has nothing before it: a drag the other way does not turn back past it.
            window.drag(from: CGPoint(x: 60, y: 400), to: CGPoint(x: 350, y: 400), duration: 0.3, steps: 10)
            CATransaction.flush()
            clock.advance(by: 1)
            CATransaction.flush()
            window.drag(from: CGPoint(x: 60, y: 400), to: CGPoint(x: 350, y: 400), duration: 0.3, steps: 10)
            CATransaction.flush()
            clock.advance(by: 1)
            CATransaction.flush()
            #expect(controller.viewControllers?.first === pages.pages[0])
            window.isHidden = true
        }
    }
}
