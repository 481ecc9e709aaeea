import UIKit

/// A card with an avatar, a name, a role and a follow button: a rounded, shadowed view built
/// with frames in `layoutSubviews`.
public final class ProfileCardView: UIView {
    public let avatarView = UIView()
    public let initialsLabel = UILabel()
    public let nameLabel = UILabel()
    public let roleLabel = UILabel()
    public let followButton = UIButton(type: .system)

    public init(name: String, role: String) {
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 120))
        backgroundColor = .secondarySystemBackground
        layer.cornerRadius = 16
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.15
        layer.shadowRadius = 8
        layer.shadowOffset = CGSize(width: 0, height: 4)

        avatarView.backgroundColor = .systemIndigo
        avatarView.layer.cornerRadius = 32
        initialsLabel.text = name.split(separator: " ").compactMap(\.first).map(String.init).joined()
        initialsLabel.font = .systemFont(ofSize: 24, weight: .semibold)
        initialsLabel.textColor = .white
        initialsLabel.textAlignment = .center
        avatarView.addSubview(initialsLabel)

        nameLabel.text = name
        nameLabel.font = .systemFont(ofSize: 20, weight: .bold)
        roleLabel.text = role
        roleLabel.font = .systemFont(ofSize: 15)
        roleLabel.textColor = .secondaryLabel
        followButton.setTitle("Follow", for: .normal)
        followButton.titleLabel?.font = .systemFont(ofSize: 15, weight: .semibold)

        for subview in [avatarView, nameLabel, roleLabel, followButton] { addSubview(subview) }
    }

    public required init?(coder: NSCoder) {
        nil
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        avatarView.frame = CGRect(x: 16, y: (bounds.height - 64) / 2, width: 64, height: 64)
        initialsLabel.frame = avatarView.bounds
        let textX = avatarView.frame.maxX + 16
        nameLabel.frame = CGRect(x: textX, y: bounds.midY - 26, width: bounds.width - textX - 16, height: 26)
        roleLabel.frame = CGRect(x: textX, y: bounds.midY + 2, width: bounds.width - textX - 96, height: 20)
        followButton.frame = CGRect(x: bounds.width - 88, y: bounds.midY - 2, width: 72, height: 28)
    }
}
