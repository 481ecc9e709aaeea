import Foundation
import Testing
import UIKit

/// A delegate that zooms an image-sized view and logs the zoom callbacks.
@MainActor
final class Zoomer: UIScrollViewDelegate {
    let content = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    var log: [String] = []
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { content }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { log.append("willBegin") }
    func scrollViewDidZoom(_ scrollView: UIScrollView) { if log.last != "zoom" { log.append("zoom") } }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) { log.append("end \(scale)") }
}

/// Zooming: the zoomed view's transform and frame, the content size, the offset that keeps
/// the pinch's centre in place, the limits and the bounce back to them.
@MainActor
@Suite struct ZoomingTests {
    private func zoomable(in window: UIWindow? = nil) -> (UIScrollView, Zoomer) {
        let view = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let zoomer = Zoomer()
        view.addSubview(zoomer.content)
        view.contentSize = zoomer.content.bounds.size
        view.delegate = zoomer
        view.minimumZoomScale = 0.5
        view.maximumZoomScale = 3
        window?.addSubview(view)
        return (view, zoomer)
    }

    @Test func settingTheScaleScalesTheViewAndTheContent() {
        let (view, zoomer) = zoomable()
        #expect(view.pinchGestureRecognizer != nil)
        view.setZoomScale(2, animated: false)
        #expect(view.zoomScale == 2)
        #expect(zoomer.content.frame == CGRect(x: 0, y: 0, width: 400, height: 400))
        #expect(zoomer.content.transform == CGAffineTransform(scaleX: 2, y: 2))
        #expect(view.contentSize == CGSize(width: 400, height: 400))
        // About the middle: the point that was at (100, 100) stays there.
        #expect(view.contentOffset == CGPoint(x: 100, y: 100))
        // Limits hold.
        view.zoomScale = 10
        #expect(view.zoomScale == 3)
        view.zoomScale = 0.1
        #expect(view.zoomScale == 0.5 && view.contentOffset == .zero)
        #expect(zoomer.log.contains("zoom"))
        // Without zooming limits there is no pinch.
        let plain = UIScrollView(frame: .zero)
        #expect(plain.pinchGestureRecognizer == nil)
    }

    @Test func zoomToARectFillsTheViewWithIt() {
        withWindow { window, clock in
            let (view, zoomer) = zoomable(in: window)
            view.maximumZoomScale = 4
            view.zoom(to: CGRect(x: 50, y: 50, width: 50, height: 50), animated: true)
            clock.advance(by: 0.15)
            #expect(view.zoomScale > 1 && view.zoomScale < 4)
            clock.advance(by: 0.2)
            // 200 / 50: scale 4; the rect's centre (75, 75) × 4 in the middle, held to the content.
            #expect(view.zoomScale == 4)
            #expect(view.contentOffset == CGPoint(x: 200, y: 200))
            #expect(zoomer.log.last == "end 4.0")
        }
    }

    @Test func aPinchZoomsAboutItsCentreAndBouncesBackToTheLimit() {
        withWindow { window, clock in
            let (view, zoomer) = zoomable(in: window)
            // Fingers 40 apart spread to 80 about (100, 100): twice the scale.
            window.pinch(center: CGPoint(x: 100, y: 100), from: 40, to: 80)
            #expect(zoomer.log.first == "willBegin")
            #expect(abs(view.zoomScale - 2) < 1e-9)
            #expect(abs(view.contentOffset.x - 100) < 1e-9 && abs(view.contentOffset.y - 100) < 1e-9)
            #expect(zoomer.log.last == "end 2.0")
            // Past the largest scale (2 × 2 = 4 > 3) the pinch resists and springs back to 3.
            window.pinch(center: CGPoint(x: 100, y: 100), from: 40, to: 80)
            #expect(view.zoomScale > 3 && view.zoomScale < 4)
            #expect(view.isZoomBouncing)
            clock.advance(by: 0.4)
            #expect(view.zoomScale == 3 && !view.isZoomBouncing)
            #expect(zoomer.log.last == "end 3.0")
        }
    }
}
