import LaminaTestSupport
import Testing
import UIKit

/// A settings-style table drawn in the light and the dark appearance: the grouped background,
/// cell backgrounds, labels, secondary text and separators all come from semantic system
/// colours, resolved for each (tolerance: 2 of 255 per channel).
@MainActor
@Suite struct TableAppearanceReferenceTests {
    final class Settings: NSObject, UITableViewDataSource {
        let rows = [("Wi-Fi", "Home"), ("Bluetooth", "On"), ("Cellular", nil)]
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Connections" }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "setting", for: indexPath)
            var content = UIListContentConfiguration.valueCell()
            content.text = rows[indexPath.row].0
            content.secondaryText = rows[indexPath.row].1
            cell.contentConfiguration = content
            cell.accessoryType = .disclosureIndicator
            return cell
        }
    }

    private func snapshot(_ table: UITableView) throws -> CGImage {
        table.layoutIfNeeded()
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: table.bounds.size, format: format).image { context in
            table.layer.render(in: context.cgContext)
        }
        return try #require(image.cgImage)
    }

    private func settingsTable(_ settings: Settings) -> UITableView {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), style: .insetGrouped)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "setting")
        table.dataSource = settings
        return table
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func settingsTableInBothAppearances(_ style: UIUserInterfaceStyle) throws {
        let settings = Settings()
        let table = settingsTable(settings)
        table.overrideUserInterfaceStyle = style
        let name = style == .dark ? "settings-dark" : "settings-light"
        let message = ReferenceImage.mismatch(try snapshot(table), suite: "TableAppearanceReferenceTests", name: name)
        #expect(message == nil, Comment(rawValue: message ?? ""))
    }

    /// Shown in light, then switched to dark: every colour follows, as if it had started dark.
    @Test func switchingToDarkLooksLikeStartingDark() throws {
        let settings = Settings()
        let table = settingsTable(settings)
        _ = try snapshot(table)
        table.overrideUserInterfaceStyle = .dark
        let message = ReferenceImage.mismatch(try snapshot(table), suite: "TableAppearanceReferenceTests", name: "settings-dark")
        #expect(message == nil, Comment(rawValue: message ?? ""))
        table.overrideUserInterfaceStyle = .light
        let back = ReferenceImage.mismatch(try snapshot(table), suite: "TableAppearanceReferenceTests", name: "settings-light")
        #expect(back == nil, Comment(rawValue: back ?? ""))
    }
}
