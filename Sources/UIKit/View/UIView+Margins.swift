import Foundation

extension UIView {
    /// Whether the view's margins are widened to keep content inside its superview's margins
    /// where its edges come closer to the superview's than those margins (false by default).
    public var preservesSuperviewLayoutMargins: Bool {
        get { layoutState.preservesSuperviewMargins }
        set {
            guard newValue != layoutState.preservesSuperviewMargins else { return }
            layoutState.preservesSuperviewMargins = newValue
            marginsDidChange()
        }
    }

    /// Whether margins that reach outside the safe area are moved inside it (true by default).
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { constraintState?.insetsMarginsFromSafeArea ?? true }
        set {
            guard newValue != insetsLayoutMarginsFromSafeArea else { return }
            layoutState.insetsMarginsFromSafeArea = newValue
            marginsDidChange()
        }
    }

    /// The margins in effect: the view's own measured from its safe area's edges, then each
    /// side at least what keeps content inside the superview's margins when preserving them.
    var effectiveLayoutMargins: UIEdgeInsets {
        var margins = storedLayoutMargins
        let state = constraintState
        if state?.insetsMarginsFromSafeArea ?? true {
            let safe = safeAreaInsets
            if safe != .zero {
                margins.top += safe.top
                margins.left += safe.left
                margins.bottom += safe.bottom
                margins.right += safe.right
            }
        }
        if state?.preservesSuperviewMargins == true, let superview, transform.isIdentity {
            // 1. The superview's margin rectangle, in its bounds' space.
            let inner = superview.bounds.inset(by: superview.layoutMargins)
            // 2. Each side of this view must reach at least as far in as that rectangle.
            let f = frame
            margins.top = Swift.max(margins.top, inner.minY - f.minY)
            margins.left = Swift.max(margins.left, inner.minX - f.minX)
            margins.bottom = Swift.max(margins.bottom, f.maxY - inner.maxY)
            margins.right = Swift.max(margins.right, f.maxX - inner.maxX)
        }
        return margins
    }

    /// The view's margins (may have) changed: its guides and the subviews preserving its
    /// margins follow, and `layoutMarginsDidChange()` is told.
    func marginsDidChange() {
        noteGuidesChanged()
        layoutMarginsDidChange()
        for subview in storedSubviews where subview.constraintState?.preservesSuperviewMargins == true {
            subview.marginsDidChange()
        }
    }

    /// Rows of the view's margin, readable-content and safe-area guides are solved again.
    func noteGuidesChanged() {
        guard let state = constraintState else { return }
        let engine = state.itemEngine ?? layoutRoot.constraintState?.engine
        guard let engine else { return }
        engine.noteItemChanged(self)
        for guide in state.madeSystemGuides { engine.noteItemChanged(guide) }
    }
}
