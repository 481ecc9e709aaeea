extension UIView {
    func indexOfSubview(_ view: UIView) -> Int? {
        storedSubviews.identityIndex(of: view)
    }

    /// Where `insertSubview` puts a view's layer among the sublayers.
    enum SubviewPlacement {
        case end
        case index(Int)
        case above(UIView)
        case below(UIView)
    }

    /// Inserts `view` with the UIKit notifications: its layer is placed among this view's
    /// layer's sublayers as iOS places it, and `subviews` then follows the layer order.
    func insertSubview(_ view: UIView, placement requested: SubviewPlacement) {
        // Only a view with subviews can be an ancestor of this one (leaves are checked in O(1)).
        guard view !== self, view.storedSubviews.isEmpty || !isDescendant(of: view) else { return }
        var placement = requested
        switch requested {
        case .above(let sibling), .below(let sibling):
            if sibling.superview !== self || sibling === view { placement = .end }
        default: break
        }
        let isMove = view.superview === self
        let traitsBefore = isMove ? [] : view.traitsBeforeMove()
        let tintBefore = isMove || view.storedTintColor != nil ? nil : view.tintColor
        let oldWindow = view.window
        let newWindow = window
        if !isMove {
            view.willMove(toSuperview: self)
            if oldWindow !== newWindow { view.notifyWillMove(toWindow: newWindow) }
            view.detachFromSuperview(notify: false)
        }
        switch placement {
        case .end:
            layer.addSublayer(view.layer)
        case .index(let index):
            let count = layer.sublayers?.count ?? 0
            layer.insertSublayer(view.layer, at: UInt32(Swift.min(Swift.max(index, 0), count)))
        case .above(let sibling):
            layer.insertSublayer(view.layer, above: sibling.layer)
        case .below(let sibling):
            layer.insertSublayer(view.layer, below: sibling.layer)
        }
        if isMove {
            syncSubviewOrder()
            return
        }
        storedSubviews.append(view)
        view.superview = self
        view.clearTintCaches()
        LayoutEngine.noteStructureChange()
        // Appended at the end of both lists, the order already agrees: only other
        // placements need the O(sublayers) resync.
        if case .end = placement {} else { syncSubviewOrder() }
        view.didMoveToSuperview()
        if oldWindow !== newWindow { view.notifyDidMoveToWindow() }
        didAddSubview(view)
        view.deliverTraitChanges(since: traitsBefore)
        if let tintBefore, !tintBefore.isEqual(view.tintColor) { view.deliverTintChange() }
    }

    /// Orders `subviews` as their layers are ordered among the sublayers (a subview whose
    /// layer was taken out of the layer tree keeps its place at the end).
    func syncSubviewOrder() {
        let sublayers = layer.sublayers ?? []
        var ordered: [UIView] = []
        ordered.reserveCapacity(storedSubviews.count)
        for sublayer in sublayers {
            if let view = sublayer.delegate as? UIView, view.superview === self { ordered.append(view) }
        }
        if ordered.count != storedSubviews.count {
            ordered += storedSubviews.filter { view in !ordered.contains { $0 === view } }
        }
        storedSubviews = ordered
    }

    /// Swaps the places of two subviews' layers among the sublayers (`first` below `second`).
    func exchangeLayers(of first: UIView, _ second: UIView) {
        let sublayers = layer.sublayers ?? []
        guard let secondIndex = sublayers.firstIndex(where: { $0 === second.layer }) else { return }
        let afterSecond = secondIndex + 1 < sublayers.count ? sublayers[secondIndex + 1] : nil
        layer.insertSublayer(second.layer, below: first.layer)
        if let afterSecond {
            layer.insertSublayer(first.layer, below: afterSecond)
        } else {
            layer.addSublayer(first.layer)
        }
        syncSubviewOrder()
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
        removeConstraintsLeavingWith(from: parent)
        parent.storedSubviews.removeFirstIdentical(self)
        superview = nil
        clearTintCaches()
        LayoutEngine.noteStructureChange()
        layer.removeFromSuperlayer()
        if notify {
            didMoveToSuperview()
            if oldWindow != nil { notifyDidMoveToWindow() }
        }
    }

    /// Tells the view and everything below it, each before its subviews (without recursion:
    /// subtrees of any depth).
    func notifyWillMove(toWindow newWindow: UIWindow?) {
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            // A first responder leaving its window resigns, whatever it would say.
            if let old = view.storedWindow, old !== newWindow, old.storedFirstResponder === view {
                view.resignFirstResponderForcibly()
            }
            view.willMove(toWindow: newWindow)
            pending.append(contentsOf: view.storedSubviews.reversed())
        }
    }

    func notifyDidMoveToWindow() {
        // The superview's window is known (cached): no walk up the chain.
        let window = (self as? UIWindow) ?? superview?.window
        // Every view below learns its window first, then each is told (each before its subviews).
        var moved: [UIView] = []
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            view.storedWindow = window
            moved.append(view)
            pending.append(contentsOf: view.storedSubviews.reversed())
        }
        for view in moved {
            if window != nil { view.applyAppearance() }
            view.didMoveToWindow()
            view.owningViewController?.viewDidMoveToWindow(window)
        }
    }
}

extension UIView {
    /// Leaving `parent`, the view takes its subtree out of the constraints installed above it
    /// that relate it to views staying behind, as iOS does: those constraints are removed.
    func removeConstraintsLeavingWith(from parent: UIView) {
        var ancestor: UIView? = parent
        while let host = ancestor {
            if let installed = host.constraintState?.constraints, !installed.isEmpty {
                for constraint in installed where constraint.involves(self) {
                    host.removeConstraint(constraint)
                }
            }
            ancestor = host.superview
        }
    }
}
