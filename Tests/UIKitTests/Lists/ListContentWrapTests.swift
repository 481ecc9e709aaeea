import Testing
import UIKit

/// A value cell's text beside an accessory always gets the height its width needs: whatever
/// the cell's width, the text is never laid out narrower than it was measured (which clipped
/// a wrapped second line).
@MainActor
@Suite struct ListContentWrapTests {
    final class OneRow: NSObject, UITableViewDataSource {
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            var content = UIListContentConfiguration.valueCell()
            content.text = "Airplane Mode"
            cell.contentConfiguration = content
            cell.accessoryView = UISwitch()
            return cell
        }
    }

    @Test func theTextHasTheHeightItsWidthNeeds() throws {
        let natural = ("Airplane Mode" as NSString).size(withAttributes: [.font: UIFont.preferredFont(forTextStyle: .body)]).width
        // Widths around the one where the text just fits beside the switch.
        for extra in stride(from: CGFloat(60), through: 150, by: 1) {
            let source = OneRow()
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: (natural + extra).rounded(), height: 300), style: .plain)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            table.dataSource = source
            table.layoutIfNeeded()
            let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
            let label = try #require(cell.contentView.subviews.first?.subviews.compactMap { $0 as? UILabel }.first { $0.text == "Airplane Mode" })
            let needed = label.sizeThatFits(CGSize(width: label.frame.width, height: .greatestFiniteMagnitude)).height
            #expect(needed <= label.frame.height + 0.5, "at \(table.bounds.width) points the text needs \(needed) but has \(label.frame.height)")
            let inCell = label.convert(label.bounds, to: cell)
            #expect(inCell.minY >= 0 && inCell.maxY <= cell.bounds.height + 0.5)
        }
    }
}
