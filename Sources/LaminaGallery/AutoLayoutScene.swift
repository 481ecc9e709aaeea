import UIKit

/// The Auto Layout page: a profile card laid out only by constraints and stack views — no
/// frame is set but the page's own. A header (avatar, a name over a subtitle, a badge held to
/// the trailing edge), three statistics sharing the width equally, a paragraph wrapping to the
/// card's width, colour chips spread with equal spacing, and text of three sizes on one
/// baseline.
@MainActor
enum AutoLayoutScene {
    static func makeView() -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 460, height: 400))
        root.backgroundColor = UIColor(white: 0.93, alpha: 1)
        root.layoutMargins = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)

        let card = UIView()
        card.backgroundColor = .white
        card.layer.cornerRadius = 14
        card.layoutMargins = UIEdgeInsets(top: 14, left: 16, bottom: 14, right: 16)
        card.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(card)

        // Header: avatar, name and subtitle, a badge at the trailing edge.
        let avatar = UIView()
        avatar.backgroundColor = .systemIndigo
        avatar.layer.cornerRadius = 26
        let initials = label("GH", size: 20, weight: .semibold, color: .white)
        initials.translatesAutoresizingMaskIntoConstraints = false
        avatar.addSubview(initials)
        let name = label("Grace Hopper", size: 20, weight: .bold)
        let subtitle = label("Rear admiral · COBOL", size: 14, color: .secondaryLabel)
        let names = UIStackView(arrangedSubviews: [name, subtitle])
        names.axis = .vertical
        names.spacing = 2
        let badge = label("Follow", size: 14, weight: .semibold, color: .white)
        badge.backgroundColor = .systemBlue
        badge.textAlignment = .center
        badge.layer.cornerRadius = 6
        badge.clipsToBounds = true
        let header = UIStackView(arrangedSubviews: [avatar, names, badge])
        header.alignment = .center
        header.spacing = 12

        // Three statistics, equal widths, centred.
        let stats = UIStackView(arrangedSubviews: [("1906", "born"), ("1952", "compiler"), ("1992", "died")].map { value, caption in
            let column = UIStackView(arrangedSubviews: [label(value, size: 22, weight: .semibold), label(caption, size: 12, color: .secondaryLabel)])
            column.axis = .vertical
            column.alignment = .center
            return column
        })
        stats.distribution = .fillEqually
        stats.backgroundColor = UIColor(white: 0.96, alpha: 1)
        stats.layer.cornerRadius = 8
        stats.isLayoutMarginsRelativeArrangement = true
        stats.layoutMargins = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0)

        // A paragraph wrapping to the width it is given.
        let body = label("Wrote the first compiler, then a language that reads like English, and kept a "
                         + "nanosecond of wire in her handbag to show what a billionth of a second means.", size: 15)
        body.numberOfLines = 0

        // Chips spread across with equal spaces between them.
        let chips = UIStackView(arrangedSubviews: [UIColor.systemRed, .systemOrange, .systemGreen, .systemTeal, .systemPurple].map { color in
            let chip = UIView()
            chip.backgroundColor = color
            chip.layer.cornerRadius = 9
            chip.widthAnchor.constraint(equalToConstant: 56).isActive = true
            chip.heightAnchor.constraint(equalToConstant: 18).isActive = true
            return chip
        })
        chips.distribution = .equalSpacing

        // Three sizes of text on one baseline, with a rule drawn along it.
        let last = label("one baseline", size: 12, color: .secondaryLabel)
        last.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        let baseline = UIStackView(arrangedSubviews: [label("Aa", size: 34, weight: .bold), label("share", size: 17), last])
        baseline.alignment = .firstBaseline
        baseline.spacing = 8
        let rule = UIView()
        rule.backgroundColor = .systemPink
        rule.translatesAutoresizingMaskIntoConstraints = false

        let column = UIStackView(arrangedSubviews: [header, stats, body, chips, baseline])
        column.axis = .vertical
        column.spacing = 14
        column.setCustomSpacing(18, after: header)
        column.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(column)
        card.addSubview(rule)

        NSLayoutConstraint.activate([
            card.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
            card.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            card.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            card.bottomAnchor.constraint(lessThanOrEqualTo: root.layoutMarginsGuide.bottomAnchor),
            column.topAnchor.constraint(equalTo: card.layoutMarginsGuide.topAnchor),
            column.leadingAnchor.constraint(equalTo: card.layoutMarginsGuide.leadingAnchor),
            column.trailingAnchor.constraint(equalTo: card.layoutMarginsGuide.trailingAnchor),
            column.bottomAnchor.constraint(equalTo: card.layoutMarginsGuide.bottomAnchor),
            avatar.widthAnchor.constraint(equalToConstant: 52),
            avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
            initials.centerXAnchor.constraint(equalTo: avatar.centerXAnchor),
            initials.centerYAnchor.constraint(equalTo: avatar.centerYAnchor),
            badge.heightAnchor.constraint(equalToConstant: 28),
            badge.widthAnchor.constraint(equalToConstant: 72),
            rule.leadingAnchor.constraint(equalTo: baseline.leadingAnchor),
            rule.trailingAnchor.constraint(equalTo: baseline.trailingAnchor),
            rule.topAnchor.constraint(equalTo: baseline.firstBaselineAnchor),
            rule.heightAnchor.constraint(equalToConstant: 1),
        ])
        root.layoutIfNeeded()
        return root
    }

    private static func label(_ text: String, size: CGFloat, weight: UIFont.Weight = .regular, color: UIColor = .label) -> UILabel {
        let label = UILabel()
        label.text = text
        label.font = .systemFont(ofSize: size, weight: weight)
        label.textColor = color
        return label
    }
}
