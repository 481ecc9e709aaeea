import Foundation

/// A bar of buttons along the bottom of a screen: items laid out from the leading edge, with
/// flexible spaces sharing what room is left and fixed spaces their width.
@preconcurrency @MainActor
open class UIToolbar: UIView {
    /// The toolbar's height (without the safe area under it).
    static let height: CGFloat = 44

    /// The items shown, leading first.
    open var items: [UIBarButtonItem]? {
        get { storedItems }
        set { setItems(newValue, animated: false) }
    }
    private var storedItems: [UIBarButtonItem]?
    private var buttons: [(item: UIBarButtonItem, view: UIView?)] = []
    private let hairline = CALayer()

    /// The bar's colour (nil: the system bar colour).
    open var barTintColor: UIColor? { didSet { updateColors() } }
    /// Whether the bar is see-through (true by default; Lamina draws it opaque).
    open var isTranslucent = true

    public override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(hairline)
        updateColors()
    }

    /// A toolbar from a storyboard or nib, with its items (their actions and segues connected)
    /// and bar tint.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        layer.addSublayer(hairline)
        updateColors()
        if let ib = coder as? IBCoder {
            if let color = ib.color("barTintColor") { barTintColor = color }
            if let translucent = ib.bool("translucent") { isTranslucent = translucent }
            let items = ib.element.child("items")?.children(named: "barButtonItem") ?? []
            if !items.isEmpty { setItems(items.map { ib.barButtonItem($0, controller: ib.load.sceneController) }, animated: false) }
        }
    }

    /// Sets the items (the change is not animated).
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        storedItems = items
        rebuild()
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIToolbar.height) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: UIToolbar.height) }

    private func updateColors() {
        backgroundColor = barTintColor ?? UIToolbar.barColor
        LayerTransaction.immediate {
            hairline.backgroundColor = UIColor.separator.resolvedColor(with: traitCollection).cgColor
        }
    }

    /// The standard bar background (light and dark).
    static let barColor = UIColor.system(UIColor(red: 249 / 255, green: 249 / 255, blue: 249 / 255, alpha: 1),
                                         dark: UIColor(red: 29 / 255, green: 29 / 255, blue: 31 / 255, alpha: 1))

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        updateColors()
    }

    private func rebuild() {
        for entry in buttons { entry.view?.removeFromSuperview() }
        buttons = (storedItems ?? []).map { item in
            if item.isSpace { return (item, nil) }
            let button = BarButton(title: item.image == nil ? item.title ?? "" : "", chevron: false, bold: item.style == .done) { [weak item] view in
                item?.perform(from: view)
            }
            button.item = item
            if let custom = item.customView {
                button.addSubview(custom)
            } else if let image = item.image {
                let imageView = UIImageView(image: image.renderingMode == .automatic ? image.withRenderingMode(.alwaysTemplate) : image)
                imageView.frame.size = image.size
                imageView.contentMode = .center
                button.addSubview(imageView)
            }
            item.changed = { [weak self] in self?.rebuild() }
            addSubview(button)
            return (item, button)
        }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let bar = CGRect(x: 0, y: 0, width: bounds.width, height: Swift.min(bounds.height, UIToolbar.height))
        LayerTransaction.immediate {
            hairline.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 1 / Swift.max(traitCollection.displayScale, 1))
        }
        // 1. Widths: buttons their fitting width, fixed spaces theirs, flexible spaces a share.
        let margin: CGFloat = 16, gap: CGFloat = 8
        var used: CGFloat = 0
        var flexible = 0
        var widths: [CGFloat] = []
        for (index, entry) in buttons.enumerated() {
            var width: CGFloat = 0
            if let view = entry.view as? BarButton {
                width = entry.item.width > 0 ? entry.item.width : view.fittingSize.width
            } else if entry.item.isFlexibleSpace {
                flexible += 1
            } else {
                width = entry.item.width > 0 ? entry.item.width : gap
            }
            widths.append(width)
            used += width + (index > 0 ? gap : 0)
        }
        let share = flexible > 0 ? Swift.max(0, bar.width - 2 * margin - used) / CGFloat(flexible) : 0
        // 2. Positions, leading to trailing (right to left in a right-to-left layout).
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        var x = margin
        for (index, entry) in buttons.enumerated() {
            let width = entry.item.isFlexibleSpace ? share : widths[index]
            if let view = entry.view {
                let frame = CGRect(x: x, y: 0, width: width, height: bar.height)
                view.frame = rightToLeft ? CGRect(x: bar.width - frame.maxX, y: 0, width: width, height: bar.height) : frame
            }
            x += width + gap
        }
    }
}

extension UIBarButtonItem {
    /// Whether the item is a space rather than a button.
    var isSpace: Bool { isFlexibleSpace || systemItem == .fixedSpace }
    var isFlexibleSpace: Bool { systemItem == .flexibleSpace }
}
