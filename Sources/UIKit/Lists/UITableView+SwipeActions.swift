import Foundation

/// Swipe actions: a horizontal pan on a row pulls its content aside and uncovers the actions
/// the delegate gives for that edge (trailing: the standard Delete when it gives none and the
/// row can be deleted). Released past half the buttons' width (or flicked), the row stays
/// open; pulled past the full-swipe point, the first action is performed. A tap on a button
/// performs its action; a tap elsewhere, a scroll or an update closes the row. The table is
/// editing (`isEditing`) while a row is open, between `tableView(_:willBeginEditingRowAt:)`
/// and `tableView(_:didEndEditingRowAt:)`.
extension UITableView {
    /// How far past which a release performs the first action (a share of the row's width).
    /// - Note: Differs from Apple: the full-swipe point is not published; Lamina uses 60 % of
    ///   the row's width (or the buttons' width plus 60 points, when wider).
    static let fullSwipeShare: CGFloat = 0.6

    /// The actions for `edge` of the row at `path`; nil when that edge has none.
    func swipeConfiguration(at path: IndexPath, edge: SwipeActionsView.Edge) -> UISwipeActionsConfiguration? {
        let configuration: UISwipeActionsConfiguration?
        switch edge {
        case .leading:
            configuration = tableDelegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: path)
        case .trailing:
            if let given = tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: path) {
                configuration = given
            } else {
                configuration = standardDeleteConfiguration(at: path)
            }
        }
        guard let configuration, !configuration.actions.isEmpty else { return nil }
        return configuration
    }

    /// The standard Delete action: commits a delete through the data source.
    /// - Note: Differs from Apple: Swift cannot tell whether a data source implements
    ///   `tableView(_:commit:forRowAt:)`, so every editable row whose editing style is
    ///   `.delete` offers it (Apple offers it only when the data source implements that method).
    private func standardDeleteConfiguration(at path: IndexPath) -> UISwipeActionsConfiguration? {
        guard let dataSource, dataSource.tableView(self, canEditRowAt: path),
              (tableDelegate?.tableView(self, editingStyleForRowAt: path) ?? .delete) == .delete else { return nil }
        let title = tableDelegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: path) ?? "Delete"
        let delete = UIContextualAction(style: .destructive, title: title) { [weak self] _, _, done in
            guard let self else { return done(false) }
            self.dataSource?.tableView(self, commit: .delete, forRowAt: path)
            done(true)
        }
        return UISwipeActionsConfiguration(actions: [delete])
    }

    /// Whether a horizontal pan starting at `point` moving by `dx` may pull a row.
    func swipeMayBegin(at point: CGPoint, dx: CGFloat) -> Bool {
        guard !isEditing || swipe != nil, let path = indexPathForRow(at: point) else { return false }
        if let swipe, swipe.path == path { return true }
        return swipeConfiguration(at: path, edge: dx < 0 ? .trailing : .leading) != nil
    }

    func handleSwipePan(_ recognizer: UIGestureRecognizer) {
        guard let pan = recognizer as? UIPanGestureRecognizer else { return }
        switch pan.state {
        case .began: beginSwipe(pan)
        case .changed: moveSwipe(pan)
        case .ended: endSwipe(pan, cancelled: false)
        case .cancelled, .failed: endSwipe(pan, cancelled: true)
        default: break
        }
    }

    private func beginSwipe(_ pan: UIPanGestureRecognizer) {
        let dx = pan.translation(in: self).x
        guard let start = swipeRecognizer.startLocation, let path = indexPathForRow(at: start),
              let cell = cellForRow(at: path) else { return }
        if let open = swipe, open.path != path { closeSwipe(animated: true) }
        if let open = swipe, open.path == path {
            open.startOffset = cell.swipeOffset
            return
        }
        let edge: SwipeActionsView.Edge = dx < 0 ? .trailing : .leading
        guard let configuration = swipeConfiguration(at: path, edge: edge) else { return }
        tableDelegate?.tableView(self, willBeginEditingRowAt: path)
        let actions = SwipeActionsView(edge: edge, configuration: configuration)
        actions.onTap = { [weak self] button in self?.perform(button.action, from: button) }
        cell.swipeActionsView = actions
        swipe = TableSwipe(path: path, cell: cell, actions: actions, restingOffset: contentOffset)
        isEditing = true
    }

    private func moveSwipe(_ pan: UIPanGestureRecognizer) {
        guard let swipe else { return }
        let raw = swipe.startOffset + pan.translation(in: self).x
        // The row moves only towards the side its actions are on.
        let sign: CGFloat = swipe.actions.edge == .trailing ? -1 : 1
        let pulled = Swift.max(0, raw * sign)
        let width = swipe.cell.bounds.width
        let natural = swipe.actions.naturalWidth
        let distance: CGFloat
        if swipe.actions.configuration.performsFirstActionWithFullSwipe || pulled <= natural {
            distance = Swift.min(pulled, width)
        } else {
            // Past the buttons, without a full swipe, the row resists (the scroll view's band).
            distance = natural + CGFloat(ScrollPhysics.rubberBand(Double(pulled - natural), dimension: Double(width)))
        }
        swipe.actions.coversWithFirstAction = swipe.actions.configuration.performsFirstActionWithFullSwipe
            && distance >= fullSwipePoint(swipe)
        setSwipeOffset(distance * sign, of: swipe)
    }

    /// Pulled this far, a release performs the first action.
    private func fullSwipePoint(_ swipe: TableSwipe) -> CGFloat {
        Swift.max(swipe.cell.bounds.width * UITableView.fullSwipeShare, swipe.actions.naturalWidth + 60)
    }

    private func endSwipe(_ pan: UIPanGestureRecognizer, cancelled: Bool) {
        guard let swipe else { return }
        let sign: CGFloat = swipe.actions.edge == .trailing ? -1 : 1
        let pulled = swipe.cell.swipeOffset * sign
        let outward = pan.velocity(in: self).x * sign
        if cancelled {
            closeSwipe(animated: true)
        } else if swipe.actions.coversWithFirstAction, let first = swipe.actions.buttons.first {
            // A full swipe: the row slides all the way, then the first action runs.
            animateSwipe(to: swipe.cell.bounds.width * sign, of: swipe)
            perform(first.action, from: first)
        } else if outward > 300 || (outward > -300 && pulled > swipe.actions.naturalWidth / 2) {
            animateSwipe(to: swipe.actions.naturalWidth * sign, of: swipe)
        } else {
            closeSwipe(animated: true)
        }
    }

    /// Runs `action`'s handler; when it completes, the row closes (a destructive action that
    /// deleted its row leaves with the row).
    private func perform(_ action: UIContextualAction, from button: SwipeActionButton) {
        guard let swipe, !swipe.performing else { return }
        swipe.performing = true
        action.handler(action, button) { [weak self, weak swipe] _ in
            MainActor.assumeIsolated {
                guard let self, let swipe, self.swipe === swipe else { return }
                self.closeSwipe(animated: true)
            }
        }
    }

    /// Closes the open row, if any, and ends the swipe's editing.
    func closeSwipe(animated: Bool) {
        guard let swipe else { return }
        self.swipe = nil
        let cell = swipe.cell
        if animated && window != nil {
            UIView.animate(withDuration: TableSwipe.closeDuration, delay: 0, options: [.curveEaseOut, .beginFromCurrentState, .allowUserInteraction], animations: {
                cell.swipeOffset = 0
                cell.layoutIfNeeded()
            }, completion: { _ in
                if cell.swipeOffset == 0 { cell.swipeActionsView = nil }
            })
        } else {
            UIView.performWithoutAnimation {
                cell.swipeOffset = 0
                cell.swipeActionsView = nil
                cell.layoutIfNeeded()
            }
        }
        isEditing = false
        tableDelegate?.tableView(self, didEndEditingRowAt: swipe.path)
    }

    /// Forgets the open row without moving it (it is leaving: deleted or reused).
    func dropSwipe(of cell: UITableViewCell) {
        guard let swipe, swipe.cell === cell else { return }
        self.swipe = nil
        isEditing = false
        tableDelegate?.tableView(self, didEndEditingRowAt: swipe.path)
    }

    private func setSwipeOffset(_ offset: CGFloat, of swipe: TableSwipe) {
        UIView.performWithoutAnimation {
            swipe.cell.swipeOffset = offset
            swipe.cell.layoutIfNeeded()
        }
    }

    private func animateSwipe(to offset: CGFloat, of swipe: TableSwipe) {
        UIView.animate(withDuration: TableSwipe.openDuration, delay: 0, options: [.curveEaseOut, .beginFromCurrentState, .allowUserInteraction], animations: {
            swipe.cell.swipeOffset = offset
            swipe.cell.layoutIfNeeded()
        })
    }
}

/// The row a swipe holds open: its cell, the actions beside it, and where the pan started.
@MainActor
final class TableSwipe {
    static let openDuration: TimeInterval = 0.3
    static let closeDuration: TimeInterval = 0.3

    let path: IndexPath
    let cell: UITableViewCell
    let actions: SwipeActionsView
    /// The content offset when the row opened: scrolling away from it closes the row.
    let restingOffset: CGPoint
    var startOffset: CGFloat = 0
    /// Whether an action is running (a second tap waits for it).
    var performing = false

    init(path: IndexPath, cell: UITableViewCell, actions: SwipeActionsView, restingOffset: CGPoint) {
        self.path = path
        self.cell = cell
        self.actions = actions
        self.restingOffset = restingOffset
    }
}

/// The table's swipe pan: it begins only for mostly horizontal movement on a row with actions
/// that way (else it fails, leaving the touch to scrolling and selection).
@MainActor
final class TableSwipeRecognizer: UIPanGestureRecognizer {
    private var table: UITableView? { view as? UITableView }
    private var firstLocation: CGPoint?
    /// Where the touch came down (table coordinates).
    var startLocation: CGPoint? { firstLocation }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if firstLocation == nil, let table, let touch = touches.first { firstLocation = touch.location(in: table) }
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, let table, let firstLocation, let touch = touches.first {
            let now = touch.location(in: table)
            let dx = now.x - firstLocation.x, dy = now.y - firstLocation.y
            if hypot(dx, dy) >= UIPanGestureRecognizer.hysteresis {
                guard Swift.abs(dx) > Swift.abs(dy), table.swipeMayBegin(at: firstLocation, dx: dx) else {
                    state = .failed
                    return
                }
            }
        }
        super.touchesMoved(touches, with: event)
    }

    override func reset() {
        super.reset()
        firstLocation = nil
    }
}
