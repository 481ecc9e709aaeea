extension UIView {
    func indexOfSubview(_ view: UIView) -> Int? {
        storedSubviews.firstIndex { $0 === view }
    }

    /// Inserts `view` at `requested` (clamped) with the UIKit notifications, mirroring the
    /// order in the layer tree.
    func insertSubviewAt(_ view: UIView, _ requested: Int) {
        guard view !== self, !isDescendant(of: view) else { return }
        var index = requested
        if view.superview === self, let current = indexOfSubview(view) {
            // Reordering within the same superview: no move notifications.
            storedSubviews.remove(at: current)
            if current < index { index -= 1 }
            storedSubviews.insert(view, at: Swift.min(Swift.max(index, 0), storedSubviews.count))
            placeLayer(of: view)
            return
        }
        let oldWindow = view.window
        let newWindow = window
        view.willMove(toSuperview: self)
        if oldWindow !== newWindow { view.notifyWillMove(toWindow: newWindow) }
        view.detachFromSuperview(notify: false)
        storedSubviews.insert(view, at: Swift.min(Swift.max(index, 0), storedSubviews.count))
        view.superview = self
        placeLayer(of: view)
        view.didMoveToSuperview()
        if oldWindow !== newWindow { view.notifyDidMoveToWindow() }
        didAddSubview(view)
    }

    /// Removes the view from its superview; `notify` sends the move notifications.
    func detachFromSuperview(notify: Bool = true) {
        guard let parent = superview else { return }
        let oldWindow = window
        if oldWindow != nil { EventRouter.shared.cancelTouches(inside: self) }
        if notify {
            parent.willRemoveSubview(self)
            willMove(toSuperview: nil)
            if oldWindow != nil { notifyWillMove(toWindow: nil) }
        } else {
            parent.willRemoveSubview(self)
        }
        parent.storedSubviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
        if notify {
            didMoveToSuperview()
            if oldWindow != nil { notifyDidMoveToWindow() }
        }
    }

    /// Puts `view.layer` among this view's layer's sublayers so that the order of subview
    /// layers matches `subviews` (other sublayers stay where they are).
    func placeLayer(of view: UIView) {
        guard let index = indexOfSubview(view) else { return }
        if index + 1 < storedSubviews.count {
            layer.insertSublayer(view.layer, below: storedSubviews[index + 1].layer)
        } else if index > 0 {
            layer.insertSublayer(view.layer, above: storedSubviews[index - 1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
    }

    func notifyWillMove(toWindow newWindow: UIWindow?) {
        willMove(toWindow: newWindow)
        for subview in storedSubviews { subview.notifyWillMove(toWindow: newWindow) }
    }

    func notifyDidMoveToWindow() {
        didMoveToWindow()
        owningViewController?.viewDidMoveToWindow(window)
        for subview in storedSubviews { subview.notifyDidMoveToWindow() }
    }
}
