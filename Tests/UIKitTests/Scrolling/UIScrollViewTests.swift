import Foundation
import Testing
import UIKit

/// Records a scroll view's delegate calls in order.
@MainActor
final class ScrollLog: UIScrollViewDelegate {
    var entries: [String] = []
    var offsets: [CGPoint] = []
    var releaseOffset: CGPoint?
    var releaseVelocity: CGPoint?
    var projectedTarget: CGPoint?
    /// A target the delegate answers with instead of the projected one.
    var retarget: CGPoint?

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        offsets.append(scrollView.contentOffset)
        if entries.last != "scroll" { entries.append("scroll") }
    }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { entries.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        entries.append("willEndDragging")
        releaseOffset = scrollView.contentOffset
        releaseVelocity = velocity
        projectedTarget = targetContentOffset.pointee
        if let retarget { targetContentOffset.pointee = retarget }
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        entries.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { entries.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { entries.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { entries.append("didEndScrollingAnimation") }
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView) { entries.append("didScrollToTop") }
}

/// UIScrollView on scripted touches and the manual clock: offsets (on the 3× pixel grid while
/// the content moves by itself or with a finger), the delegate's order, and the physics iOS
/// is measured to follow — deceleration by `decelerationRate` per
/// millisecond (so a release at v points per second travels v / (−1000·ln rate)), the rubber
/// band (1 − 1 / (x·0.55 / d + 1))·d, paging to the next page on a flick.
@MainActor
@Suite struct UIScrollViewTests {
    /// A 200 × 200 scroll view filling the window, its content `content` large.
    private func scrollView(in window: UIWindow, content: CGSize) -> (UIScrollView, ScrollLog) {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        scrollView.contentSize = content
        let log = ScrollLog()
        scrollView.delegate = log
        window.addSubview(scrollView)
        return (scrollView, log)
    }

    /// `value` on the 3× screen's pixel grid, where scrolling puts the content.
    private func pixel(_ value: Double) -> Double { (value * 3).rounded() / 3 }

    /// How far a release at `velocity` (points per second) travels at `rate` per millisecond.
    private func travel(_ velocity: Double, rate: Double = 0.998) -> Double {
        velocity / (-1000 * log(rate))
    }

    @Test func theContentOffsetIsTheBoundsOrigin() {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let log = ScrollLog()
        scrollView.delegate = log
        #expect(scrollView.clipsToBounds)
        #expect(scrollView.decelerationRate == .normal && UIScrollView.DecelerationRate.normal.rawValue == 0.998)
        #expect(UIScrollView.DecelerationRate.fast.rawValue == 0.99)
        #expect(scrollView.bounces && scrollView.isScrollEnabled && !scrollView.isPagingEnabled)
        #expect(scrollView.delaysContentTouches && scrollView.canCancelContentTouches && scrollView.scrollsToTop)
        #expect(scrollView.contentInsetAdjustmentBehavior == .automatic)
        let child = UIView(frame: CGRect(x: 10, y: 300, width: 20, height: 20))
        scrollView.addSubview(child)
        scrollView.contentOffset = CGPoint(x: 0, y: 250)
        #expect(scrollView.bounds == CGRect(x: 0, y: 250, width: 100, height: 100))
        #expect(child.convert(CGPoint.zero, to: scrollView) == CGPoint(x: 10, y: 300))
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        container.addSubview(scrollView)
        #expect(scrollView.convert(CGPoint(x: 10, y: 300), to: container) == CGPoint(x: 10, y: 50))
        scrollView.bounds.origin = CGPoint(x: 0, y: 260)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 260))
        #expect(log.offsets == [CGPoint(x: 0, y: 250), CGPoint(x: 0, y: 260)])
        // Setting the same offset again is no scroll.
        scrollView.contentOffset = CGPoint(x: 0, y: 260)
        #expect(log.offsets.count == 2)
        scrollView.contentInset = UIEdgeInsets(top: 20, left: 0, bottom: 10, right: 0)
        #expect(scrollView.adjustedContentInset == UIEdgeInsets(top: 20, left: 0, bottom: 10, right: 0))
    }

    @Test func aDragMovesTheContentAndDeceleratesToTheProjectedOffset() {
        withWindow { window, clock in
            let (scrollView, log) = scrollView(in: window, content: CGSize(width: 200, height: 1000))
            // Up 100 points in ten steps over 0.3 s: the pan begins after 10 points, so the
            // content follows the other 90.
            window.drag(from: CGPoint(x: 100, y: 150), to: CGPoint(x: 100, y: 50))
            #expect(log.releaseOffset == CGPoint(x: 0, y: 90))
            // 10 points per 0.03 s: 1/3 point per millisecond, in the offset's direction.
            let velocity = try! #require(log.releaseVelocity)
            #expect(abs(velocity.y - 1.0 / 3) < 1e-9 && velocity.x == 0)
            let expected = 90 + travel(1000.0 / 3)
            #expect(abs(Double(log.projectedTarget!.y) - pixel(expected)) < 1e-9)
            #expect(log.entries == ["willBeginDragging", "scroll", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating"])
            #expect(scrollView.isDecelerating && !scrollView.isDragging && !scrollView.isTracking)
            // A second later the velocity is 0.998^1000 of the release's.
            clock.advance(by: 1)
            let afterOne = 90 + travel(1000.0 / 3) * (1 - pow(0.998, 1000))
            #expect(abs(Double(scrollView.contentOffset.y) - pixel(afterOne)) < 1e-9)
            for _ in 0..<600 { clock.advance(by: 1.0 / 60) }
            #expect(abs(Double(scrollView.contentOffset.y) - pixel(expected)) < 1e-9)
            #expect(!scrollView.isDecelerating)
            #expect(log.entries.suffix(2) == ["scroll", "didEndDecelerating"])
            // The fast rate stops sooner: a tenth of the travel at 0.99.
            #expect(abs(travel(1000, rate: 0.99) - 1000 / (-1000 * Foundation.log(0.99))) < 1e-12)
        }
    }

    @Test func pullingPastAnEdgeRubberBandsAndSpringsBack() {
        withWindow { window, clock in
            let (scrollView, log) = scrollView(in: window, content: CGSize(width: 200, height: 1000))
            // Down 150 points slowly: 140 past the top once the pan begins.
            window.drag(from: CGPoint(x: 100, y: 20), to: CGPoint(x: 100, y: 170), duration: 3, steps: 15)
            let banded = -(1 - 1 / (140 * 0.55 / 200 + 1)) * 200
            #expect(abs(Double(log.releaseOffset!.y) - pixel(banded)) < 1e-9)
            // Released past the edge, it rests at the edge.
            #expect(log.projectedTarget == .zero)
            #expect(log.entries.contains("didEndDragging(true)"))
            for _ in 0..<120 { clock.advance(by: 1.0 / 60) }
            #expect(scrollView.contentOffset == .zero)
            #expect(log.entries.last == "didEndDecelerating")
            // Without bouncing the content stops at the edge.
            scrollView.bounces = false
            log.entries.removeAll()
            window.drag(from: CGPoint(x: 100, y: 20), to: CGPoint(x: 100, y: 170), duration: 3, steps: 15)
            #expect(log.releaseOffset == .zero)
            #expect(log.entries == ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
        }
    }

    @Test func aFlingPastTheEndOvershootsAndComesBack() {
        withWindow { window, clock in
            let (scrollView, log) = scrollView(in: window, content: CGSize(width: 200, height: 400))
            scrollView.contentOffset = CGPoint(x: 0, y: 50)
            // A fast flick up (1,000 points a second) from 140 would carry 500 points further:
            // past the end (200).
            window.drag(from: CGPoint(x: 100, y: 150), to: CGPoint(x: 100, y: 50), duration: 0.1, steps: 10)
            #expect(log.projectedTarget == CGPoint(x: 0, y: 200))
            var highest: CGFloat = 0
            for _ in 0..<180 {
                clock.advance(by: 1.0 / 60)
                highest = max(highest, scrollView.contentOffset.y)
            }
            #expect(highest > 200)
            #expect(scrollView.contentOffset == CGPoint(x: 0, y: 200))
            #expect(log.entries.last == "didEndDecelerating")
        }
    }

    @Test func catchingMovingContentStopsIt() {
        withWindow { window, clock in
            let (scrollView, log) = scrollView(in: window, content: CGSize(width: 200, height: 5000))
            window.drag(from: CGPoint(x: 100, y: 150), to: CGPoint(x: 100, y: 50))
            clock.advance(by: 0.2)
            let caught = scrollView.contentOffset
            window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: 100, y: 100), phase: .began)])
            #expect(!scrollView.isDecelerating && scrollView.isTracking)
            clock.advance(by: 0.5)
            #expect(scrollView.contentOffset == caught)
            window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: 100, y: 100), phase: .ended)])
            #expect(!scrollView.isTracking)
            clock.advance(by: 1)
            #expect(scrollView.contentOffset == caught)
            // Caught, it never finished decelerating.
            #expect(!log.entries.contains("didEndDecelerating"))
        }
    }

    @Test func pagingSettlesOnPages() {
        withWindow { window, clock in
            let (scrollView, log) = scrollView(in: window, content: CGSize(width: 1000, height: 200))
            scrollView.isPagingEnabled = true
            // A quick flick left of 60 points goes on to the next page.
            window.drag(from: CGPoint(x: 150, y: 100), to: CGPoint(x: 90, y: 100), duration: 0.1, steps: 6)
            #expect(log.projectedTarget == CGPoint(x: 200, y: 0))
            for _ in 0..<90 { clock.advance(by: 1.0 / 60) }
            #expect(scrollView.contentOffset == CGPoint(x: 200, y: 0))
            // A slow drag less than half a page comes back.
            window.drag(from: CGPoint(x: 150, y: 100), to: CGPoint(x: 70, y: 100), duration: 2, steps: 20)
            #expect(log.projectedTarget == CGPoint(x: 200, y: 0))
            for _ in 0..<90 { clock.advance(by: 1.0 / 60) }
            #expect(scrollView.contentOffset == CGPoint(x: 200, y: 0))
            // A slow drag past half a page goes on.
            window.drag(from: CGPoint(x: 190, y: 100), to: CGPoint(x: 40, y: 100), duration: 3, steps: 30)
            #expect(log.projectedTarget == CGPoint(x: 400, y: 0))
            for _ in 0..<90 { clock.advance(by: 1.0 / 60) }
            #expect(scrollView.contentOffset == CGPoint(x: 400, y: 0))
            #expect(log.entries.last == "didEndDecelerating")
        }
    }

    @Test func theDelegatesTargetIsHonoured() {
        withWindow { window, clock in
            let (scrollView, log) = scrollView(in: window, content: CGSize(width: 200, height: 2000))
            log.retarget = CGPoint(x: 0, y: 400)
            window.drag(from: CGPoint(x: 100, y: 150), to: CGPoint(x: 100, y: 50))
            for _ in 0..<300 { clock.advance(by: 1.0 / 60) }
            #expect(scrollView.contentOffset == CGPoint(x: 0, y: 400))
            #expect(log.entries.last == "didEndDecelerating")
        }
    }

    @Test func animatedOffsetsEaseThereAndSayWhenTheyArrive() {
        withWindow { window, clock in
            let (scrollView, log) = scrollView(in: window, content: CGSize(width: 200, height: 1000))
            scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
            #expect(scrollView.contentOffset == .zero)
            clock.advance(by: 0.15)
            // Half the time, half the way (the curve is symmetric).
            #expect(abs(scrollView.contentOffset.y - 150) < 1e-9)
            clock.advance(by: 0.2)
            #expect(scrollView.contentOffset == CGPoint(x: 0, y: 300))
            #expect(log.entries == ["scroll", "didEndScrollingAnimation"])
            // Not animated: there at once, and no animation ends.
            log.entries.removeAll()
            scrollView.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
            clock.advance(by: 1)
            #expect(scrollView.contentOffset == CGPoint(x: 0, y: 10))
            #expect(log.entries == ["scroll"])
        }
    }

    @Test func scrollRectToVisibleMovesTheLeast() {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        scrollView.contentSize = CGSize(width: 200, height: 1000)
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 500, width: 10, height: 50), animated: false)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 350))
        // Already visible: no move.
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 400, width: 10, height: 50), animated: false)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 350))
        // Above: its top comes to the top.
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 100, width: 10, height: 50), animated: false)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 100))
        // Never past the end of the content.
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 990, width: 10, height: 50), animated: false)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 800))
    }

    @Test func nestedScrollViewsHandOverByDirection() {
        withWindow { window, _ in
            let (outer, _) = scrollView(in: window, content: CGSize(width: 200, height: 1000))
            let inner = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            inner.contentSize = CGSize(width: 800, height: 100)
            outer.addSubview(inner)
            // Vertical on the inner (which only scrolls sideways): the outer scrolls.
            window.drag(from: CGPoint(x: 100, y: 80), to: CGPoint(x: 100, y: 20), duration: 2, steps: 12)
            #expect(inner.contentOffset == .zero)
            #expect(outer.contentOffset.y == 50)
            outer.contentOffset = .zero
            // Sideways: the inner scrolls.
            window.drag(from: CGPoint(x: 150, y: 50), to: CGPoint(x: 90, y: 50), duration: 2, steps: 12)
            #expect(inner.contentOffset.x == 50)
            #expect(outer.contentOffset == .zero)
        }
    }

    @Test func directionalLockKeepsADragOnItsAxis() {
        withWindow { window, _ in
            let (scrollView, _) = scrollView(in: window, content: CGSize(width: 1000, height: 1000))
            scrollView.isDirectionalLockEnabled = true
            window.drag(along: [CGPoint(x: 100, y: 150), CGPoint(x: 100, y: 130), CGPoint(x: 90, y: 100), CGPoint(x: 80, y: 60)], duration: 4)
            #expect(scrollView.contentOffset.x == 0)
            #expect(scrollView.contentOffset.y == 70)
        }
    }

    @Test func theWheelScrollsWithinTheContent() {
        withWindow { window, clock in
            let (scrollView, log) = scrollView(in: window, content: CGSize(width: 200, height: 500))
            window.scrollWheel(at: CGPoint(x: 100, y: 100), by: CGVector(dx: 0, dy: -20), notches: 5)
            #expect(scrollView.contentOffset == CGPoint(x: 0, y: 100))
            clock.advance(by: 0.2)
            #expect(log.entries == ["willBeginDragging", "scroll", "willEndDragging", "didEndDragging(false)"])
            // No rubber band from the wheel: it stops at the end.
            window.scrollWheel(at: CGPoint(x: 100, y: 100), by: CGVector(dx: 0, dy: -40), notches: 10)
            #expect(scrollView.contentOffset == CGPoint(x: 0, y: 300))
            clock.advance(by: 0.2)
            #expect(scrollView.contentOffset == CGPoint(x: 0, y: 300))
        }
    }

    @Test func pullToRefresh() {
        withWindow { window, clock in
            // Taller than the window, so that a pull within it stretches the band far enough.
            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 1000))
            scrollView.contentSize = CGSize(width: 200, height: 2000)
            window.addSubview(scrollView)
            let refresh = UIRefreshControl()
            var pulls = 0
            refresh.addAction(UIAction { _ in pulls += 1 }, for: .valueChanged)
            scrollView.refreshControl = refresh
            #expect(refresh.superview === scrollView && !refresh.isRefreshing)
            // A long pull down starts refreshing; the content rests below the control.
            // 196 points down, 184 of them past the top: 92 show, past the 88 that trigger.
            window.drag(from: CGPoint(x: 100, y: 2), to: CGPoint(x: 100, y: 198), duration: 3, steps: 49)
            #expect(pulls == 1 && refresh.isRefreshing)
            for _ in 0..<120 { clock.advance(by: 1.0 / 60) }
            #expect(scrollView.adjustedContentInset.top == 60)
            #expect(scrollView.contentOffset == CGPoint(x: 0, y: -60))
            refresh.endRefreshing()
            for _ in 0..<30 { clock.advance(by: 1.0 / 60) }
            #expect(scrollView.adjustedContentInset.top == 0)
            #expect(scrollView.contentOffset == .zero)
            // A short pull does not.
            window.drag(from: CGPoint(x: 100, y: 10), to: CGPoint(x: 100, y: 60), duration: 2, steps: 10)
            #expect(pulls == 1 && !refresh.isRefreshing)
        }
    }

    @Test func indexPathsNameSectionsAndRows() {
        var path = IndexPath(row: 3, section: 1)
        #expect(path.section == 1 && path.row == 3 && path.item == 3)
        #expect(path == IndexPath(item: 3, section: 1) && path == IndexPath(indexes: [1, 3]))
        path.row = 4
        #expect(path == [1, 4])
        #expect(IndexPath(row: 0, section: 2) > IndexPath(row: 5, section: 1))
    }
}

/// Auto Layout inside scroll views: edges seen from inside are the content's, the content
/// layout guide decides `contentSize`, the frame layout guide stays put while scrolling.
@MainActor
@Suite struct UIScrollViewLayoutTests {
    @Test func constraintsToTheEdgesSizeTheContent() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let scrollView = UIScrollView()
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(scrollView)
        let stack = UIView()
        stack.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(stack)
        NSLayoutConstraint.activate([
            scrollView.topAnchor.constraint(equalTo: root.topAnchor),
            scrollView.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            scrollView.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            // The classic pattern: pinned to the scroll view's edges (the content area), as
            // wide as the scroll view's frame, 1,200 tall.
            stack.topAnchor.constraint(equalTo: scrollView.topAnchor, constant: 10),
            stack.leadingAnchor.constraint(equalTo: scrollView.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: scrollView.trailingAnchor),
            stack.bottomAnchor.constraint(equalTo: scrollView.bottomAnchor, constant: -20),
            stack.widthAnchor.constraint(equalTo: scrollView.widthAnchor),
            stack.heightAnchor.constraint(equalToConstant: 1200),
        ])
        root.layoutIfNeeded()
        #expect(scrollView.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(stack.frame == CGRect(x: 0, y: 10, width: 320, height: 1200))
        #expect(scrollView.contentSize == CGSize(width: 320, height: 1230))
        #expect(scrollView.contentLayoutGuide.layoutFrame == CGRect(x: 0, y: 0, width: 320, height: 1230))
        // Scrolling moves neither the frames nor the content size.
        scrollView.contentOffset = CGPoint(x: 0, y: 300)
        root.layoutIfNeeded()
        #expect(stack.frame == CGRect(x: 0, y: 10, width: 320, height: 1200))
        #expect(scrollView.contentSize == CGSize(width: 320, height: 1230))
    }

    @Test func theLayoutGuidesSizeTheContentAndHoldViewsInPlace() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let scrollView = UIScrollView(frame: root.bounds)
        root.addSubview(scrollView)
        let content = UIView(), badge = UIView()
        for view in [content, badge] {
            view.translatesAutoresizingMaskIntoConstraints = false
            scrollView.addSubview(view)
        }
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor),
            content.leadingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.trailingAnchor),
            content.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor),
            content.widthAnchor.constraint(equalTo: scrollView.frameLayoutGuide.widthAnchor),
            content.heightAnchor.constraint(equalToConstant: 900),
            badge.topAnchor.constraint(equalTo: scrollView.frameLayoutGuide.topAnchor, constant: 8),
            badge.trailingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.trailingAnchor, constant: -8),
            badge.widthAnchor.constraint(equalToConstant: 30),
            badge.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        #expect(scrollView.contentSize == CGSize(width: 320, height: 900))
        #expect(badge.frame == CGRect(x: 282, y: 8, width: 30, height: 30))
        // The badge keeps its place on screen: in the content it moves with the offset.
        scrollView.contentOffset = CGPoint(x: 0, y: 250)
        root.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 282, y: 258, width: 30, height: 30))
        #expect(badge.convert(CGPoint.zero, to: root) == CGPoint(x: 282, y: 8))
        #expect(scrollView.frameLayoutGuide.layoutFrame == CGRect(x: 0, y: 250, width: 320, height: 480))
        // A content size set by hand is kept when nothing inside decides it.
        let plain = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        plain.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(plain)
        NSLayoutConstraint.activate([plain.topAnchor.constraint(equalTo: root.topAnchor), plain.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                     plain.widthAnchor.constraint(equalToConstant: 100), plain.heightAnchor.constraint(equalToConstant: 100)])
        root.layoutIfNeeded()
        plain.contentSize = CGSize(width: 100, height: 5000)
        root.setNeedsLayout()
        root.layoutIfNeeded()
        plain.setNeedsLayout()
        plain.layoutIfNeeded()
        #expect(plain.contentSize == CGSize(width: 100, height: 5000))
    }
}

/// Touches on a scroll view's content wait while the scroll view decides whether they drag.
@MainActor
@Suite struct ContentTouchDelayTests {
    private func setUp(_ window: UIWindow, delays: Bool) -> (UIScrollView, EventLog) {
        let scrollView = UIScrollView(frame: window.bounds)
        scrollView.contentSize = CGSize(width: 200, height: 1000)
        scrollView.delaysContentTouches = delays
        let content = LoggingView(frame: CGRect(x: 0, y: 0, width: 200, height: 1000))
        let log = EventLog()
        content.log = log
        content.name = "content"
        scrollView.addSubview(content)
        window.addSubview(scrollView)
        return (scrollView, log)
    }

    @Test func aTapReachesTheContentWhenItLifts() {
        withWindow { window, _ in
            let (_, log) = setUp(window, delays: true)
            window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: 100, y: 100), phase: .began)])
            #expect(log.entries.isEmpty, "held while a drag may begin")
            window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: 100, y: 100), phase: .ended)])
            #expect(log.entries == ["content began 1", "content ended"])
        }
    }

    @Test func aPressReachesTheContentAfterTheWait() {
        withWindow { window, clock in
            let (_, log) = setUp(window, delays: true)
            window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: 100, y: 100), phase: .began)])
            clock.advance(by: 0.1)
            #expect(log.entries.isEmpty)
            clock.advance(by: 0.1)
            #expect(log.entries == ["content began 1"])
            window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: 100, y: 100), phase: .ended)])
            #expect(log.entries == ["content began 1", "content ended"])
        }
    }

    @Test func aQuickDragNeverReachesTheContent() {
        withWindow { window, _ in
            let (scrollView, log) = setUp(window, delays: true)
            window.drag(from: CGPoint(x: 100, y: 150), to: CGPoint(x: 100, y: 50), duration: 0.1)
            #expect(scrollView.contentOffset.y > 0)
            #expect(log.entries.isEmpty)
        }
    }

    @Test func withoutTheDelayADragCancelsTheContentsTouches() {
        withWindow { window, _ in
            let (scrollView, log) = setUp(window, delays: false)
            window.drag(from: CGPoint(x: 100, y: 150), to: CGPoint(x: 100, y: 50), duration: 0.1)
            #expect(scrollView.contentOffset.y > 0)
            #expect(log.entries.first == "content began 1")
            #expect(log.entries.last == "content cancelled")
        }
    }
}
