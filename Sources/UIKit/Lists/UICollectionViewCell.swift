import Foundation

/// A view a collection view places and reuses: cells, headers, footers, decorations.
///
/// - Note: Differs from Apple: a collection view makes views of a registered class through
///   `init(_registeredReuseIdentifier:)`, which calls `init(frame:)` (your override of it, if
///   any).
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the collection view reuses the view under.
    open internal(set) var reuseIdentifier: String?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// How a collection view makes a registered class: through `init(frame:)`.
    ///
    /// - Note: Lamina addition: Swift can construct a class from its type only through a
    ///   required initializer; this is that initializer.
    public required convenience init(_registeredReuseIdentifier reuseIdentifier: String?) {
        self.init(frame: .zero)
        self.reuseIdentifier = reuseIdentifier
    }

    /// A view from a storyboard or nib, with its reuse identifier.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        reuseIdentifier = (coder as? IBCoder)?.string("reuseIdentifier")
    }

    /// Called before the view is handed out again.
    open func prepareForReuse() {}

    /// The attributes the view would like (self-sizing): its content's size at the width (or
    /// height) the layout gives when the layout asks for preferred sizes.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        let fitted = layoutAttributes.copy() as? UICollectionViewLayoutAttributes ?? layoutAttributes
        let size = fittingSize(for: layoutAttributes.size)
        if size.width > 0, size.height > 0 { fitted.size = size }
        return fitted
    }

    /// The content's size: constraints when the view holds constrained subviews, else
    /// `sizeThatFits`.
    func fittingSize(for proposed: CGSize) -> CGSize {
        let host = (self as? UICollectionViewCell)?.contentView ?? self
        if host.subviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints }) {
            return host.systemLayoutSizeFitting(proposed, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
        }
        return sizeThatFits(proposed)
    }

    /// Applies layout attributes beyond the frame (subclasses with custom attributes read
    /// theirs here).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// The layout is about to change.
    open func willTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}
    /// The layout changed.
    open func didTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}
}

/// A cell of a collection view: a content view for your subviews (or a content
/// configuration), backgrounds for normal and selected states, and the selected and
/// highlighted states.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// The view holding the cell's content; add your subviews to it.
    open private(set) var contentView = UIView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    /// A cell from a storyboard or nib: its content view's subviews come from the coder.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        insertSubview(contentView, at: 0)
        if let ib = coder as? IBCoder, let content = ib.element.child(key: "contentView") {
            IBCoder(element: content, load: ib.load).decodeView(contentView)
            contentView.frame = bounds
            contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
    }

    /// The segue a storyboard connects to selecting the cell.
    var selectionSegue: IBSegueTrigger?

    /// Whether the cell is selected.
    open var isSelected = false { didSet { updateLook() } }
    /// Whether the cell is highlighted (a finger is on it).
    open var isHighlighted = false { didSet { updateLook() } }

    /// The view behind the content.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// The view behind the content while selected or highlighted.
    open var selectedBackgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            updateLook()
        }
    }

    private func updateLook() {
        if let selectedBackgroundView {
            if isSelected || isHighlighted {
                if selectedBackgroundView.superview !== self { insertSubview(selectedBackgroundView, at: backgroundView == nil ? 0 : 1) }
                selectedBackgroundView.frame = bounds
            } else {
                selectedBackgroundView.removeFromSuperview()
            }
        }
        if backgroundConfiguration != nil || contentConfiguration != nil { setNeedsUpdateConfiguration() }
    }

    // MARK: Configurations

    /// The content configuration shown in the content view.
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

    /// The background configuration (its colour and corner radius are applied).
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { applyBackground() }
    }

    private func applyBackground() {
        guard let configuration = backgroundConfiguration else { return }
        backgroundColor = (isSelected || isHighlighted) ? .systemGray4 : configuration.backgroundColor
        layer.cornerRadius = configuration.cornerRadius
    }

    /// The cell's state as configurations see it.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        return state
    }

    /// Asks for `updateConfiguration(using:)` with the current state.
    open func setNeedsUpdateConfiguration() {
        updateConfiguration(using: configurationState)
    }

    /// Updates the configurations for `state`.
    open func updateConfiguration(using state: UICellConfigurationState) {
        if let contentConfiguration {
            let updated = contentConfiguration.updated(for: state)
            if let view = configuredView { view.configuration = updated }
        }
        applyBackground()
    }

    open override func layoutSubviews() {
        contentView.frame = bounds
        backgroundView?.frame = bounds
        super.layoutSubviews()
        (configuredView as UIView?)?.frame = contentView.bounds
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if let view = configuredView as UIView? { return view.sizeThatFits(size) }
        return super.sizeThatFits(size)
    }
}

/// A cell of a list layout: a content configuration in a list's style, accessories
/// (disclosure, checkmark), indentation and a separator.
@preconcurrency @MainActor
open class UICollectionViewListCell: UICollectionViewCell {
    /// The list configuration for this cell's list style.
    open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }

    /// Accessories shown at the trailing edge.
    open var accessories: [UICellAccessory] = [] { didSet { updateAccessories() } }
    /// How far the content is indented, in steps of `indentationWidth`.
    open var indentationLevel = 0 { didSet { setNeedsLayout() } }
    /// The width of one indentation step.
    open var indentationWidth: CGFloat = 10
    /// Whether indentation moves the separator too.
    open var indentsAccessories = true
    /// The separator's layout guide (its leading edge).
    open var separatorLayoutGuide: UILayoutGuide {
        if let storedSeparatorGuide { return storedSeparatorGuide }
        let guide = UILayoutGuide()
        addLayoutGuide(guide)
        storedSeparatorGuide = guide
        return guide
    }
    private var storedSeparatorGuide: UILayoutGuide?

    private var accessoryViews: [TableAccessoryView] = []
    let separatorLayer = CALayer()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        separatorLayer.backgroundColor = UIColor.separator.cgColor
        layer.addSublayer(separatorLayer)
    }

    /// The separator follows the appearance (a layer colour does not by itself).
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        guard traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        separatorLayer.backgroundColor = UIColor.separator.resolvedColor(with: traitCollection).cgColor
        CATransaction.commit()
    }

    public required init?(coder: NSCoder) { nil }

    private func updateAccessories() {
        for view in accessoryViews { view.removeFromSuperview() }
        accessoryViews = accessories.compactMap { accessory in
            switch accessory.kind {
            case .disclosureIndicator: return TableAccessoryView(.disclosureIndicator)
            case .checkmark: return TableAccessoryView(.checkmark)
            case .detail: return TableAccessoryView(.detailButton)
            default: return nil
            }
        }
        for view in accessoryViews { addSubview(view) }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        var trailing = bounds.width - 16
        for view in accessoryViews.reversed() {
            let size = view.intrinsicContentSize
            view.frame = CGRect(x: trailing - size.width, y: ((bounds.height - size.height) / 2).rounded(), width: size.width, height: size.height)
            trailing = view.frame.minX - 8
        }
        if !accessoryViews.isEmpty { contentView.frame.size.width = trailing + 4 }
        let indent = CGFloat(indentationLevel) * indentationWidth
        contentView.frame.origin.x = indent
        let scale = traitCollection.displayScale > 0 ? traitCollection.displayScale : 1
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        separatorLayer.frame = CGRect(x: 16 + indent, y: bounds.height - 1 / scale, width: Swift.max(0, bounds.width - 16 - indent), height: 1 / scale)
        CATransaction.commit()
    }
}

/// An accessory of a list cell.
public struct UICellAccessory: Sendable {
    enum Kind: Sendable { case disclosureIndicator, checkmark, detail, delete, insert, reorder, label(String), multiselect, outlineDisclosure }
    /// When an accessory shows.
    public enum DisplayedState: Sendable { case always, whenEditing, whenNotEditing }
    let kind: Kind
    let displayed: DisplayedState

    public static func disclosureIndicator(displayed: DisplayedState = .always) -> UICellAccessory { UICellAccessory(kind: .disclosureIndicator, displayed: displayed) }
    public static func checkmark(displayed: DisplayedState = .always) -> UICellAccessory { UICellAccessory(kind: .checkmark, displayed: displayed) }
    public static func detail(displayed: DisplayedState = .always) -> UICellAccessory { UICellAccessory(kind: .detail, displayed: displayed) }
    public static func delete(displayed: DisplayedState = .whenEditing) -> UICellAccessory { UICellAccessory(kind: .delete, displayed: displayed) }
    public static func insert(displayed: DisplayedState = .whenEditing) -> UICellAccessory { UICellAccessory(kind: .insert, displayed: displayed) }
    public static func reorder(displayed: DisplayedState = .whenEditing) -> UICellAccessory { UICellAccessory(kind: .reorder, displayed: displayed) }
    public static func label(text: String, displayed: DisplayedState = .always) -> UICellAccessory { UICellAccessory(kind: .label(text), displayed: displayed) }
    public static func multiselect(displayed: DisplayedState = .whenEditing) -> UICellAccessory { UICellAccessory(kind: .multiselect, displayed: displayed) }
    public static func outlineDisclosure(displayed: DisplayedState = .always) -> UICellAccessory { UICellAccessory(kind: .outlineDisclosure, displayed: displayed) }
}
