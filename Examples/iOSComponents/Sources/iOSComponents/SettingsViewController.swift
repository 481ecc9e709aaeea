import UIKit

/// A settings row: an icon tile, a title, a value at the trailing edge and a chevron, laid out
/// with anchors.
public final class SettingsRowView: UIView {
    public let iconView = UIView()
    public let titleLabel = UILabel()
    public let valueLabel = UILabel()
    private let chevron = UILabel()

    public init(title: String, value: String, color: UIColor) {
        super.init(frame: .zero)
        backgroundColor = .white
        iconView.backgroundColor = color
        iconView.layer.cornerRadius = 6
        titleLabel.text = title
        titleLabel.font = .systemFont(ofSize: 16)
        valueLabel.text = value
        valueLabel.font = .systemFont(ofSize: 16)
        valueLabel.textColor = .secondaryLabel
        chevron.text = "›"
        chevron.font = .systemFont(ofSize: 22, weight: .semibold)
        chevron.textColor = .tertiaryLabel
        for view in [iconView, titleLabel, valueLabel, chevron] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        valueLabel.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        chevron.setContentHuggingPriority(.required, for: .horizontal)
        NSLayoutConstraint.activate([
            heightAnchor.constraint(greaterThanOrEqualToConstant: 44),
            iconView.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            iconView.centerYAnchor.constraint(equalTo: centerYAnchor),
            iconView.widthAnchor.constraint(equalToConstant: 28),
            iconView.heightAnchor.constraint(equalTo: iconView.widthAnchor),
            titleLabel.leadingAnchor.constraint(equalTo: iconView.trailingAnchor, constant: 12),
            titleLabel.centerYAnchor.constraint(equalTo: centerYAnchor),
            valueLabel.leadingAnchor.constraint(greaterThanOrEqualTo: titleLabel.trailingAnchor, constant: 8),
            valueLabel.firstBaselineAnchor.constraint(equalTo: titleLabel.firstBaselineAnchor),
            chevron.leadingAnchor.constraint(equalTo: valueLabel.trailingAnchor, constant: 6),
            chevron.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
            chevron.centerYAnchor.constraint(equalTo: centerYAnchor),
        ])
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// A settings screen: rows in a stack under the safe area, and a notes panel whose height
/// animates open (a constraint constant changed inside `UIView.animate`).
public final class SettingsViewController: UIViewController {
    public private(set) var notesHeight: NSLayoutConstraint!
    private let notes = UILabel()

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.94, alpha: 1)
        let rows = UIStackView(arrangedSubviews: [
            SettingsRowView(title: "Wi-Fi", value: "Lamina-5G", color: .systemBlue),
            SettingsRowView(title: "Bluetooth", value: "On", color: .systemIndigo),
            SettingsRowView(title: "Battery", value: "87 %", color: .systemGreen),
        ])
        rows.axis = .vertical
        rows.spacing = 1
        rows.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(rows)

        notes.text = "Auto Layout places every view on this screen."
        notes.numberOfLines = 0
        notes.font = .systemFont(ofSize: 14)
        notes.textColor = .secondaryLabel
        notes.backgroundColor = .white
        notes.clipsToBounds = true
        notes.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(notes)

        notesHeight = notes.heightAnchor.constraint(equalToConstant: 0)
        NSLayoutConstraint.activate([
            rows.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
            rows.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            rows.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            notes.topAnchor.constraint(equalTo: rows.bottomAnchor, constant: 16),
            notes.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            notes.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            notesHeight,
        ])
    }

    /// Opens the notes panel over `duration`.
    public func showNotes(duration: TimeInterval = 0.4) {
        notesHeight.constant = 48
        UIView.animate(withDuration: duration) {
            self.view.layoutIfNeeded()
        }
    }
}
