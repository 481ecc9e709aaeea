import Foundation

/// Told when a tab bar's selection changes by a tap.
@preconcurrency @MainActor
public protocol UITabBarDelegate: AnyObject {
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}

/// A row of tabs along the bottom: each item's image (tinted) over its title in 10-point
/// type, the selected one in the tint and the others gray, badges at the images' corners,
/// over a bar background with a hairline above.
///
/// - Note: Differs from Apple: no "More" tab (every item gets an equal share of the width),
///   and the bar is opaque (no blur yet).
@preconcurrency @MainActor
open class UITabBar: UIView {
    static let height: CGFloat = 49

    open weak var delegate: (any UITabBarDelegate)?
    private var storedItems: [UITabBarItem] = []
    private var buttons: [TabButton] = []
    private let hairline = CALayer()

    /// The tabs, in order.
    open var items: [UITabBarItem]? {
        get { storedItems }
        set { setItems(newValue, animated: false) }
    }

    /// The selected tab (nil: none).
    open var selectedItem: UITabBarItem? { didSet { updateButtons() } }
    /// Unselected tabs' colour (nil: a gray).
    open var unselectedItemTintColor: UIColor? { didSet { updateButtons(); appearanceSet("unselectedItemTintColor") { [unselectedItemTintColor] in $0.unselectedItemTintColor = unselectedItemTintColor } } }
    /// The bar's background (nil: the system bar colour).
    open var barTintColor: UIColor? { didSet { updateColors(); appearanceSet("barTintColor") { [barTintColor] in $0.barTintColor = barTintColor } } }
    open var isTranslucent = true
    /// The bar's look (the system's by default). Setting it replaces what `barTintColor` and
    /// `unselectedItemTintColor` give.
    open var standardAppearance: UITabBarAppearance {
        get { storedStandard ?? UITabBar.defaultStandard }
        set {
            storedStandard = newValue
            updateColors()
            updateButtons()
        }
    }
    private var storedStandard: UITabBarAppearance?
    private static let defaultStandard = UITabBarAppearance()
    /// The look when content ends at the bar (kept; Lamina's tab bars use the standard look).
    open var scrollEdgeAppearance: UITabBarAppearance?

    open func setItems(_ items: [UITabBarItem]?, animated: Bool) {
        for button in buttons { button.removeFromSuperview() }
        storedItems = items ?? []
        buttons = storedItems.map { item in
            item.applyAppearance(in: self)
            let button = TabButton(item: item)
            button.onTap = { [weak self] in self?.tapped(item) }
            item.changed = { [weak self] in self?.updateButtons() }
            addSubview(button)
            return button
        }
        if let selectedItem, !storedItems.contains(where: { $0 === selectedItem }) { self.selectedItem = nil }
        updateButtons()
        setNeedsLayout()
    }

    /// Called when a tab is tapped (the controller may refuse it).
    var shouldSelect: ((UITabBarItem) -> Bool)?

    private func tapped(_ item: UITabBarItem) {
        guard item.isEnabled, shouldSelect?(item) ?? true else { return }
        selectedItem = item
        delegate?.tabBar(self, didSelect: item)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(hairline)
        updateColors()
    }

    /// A bar placed in a storyboard or XIB, with its items.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        layer.addSublayer(hairline)
        updateColors()
        (coder as? IBCoder)?.decodeTabBar(self)
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UITabBar.height) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: UITabBar.height + safeAreaInsets.bottom) }

    private static let barColor = UIColor.system(UIColor(red: 249 / 255, green: 249 / 255, blue: 249 / 255, alpha: 1),
                                                 dark: UIColor(red: 22 / 255, green: 22 / 255, blue: 23 / 255, alpha: 1))

    private func updateColors() {
        var shadow: UIColor? = .separator
        if let custom = storedStandard {
            backgroundColor = custom.resolvedBackground(default: UITabBar.barColor) ?? .clear
            shadow = custom.shadowColor
        } else {
            backgroundColor = barTintColor ?? UITabBar.barColor
        }
        LayerTransaction.immediate {
            hairline.backgroundColor = shadow?.resolvedColor(with: traitCollection).cgColor
            hairline.isHidden = shadow == nil
        }
    }

    private func updateButtons() {
        for button in buttons {
            button.update(selected: button.item === selectedItem, unselectedTint: unselectedItemTintColor,
                          look: storedStandard?.stackedLayoutAppearance)
        }
    }

    /// Entering a window, the items take their appearance settings.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        guard window != nil, AppearanceRegistry.isActive else { return }
        for item in storedItems { item.applyAppearance(in: self) }
        updateButtons()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateButtons()
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        updateColors()
        updateButtons()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let hairlineHeight = 1 / (traitCollection.displayScale > 0 ? traitCollection.displayScale : 1)
        LayerTransaction.immediate {
            hairline.frame = CGRect(x: 0, y: 0, width: b.width, height: hairlineHeight)
        }
        guard !buttons.isEmpty else { return }
        let width = b.width / CGFloat(buttons.count)
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        for (index, button) in buttons.enumerated() {
            let slot = rightToLeft ? buttons.count - 1 - index : index
            button.frame = CGRect(x: CGFloat(slot) * width, y: 0, width: width, height: UITabBar.height)
        }
    }
}

/// One tab: the item's image tinted over its title, a badge at the image's corner.
@MainActor
final class TabButton: UIView {
    let item: UITabBarItem
    private let imageView = UIImageView()
    private let label = UILabel()
    private let badge = UILabel()
    var onTap: (() -> Void)?

    init(item: UITabBarItem) {
        self.item = item
        super.init(frame: .zero)
        label.font = .systemFont(ofSize: 10, weight: .medium)
        label.textAlignment = .center
        badge.font = .systemFont(ofSize: 13)
        badge.textColor = .white
        badge.textAlignment = .center
        badge.clipsToBounds = true
        addSubview(imageView)
        addSubview(label)
        addSubview(badge)
    }

    required init?(coder: NSCoder) { nil }

    func update(selected: Bool, unselectedTint: UIColor?, look: UITabBarItemAppearance? = nil) {
        let state = look.map { !item.isEnabled ? $0.disabled : selected ? $0.selected : $0.normal }
        let color: UIColor = state?.iconColor ?? (!item.isEnabled ? .quaternaryLabel : selected ? (tintColor ?? .systemBlue) : (unselectedTint ?? .systemGray))
        let image = selected ? item.selectedImage ?? item.image : item.image
        imageView.image = image?.withRenderingMode(.alwaysTemplate)
        imageView.tintColor = color
        label.text = item.title
        var normal = state?.titleTextAttributes ?? [:]
        for (key, value) in item.titleTextAttributes(for: .normal) ?? [:] { normal[key] = value }
        let attributes: [NSAttributedString.Key: Any]? = selected ? (item.titleTextAttributes(for: .selected) ?? normal) : normal
        label.font = (attributes?[.font] as? UIFont) ?? .systemFont(ofSize: 10, weight: .medium)
        label.textColor = (attributes?[.foregroundColor] as? UIColor) ?? color
        badge.text = item.badgeValue
        badge.isHidden = item.badgeValue == nil
        badge.backgroundColor = item.badgeColor ?? state?.badgeBackgroundColor ?? .systemRed
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let size = imageView.image?.size ?? CGSize(width: 25, height: 25)
        imageView.frame = CGRect(x: (b.midX - size.width / 2).rounded(), y: 7 + ((25 - size.height) / 2).rounded(), width: size.width, height: size.height)
        label.frame = CGRect(x: 2, y: 34, width: b.width - 4, height: 12)
        let text = badge.intrinsicContentSize
        let badgeHeight: CGFloat = 18
        let badgeWidth = item.badgeValue == "" ? 10 : Swift.max(badgeHeight, text.width.rounded(.up) + 10)
        let height = item.badgeValue == "" ? 10 : badgeHeight
        badge.frame = CGRect(x: imageView.frame.maxX - 6, y: 3, width: badgeWidth, height: height)
        badge.layer.cornerRadius = height / 2
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
        onTap?()
    }
}
