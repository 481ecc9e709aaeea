import UIKit

/// The controls page: the same small settings app twice, in the light and the dark
/// appearance — a tab bar controller holding a navigation controller whose root is an
/// inset-grouped table of switches, a slider, a segmented control, a stepper and a progress
/// bar, each a standard control in a standard cell. Its Profile row pushes a form of text
/// fields, a switch and a notes view, with a Sign Out row that asks in an alert; the dark
/// copy shows that form.
///
/// In the window app both copies are live. With `LAMINA_GALLERY_LOG=1` the app writes what
/// happens (and where its named controls are on screen) to standard output, one line each,
/// for tests that drive it as a user would.
@MainActor
enum SettingsScene {
    /// Where the app's log lines go (nil: nowhere).
    static var log: ((String) -> Void)? = ProcessInfo.processInfo.environment["LAMINA_GALLERY_LOG"] == "1"
        ? { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) } : nil

    /// Logs the window position of every view below `view` with an accessibility identifier:
    /// "target <identifier> <x> <y>".
    static func reportTargets(in view: UIView) {
        guard let log, let window = view.window else { return }
        var pending = [view]
        while let next = pending.popLast() {
            // Named views, and buttons by their accessibility label (an alert's actions).
            let buttonName = next.accessibilityTraits.contains(.button) ? next.accessibilityLabel.map { "button-" + $0.replacingOccurrences(of: " ", with: "-") } : nil
            if let name = next.accessibilityIdentifier ?? buttonName, !next.isHidden {
                let center = next.convert(CGPoint(x: next.bounds.midX, y: next.bounds.midY), to: window)
                log("target \(name) \(Int(center.x.rounded())) \(Int(center.y.rounded()))")
            }
            pending.append(contentsOf: next.subviews)
        }
    }

    static func makeView() -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 560, height: 624))
        root.backgroundColor = UIColor(white: 0.93, alpha: 1)
        for (index, style) in [UIUserInterfaceStyle.light, .dark].enumerated() {
            let phone = UIView(frame: CGRect(x: 10 + CGFloat(index) * 275, y: 12, width: 265, height: 600))
            phone.overrideUserInterfaceStyle = style
            phone.layer.cornerRadius = 16
            phone.layer.borderColor = UIColor(white: 0.75, alpha: 1).cgColor
            phone.layer.borderWidth = 1
            phone.clipsToBounds = true
            let app = makeApp(showingProfile: style == .dark)
            keep.append(app)
            if keep.count > 4 { keep.removeFirst(keep.count - 4) }
            app.view.frame = phone.bounds
            phone.addSubview(app.view)
            root.addSubview(phone)
            app.view.layoutIfNeeded()
        }
        return root
    }

    /// The controllers behind the views on the page (views do not keep them).
    private static var keep: [UIViewController] = []

    private static func makeApp(showingProfile: Bool) -> UIViewController {
        let settings = SettingsController(style: .insetGrouped)
        settings.title = "Settings"
        settings.tabBarItem.image = glyph(.circle)
        settings.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .edit)
        let navigation = UINavigationController(rootViewController: settings)
        navigation.delegate = navigationLog
        if showingProfile { navigation.pushViewController(ProfileController(profile: settings.profile), animated: false) }
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

    /// Logs each screen the navigation shows, and where its controls are.
    private final class NavigationLog: NSObject, UINavigationControllerDelegate {
        func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
            SettingsScene.log?("shown \(viewController.title ?? "")")
            SettingsScene.reportTargets(in: viewController.view)
        }
    }
    private static let navigationLog = NavigationLog()

    /// What the profile form edits.
    final class Profile {
        var name = "Ada Lovelace"
        var email = ""
    }

    private final class SettingsController: UITableViewController {
        private let rows: [[String]] = [["Profile"], ["Airplane Mode", "Wi-Fi", "Notifications"], ["Brightness", "Look", "Text Size"], ["Storage"]]
        let profile = Profile()

        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "setting")
        }

        override func numberOfSections(in tableView: UITableView) -> Int { rows.count }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows[section].count }
        override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
            ["Account", "Connections", "Display", "Device"][section]
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            // The name may have changed in the form.
            tableView.reloadData()
        }

        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            tableView.deselectRow(at: indexPath, animated: true)
            guard rows[indexPath.section][indexPath.row] == "Profile" else { return }
            navigationController?.pushViewController(ProfileController(profile: profile), animated: true)
        }
        override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }

        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "setting", for: indexPath)
            let name = rows[indexPath.section][indexPath.row]
            var content = UIListContentConfiguration.valueCell()
            content.text = name
            cell.accessoryView = nil
            cell.accessoryType = .none
            cell.accessibilityIdentifier = name == "Profile" ? "profile-row" : nil
            switch name {
            case "Profile":
                content = UIListContentConfiguration.subtitleCell()
                content.text = profile.name
                content.secondaryText = "Name and email"
                cell.accessoryType = .disclosureIndicator
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

/// The profile form: name, email and password fields, a switch, a notes view, and a Sign Out
/// row that asks first. Return moves from one field to the next; tapping outside the fields
/// ends editing.
@MainActor
private final class ProfileController: UITableViewController, UITextFieldDelegate, UITextViewDelegate {
    private let profile: SettingsScene.Profile
    private let nameField = UITextField()
    private let emailField = UITextField()
    private let passwordField = UITextField()
    private let notes = UITextView()

    init(profile: SettingsScene.Profile) {
        self.profile = profile
        super.init(style: .insetGrouped)
        title = "Profile"
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "field")
        for (field, placeholder, identifier) in [(nameField, "Name", "name-field"), (emailField, "Email", "email-field"),
                                                 (passwordField, "Password", "password-field")] {
            field.placeholder = placeholder
            field.accessibilityIdentifier = identifier
            field.clearButtonMode = .whileEditing
            field.returnKeyType = .next
            field.delegate = self
            field.addTarget(self, action: ProfileController.fieldChanged, for: .editingChanged)
        }
        nameField.text = profile.name
        nameField.autocapitalizationType = .words
        emailField.text = profile.email
        emailField.keyboardType = .emailAddress
        emailField.autocapitalizationType = .none
        passwordField.isSecureTextEntry = true
        passwordField.text = "lamina"
        passwordField.returnKeyType = .done
        notes.font = .preferredFont(forTextStyle: .body)
        notes.backgroundColor = .clear
        notes.text = "Likes analytical engines."
        notes.accessibilityIdentifier = "notes"
        notes.delegate = self
        let tap = UITapGestureRecognizer(target: self, action: ProfileController.tappedOutside)
        tap.cancelsTouchesInView = false
        tableView.addGestureRecognizer(tap)
    }

    override func numberOfSections(in tableView: UITableView) -> Int { 4 }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        [3, 1, 1, 1][section]
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        ["Details", nil, "Notes", nil][section]
    }

    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        indexPath.section == 2 ? 88 : 44
    }

    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "field", for: indexPath)
        cell.selectionStyle = .none
        cell.accessoryView = nil
        cell.contentConfiguration = nil
        cell.contentView.subviews.forEach { $0.removeFromSuperview() }
        let inner = cell.contentView.bounds.insetBy(dx: 16, dy: 0)
        switch indexPath.section {
        case 0:
            let field = [nameField, emailField, passwordField][indexPath.row]
            field.frame = inner
            field.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            cell.contentView.addSubview(field)
        case 1:
            var content = UIListContentConfiguration.cell()
            content.text = "Show Email"
            cell.contentConfiguration = content
            let toggle = UISwitch()
            toggle.isOn = true
            cell.accessoryView = toggle
        case 2:
            notes.frame = cell.contentView.bounds.insetBy(dx: 11, dy: 4)
            notes.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            cell.contentView.addSubview(notes)
        default:
            var content = UIListContentConfiguration.cell()
            content.text = "Sign Out"
            content.textProperties.color = .systemRed
            content.textProperties.alignment = .center
            cell.contentConfiguration = content
            cell.selectionStyle = .default
            cell.accessibilityIdentifier = "sign-out-row"
        }
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard indexPath.section == 3 else { return }
        view.endEditing(true)
        let alert = UIAlertController(title: "Sign Out?", message: "You can sign in again at any time.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in SettingsScene.log?("alert Cancel") })
        alert.addAction(UIAlertAction(title: "Sign Out", style: .destructive) { [weak self] _ in
            SettingsScene.log?("alert Sign Out")
            self?.navigationController?.popViewController(animated: true)
        })
        present(alert, animated: true) {
            SettingsScene.log?("presented Sign Out?")
            if let view = alert.viewIfLoaded { SettingsScene.reportTargets(in: view) }
        }
    }

    private func fieldChanged(_ field: UITextField) {
        if field === nameField { profile.name = field.text ?? "" }
        if field === emailField { profile.email = field.text ?? "" }
        SettingsScene.log?("\(field.placeholder ?? "field"): \(field.isSecureTextEntry ? "••••" : field.text ?? "")")
    }

    private func tappedOutside() {
        view.endEditing(true)
    }

    // MARK: UITextFieldDelegate

    func textFieldDidBeginEditing(_ textField: UITextField) {
        SettingsScene.log?("editing \(textField.placeholder ?? "")")
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        // Return goes on to the next field, and from the last ends editing.
        switch textField {
        case nameField: emailField.becomeFirstResponder()
        case emailField: passwordField.becomeFirstResponder()
        default: textField.resignFirstResponder()
        }
        return false
    }

    func textViewDidChange(_ textView: UITextView) {
        SettingsScene.log?("Notes: \(textView.text ?? "")")
    }
}
