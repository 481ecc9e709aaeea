import Foundation
import Testing
import UIKit

/// A cell that counts how many were made.
final class CountedCell: UITableViewCell {
    nonisolated(unsafe) static var made = 0
    var reuses = 0

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        CountedCell.made += 1
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
    }
}

/// A data source and delegate written as an app writes one, logging what the table asks.
@MainActor
final class Rows: NSObject, UITableViewDataSource, UITableViewDelegate {
    var counts: [Int]
    var titles: [String?] = []
    var log: [String] = []
    var fixedHeight: CGFloat?
    var asked = 0

    init(_ counts: [Int]) {
        self.counts = counts
    }

    func numberOfSections(in tableView: UITableView) -> Int { counts.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        asked += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section < titles.count ? titles[section] : nil
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        fixedHeight ?? tableView.rowHeight
    }
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) { log.append("highlight \(indexPath.row)") }
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) { log.append("unhighlight \(indexPath.row)") }
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        log.append("willSelect \(indexPath.row)")
        return indexPath
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { log.append("didSelect \(indexPath.row)") }
    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        log.append("willDeselect \(indexPath.row)")
        return indexPath
    }
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { log.append("didDeselect \(indexPath.row)") }
}

/// UITableView: geometry, reuse, sections and sticky headers, self-sizing, selection,
/// updates. Each expected frame is worked out from the rows' heights.
@MainActor
@Suite struct UITableViewTests {
    private func table(_ rows: Rows, style: UITableView.Style = .plain, height: CGFloat = 480) -> UITableView {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: height), style: style)
        table.register(CountedCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = rows
        table.delegate = rows
        return table
    }

    @Test func onlyVisibleRowsHaveCellsAndScrolledOutOnesAreReused() {
        let rows = Rows([100_000])
        rows.fixedHeight = 44
        let table = table(rows)
        CountedCell.made = 0
        table.layoutIfNeeded()
        #expect(table.contentSize == CGSize(width: 320, height: 4_400_000))
        // 480 / 44: rows 0 through 10 show.
        #expect(table.indexPathsForVisibleRows == (0...10).map { IndexPath(row: $0, section: 0) })
        #expect(rows.asked == 11 && CountedCell.made == 11)
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.frame == CGRect(x: 0, y: 132, width: 320, height: 44))
        #expect(table.cellForRow(at: IndexPath(row: 11, section: 0)) == nil)
        // Scrolling a long way makes no new cells: those that left are handed out again.
        for step in 1...200 {
            table.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 1000)
            table.layoutIfNeeded()
        }
        #expect(CountedCell.made <= 12)
        #expect(table.indexPathsForVisibleRows?.first == IndexPath(row: 200_000 / 44, section: 0))
        let cell = table.visibleCells[0] as? CountedCell
        #expect((cell?.reuses ?? 0) > 0)
        #expect(table.indexPath(for: table.visibleCells[0]) == table.indexPathsForVisibleRows?.first)
        #expect(table.rectForRow(at: IndexPath(row: 99_999, section: 0)) == CGRect(x: 0, y: 4_399_956, width: 320, height: 44))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 100)) == IndexPath(row: 2, section: 0))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 4_400_000)) == nil)
    }

    @Test func sectionsHaveHeadersAndPlainHeadersStick() {
        let rows = Rows([5, 5, 5])
        rows.fixedHeight = 44
        rows.titles = ["A", "B", nil]
        let table = table(rows, height: 200)
        table.layoutIfNeeded()
        #expect(table.numberOfSections == 3 && table.numberOfRows(inSection: 1) == 5)
        // Titled plain headers are 28 tall; an untitled section has none.
        #expect(table.rectForHeader(inSection: 0) == CGRect(x: 0, y: 0, width: 320, height: 28))
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 28)
        #expect(table.rectForHeader(inSection: 1) == CGRect(x: 0, y: 248, width: 320, height: 28))
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 276)
        #expect(table.rectForHeader(inSection: 2).height == 0)
        #expect(table.rect(forSection: 2) == CGRect(x: 0, y: 496, width: 320, height: 220))
        #expect(table.contentSize.height == 716)
        #expect(table.headerView(forSection: 0)?.textLabel?.text == "A")
        // Scrolled into section 0, its header stays at the top…
        table.contentOffset = CGPoint(x: 0, y: 100)
        table.layoutIfNeeded()
        #expect(table.headerView(forSection: 0)?.frame.minY == 100)
        // …until the end of its section pushes it up.
        table.contentOffset = CGPoint(x: 0, y: 240)
        table.layoutIfNeeded()
        #expect(table.headerView(forSection: 0)?.frame.minY == 220)
        #expect(table.headerView(forSection: 1)?.frame.minY == 248)
    }

    @Test func groupedSectionsAreSpacedAndTitledInCapitals() {
        let rows = Rows([2, 2])
        rows.fixedHeight = 44
        rows.titles = ["Account", nil]
        let table = table(rows, style: .grouped)
        table.layoutIfNeeded()
        #expect(table.backgroundColor == .systemGroupedBackground)
        // Titled grouped header 38, untitled gaps 18 (headers and footers).
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 38)
        #expect(table.rectForFooter(inSection: 0) == CGRect(x: 0, y: 126, width: 320, height: 18))
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == CGFloat(126 + 18 + 18))
        #expect(table.headerView(forSection: 0)?.textLabel?.text == "ACCOUNT")
    }

    @Test func selfSizingRowsTakeTheirContentsHeightWhenTheyShow() {
        final class Tall: UIView {
            var height: CGFloat = 0
            override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: height) }
        }
        final class SizingRows: NSObject, UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 50 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "sized", for: indexPath)
                let tall = cell.contentView.subviews.first as? Tall ?? {
                    let view = Tall()
                    view.translatesAutoresizingMaskIntoConstraints = false
                    cell.contentView.addSubview(view)
                    NSLayoutConstraint.activate([
                        view.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 10),
                        view.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor, constant: -10),
                        view.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor),
                        view.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor),
                    ])
                    return view
                }()
                tall.height = 50 + CGFloat(indexPath.row) * 10
                tall.invalidateIntrinsicContentSize()
                return cell
            }
        }
        let source = SizingRows()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 300), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "sized")
        table.estimatedRowHeight = 60
        table.dataSource = source
        table.layoutIfNeeded()
        // Rows 0…3 measure 70, 80, 90, 100 (content plus 10 above and below): 340 > 300.
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 0, y: 0, width: 320, height: 70))
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)) == CGRect(x: 0, y: 240, width: 320, height: 100))
        // Rows not shown yet keep their estimate.
        #expect(table.rectForRow(at: IndexPath(row: 10, section: 0)).height == 60)
        #expect(table.contentSize.height == CGFloat(340 + 46 * 60))
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.frame.height == 90)
    }

    /// On iOS a self-sizing table made narrower (rotation, Split View) measures its rows again:
    /// wrapping text takes more lines.
    @Test func selfSizingRowsAreMeasuredAgainAtANewWidth() {
        final class WrappingRows: NSObject, UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "wrap", for: indexPath)
                var content = cell.defaultContentConfiguration()
                content.text = "A row whose text is long enough to wrap onto more lines when the table gets narrow."
                cell.contentConfiguration = content
                return cell
            }
        }
        let source = WrappingRows()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 1000, height: 600), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "wrap")
        table.dataSource = source
        table.layoutIfNeeded()
        let wide = table.rectForRow(at: IndexPath(row: 0, section: 0)).height
        table.frame.size.width = 200
        table.layoutIfNeeded()
        let narrow = table.rectForRow(at: IndexPath(row: 0, section: 0))
        #expect(narrow.width == 200)
        #expect(narrow.height > wide * 2, "measured again at 200 points: \(narrow.height) against \(wide) at 1000")
        let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))
        #expect(cell?.frame.height == narrow.height)
    }

    @Test func aTapHighlightsThenSelectsAndMovesTheSelection() {
        withWindow { window, _ in
            let rows = Rows([20])
            rows.fixedHeight = 44
            let table = table(rows, height: 200)
            table.frame = window.bounds
            window.addSubview(table)
            table.layoutIfNeeded()
            window.tap(at: CGPoint(x: 100, y: 100))
            #expect(rows.log == ["highlight 2", "unhighlight 2", "willSelect 2", "didSelect 2"])
            #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
            #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == true)
            rows.log.removeAll()
            window.tap(at: CGPoint(x: 100, y: 10))
            #expect(rows.log == ["highlight 0", "unhighlight 0", "willSelect 0", "willDeselect 2", "didDeselect 2", "didSelect 0"])
            #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
            #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == false)
            // Deselecting in code tells no one.
            rows.log.removeAll()
            table.deselectRow(at: IndexPath(row: 0, section: 0), animated: true)
            #expect(table.indexPathForSelectedRow == nil && rows.log.isEmpty)
            // A drag scrolls and selects nothing.
            window.drag(from: CGPoint(x: 100, y: 150), to: CGPoint(x: 100, y: 50))
            #expect(!rows.log.contains { $0.hasPrefix("didSelect") })
            #expect(table.contentOffset.y > 0)
            // Multiple selection toggles.
            table.allowsMultipleSelection = true
            table.contentOffset = .zero
            table.layoutIfNeeded()
            window.tap(at: CGPoint(x: 100, y: 10))
            window.tap(at: CGPoint(x: 100, y: 60))
            #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)])
            window.tap(at: CGPoint(x: 100, y: 10))
            #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
        }
    }

    @Test func scrollToRowPlacesItWhereAsked() {
        let rows = Rows([100])
        rows.fixedHeight = 44
        let table = table(rows, height: 440)
        table.layoutIfNeeded()
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == 2200)
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .middle, animated: false)
        #expect(table.contentOffset.y == CGFloat(2200 + 22 - 220))
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .bottom, animated: false)
        #expect(table.contentOffset.y == CGFloat(2244 - 440))
        // Already visible: .none leaves it.
        table.scrollToRow(at: IndexPath(row: 45, section: 0), at: .none, animated: false)
        #expect(table.contentOffset.y == 1804)
        // Never past the end.
        table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == CGFloat(4400 - 440))
        table.layoutIfNeeded()
        #expect(table.indexPathsForVisibleRows?.last == IndexPath(row: 99, section: 0))
    }

    @Test func batchUpdatesKeepCellsAndMoveThem() {
        withWindow { window, clock in
            let rows = Rows([10])
            rows.fixedHeight = 20
            let table = table(rows, height: 200)
            window.addSubview(table)
            table.layoutIfNeeded()
            let third = table.cellForRow(at: IndexPath(row: 2, section: 0))
            table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
            // Delete row 0 and insert two at the top: the old row 2 becomes row 3.
            rows.counts = [11]
            var finished = false
            table.performBatchUpdates({
                table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
                table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .fade)
            }, completion: { finished = $0 })
            CATransaction.flush()
            #expect(table.cellForRow(at: IndexPath(row: 3, section: 0)) === third)
            #expect(table.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
            clock.advance(by: 0.5)
            #expect(finished)
            #expect(third?.frame.minY == 60)
            #expect(table.numberOfRows(inSection: 0) == 11)
            // An update that does not add up reloads instead of crashing.
            rows.counts = [5]
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
            #expect(table.numberOfRows(inSection: 0) == 5)
            // Sections come and go.
            rows.counts = [5, 3]
            table.insertSections(IndexSet(integer: 1), with: .automatic)
            #expect(table.numberOfSections == 2 && table.numberOfRows(inSection: 1) == 3)
            rows.counts = [3]
            table.deleteSections(IndexSet(integer: 0), with: .none)
            #expect(table.numberOfSections == 1 && table.numberOfRows(inSection: 0) == 3)
        }
    }

    @Test func builtInCellStylesLayOutTheirLabels() {
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        cell.textLabel?.text = "Wi-Fi"
        cell.detailTextLabel?.text = "Home"
        cell.accessoryType = .disclosureIndicator
        cell.layoutIfNeeded()
        let text = cell.textLabel!.frame, detail = cell.detailTextLabel!.frame
        #expect(abs(text.minX - 16) < 1e-9)
        // The detail ends before the chevron (8 wide, 16 from the edge, 4 of space).
        #expect(abs(detail.maxX - CGFloat(320 - 16 - 8 - 4 - 4)) < 1e-9)
        #expect(cell.contentView.frame.width == CGFloat(320 - 16 - 8 - 4))
        #expect(UITableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel == nil)
        #expect(UITableViewCell(style: .value2, reuseIdentifier: nil).imageView == nil)
        #expect(cell.sizeThatFits(CGSize(width: 320, height: 0)).height == 44)
        // A content configuration replaces the built-in labels.
        var content = cell.defaultContentConfiguration()
        content.text = "Bluetooth"
        content.secondaryText = "On"
        cell.contentConfiguration = content
        #expect((cell.contentConfiguration as? UIListContentConfiguration)?.text == "Bluetooth")
        #expect(cell.sizeThatFits(CGSize(width: 320, height: 0)).height == 44)
    }

    @Test func indexPathsOfTablesAndControllers() {
        final class Controller: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
                cell.textLabel?.text = "\(indexPath.row)"
                return cell
            }
            override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 60 }
        }
        let controller = Controller(style: .insetGrouped)
        let table = controller.tableView!
        #expect(table.style == .insetGrouped)
        table.frame = CGRect(x: 0, y: 0, width: 390, height: 600)
        table.layoutIfNeeded()
        #expect(table.numberOfRows(inSection: 0) == 3)
        // Inset groups sit 16 points in from each side.
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)) == CGRect(x: 16, y: 18 + 60, width: 358, height: 60))
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.layer.cornerRadius == 10)
    }
}
