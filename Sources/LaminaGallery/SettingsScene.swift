import UIKit

/// The controls page: the same small settings app twice, in the light and the dark
/// appearance — a tab bar controller holding a navigation controller whose root is an
/// inset-grouped table of switches, a slider, a segmented control, a stepper and a progress
/// bar, each a standard control in a standard cell.
@MainActor
enum SettingsScene {
    static func makeView() -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 560, height: 480))
        root.backgroundColor = UIColor(white: 0.93, alpha: 1)
        for (index, style) in [UIUserInterfaceStyle.light, .dark].enumerated() {
            let phone = UIView(frame: CGRect(x: 10 + CGFloat(index) * 275, y: 12, width: 265, height: 456))
            phone.overrideUserInterfaceStyle = style
            phone.layer.cornerRadius = 16
            phone.layer.borderColor = UIColor(white: 0.75, alpha: 1).cgColor
            phone.layer.borderWidth = 1
            phone.clipsToBounds = true
            let app = makeApp()
            keep.append(app)
            app.view.frame = phone.bounds
            phone.addSubview(app.view)
            root.addSubview(phone)
            app.view.layoutIfNeeded()
        }
        return root
    }

    /// The controllers behind the views on the page (views do not keep them).
    private static var keep: [UIViewController] = []

    private static func makeApp() -> UIViewController {
        let settings = SettingsController(style: .insetGrouped)
        settings.title = "Settings"
        settings.tabBarItem.image = glyph(.circle)
        settings.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .edit)
        let navigation = UINavigationController(rootViewController: settings)
        navigation.tabBarItem = UITabBarItem(title: "Settings", image: glyph(.circle), tag: 0)
        let alerts = UIViewController()
        alerts.title = "Alerts"
        alerts.tabBarItem = UITabBarItem(title: "Alerts", image: glyph(.square), tag: 1)
        alerts.tabBarItem.badgeValue = "2"
        let tabs = UITabBarController()
        tabs.viewControllers = [navigation, alerts]
        return tabs
    }

    private enum Shape { case circle, square }

    /// A 24-point template glyph drawn with Lamina's own drawing.
    private static func glyph(_ shape: Shape) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        return UIGraphicsImageRenderer(size: CGSize(width: 24, height: 24), format: format).image { _ in
            UIColor.black.setFill()
            let rect = CGRect(x: 3, y: 3, width: 18, height: 18)
            (shape == .circle ? UIBezierPath(ovalIn: rect) : UIBezierPath(roundedRect: rect, cornerRadius: 4)).fill()
        }.withRenderingMode(.alwaysTemplate)
    }

    private final class SettingsController: UITableViewController {
        private let rows: [[String]] = [["Airplane Mode", "Wi-Fi", "Notifications"], ["Brightness", "Look", "Text Size"], ["Storage"]]

        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "setting")
        }

        override func numberOfSections(in tableView: UITableView) -> Int { rows.count }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows[section].count }
        override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
            ["Connections", "Display", "Device"][section]
        }
        override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }

        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "setting", for: indexPath)
            let name = rows[indexPath.section][indexPath.row]
            var content = UIListContentConfiguration.valueCell()
            content.text = name
            cell.accessoryView = nil
            cell.accessoryType = .none
            switch name {
            case "Airplane Mode", "Notifications":
                let toggle = UISwitch()
                toggle.isOn = name == "Notifications"
                cell.accessoryView = toggle
            case "Wi-Fi":
                content.secondaryText = "Home"
                cell.accessoryType = .disclosureIndicator
            case "Brightness":
                let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 90, height: 31))
                slider.value = 0.7
                cell.accessoryView = slider
            case "Look":
                let segments = UISegmentedControl(items: ["Light", "Dark"])
                segments.selectedSegmentIndex = traitCollection.userInterfaceStyle == .dark ? 1 : 0
                cell.accessoryView = segments
            case "Text Size":
                cell.accessoryView = UIStepper()
            default:
                let bar = UIProgressView(progressViewStyle: .default)
                bar.frame = CGRect(x: 0, y: 0, width: 100, height: 4)
                bar.progress = 0.62
                cell.accessoryView = bar
                content.secondaryText = nil
            }
            cell.contentConfiguration = content
            return cell
        }
    }
}
