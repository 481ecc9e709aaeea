import Foundation

/// A menu shown in a window: a rounded platter of rows over a clear layer that catches
/// touches elsewhere (a touch there closes the menu and goes no further).
///
/// Rows are the menu's elements: actions (title, subtitle, image on the trailing side,
/// check mark on the leading side when on), submenus (a chevron; choosing one shows its
/// elements in place, under a header that goes back), inline menus as groups set off by a
/// thicker band. Disabled actions are grey, destructive ones red; hidden ones are left out.
/// A finger (or pointer) down on the platter highlights the row under it, and lifting it on
/// an enabled action performs it. One menu shows at a time.
@MainActor
final class MenuPresenter {
    /// The menu showing, if any (held here while it shows; its overlay holds it too).
    static var current: MenuPresenter?

    private let root: UIMenu
    private var shown: [UIMenu]
    private weak var sender: AnyObject?
    private let overlay = MenuOverlay()
    private let shadow = UIView()
    private let platter = UIView()
    private var rows: [MenuRow] = []
    private let anchor: CGRect
    private let onDismiss: () -> Void
    private var onChoose: ((UIAction) -> Void)?
    /// Whether the menu was placed below its anchor (for tests).
    private(set) var isBelowAnchor = true

    static let minimumWidth: CGFloat = 250
    static let rowHeight: CGFloat = 44
    static let groupGap: CGFloat = 8

    private static let platterColor = UIColor.system(UIColor(white: 0.97, alpha: 1), dark: UIColor(red: 0.145, green: 0.145, blue: 0.15, alpha: 1))
    private static let gapColor = UIColor.system(UIColor(white: 0, alpha: 0.08), dark: UIColor(white: 0, alpha: 0.45))

    /// Shows `menu` in `window` next to `anchor` (window coordinates): below it when it
    /// fits, above it otherwise; a zero-size anchor (a secondary click) puts the menu's
    /// corner at the point.
    @discardableResult
    static func present(_ menu: UIMenu, in window: UIWindow, anchor: CGRect, sender: AnyObject?,
                        onChoose: ((UIAction) -> Void)? = nil, onDismiss: @escaping () -> Void = {}) -> MenuPresenter {
        current?.dismiss()
        let presenter = MenuPresenter(menu: menu, anchor: anchor, sender: sender, onDismiss: onDismiss)
        presenter.onChoose = onChoose
        presenter.show(in: window)
        current = presenter
        return presenter
    }

    private init(menu: UIMenu, anchor: CGRect, sender: AnyObject?, onDismiss: @escaping () -> Void) {
        root = menu
        shown = [menu]
        self.anchor = anchor
        self.sender = sender
        self.onDismiss = onDismiss
    }

    private func show(in window: UIWindow) {
        overlay.frame = window.bounds
        overlay.presenter = self
        overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        shadow.layer.shadowColor = UIColor.black.cgColor
        shadow.layer.shadowOpacity = 0.18
        shadow.layer.shadowRadius = 20
        shadow.layer.shadowOffset = CGSize(width: 0, height: 6)
        platter.backgroundColor = MenuPresenter.platterColor
        platter.layer.cornerRadius = 13
        platter.clipsToBounds = true
        shadow.addSubview(platter)
        overlay.addSubview(shadow)
        window.addSubview(overlay)
        rebuild()
    }

    /// Whether the menu is on screen.
    var isShowing: Bool { overlay.superview != nil }

    /// The rows on screen, for tests: title and whether enabled.
    var rowTitles: [String] { rows.map(\.title) }

    // MARK: Rows

    private func rebuild() {
        platter.subviews.forEach { $0.removeFromSuperview() }
        rows = []
        let menu = shown[shown.count - 1]
        var groups: [[UIMenuElement]] = []
        MenuPresenter.collect(menu.children, into: &groups)
        let checks = groups.joined().contains { ($0 as? UIAction)?.state != nil && ($0 as? UIAction)?.state != .off }
        var items: [UIView] = []
        if shown.count > 1 {
            let header = MenuRow(header: menu.title)
            header.onChoose = { [unowned self] in
                shown.removeLast()
                rebuild()
            }
            rows.append(header)
            items.append(header)
            items.append(gap())
        } else if !menu.title.isEmpty {
            let title = MenuRow(title: menu.title)
            rows.append(title)
            items.append(title)
        }
        for (g, group) in groups.enumerated() {
            if g > 0 { items.append(gap()) }
            for (i, element) in group.enumerated() {
                let row = MenuRow(element: element, leavesRoomForCheck: checks, destructiveMenu: menu.options.contains(.destructive))
                row.showsSeparator = i > 0 || (g == 0 && !items.isEmpty && !(items.last is MenuGap))
                row.onChoose = { [unowned self] in choose(element) }
                rows.append(row)
                items.append(row)
            }
        }
        let window = overlay.bounds
        let natural = rows.reduce(MenuPresenter.minimumWidth) { Swift.max($0, $1.naturalWidth) }
        let width = Swift.min(natural, Swift.max(0, window.width - 16))
        var y: CGFloat = 0
        for item in items {
            let height = (item as? MenuRow)?.height ?? MenuPresenter.groupGap
            item.frame = CGRect(x: 0, y: y, width: width, height: height)
            platter.addSubview(item)
            y += height
        }
        let height = Swift.min(y, Swift.max(0, window.height - 16))
        // Below the anchor when it fits, else above; kept 8 points inside the window.
        var origin = CGPoint(x: anchor.minX, y: anchor.maxY + (anchor.height > 0 ? 8 : 0))
        isBelowAnchor = origin.y + height <= window.maxY - 8
        if !isBelowAnchor { origin.y = anchor.minY - (anchor.height > 0 ? 8 : 0) - height }
        origin.x = Swift.min(Swift.max(8, origin.x), window.maxX - 8 - width)
        origin.y = Swift.min(Swift.max(8, origin.y), window.maxY - 8 - height)
        shadow.frame = CGRect(origin: origin, size: CGSize(width: width, height: height))
        platter.frame = shadow.bounds
        shadow.layer.shadowPath = CGPath(roundedRect: shadow.bounds, cornerWidth: 13, cornerHeight: 13, transform: nil)
    }

    private func gap() -> UIView {
        let band = MenuGap()
        band.backgroundColor = MenuPresenter.gapColor
        return band
    }

    /// Splits elements into groups: runs of plain elements, and each inline menu's own.
    private static func collect(_ elements: [UIMenuElement], into groups: inout [[UIMenuElement]]) {
        var run: [UIMenuElement] = []
        for element in elements {
            if let action = element as? UIAction, action.attributes.contains(.hidden) { continue }
            if let menu = element as? UIMenu, menu.options.contains(.displayInline) {
                if !run.isEmpty { groups.append(run) }
                run = []
                var inner: [[UIMenuElement]] = []
                collect(menu.children, into: &inner)
                groups.append(contentsOf: inner.filter { !$0.isEmpty })
            } else {
                run.append(element)
            }
        }
        if !run.isEmpty { groups.append(run) }
    }

    // MARK: Choosing

    private func choose(_ element: UIMenuElement) {
        if let submenu = element as? UIMenu {
            shown.append(submenu)
            rebuild()
            return
        }
        guard let action = element as? UIAction, !action.attributes.contains(.disabled) else { return }
        // In a menu of single selection, the chosen action is the one turned on.
        if let parent = MenuPresenter.parent(of: action, in: root), parent.options.contains(.singleSelection) {
            for case let sibling as UIAction in parent.children { sibling.state = sibling === action ? .on : .off }
        }
        if !action.attributes.contains(.keepsMenuPresented) { dismiss() }
        action.perform(sender: sender)
        onChoose?(action)
        if action.attributes.contains(.keepsMenuPresented) { rebuild() }
    }

    private static func parent(of element: UIMenuElement, in menu: UIMenu) -> UIMenu? {
        if menu.children.contains(where: { $0 === element }) { return menu }
        for case let child as UIMenu in menu.children {
            if let found = parent(of: element, in: child) { return found }
        }
        return nil
    }

    /// Closes the menu.
    func dismiss() {
        guard isShowing else { return }
        overlay.removeFromSuperview()
        overlay.presenter = nil
        if MenuPresenter.current === self { MenuPresenter.current = nil }
        onDismiss()
    }

    // MARK: Tracking

    private var highlighted: MenuRow?

    /// Highlights the row under `point` (window coordinates), if any.
    func track(to point: CGPoint) {
        let local = platter.convert(point, from: nil)
        let row = rows.first { $0.isChoosable && $0.frame.contains(local) }
        if row !== highlighted {
            highlighted?.isHighlighted = false
            row?.isHighlighted = true
            highlighted = row
        }
    }

    /// Lifts the finger at `point`: chooses the row there (if one is highlighted).
    func release(at point: CGPoint) {
        track(to: point)
        guard let row = highlighted else { return }
        row.isHighlighted = false
        highlighted = nil
        row.onChoose?()
    }

    /// Whether `point` (window coordinates) is on the platter.
    func contains(_ point: CGPoint) -> Bool {
        shadow.frame.contains(point)
    }

    /// The platter's frame in window coordinates (for tests).
    var frame: CGRect { shadow.frame }

    /// The window point at the middle of the row titled `title`, if it shows.
    func point(ofRow title: String) -> CGPoint? {
        guard let row = rows.first(where: { $0.title == title }) else { return nil }
        return platter.convert(CGPoint(x: row.frame.midX, y: row.frame.midY), to: nil)
    }
}

/// The clear view over the window while a menu shows.
final class MenuOverlay: UIView {
    /// The menu this overlay shows; released when the menu closes.
    var presenter: MenuPresenter?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let presenter, let touch = touches.first else { return }
        let point = touch.location(in: nil)
        if presenter.contains(point) { presenter.track(to: point) } else { presenter.dismiss() }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let presenter, let touch = touches.first else { return }
        presenter.track(to: touch.location(in: nil))
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let presenter, let touch = touches.first, presenter.isShowing else { return }
        presenter.release(at: touch.location(in: nil))
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        presenter?.track(to: CGPoint(x: -1, y: -1))
    }
}

/// The band between groups.
final class MenuGap: UIView {}

/// One row of a menu platter.
final class MenuRow: UIView {
    let title: String
    private let titleLabel = UILabel()
    private var subtitleLabel: UILabel?
    private var imageView: UIImageView?
    private var check: UIImageView?
    private let separator = UIView()
    private let fill = UIView()
    var onChoose: (() -> Void)?
    let isChoosable: Bool
    let height: CGFloat
    private let leading: CGFloat
    private var isChecked = false

    var showsSeparator = false { didSet { separator.isHidden = !showsSeparator } }
    var isHighlighted = false { didSet { fill.isHidden = !isHighlighted } }

    /// A row for `element`.
    init(element: UIMenuElement, leavesRoomForCheck: Bool, destructiveMenu: Bool) {
        title = element.title
        let action = element as? UIAction
        let submenu = element as? UIMenu
        let disabled = action?.attributes.contains(.disabled) ?? false
        let destructive = action?.attributes.contains(.destructive) ?? submenu?.options.contains(.destructive) ?? destructiveMenu
        isChoosable = !disabled
        height = element.subtitle == nil ? MenuPresenter.rowHeight : 58
        leading = leavesRoomForCheck ? 40 : 16
        super.init(frame: .zero)
        let color: UIColor = disabled ? .tertiaryLabel : (destructive ? .systemRed : .label)
        titleLabel.text = element.title
        titleLabel.font = .systemFont(ofSize: 17)
        titleLabel.textColor = color
        if let subtitle = element.subtitle {
            let label = UILabel()
            label.text = subtitle
            label.font = .systemFont(ofSize: 13)
            label.textColor = disabled ? .tertiaryLabel : .secondaryLabel
            subtitleLabel = label
        }
        let symbol = submenu != nil ? UIImage(systemName: "chevron.right") : element.image
        if let symbol {
            let view = UIImageView(image: symbol.withRenderingMode(.alwaysTemplate))
            view.tintColor = color
            view.contentMode = .scaleAspectFit
            imageView = view
        }
        isChecked = action?.state == .on
        if action?.state == .on || action?.state == .mixed {
            let view = UIImageView(image: UIImage(systemName: action?.state == .on ? "checkmark" : "minus"))
            view.tintColor = color
            view.contentMode = .scaleAspectFit
            check = view
        }
        setUp()
    }

    /// The menu's title: small grey text, not choosable.
    init(title: String) {
        self.title = title
        isChoosable = false
        height = 34
        leading = 16
        super.init(frame: .zero)
        titleLabel.text = title
        titleLabel.font = .systemFont(ofSize: 13)
        titleLabel.textColor = .secondaryLabel
        setUp()
    }

    /// A submenu's header: its title with a chevron back to the parent.
    init(header: String) {
        title = header
        isChoosable = true
        height = MenuPresenter.rowHeight
        leading = 40
        super.init(frame: .zero)
        titleLabel.text = header
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textColor = .label
        let back = UIImageView(image: UIImage(systemName: "chevron.left"))
        back.tintColor = .secondaryLabel
        back.contentMode = .scaleAspectFit
        check = back
        setUp()
    }

    required init?(coder: NSCoder) { nil }

    private func setUp() {
        fill.backgroundColor = .systemFill
        fill.isHidden = true
        addSubview(fill)
        separator.backgroundColor = .separator
        separator.isHidden = true
        addSubview(separator)
        for view in [titleLabel, subtitleLabel, imageView, check].compactMap({ $0 }) { addSubview(view) }
        isUserInteractionEnabled = false
        // Each choosable row is a button to assistive technologies (and UI tests).
        isAccessibilityElement = true
        accessibilityLabel = title
        accessibilityTraits = isChoosable ? (isChecked ? [.button, .selected] : .button) : [.staticText]
    }


    /// The width the row needs: its texts, its image and margins.
    var naturalWidth: CGFloat {
        let text = Swift.max(titleLabel.intrinsicContentSize.width, subtitleLabel?.intrinsicContentSize.width ?? 0)
        return (leading + text + (imageView != nil ? 12 + 20 : 0) + 16).rounded(.up)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        fill.frame = b
        separator.frame = CGRect(x: 0, y: 0, width: b.width, height: 0.5)
        let trailing = imageView != nil ? b.width - 16 - 20 - 12 : b.width - 16
        if let check { check.frame = CGRect(x: 12, y: (b.height - 18) / 2, width: 18, height: 18) }
        if let imageView { imageView.frame = CGRect(x: b.width - 16 - 20, y: (b.height - 20) / 2, width: 20, height: 20) }
        let titleHeight = titleLabel.intrinsicContentSize.height
        if let subtitleLabel {
            let subtitleHeight = subtitleLabel.intrinsicContentSize.height
            let top = (b.height - titleHeight - 2 - subtitleHeight) / 2
            titleLabel.frame = CGRect(x: leading, y: top, width: Swift.max(0, trailing - leading), height: titleHeight)
            subtitleLabel.frame = CGRect(x: leading, y: top + titleHeight + 2, width: Swift.max(0, trailing - leading), height: subtitleHeight)
        } else {
            titleLabel.frame = CGRect(x: leading, y: (b.height - titleHeight) / 2, width: Swift.max(0, trailing - leading), height: titleHeight)
        }
    }
}
