import Foundation

/// The buttons a swipe uncovers beside a row, first action nearest the edge the swipe came
/// from. While the row opens, each button takes its share of the uncovered width; pulled past
/// the full-swipe point, the first button covers all of it.
@MainActor
final class SwipeActionsView: UIView {
    /// The side of the row the actions sit on.
    enum Edge { case leading, trailing }

    let edge: Edge
    let configuration: UISwipeActionsConfiguration
    let buttons: [SwipeActionButton]
    /// Whether the first action has taken the whole width (a full swipe about to perform it).
    var coversWithFirstAction = false { didSet { if coversWithFirstAction != oldValue { setNeedsLayout() } } }
    /// Called when a button is tapped.
    var onTap: ((SwipeActionButton) -> Void)?

    init(edge: Edge, configuration: UISwipeActionsConfiguration) {
        self.edge = edge
        self.configuration = configuration
        buttons = configuration.actions.map(SwipeActionButton.init)
        super.init(frame: .zero)
        clipsToBounds = true
        // Later actions lie under earlier ones as they slide out.
        for button in buttons.reversed() { addSubview(button) }
        for button in buttons { button.onTap = { [weak self] in self?.onTap?($0) } }
    }

    required init?(coder: NSCoder) { nil }

    /// The width at which every button shows at its natural width.
    var naturalWidth: CGFloat { buttons.reduce(0) { $0 + $1.naturalWidth } }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        if coversWithFirstAction, let first = buttons.first {
            for button in buttons.dropFirst() { button.frame = edge == .trailing ? CGRect(x: 0, y: 0, width: 0, height: b.height) : CGRect(x: b.width, y: 0, width: 0, height: b.height) }
            first.frame = b
            return
        }
        let natural = naturalWidth
        let share = natural > 0 ? b.width / natural : 0
        // From the edge inwards: trailing actions start at the right, leading at the left.
        var from: CGFloat = 0
        for button in buttons {
            let width = button.naturalWidth * share
            button.frame = edge == .trailing
                ? CGRect(x: b.width - from - width, y: 0, width: width, height: b.height)
                : CGRect(x: from, y: 0, width: width, height: b.height)
            from += width
        }
    }
}

/// One contextual action's button: its colour filled, its image above its title, centred.
@MainActor
final class SwipeActionButton: UIView {
    let action: UIContextualAction
    private let titleLabel = UILabel()
    private let iconView = UIImageView()
    var onTap: ((SwipeActionButton) -> Void)?

    /// Sides of the title and the narrowest a button gets.
    static let padding: CGFloat = 15
    static let minimumWidth: CGFloat = 74

    init(_ action: UIContextualAction) {
        self.action = action
        super.init(frame: .zero)
        backgroundColor = action.backgroundColor ?? (action.style == .destructive ? .systemRed : .systemGray)
        clipsToBounds = true
        titleLabel.text = action.title
        titleLabel.font = .systemFont(ofSize: 15)
        titleLabel.textColor = .white
        titleLabel.textAlignment = .center
        iconView.image = action.image
        iconView.tintColor = .white
        addSubview(titleLabel)
        addSubview(iconView)
    }

    required init?(coder: NSCoder) { nil }

    /// Its title's width with padding, at least `minimumWidth`.
    /// - Note: Differs from Apple: Apple publishes no button metrics; Lamina pads the title by
    ///   15 points a side and makes buttons at least 74 points wide.
    var naturalWidth: CGFloat {
        let title = action.title == nil ? 0
            : titleLabel.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: 100)).width.rounded(.up)
        let image = action.image?.size.width ?? 0
        return Swift.max(SwipeActionButton.minimumWidth, Swift.max(title, image) + 2 * SwipeActionButton.padding)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let titleSize = action.title == nil ? .zero : titleLabel.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: 100))
        let imageSize = action.image?.size ?? .zero
        let gap: CGFloat = action.image != nil && action.title != nil ? 4 : 0
        let total = titleSize.height + imageSize.height + gap
        // Centred in the button (which may be narrower than its content while it opens).
        var y = ((b.height - total) / 2).rounded()
        iconView.frame = CGRect(x: ((b.width - imageSize.width) / 2).rounded(), y: y, width: imageSize.width, height: imageSize.height)
        y += imageSize.height + gap
        titleLabel.frame = CGRect(x: ((b.width - titleSize.width) / 2).rounded(), y: y, width: titleSize.width, height: titleSize.height)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
        onTap?(self)
    }
}
