import Foundation

/// One button of an alert or action sheet: its title, its style (`.cancel` titles are
/// semibold, `.destructive` ones red) and what runs when it is chosen.
@preconcurrency @MainActor
open class UIAlertAction: NSObject {
    public enum Style: Int, Sendable {
        case `default` = 0
        case cancel = 1
        case destructive = 2
    }

    public let title: String?
    public let style: Style
    /// Whether the button can be chosen (true by default); disabled titles are gray.
    open var isEnabled = true
    let handler: ((UIAlertAction) -> Void)?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
        super.init()
    }
}

/// An alert (a card in the middle of the screen) or an action sheet (cards along the bottom)
/// with a title, a message and actions, presented modally over a dimmed screen.
///
/// While it is up, the views behind it show their tints dimmed. Choosing an action dismisses
/// the controller, then runs the action's handler. An alert with two actions shows them side by
/// side (the cancel action first), with more they stack, the cancel action last; an action
/// sheet stacks them with the cancel action in a card of its own below, and a tap outside it
/// chooses the cancel action when there is one.
///
/// - Note: Differs from Apple: the cards are opaque (no blur yet), they appear without a
///   transition.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable {
        case actionSheet = 0
        case alert = 1
    }

    /// The text under the title.
    open var message: String? { didSet { if isViewLoaded { rebuild() } } }
    /// Alert or action sheet.
    open private(set) var preferredStyle: Style = .alert
    /// The actions, in the order added.
    open private(set) var actions: [UIAlertAction] = []
    /// The action shown in semibold (for alerts), which Return chooses.
    open var preferredAction: UIAlertAction? { didSet { if isViewLoaded { rebuild() } } }

    /// The alert's text fields, in the order added (nil when it has none).
    open var textFields: [UITextField]? { fields.isEmpty ? nil : fields }
    private var fields: [UITextField] = []
    private let fieldBox = UIView()

    /// Adds a text field under the message, configured by `configurationHandler`. Only
    /// alerts take text fields. The first is edited when the alert appears; Return in one
    /// chooses the preferred action.
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        precondition(preferredStyle == .alert, "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
        let field = UITextField()
        field.font = .systemFont(ofSize: 13)
        field.borderStyle = .none
        field.addTarget(self, action: UIAlertController.returnPressed, for: .editingDidEndOnExit)
        fields.append(field)
        configurationHandler?(field)
        if isViewLoaded { rebuild() }
    }

    private func returnPressed() {
        if let preferred = preferredAction, preferred.isEnabled { choose(preferred) }
    }

    static let fieldHeight: CGFloat = 30

    private let dimming = UIView()
    private let cards = UIView()
    private var buttons: [(UIAlertAction, AlertButton)] = []
    /// The view whose tint was dimmed while the alert is up.
    private weak var dimmedView: UIView?

    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
        modalPresentationStyle = .custom
    }

    /// Alerts and action sheets come and go at once over their dimming view.
    override func systemPresentationAnimator(presenting: Bool) -> any UIViewControllerAnimatedTransitioning {
        ImmediatePresentationAnimator(presenting: presenting)
    }

    /// Adds a button. An alert or sheet takes at most one `.cancel` action.
    open func addAction(_ action: UIAlertAction) {
        precondition(action.style != .cancel || !actions.contains { $0.style == .cancel },
                     "UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
        actions.append(action)
        if isViewLoaded { rebuild() }
    }

    // MARK: Views

    static let alertWidth: CGFloat = 270
    static let buttonHeight: CGFloat = 44
    static let sheetButtonHeight: CGFloat = 57

    private static let cardColor = UIColor.system(UIColor(red: 242 / 255, green: 242 / 255, blue: 242 / 255, alpha: 1),
                                                  dark: UIColor(red: 44 / 255, green: 44 / 255, blue: 46 / 255, alpha: 1))
    private static let dimmingColor = UIColor.system(UIColor(white: 0, alpha: 0.2), dark: UIColor(white: 0, alpha: 0.48))

    open override func loadView() {
        let root = UIView()
        dimming.backgroundColor = UIAlertController.dimmingColor
        root.addSubview(dimming)
        root.addSubview(cards)
        view = root
        let tap = UITapGestureRecognizer(target: self, action: UIAlertController.backdropTapped)
        dimming.addGestureRecognizer(tap)
        rebuild()
    }

    private func backdropTapped() {
        guard preferredStyle == .actionSheet, let cancel = actions.first(where: { $0.style == .cancel }), cancel.isEnabled else { return }
        choose(cancel)
    }

    /// The actions in the order they show: two alert actions side by side with the cancel one
    /// first; otherwise stacked with the cancel one last.
    private var orderedActions: [UIAlertAction] {
        let cancel = actions.filter { $0.style == .cancel }
        let others = actions.filter { $0.style != .cancel }
        if preferredStyle == .alert && actions.count == 2 { return cancel + others }
        return others + cancel
    }

    private func rebuild() {
        for view in cards.subviews { view.removeFromSuperview() }
        buttons = []
        let sheet = preferredStyle == .actionSheet
        let main = UIView()
        main.backgroundColor = UIAlertController.cardColor
        main.layer.cornerRadius = sheet ? 13 : 14
        main.clipsToBounds = true
        cards.addSubview(main)
        if title != nil || message != nil {
            let header = UIView()
            if let title {
                let label = UILabel()
                label.text = title
                label.font = sheet ? .systemFont(ofSize: 13, weight: .semibold) : .systemFont(ofSize: 17, weight: .semibold)
                label.textColor = sheet ? .secondaryLabel : .label
                label.textAlignment = .center
                label.numberOfLines = 0
                label.tag = 1
                header.addSubview(label)
            }
            if let message {
                let label = UILabel()
                label.text = message
                label.font = .systemFont(ofSize: 13)
                label.textColor = sheet ? .secondaryLabel : .label
                label.textAlignment = .center
                label.numberOfLines = 0
                label.tag = 2
                header.addSubview(label)
            }
            header.tag = 10
            main.addSubview(header)
        }
        if !fields.isEmpty {
            // The fields share one rounded box, hairlines between them.
            fieldBox.subviews.forEach { $0.removeFromSuperview() }
            fieldBox.backgroundColor = UIColor.system(.white, dark: UIColor(white: 0.11, alpha: 1))
            fieldBox.layer.cornerRadius = 7
            fieldBox.layer.borderWidth = 0.5
            fieldBox.layer.borderColor = UIColor.separator.resolvedColor(with: traitCollection).cgColor
            fieldBox.clipsToBounds = true
            for (index, field) in fields.enumerated() {
                if index > 0 {
                    let line = UIView()
                    line.backgroundColor = .separator
                    line.tag = 30
                    fieldBox.addSubview(line)
                }
                fieldBox.addSubview(field)
            }
            main.addSubview(fieldBox)
        }
        for action in orderedActions {
            // The preferred action is semibold; without one, the cancel action is.
            let bold = action === preferredAction || (action.style == .cancel && preferredAction == nil)
            let button = AlertButton(action: action, sheet: sheet, bold: bold)
            button.onTap = { [weak self] in self?.choose(action) }
            buttons.append((action, button))
            if sheet && action.style == .cancel {
                let cancelCard = UIView()
                cancelCard.backgroundColor = UIAlertController.cardColor
                cancelCard.layer.cornerRadius = 13
                cancelCard.clipsToBounds = true
                cancelCard.tag = 20
                cancelCard.addSubview(button)
                cards.addSubview(cancelCard)
            } else {
                main.addSubview(button)
            }
        }
        view.setNeedsLayout()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        dimming.frame = view.bounds
        let sheet = preferredStyle == .actionSheet
        let bounds = view.bounds
        let width = sheet ? Swift.min(bounds.width - 16, 414) : UIAlertController.alertWidth
        guard let main = cards.subviews.first else { return }
        var y: CGFloat = 0
        if let header = main.viewWithTag(10) {
            var inner: CGFloat = sheet ? 14 : 19
            for label in header.subviews.compactMap({ $0 as? UILabel }) {
                let size = label.sizeThatFits(CGSize(width: width - 32, height: .greatestFiniteMagnitude))
                if label.tag == 2, header.subviews.count > 1 { inner += sheet ? 12 : 3 }
                label.frame = CGRect(x: 16, y: inner, width: width - 32, height: size.height)
                inner += size.height
            }
            inner += sheet ? 14 : 20
            header.frame = CGRect(x: 0, y: 0, width: width, height: inner)
            y = inner
        }
        if !fields.isEmpty {
            if y == 0 { y = 20 }
            let rowHeight = UIAlertController.fieldHeight
            var rowY: CGFloat = 0
            var lines = fieldBox.subviews.filter { $0.tag == 30 }.makeIterator()
            for (index, field) in fields.enumerated() {
                if index > 0, let line = lines.next() { line.frame = CGRect(x: 0, y: rowY - 0.25, width: width - 32, height: 0.5) }
                field.frame = CGRect(x: 6, y: rowY, width: width - 32 - 12, height: rowHeight)
                rowY += rowHeight
            }
            fieldBox.frame = CGRect(x: 16, y: y - 4, width: width - 32, height: rowY)
            y += rowY + 12
        }
        let inMain = buttons.filter { $0.1.superview === main }
        let height = sheet ? UIAlertController.sheetButtonHeight : UIAlertController.buttonHeight
        if !sheet && inMain.count == 2 {
            for (index, (_, button)) in inMain.enumerated() {
                button.frame = CGRect(x: CGFloat(index) * width / 2, y: y, width: width / 2, height: height)
                button.showsLeadingSeparator = index == 1
            }
            y += height
        } else {
            for (_, button) in inMain {
                button.frame = CGRect(x: 0, y: y, width: width, height: height)
                button.showsLeadingSeparator = false
                y += height
            }
        }
        main.frame = CGRect(x: 0, y: 0, width: width, height: y)
        var total = y
        if let cancelCard = cards.viewWithTag(20), let button = cancelCard.subviews.first as? AlertButton {
            button.frame = CGRect(x: 0, y: 0, width: width, height: height)
            button.showsTopSeparator = false
            cancelCard.frame = CGRect(x: 0, y: y + 8, width: width, height: height)
            total = y + 8 + height
        }
        let safe = view.safeAreaInsets
        cards.frame = sheet
            ? CGRect(x: (bounds.width - width) / 2, y: bounds.maxY - safe.bottom - 8 - total, width: width, height: total)
            : CGRect(x: ((bounds.width - width) / 2).rounded(), y: ((bounds.height - total) / 2).rounded(), width: width, height: total)
    }

    // MARK: Presentation

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        dimBehind(true)
    }

    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        dimBehind(true)
        // The first text field is edited at once.
        fields.first?.becomeFirstResponder()
    }

    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        dimBehind(false)
    }

    /// The views behind the alert show their tints dimmed while it is up.
    private func dimBehind(_ dim: Bool) {
        if dim {
            guard dimmedView == nil, let presenter = presentingViewController?.viewIfLoaded else { return }
            let behind = presenter.window?.rootViewController?.viewIfLoaded ?? presenter
            guard behind.tintAdjustmentMode == .automatic else { return }
            behind.tintAdjustmentMode = .dimmed
            dimmedView = behind
        } else {
            dimmedView?.tintAdjustmentMode = .automatic
            dimmedView = nil
        }
    }

    /// Dismisses the alert, then runs `action`'s handler.
    private func choose(_ action: UIAlertAction) {
        guard action.isEnabled else { return }
        dimBehind(false)
        view.endEditing(true)
        let handler = action.handler
        if let presenter = presentingViewController {
            presenter.dismiss(animated: true) { handler?(action) }
        } else {
            handler?(action)
        }
    }
}

/// An alert or sheet button: the action's title centred, hairlines above (and beside), a
/// darker fill while pressed.
@MainActor
final class AlertButton: UIView {
    let action: UIAlertAction
    private let label = UILabel()
    private let top = CALayer()
    private let leading = CALayer()
    var onTap: (() -> Void)?
    var showsTopSeparator = true { didSet { setNeedsLayout() } }
    var showsLeadingSeparator = false { didSet { setNeedsLayout() } }

    init(action: UIAlertAction, sheet: Bool, bold: Bool) {
        self.action = action
        super.init(frame: .zero)
        label.text = action.title
        label.textAlignment = .center
        let size: CGFloat = sheet ? 20 : 17
        label.font = .systemFont(ofSize: size, weight: bold ? .semibold : .regular)
        addSubview(label)
        layer.addSublayer(top)
        layer.addSublayer(leading)
        updateColors()
        // Assistive technologies (and UI tests) see each action as a button named by its title.
        isAccessibilityElement = true
        accessibilityLabel = action.title
        accessibilityTraits = action.isEnabled ? .button : [.button, .notEnabled]
    }

    required init?(coder: NSCoder) { nil }

    private func updateColors() {
        label.textColor = !action.isEnabled ? .secondaryLabel : action.style == .destructive ? .systemRed : tintColor
        let line = UIColor.separator.resolvedColor(with: traitCollection).cgColor
        LayerTransaction.immediate {
            top.backgroundColor = line
            leading.backgroundColor = line
        }
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColors()
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        updateColors()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: 8, dy: 0)
        let hairline = 1 / (traitCollection.displayScale > 0 ? traitCollection.displayScale : 1)
        LayerTransaction.immediate {
            top.frame = CGRect(x: 0, y: 0, width: bounds.width, height: hairline)
            top.isHidden = !showsTopSeparator
            leading.frame = CGRect(x: 0, y: 0, width: hairline, height: bounds.height)
            leading.isHidden = !showsLeadingSeparator
        }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        backgroundColor = UIColor.separator.withAlphaComponent(0.2)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        backgroundColor = nil
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        backgroundColor = nil
        guard let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
        onTap?()
    }
}
