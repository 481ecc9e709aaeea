import Foundation

extension UIWindow {
    /// The pointer is at `location` (window points) with no button held, or has left the
    /// window (nil): hover recognizers of the views under it, from the hit view up, begin or
    /// change, and those it left end.
    func deliverHover(at location: CGPoint?) {
        var over: [UIHoverGestureRecognizer] = []
        if let location, bounds.contains(location), let hit = hitTest(location, with: nil) {
            var view: UIView? = hit
            while let current = view {
                for case let hover as UIHoverGestureRecognizer in current.gestureRecognizers ?? [] where hover.isEnabled {
                    over.append(hover)
                }
                view = current.superview
            }
        }
        let left = hoveringRecognizers.filter { old in !over.contains { $0 === old } }
        hoveringRecognizers = over
        for hover in left { hover.pointerLeft(at: location) }
        if let location { for hover in over { hover.pointerMoved(to: location) } }
    }

    /// A wheel step of `delta` (the movement a drag would make) at `location`: it drives the
    /// pan it is already driving, else the nearest pan recognizer, from the hit view up, that
    /// allows discrete scrolling.
    func deliverScroll(_ delta: CGPoint, at location: CGPoint, time: TimeInterval) {
        if let pan = scrollingPan, pan.isEnabled, pan.state == .began || pan.state == .changed {
            pan.scrolled(by: delta, at: location, time: time)
            return
        }
        scrollingPan = nil
        guard bounds.contains(location), var view = hitTest(location, with: nil) as UIView? else { return }
        while true {
            for case let pan as UIPanGestureRecognizer in view.gestureRecognizers ?? []
                where pan.isEnabled && pan.allowedScrollTypesMask.contains(.discrete) && pan.numberOfTouches == 0 {
                scrollingPan = pan
                pan.scrolled(by: delta, at: location, time: time)
                return
            }
            guard let parent = view.superview else { return }
            view = parent
        }
    }
}
