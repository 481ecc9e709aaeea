import UIKit

/// App-wide metrics, read from the screen by a plain NSObject subclass, as many apps do.
public final class Theme: NSObject {
    public static let shared = Theme()

    public var scale = UIScreen.main.scale
    public let cornerRadius: CGFloat = 14
    public var hairline: CGFloat { 1 / scale }

    public let accent = #colorLiteral(red: 0, green: 0.4784313725, blue: 1, alpha: 1)
    public let success = #colorLiteral(red: 0.2039215686, green: 0.7803921569, blue: 0.3490196078, alpha: 1)
    public let warning = #colorLiteral(red: 1, green: 0.5843137255, blue: 0, alpha: 1)
}

/// Small factories used across the screens.
public enum Factory {
    public static func makeCard(frame: CGRect) -> UIView {
        let card = UIView(frame: frame)
        card.backgroundColor = .secondarySystemGroupedBackground
        card.layer.cornerRadius = Theme.shared.cornerRadius
        card.layer.borderWidth = Theme.shared.hairline
        card.layer.borderColor = UIColor.separator.cgColor
        card.layer.shadowColor = UIColor.black.cgColor
        card.layer.shadowOpacity = 0.12
        card.layer.shadowOffset = CGSize(width: 0, height: 3)
        card.layer.shadowRadius = 6
        return card
    }
}
