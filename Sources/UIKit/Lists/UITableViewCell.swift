import Foundation

/// A row of a table view: a content view (with the built-in styles' labels and image, or a
/// content configuration's view, or your own subviews), an accessory at the trailing edge,
/// a background that shows the selection, and a separator along the bottom.
///
/// - Note: Differs from Apple: a table view makes cells of a registered class through
///   `init(_registeredReuseIdentifier:)`, which calls `init(style:reuseIdentifier:)` (your
///   override of it, if any). A subclass that defines other designated initializers without
///   overriding `init(style:reuseIdentifier:)` must also provide that initializer.
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    /// The built-in layouts.
    public enum CellStyle: Int, Sendable {
        /// A text (and an image) at the leading edge.
        case `default`
        /// A text at the leading edge, a grey detail at the trailing edge.
        case value1
        /// A blue text right-aligned in a narrow column, a detail after it.
        case value2
        /// A text over a smaller grey detail.
        case subtitle
    }

    /// How a selected cell looks.
    public enum SelectionStyle: Int, Sendable {
        case none, blue, gray, `default`
    }

    /// The standard accessories.
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    /// What editing does to a row.
    public enum EditingStyle: Int, Sendable {
        case none, delete, insert
    }

    /// Where the separator of a cell starts when the table lays it out.
    public enum SeparatorStyle: Int, Sendable {
        case none, singleLine
    }

    /// The identifier the table reuses the cell under.
    open private(set) var reuseIdentifier: String?
    /// The built-in layout.
    public let style: CellStyle

    /// The view that holds the cell's content; add your subviews to it.
    open private(set) var contentView: UIView

    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        contentView = UIView()
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        contentView.frame = bounds
        addSubview(contentView)
        backgroundColor = .systemBackground
        separatorLayer.backgroundColor = UIColor.separator.cgColor
        layer.addSublayer(separatorLayer)
    }

    /// A cell in the default style with no reuse identifier, `frame` in size.
    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    public convenience init() {
        self.init(style: .default, reuseIdentifier: nil)
    }

    /// How a table view makes a cell of a registered class: through `init(style:reuseIdentifier:)`
    /// (the subclass's override, when it has one), in the default style.
    ///
    /// - Note: Lamina addition: Swift can construct a class from its type only through a
    ///   required initializer; this is that initializer.
    public required convenience init(_registeredReuseIdentifier reuseIdentifier: String?) {
        self.init(style: .default, reuseIdentifier: reuseIdentifier)
    }

    /// A cell from a storyboard or nib: its style, reuse identifier, accessories, selection
    /// style and content view's subviews come from the coder.
    public required init?(coder: NSCoder) {
        let ib = coder as? IBCoder
        style = ib?.cellStyle ?? .default
        reuseIdentifier = ib?.string("reuseIdentifier")
        contentView = UIView()
        super.init(coder: coder)
        contentView.frame = bounds
        insertSubview(contentView, at: 0)
        if ib?.has("backgroundColor") != true { backgroundColor = .systemBackground }
        separatorLayer.backgroundColor = UIColor.separator.cgColor
        layer.addSublayer(separatorLayer)
        ib?.decodeTableViewCell(self)
    }

    /// The segue a storyboard connects to selecting the cell.
    var selectionSegue: IBSegueTrigger?
    /// The segue a storyboard connects to the cell's detail (accessory) button.
    var accessorySegue: IBSegueTrigger?

    /// The detail button was tapped: a storyboard's accessory segue runs and the table's
    /// delegate hears of it; the row is not selected.
    func accessoryButtonTapped() {
        var view = superview
        while let found = view, !(found is UITableView) { view = found.superview }
        guard let table = view as? UITableView, let path = table.indexPath(for: self) else { return }
        accessorySegue?.trigger(sender: self)
        table.tableDelegate?.tableView(table, accessoryButtonTappedForRowWith: path)
    }

    /// The identifier a cell made from a nib or prototype is dequeued by.
    func adoptReuseIdentifier(_ identifier: String) {
        reuseIdentifier = identifier
    }

    /// The labels and image view a storyboard cell's built-in style names.
    func adoptStoryboardContent(textLabel: UILabel?, detailTextLabel: UILabel?, imageView: UIImageView?) {
        if let textLabel { storedTextLabel = textLabel }
        if let detailTextLabel, style != .default { storedDetailLabel = detailTextLabel }
        if let imageView, style != .value2 { storedImageView = imageView }
        setNeedsLayout()
    }

    // MARK: Built-in content

    private var storedTextLabel: UILabel?
    private var storedDetailLabel: UILabel?
    private var storedImageView: UIImageView?

    /// The main text of the built-in styles (made when first asked for).
    open var textLabel: UILabel? {
        if let storedTextLabel { return storedTextLabel }
        let label = UILabel()
        switch style {
        case .value2:
            label.font = .systemFont(ofSize: 15, weight: .semibold)
            label.textColor = .systemBlue
            label.textAlignment = .right
        default:
            label.font = .preferredFont(forTextStyle: .body)
            label.textColor = .label
        }
        contentView.addSubview(label)
        storedTextLabel = label
        setNeedsLayout()
        return label
    }

    /// The detail text of the value and subtitle styles (nil in the default style).
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if let storedDetailLabel { return storedDetailLabel }
        let label = UILabel()
        switch style {
        case .subtitle:
            label.font = .preferredFont(forTextStyle: .subheadline)
            label.textColor = .secondaryLabel
        case .value1:
            label.font = .preferredFont(forTextStyle: .body)
            label.textColor = .secondaryLabel
            label.textAlignment = .right
        default:
            label.font = .preferredFont(forTextStyle: .subheadline)
            label.textColor = .label
        }
        contentView.addSubview(label)
        storedDetailLabel = label
        setNeedsLayout()
        return label
    }

    /// The image at the leading edge (made when first asked for; nil in the value2 style).
    open var imageView: UIImageView? {
        guard style != .value2 else { return nil }
        if let storedImageView { return storedImageView }
        let view = UIImageView()
        contentView.addSubview(view)
        storedImageView = view
        setNeedsLayout()
        return view
    }

    // MARK: Configurations

    /// The content configuration shown instead of the built-in labels.
    open var contentConfiguration: UIContentConfiguration? {
        didSet {
            if let configuration = contentConfiguration {
                if let view = configuredView, view.supports(configuration) {
                    view.configuration = configuration
                } else {
                    configuredView?.removeFromSuperview()
                    let view = configuration.makeContentView()
                    contentView.addSubview(view)
                    configuredView = view
                }
            } else {
                configuredView?.removeFromSuperview()
                configuredView = nil
            }
            setNeedsLayout()
        }
    }

    private var configuredView: (UIView & UIContentView)?

    /// A list configuration in this cell's style, to fill in and assign to
    /// `contentConfiguration`.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch style {
        case .subtitle: return .subtitleCell()
        case .value1, .value2: return .valueCell()
        default: return .cell()
        }
    }

    /// The background configuration (its colour and corner radius are applied).
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { applyBackgroundConfiguration() }
    }

    /// The cell's state as configurations see it.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isEditing = isEditing
        return state
    }

    /// Asks for `updateConfiguration(using:)` with the current state.
    open func setNeedsUpdateConfiguration() {
        updateConfiguration(using: configurationState)
    }

    /// Updates the configurations for `state` (the default updates both).
    open func updateConfiguration(using state: UICellConfigurationState) {
        if let contentConfiguration { self.contentConfiguration = contentConfiguration.updated(for: state) }
        applyBackgroundConfiguration()
    }

    private func applyBackgroundConfiguration() {
        guard let configuration = backgroundConfiguration else { return }
        let selectedLook = (isSelected || isHighlighted) && selectionStyle != .none
        backgroundColor = selectedLook ? .systemGray4 : configuration.backgroundColor ?? backgroundColor
        layer.cornerRadius = configuration.cornerRadius
    }

    // MARK: Accessory and background

    /// The standard accessory shown at the trailing edge.
    open var accessoryType: AccessoryType = .none {
        didSet { if accessoryType != oldValue { updateAccessory() } }
    }

    /// A view shown at the trailing edge instead of `accessoryType`'s.
    open var accessoryView: UIView? {
        didSet {
            guard accessoryView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            updateAccessory()
        }
    }

    /// The accessory while editing (stored).
    open var editingAccessoryType: AccessoryType = .none
    /// The accessory view while editing (stored).
    open var editingAccessoryView: UIView?

    private var standardAccessory: TableAccessoryView?

    private func updateAccessory() {
        standardAccessory?.removeFromSuperview()
        standardAccessory = nil
        if let accessoryView {
            addSubview(accessoryView)
        } else if accessoryType != .none {
            let view = TableAccessoryView(accessoryType)
            addSubview(view)
            standardAccessory = view
        }
        setNeedsLayout()
    }

    /// The view behind the content (none by default: the cell's background colour shows).
    open var backgroundView: UIView? {
        didSet {
            guard backgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// The view behind the content while selected or highlighted (a grey one by default).
    open var selectedBackgroundView: UIView? {
        get {
            if let storedSelectedBackground { return storedSelectedBackground }
            guard selectionStyle != .none else { return nil }
            let view = UIView()
            view.backgroundColor = .systemGray4
            storedSelectedBackground = view
            return view
        }
        set {
            storedSelectedBackground?.removeFromSuperview()
            storedSelectedBackground = newValue
            updateSelectionLook()
        }
    }
    private var storedSelectedBackground: UIView?

    /// The view behind the content while selected in a multiple-selection table (stored).
    open var multipleSelectionBackgroundView: UIView?

    /// How selection shows (`.default`: a grey background).
    open var selectionStyle: SelectionStyle = .default

    /// Whether the row is selected.
    open var isSelected: Bool {
        get { selectedState }
        set { setSelected(newValue, animated: false) }
    }
    private var selectedState = false

    /// Whether the row is highlighted (a finger is on it).
    open var isHighlighted: Bool {
        get { highlightedState }
        set { setHighlighted(newValue, animated: false) }
    }
    private var highlightedState = false

    /// Selects or deselects the cell: the selected background shows or hides.
    open func setSelected(_ selected: Bool, animated: Bool) {
        selectedState = selected
        updateSelectionLook()
    }

    /// Highlights the cell (while touched): the selected background shows or hides.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        highlightedState = highlighted
        updateSelectionLook()
    }

    private func updateSelectionLook() {
        if backgroundConfiguration != nil { applyBackgroundConfiguration() }
        let shows = (selectedState || highlightedState) && selectionStyle != .none
        if shows, let view = selectedBackgroundView {
            if view.superview !== self { insertSubview(view, at: backgroundView == nil ? 0 : 1) }
            view.frame = bounds
        } else {
            storedSelectedBackground?.removeFromSuperview()
        }
        for label in [storedTextLabel, storedDetailLabel] { label?.isHighlighted = shows }
    }

    /// Whether the table is in editing mode (stored).
    open var isEditing = false
    /// Sets `isEditing`.
    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }
    /// How far the content is indented, in steps of `indentationWidth`.
    open var indentationLevel = 0 { didSet { setNeedsLayout() } }
    /// The width of one indentation step (10 points).
    open var indentationWidth: CGFloat = 10 { didSet { setNeedsLayout() } }
    /// Whether the content indents while editing (stored).
    open var shouldIndentWhileEditing = true
    /// Whether the reorder control shows (stored).
    open var showsReorderControl = false
    /// Whether the cell draws its bottom separator from its leading inset.
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }

    /// The separator along the bottom edge.
    let separatorLayer = CALayer()
    /// Set by the table: whether this row shows its separator.
    var showsSeparator = true { didSet { setNeedsLayout() } }
    var separatorColorOverride: UIColor? { didSet { resolveSeparatorColor() } }

    /// The separator's colour for this cell's appearance (a layer colour does not follow
    /// appearance changes by itself).
    private func resolveSeparatorColor() {
        let color = (separatorColorOverride ?? .separator).resolvedColor(with: traitCollection).cgColor
        guard separatorLayer.backgroundColor != color else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        separatorLayer.backgroundColor = color
        CATransaction.commit()
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) {
            resolveSeparatorColor()
            setNeedsDisplay()
        }
    }

    /// Set by the table while a swipe pulls the row: how far its content has moved (points,
    /// positive towards the trailing edge, revealing leading actions), and the actions shown
    /// in the space it left.
    var swipeOffset: CGFloat = 0 { didSet { if swipeOffset != oldValue { setNeedsLayout() } } }
    var swipeActionsView: SwipeActionsView? {
        didSet {
            guard swipeActionsView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let swipeActionsView { insertSubview(swipeActionsView, at: 0) }
        }
    }

    /// Called before the table hands the cell out again: reset what your rows change.
    open func prepareForReuse() {}

    // MARK: Layout

    open override func layoutSubviews() {
        let b = bounds
        let trailingAccessory = accessoryView ?? standardAccessory
        var contentWidth = b.width
        if let accessory = trailingAccessory {
            let size = accessory === standardAccessory ? accessory.intrinsicContentSize
                : (accessory.bounds.size == .zero ? accessory.sizeThatFits(b.size) : accessory.bounds.size)
            accessory.frame = CGRect(x: b.width - 16 - size.width, y: ((b.height - size.height) / 2).rounded(), width: size.width, height: size.height)
            contentWidth = accessory.frame.minX - 4
        }
        contentView.frame = CGRect(x: 0, y: 0, width: contentWidth, height: b.height)
        backgroundView?.frame = b
        storedSelectedBackground?.frame = b
        super.layoutSubviews()
        if let configuredView = configuredView as UIView? {
            configuredView.frame = contentView.bounds
        }
        layoutBuiltInContent(hasAccessory: trailingAccessory != nil)
        let scale = traitCollection.displayScale > 0 ? traitCollection.displayScale : 1
        let line = 1 / scale
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        separatorLayer.isHidden = !showsSeparator
        separatorLayer.frame = CGRect(x: separatorInset.left, y: b.height - line,
                                      width: Swift.max(0, b.width - separatorInset.left - separatorInset.right), height: line)
        CATransaction.commit()
        layer.addSublayer(separatorLayer)
        layoutSwipe(trailingAccessory)
    }

    /// A swiped row's content, accessory and backgrounds move by `swipeOffset`; the actions
    /// fill the space uncovered.
    private func layoutSwipe(_ accessory: UIView?) {
        let offset = swipeOffset
        if offset != 0 {
            for view in [contentView, accessory, backgroundView, storedSelectedBackground] {
                guard let view else { continue }
                view.frame.origin.x += offset
            }
        }
        guard let actions = swipeActionsView else { return }
        let b = bounds
        actions.frame = offset < 0
            ? CGRect(x: b.width + offset, y: 0, width: -offset, height: b.height)
            : CGRect(x: 0, y: 0, width: offset, height: b.height)
    }

    private func layoutBuiltInContent(hasAccessory: Bool) {
        let area = contentView.bounds
        let leading = 16 + CGFloat(indentationLevel) * indentationWidth
        let trailing: CGFloat = hasAccessory ? 4 : 16
        var x = leading
        if let image = storedImageView, let size = image.image?.size {
            image.frame = CGRect(x: leading, y: ((area.height - size.height) / 2).rounded(), width: size.width, height: size.height)
            x = image.frame.maxX + 16
        } else {
            storedImageView?.frame = .zero
        }
        let available = Swift.max(0, area.width - x - trailing)
        let text = storedTextLabel, detail = storedDetailLabel
        func fit(_ label: UILabel?) -> CGSize {
            guard let label, !(label.text ?? "").isEmpty || (label.attributedText?.length ?? 0) > 0 else { return .zero }
            return label.sizeThatFits(CGSize(width: available, height: .greatestFiniteMagnitude))
        }
        let t = fit(text), d = fit(detail)
        switch style {
        case .default:
            text?.frame = CGRect(x: x, y: ((area.height - t.height) / 2).rounded(), width: available, height: t.height)
        case .subtitle:
            let total = t.height + d.height
            let top = ((area.height - total) / 2).rounded()
            text?.frame = CGRect(x: x, y: top, width: available, height: t.height)
            detail?.frame = CGRect(x: x, y: top + t.height, width: available, height: d.height)
        case .value1:
            let dw = Swift.min(d.width, available)
            detail?.frame = CGRect(x: area.width - trailing - dw, y: ((area.height - d.height) / 2).rounded(), width: dw, height: d.height)
            text?.frame = CGRect(x: x, y: ((area.height - t.height) / 2).rounded(), width: Swift.max(0, Swift.min(t.width, available - dw - 8)), height: t.height)
        case .value2:
            let column: CGFloat = 91
            text?.frame = CGRect(x: leading, y: ((area.height - t.height) / 2).rounded(), width: column - leading, height: t.height)
            let dx = column + 6
            detail?.frame = CGRect(x: dx, y: ((area.height - d.height) / 2).rounded(), width: Swift.max(0, area.width - dx - trailing), height: d.height)
        }
    }

    /// The height the cell needs at `size.width`: its content configuration's, its
    /// constraints' (when its content view holds constrained views), or the built-in
    /// styles' (at least 44 points).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width > 0 && size.width.isFinite ? size.width : bounds.width
        let accessory: CGFloat = (accessoryView ?? standardAccessory).map { v in
            let s = v === standardAccessory ? v.intrinsicContentSize : v.bounds.size
            return s.width + 20
        } ?? 0
        let contentWidth = width - accessory
        if let configuredView = configuredView as UIView? {
            return CGSize(width: width, height: configuredView.sizeThatFits(CGSize(width: contentWidth, height: 0)).height)
        }
        if contentView.subviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints }) {
            let fitted = contentView.systemLayoutSizeFitting(CGSize(width: contentWidth, height: UIView.layoutFittingCompressedSize.height),
                                                             withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
            return CGSize(width: width, height: fitted.height.rounded(.up))
        }
        let imageRoom = (storedImageView?.image?.size.width).map { $0 + 16 } ?? 0
        let available = Swift.max(0, contentWidth - 32 - imageRoom)
        func height(_ label: UILabel?) -> CGFloat {
            guard let label, !(label.text ?? "").isEmpty else { return 0 }
            return label.sizeThatFits(CGSize(width: available, height: .greatestFiniteMagnitude)).height
        }
        let texts = style == .subtitle ? height(storedTextLabel) + height(storedDetailLabel)
            : Swift.max(height(storedTextLabel), height(storedDetailLabel))
        let image = storedImageView?.image?.size.height ?? 0
        return CGSize(width: width, height: Swift.max(44, (Swift.max(texts, image) + 22).rounded(.up)))
    }
}

/// A section's header or footer view: a text label (or a content configuration) on a
/// background, reusable like cells.
@preconcurrency @MainActor
open class UITableViewHeaderFooterView: UIView {
    /// The identifier the table reuses the view under.
    open private(set) var reuseIdentifier: String?
    /// The view holding the content.
    open private(set) var contentView = UIView()
    /// The style it was made for (set by the table).
    var isGrouped = false

    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 28))
        addSubview(contentView)
    }

    public convenience override init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    /// How a table view makes a registered header or footer class (through
    /// `init(reuseIdentifier:)`).
    ///
    /// - Note: Lamina addition, as `UITableViewCell.init(_registeredReuseIdentifier:)`.
    public required convenience init(_registeredReuseIdentifier reuseIdentifier: String?) {
        self.init(reuseIdentifier: reuseIdentifier)
    }

    public required init?(coder: NSCoder) { nil }

    private var storedTextLabel: UILabel?

    /// The title (made when first asked for).
    open var textLabel: UILabel? {
        if let storedTextLabel { return storedTextLabel }
        let label = UILabel()
        label.font = isGrouped ? .preferredFont(forTextStyle: .footnote) : .systemFont(ofSize: 15, weight: .semibold)
        label.textColor = .secondaryLabel
        label.numberOfLines = 0
        contentView.addSubview(label)
        storedTextLabel = label
        return label
    }

    /// The detail text (stored; not shown in current iOS styles).
    open var detailTextLabel: UILabel?

    /// The view behind the content.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
        }
    }

    /// The content configuration shown instead of the text label.
    open var contentConfiguration: UIContentConfiguration? {
        didSet {
            configuredView?.removeFromSuperview()
            configuredView = nil
            if let configuration = contentConfiguration {
                let view = configuration.makeContentView()
                contentView.addSubview(view)
                configuredView = view
            }
            setNeedsLayout()
        }
    }
    private var configuredView: UIView?

    /// A list configuration for headers of the table's style.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        isGrouped ? .groupedHeader() : .plainHeader()
    }

    /// Called before the table hands the view out again.
    open func prepareForReuse() {}

    open override func layoutSubviews() {
        contentView.frame = bounds
        backgroundView?.frame = bounds
        super.layoutSubviews()
        configuredView?.frame = contentView.bounds
        if let label = storedTextLabel {
            let margin: CGFloat = isGrouped ? 20 : 16
            let size = label.sizeThatFits(CGSize(width: bounds.width - 2 * margin, height: .greatestFiniteMagnitude))
            // Grouped titles sit on the group below them; plain ones in the middle of the bar.
            let y = isGrouped ? bounds.height - 6 - size.height : ((bounds.height - size.height) / 2).rounded()
            label.frame = CGRect(x: margin, y: y, width: bounds.width - 2 * margin, height: size.height)
        }
    }
}

/// The standard accessories, drawn: a chevron, a checkmark, an info button.
@MainActor
final class TableAccessoryView: UIView {
    let type: UITableViewCell.AccessoryType

    init(_ type: UITableViewCell.AccessoryType) {
        self.type = type
        super.init(frame: .zero)
        isOpaque = false
        backgroundColor = .clear
        contentMode = .redraw
        frame.size = intrinsicContentSize
    }

    required init?(coder: NSCoder) { nil }

    // The detail types' info button takes its own taps; elsewhere touches go on to the cell.

    /// Whether the touch now down began on the info button.
    private var pressingInfo = false

    private func onInfoButton(_ touches: Set<UITouch>) -> Bool {
        guard type == .detailButton || type == .detailDisclosureButton, touches.count == 1, let touch = touches.first else {
            return false
        }
        let point = touch.location(in: self)
        return point.x < (type == .detailButton ? bounds.width : 22 + 8) && abs(point.y - bounds.midY) <= 22
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        pressingInfo = onInfoButton(touches)
        if !pressingInfo { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !pressingInfo { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard pressingInfo else { return super.touchesEnded(touches, with: event) }
        pressingInfo = false
        guard onInfoButton(touches) else { return }
        var view = superview
        while let found = view, !(found is UITableViewCell) { view = found.superview }
        (view as? UITableViewCell)?.accessoryButtonTapped()
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if pressingInfo { pressingInfo = false } else { super.touchesCancelled(touches, with: event) }
    }

    override var intrinsicContentSize: CGSize {
        switch type {
        case .disclosureIndicator: return CGSize(width: 8, height: 13)
        case .checkmark: return CGSize(width: 14, height: 12)
        case .detailButton: return CGSize(width: 22, height: 22)
        case .detailDisclosureButton: return CGSize(width: 22 + 16 + 8, height: 22)
        case .none: return .zero
        }
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setLineCap(.round)
        context.setLineJoin(.round)
        func chevron(at x: CGFloat) {
            let midY = bounds.midY
            context.setStrokeColor(UIColor.tertiaryLabel.cgColor)
            context.setLineWidth(2)
            context.move(to: CGPoint(x: x + 1.5, y: midY - 5.5))
            context.addLine(to: CGPoint(x: x + 6.5, y: midY))
            context.addLine(to: CGPoint(x: x + 1.5, y: midY + 5.5))
            context.strokePath()
        }
        func info(at x: CGFloat) {
            let tint = (tintColor ?? .systemBlue).cgColor
            context.setStrokeColor(tint)
            context.setFillColor(tint)
            context.setLineWidth(1.5)
            context.strokeEllipse(in: CGRect(x: x + 1, y: bounds.midY - 10, width: 20, height: 20))
            context.fillEllipse(in: CGRect(x: x + 9.75, y: bounds.midY - 6.5, width: 2.5, height: 2.5))
            context.fill(CGRect(x: x + 10, y: bounds.midY - 2, width: 2, height: 8))
        }
        switch type {
        case .disclosureIndicator: chevron(at: 0)
        case .checkmark:
            context.setStrokeColor((tintColor ?? .systemBlue).cgColor)
            context.setLineWidth(2)
            context.move(to: CGPoint(x: 1.5, y: 6.5))
            context.addLine(to: CGPoint(x: 5, y: 10.5))
            context.addLine(to: CGPoint(x: 12.5, y: 1.5))
            context.strokePath()
        case .detailButton: info(at: 0)
        case .detailDisclosureButton:
            info(at: 0)
            chevron(at: 22 + 16)
        case .none: break
        }
    }
}
