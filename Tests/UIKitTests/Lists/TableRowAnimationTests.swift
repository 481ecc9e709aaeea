import Foundation
import Testing
import UIKit

/// How inserted and deleted rows move for each `UITableView.RowAnimation`, on the manual
/// clock: an update animates over 0.3 s with the standard ease in and out, so at 0.15 s every
/// moving row is exactly halfway.
@MainActor
@Suite struct TableRowAnimationTests {
    /// A 320 × 200 table of ten 20-point rows in a shown window.
    private func withTable(_ body: (UITableView, Rows, CAMediaClock) -> Void) {
        withWindow { window, clock in
            let rows = Rows([10])
            rows.fixedHeight = 20
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200), style: .plain)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
            table.dataSource = rows
            table.delegate = rows
            window.addSubview(table)
            table.layoutIfNeeded()
            body(table, rows, clock)
        }
    }

    private func shown(_ cell: UITableViewCell) -> CGRect { cell.layer.presentation()?.frame ?? cell.frame }

    /// Within a thousandth of a point (the timing curve is solved numerically).
    private func near(_ a: CGRect, _ b: CGRect) -> Bool {
        abs(a.minX - b.minX) < 1e-3 && abs(a.minY - b.minY) < 1e-3 && abs(a.width - b.width) < 1e-3 && abs(a.height - b.height) < 1e-3
    }
    private func near(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-3 }

    @Test(arguments: [(UITableView.RowAnimation.left, CGRect(x: -160, y: 40, width: 320, height: 20)),
                      (.right, CGRect(x: 160, y: 40, width: 320, height: 20)),
                      (.top, CGRect(x: 0, y: 30, width: 320, height: 20)),
                      (.bottom, CGRect(x: 0, y: 50, width: 320, height: 20)),
                      (.middle, CGRect(x: 0, y: 45, width: 320, height: 10))])
    func deletedRowsSlideOut(_ style: UITableView.RowAnimation, halfway: CGRect) {
        withTable { table, rows, clock in
            let third = table.cellForRow(at: IndexPath(row: 2, section: 0))!
            let fourth = table.cellForRow(at: IndexPath(row: 3, section: 0))!
            rows.counts = [9]
            table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: style)
            CATransaction.flush()
            clock.advance(by: 0.15)
            #expect(near(shown(third), halfway))
            #expect(third.alpha == 1)
            // The row below closes the gap: halfway from 60 to 40.
            #expect(near(shown(fourth).minY, 50))
            clock.advance(by: 0.2)
            #expect(third.superview == nil)
            #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === fourth)
            #expect(fourth.frame.minY == 40)
        }
    }

    @Test func fadeAndNoneDeletes() {
        withTable { table, rows, clock in
            let third = table.cellForRow(at: IndexPath(row: 2, section: 0))!
            rows.counts = [9]
            table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .fade)
            CATransaction.flush()
            clock.advance(by: 0.15)
            #expect(abs(Double(third.layer.presentation()!.opacity) - 0.5) < 1e-6)
            #expect(near(shown(third).minY, 40))
            clock.advance(by: 0.2)
            // `.none`: the row vanishes at once; the rows below still glide up.
            let second = table.cellForRow(at: IndexPath(row: 1, section: 0))!
            let third2 = table.cellForRow(at: IndexPath(row: 2, section: 0))!
            rows.counts = [8]
            table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .none)
            CATransaction.flush()
            clock.advance(by: 0.15)
            #expect(second.isHidden || second.superview == nil)
            #expect(near(shown(third2).minY, 30))
            clock.advance(by: 0.2)
            #expect(third2.frame.minY == 20)
        }
    }

    @Test(arguments: [(UITableView.RowAnimation.left, CGRect(x: -160, y: 40, width: 320, height: 20)),
                      (.right, CGRect(x: 160, y: 40, width: 320, height: 20)),
                      (.top, CGRect(x: 0, y: 30, width: 320, height: 20)),
                      (.bottom, CGRect(x: 0, y: 50, width: 320, height: 20)),
                      (.none, CGRect(x: 0, y: 40, width: 320, height: 20))])
    func insertedRowsSlideIn(_ style: UITableView.RowAnimation, halfway: CGRect) {
        withTable { table, rows, clock in
            let oldThird = table.cellForRow(at: IndexPath(row: 2, section: 0))!
            rows.counts = [11]
            table.insertRows(at: [IndexPath(row: 2, section: 0)], with: style)
            CATransaction.flush()
            let inserted = table.cellForRow(at: IndexPath(row: 2, section: 0))!
            #expect(inserted !== oldThird)
            clock.advance(by: 0.15)
            #expect(near(shown(inserted), halfway))
            #expect(inserted.alpha == 1)
            // The row it pushed down is halfway from 40 to 60.
            #expect(near(shown(oldThird).minY, 50))
            clock.advance(by: 0.2)
            #expect(inserted.frame == CGRect(x: 0, y: 40, width: 320, height: 20))
        }
    }
}
