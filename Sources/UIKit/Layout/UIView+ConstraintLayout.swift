import Foundation

// How views take part in their hierarchy's layout engine: finding it, and taking the frames it
// solves.

extension UIView {
    /// The topmost view above this one (itself when it has no superview).
    var layoutRoot: UIView {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// The engine of this view's hierarchy, made when first needed.
    var layoutEngine: LayoutEngine {
        let root = layoutRoot
        if let engine = root.layoutState.engine { return engine }
        let made = LayoutEngine(root: root)
        root.layoutState.engine = made
        return made
    }

    /// Sets the frames of subviews positioned by constraints from the solved layout of this
    /// hierarchy, rounded to the screen's pixels (`layoutSubviews()`'s default work).
    func applyConstraintLayout() {
        // The root is held for the pass: the engine reads it, and the last other reference to
        // a window can go while a commit lays out what it showed.
        let root = layoutRoot
        withExtendedLifetime(root) { applyConstraintLayout(root: root) }
    }

    private func applyConstraintLayout(root: UIView) {
        let engine: LayoutEngine
        if storedSubviews.contains(where: { !$0.isPlacedByFrame }) {
            engine = layoutEngine
        } else if let own = root.constraintState?.engine, own.hasPendingWork {
            // A view next to a changed input: it solves the change and places what moved.
            engine = own
        } else {
            return
        }
        for subview in storedSubviews where !subview.isPlacedByFrame {
            subview.placeByConstraints(engine)
        }
        // Views elsewhere that the last solution moved are placed now, and their superviews
        // lay out again (as iOS's engine asks when it changes a view's values).
        for view in engine.takeMovedViews() where view.superview !== self {
            let before = view.frame
            view.placeByConstraints(engine)
            if view.frame != before { view.superview?.setNeedsLayout() }
        }
    }

    /// Sets the frame the engine solved for this view, rounded to the screen's pixels.
    func placeByConstraints(_ engine: LayoutEngine) {
        guard let r = engine.rect(of: self), r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let placed = LayoutEngine.snappedFrame(x: r.minX, y: r.minY, width: r.width, height: r.height)
        if frame != placed { frame = placed }
    }
}
