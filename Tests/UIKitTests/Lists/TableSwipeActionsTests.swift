import Foundation
import Testing
import UIKit

/// A mail-style inbox written as an app writes one: trailing Delete and Flag, leading Read.
@MainActor
final class Inbox: NSObject, UITableViewDataSource, UITableViewDelegate {
    var messages = (0..<20).map { "Message \($0)" }
    var flagged: Set<String> = []
    var read: Set<String> = []
    var log: [String] = []
    var fullSwipe = true

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        cell.textLabel?.text = messages[indexPath.row]
        return cell
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 60 }

    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, completion in
            guard let self else { return }
            self.log.append("delete \(indexPath.row)")
            self.messages.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .automatic)
            completion(true)
        }
        let flag = UIContextualAction(style: .normal, title: "Flag") { [weak self] _, _, completion in
            guard let self else { return }
            self.log.append("flag \(indexPath.row)")
            self.flagged.insert(self.messages[indexPath.row])
            completion(true)
        }
        flag.backgroundColor = .systemOrange
        let configuration = UISwipeActionsConfiguration(actions: [delete, flag])
        configuration.performsFirstActionWithFullSwipe = fullSwipe
        return configuration
    }

    func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let markRead = UIContextualAction(style: .normal, title: "Read") { [weak self] _, _, completion in
            guard let self else { return }
            self.log.append("read \(indexPath.row)")
            self.read.insert(self.messages[indexPath.row])
            completion(true)
        }
        markRead.backgroundColor = .systemBlue
        return UISwipeActionsConfiguration(actions: [markRead])
    }

    func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) { log.append("willBeginEditing \(indexPath.row)") }
    func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) { log.append("didEndEditing \(indexPath?.row ?? -1)") }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { log.append("didSelect \(indexPath.row)") }
}

@MainActor
@Suite struct TableSwipeActionsTests {
    /// A 390 × 600 window showing `inbox` in a plain table, on a manual clock.
    private func withInbox(_ inbox: Inbox, _ body: (UIWindow, UITableView, CAMediaClock) -> Void) {
        let clock = CAMediaClock(manualTime: 1000)
        clock.withCurrent {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
            let table = UITableView(frame: window.bounds, style: .plain)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "message")
            table.dataSource = inbox
            table.delegate = inbox
            window.addSubview(table)
            window.makeKeyAndVisible()
            table.layoutIfNeeded()
            body(window, table, clock)
            window.isHidden = true
            CATransaction.flush()
        }
    }

    private func row(_ row: Int) -> IndexPath { IndexPath(row: row, section: 0) }

    @Test func aSlowSwipeLeftOpensTheTrailingActions() {
        let inbox = Inbox()
        withInbox(inbox) { window, table, clock in
            // 120 points left over half a second: slower than a flick, past half the buttons.
            window.drag(from: CGPoint(x: 300, y: 90), to: CGPoint(x: 180, y: 90), duration: 0.5, steps: 12)
            clock.advance(by: 0.5)
            let cell = table.cellForRow(at: row(1))!
            #expect(inbox.log == ["willBeginEditing 1"])
            #expect(table.isEditing)
            // The content moved left by the buttons' width and stays there; other rows did not move.
            let opened = cell.contentView.frame.minX
            #expect(opened <= -2 * 74)
            #expect(table.cellForRow(at: row(2))!.contentView.frame.minX == 0)
            clock.advance(by: 1)
            #expect(cell.contentView.frame.minX == opened)
            // The Flag button is the inner one (the first action, Delete, is at the edge).
            window.tap(at: CGPoint(x: 390 + opened + 5, y: 90))
            clock.advance(by: 0.5)
            #expect(inbox.log == ["willBeginEditing 1", "flag 1", "didEndEditing 1"])
            #expect(inbox.flagged == ["Message 1"])
            #expect(cell.contentView.frame.minX == 0)
            #expect(!table.isEditing)
        }
    }

    @Test func tappingDeleteRemovesTheRow() {
        let inbox = Inbox()
        withInbox(inbox) { window, table, clock in
            window.drag(from: CGPoint(x: 300, y: 30), to: CGPoint(x: 160, y: 30), duration: 0.5, steps: 12)
            clock.advance(by: 0.5)
            window.tap(at: CGPoint(x: 385, y: 30))
            clock.advance(by: 1)
            #expect(inbox.log == ["willBeginEditing 0", "delete 0", "didEndEditing 0"])
            #expect(table.numberOfRows(inSection: 0) == 19)
            #expect(table.cellForRow(at: row(0))?.textLabel?.text == "Message 1")
            #expect(table.cellForRow(at: row(0))?.contentView.frame.minX == 0)
            #expect(!table.isEditing)
        }
    }

    @Test func aFullSwipePerformsTheFirstAction() {
        let inbox = Inbox()
        withInbox(inbox) { window, table, clock in
            // Past 60 % of the row's width.
            window.drag(from: CGPoint(x: 380, y: 150), to: CGPoint(x: 60, y: 150), duration: 0.5, steps: 16)
            clock.advance(by: 1)
            #expect(inbox.log == ["willBeginEditing 2", "delete 2", "didEndEditing 2"])
            #expect(inbox.messages.count == 19 && !inbox.messages.contains("Message 2"))
            #expect(table.numberOfRows(inSection: 0) == 19)
        }
    }

    @Test func withoutFullSwipeALongPullResistsAndOnlyOpens() {
        let inbox = Inbox()
        inbox.fullSwipe = false
        withInbox(inbox) { window, table, clock in
            // 320 points left in 16 moves, held before lifting.
            window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: 380, y: 150), phase: .began)])
            for step in 1...16 {
                clock.advance(by: 1.0 / 32)
                window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: 380 - CGFloat(step) * 20, y: 150), phase: .moved)])
            }
            clock.advance(by: 0.5)
            window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: 60, y: 150), phase: .stationary)])
            let cell = table.cellForRow(at: row(2))!
            let pulled = -cell.contentView.frame.minX
            window.sendTouches([UIWindow.TouchSample(location: CGPoint(x: 60, y: 150), phase: .ended)])
            clock.advance(by: 1)
            let opened = -cell.contentView.frame.minX
            #expect(opened >= 2 * 74)
            // Past its buttons the row resists as a scroll view's edge does:
            // (1 − 1 / (x·0.55 / d + 1))·d for x points beyond, d the row's width.
            let beyond = 320 - opened
            let band = (1 - 1 / (beyond * 0.55 / 390 + 1)) * 390
            #expect(abs(pulled - (opened + band)) < 1e-9)
            #expect(inbox.log == ["willBeginEditing 2"])
            #expect(inbox.messages.count == 20)
        }
    }

    @Test func aShortPullSpringsBackAndATapElsewhereCloses() {
        let inbox = Inbox()
        withInbox(inbox) { window, table, clock in
            // 30 points right, slowly: less than half of Read's button.
            window.drag(from: CGPoint(x: 100, y: 90), to: CGPoint(x: 130, y: 90), duration: 0.5, steps: 6)
            clock.advance(by: 0.5)
            #expect(inbox.log == ["willBeginEditing 1", "didEndEditing 1"])
            #expect(table.cellForRow(at: row(1))!.contentView.frame.minX == 0)
            // Opened leading, then a tap on another row closes it and selects nothing.
            inbox.log.removeAll()
            window.drag(from: CGPoint(x: 100, y: 90), to: CGPoint(x: 200, y: 90), duration: 0.5, steps: 10)
            clock.advance(by: 0.5)
            #expect(table.cellForRow(at: row(1))!.contentView.frame.minX >= 74)
            window.tap(at: CGPoint(x: 200, y: 330))
            clock.advance(by: 0.5)
            #expect(inbox.log == ["willBeginEditing 1", "didEndEditing 1"])
            #expect(table.cellForRow(at: row(1))!.contentView.frame.minX == 0)
            #expect(table.indexPathForSelectedRow == nil)
            // The next tap selects as usual.
            window.tap(at: CGPoint(x: 200, y: 330))
            #expect(inbox.log.last == "didSelect 5")
        }
    }

    @Test func scrollingClosesAnOpenRowAndVerticalDragsNeverSwipe() {
        let inbox = Inbox()
        withInbox(inbox) { window, table, clock in
            window.drag(from: CGPoint(x: 300, y: 90), to: CGPoint(x: 180, y: 90), duration: 0.5, steps: 12)
            clock.advance(by: 0.5)
            #expect(table.isEditing)
            window.drag(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 100, y: 300), duration: 0.5, steps: 10)
            clock.advance(by: 3)
            // Layout (the next display frame on a device) sees the scroll and closes the row.
            table.layoutIfNeeded()
            clock.advance(by: 0.5)
            #expect(inbox.log == ["willBeginEditing 1", "didEndEditing 1"])
            #expect(!table.isEditing)
            #expect(table.contentOffset.y > 0)
            #expect(table.visibleCells.allSatisfy { $0.contentView.frame.minX == 0 })
        }
    }
}

/// The classic swipe to delete: a data source that commits deletes gets a Delete button.
@MainActor
final class Groceries: NSObject, UITableViewDataSource {
    var items = ["Apples", "Bread", "Cheese"]
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        cell.textLabel?.text = items[indexPath.row]
        return cell
    }
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { indexPath.row != 2 }
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        if editingStyle == .delete {
            items.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .fade)
        }
    }
}

@MainActor
@Suite struct TableSwipeToDeleteTests {
    @Test func swipeToDeleteCommitsThroughTheDataSource() {
        let clock = CAMediaClock(manualTime: 1000)
        clock.withCurrent {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
            let controller = UITableViewController(style: .plain)
            let groceries = Groceries()
            controller.tableView.register(UITableViewCell.self, forCellReuseIdentifier: "item")
            controller.tableView.dataSource = groceries
            window.rootViewController = controller
            window.makeKeyAndVisible()
            let table = controller.tableView!
            table.layoutIfNeeded()
            // Row 2 cannot be edited: no swipe.
            window.drag(from: CGPoint(x: 300, y: 110), to: CGPoint(x: 150, y: 110), duration: 0.5, steps: 12)
            clock.advance(by: 0.5)
            #expect(!table.isEditing && !controller.isEditing)
            // Row 0 opens; the controller follows into editing; Delete commits.
            window.drag(from: CGPoint(x: 300, y: 22), to: CGPoint(x: 150, y: 22), duration: 0.5, steps: 12)
            clock.advance(by: 0.5)
            #expect(table.isEditing && controller.isEditing)
            window.tap(at: CGPoint(x: 385, y: 22))
            clock.advance(by: 1)
            #expect(groceries.items == ["Bread", "Cheese"])
            #expect(!table.isEditing && !controller.isEditing)
            window.isHidden = true
            CATransaction.flush()
        }
    }
}
