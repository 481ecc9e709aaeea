import CoreText
import Foundation

/// A one-line editable text control: it becomes first responder when tapped, shows a
/// blinking caret in its tint colour, and takes typing, deleting, selection by pointer and
/// keyboard, cut/copy/paste through `UIPasteboard.general`, and undo through its
/// responder's `undoManager`.
///
/// While editing, text wider than the field scrolls to keep the caret in view; otherwise it
/// ends in an ellipsis. It sends `.editingDidBegin`, `.editingChanged`, `.editingDidEnd`
/// and `.editingDidEndOnExit`, asks its delegate before each change, and posts the
/// `textDid…Notification`s.
///
/// - Note: Differs from Apple: Lamina shows no on-screen keyboard; keys come from the
///   window backend or scripted input. `text` returns "" rather than nil when empty, as
///   iOS does in practice.
@preconcurrency @MainActor
open class UITextField: UIControl, UITextInput {
    /// The border drawn around a text field.
    public enum BorderStyle: Int, Sendable {
        case none = 0
        case line = 1
        case bezel = 2
        case roundedRect = 3
    }

    /// When an overlay view (clear button, left or right view) shows.
    public enum ViewMode: Int, Sendable {
        case never = 0
        case whileEditing = 1
        case unlessEditing = 2
        case always = 3
    }

    /// Why editing ended.
    public enum DidEndEditingReason: Int, Sendable {
        case committed = 0
        case cancelled = 1
    }

    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")

    lazy var editing: TextEditingController = {
        let controller = TextEditingController(owner: self)
        controller.host = self
        controller.editor.host = self
        controller.wraps = false
        controller.truncatesTail = true
        return controller
    }()

    private let backgroundShape = UIView()
    private let clipView = UIView()
    private let placeholderLabel = PlaceholderLabel()
    private lazy var clearButton: UIButton = makeClearButton()
    private var scrollX: CGFloat = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
        (coder as? IBCoder)?.decodeTextField(self)
    }

    private func setUp() {
        contentVerticalAlignment = .center
        backgroundShape.isUserInteractionEnabled = false
        clipView.isUserInteractionEnabled = false
        clipView.clipsToBounds = true
        addSubview(backgroundShape)
        addSubview(clipView)
        placeholderLabel.textColor = .placeholderText
        placeholderLabel.font = storedFont
        placeholderLabel.field = self
        editing.textView.drawHook = { [unowned self] rect in drawText(in: rect) }
        clipView.addSubview(placeholderLabel)
        clipView.addSubview(editing.selectionView)
        clipView.addSubview(editing.textView)
        clipView.addSubview(editing.caretView)
        editing.font = storedFont
        applyBorderStyle()
    }

    // MARK: Delegate

    /// The delegate asked before editing begins and ends and before each change.
    open weak var delegate: (any UITextFieldDelegate)?

    // MARK: Text

    /// The text; "" when there is none. Setting it replaces the text without asking the
    /// delegate or sending events, and drops its undo steps.
    open var text: String? {
        get { editing.editor.text as String }
        set {
            editing.editor.setContents(NSAttributedString(string: newValue ?? ""))
            textChangedInCode()
        }
    }

    /// The text with its attributes: runs without a font or colour take the field's.
    open var attributedText: NSAttributedString? {
        get {
            let result = NSMutableAttributedString(attributedString: editing.editor.storage)
            result.enumerateMissing(.font, value: storedFont)
            result.enumerateMissing(.foregroundColor, value: storedTextColor)
            return result
        }
        set {
            editing.editor.setContents(newValue ?? NSAttributedString(string: ""))
            textChangedInCode()
        }
    }

    private func textChangedInCode() {
        editing.invalidate()
        placeholderLabel.isHidden = hasText
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// Shown in the placeholder colour while the field is empty.
    open var placeholder: String? {
        get { placeholderLabel.text }
        set {
            placeholderLabel.text = newValue
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }

    /// The placeholder with its attributes.
    open var attributedPlaceholder: NSAttributedString? {
        get { placeholderLabel.attributedText }
        set {
            placeholderLabel.attributedText = newValue
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }

    private var storedFont = UIFont.preferredFont(forTextStyle: .body)
    private var storedTextColor: UIColor = .label

    /// The text's font (the body text style unless set).
    open var font: UIFont? {
        get { storedFont }
        set {
            storedFont = newValue ?? UIFont.preferredFont(forTextStyle: .body)
            editing.font = storedFont
            placeholderLabel.font = storedFont
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }

    /// Whether a Dynamic Type font follows the traits' content size category (false by default).
    open var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory { adjustFontForContentSize() } }
    }

    private func adjustFontForContentSize() {
        guard let adjusted = storedFont.adjusted(for: traitCollection), adjusted.pointSize != storedFont.pointSize else { return }
        font = adjusted
    }

    /// The text's colour (`label` unless set).
    open var textColor: UIColor? {
        get { storedTextColor }
        set {
            storedTextColor = newValue ?? .label
            editing.textColor = storedTextColor
        }
    }

    /// How the text lines up in the field.
    open var textAlignment: NSTextAlignment = .natural {
        didSet {
            editing.alignment = textAlignment
            placeholderLabel.textAlignment = textAlignment
            setNeedsLayout()
        }
    }

    /// Attributes applied to the whole text.
    open var defaultTextAttributes: [NSAttributedString.Key: Any] {
        get { [.font: storedFont, .foregroundColor: storedTextColor] }
        set {
            if let font = newValue[.font] as? UIFont { self.font = font }
            if let color = newValue[.foregroundColor] as? UIColor { textColor = color }
        }
    }

    /// Attributes for typed text (nil outside editing).
    open var typingAttributes: [NSAttributedString.Key: Any]? {
        get { isEditing ? editing.editor.typingAttributes : nil }
        set { editing.editor.typingAttributes = newValue ?? [:] }
    }

    /// Whether the user may change text attributes (stored).
    open var allowsEditingTextAttributes = false
    /// Whether the text shrinks to fit (stored; the field scrolls instead).
    open var adjustsFontSizeToFitWidth = false
    /// The smallest font size for `adjustsFontSizeToFitWidth` (stored).
    open var minimumFontSize: CGFloat = 0
    /// Whether beginning to edit empties the field.
    open var clearsOnBeginEditing = false
    /// Whether typing replaces the text (the default for secure fields on iOS; stored).
    open var clearsOnInsertion = false

    // MARK: Traits

    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var spellCheckingType: UITextSpellCheckingType = .default
    open var smartQuotesType: UITextSmartQuotesType = .default
    open var smartDashesType: UITextSmartDashesType = .default
    open var smartInsertDeleteType: UITextSmartInsertDeleteType = .default
    open var keyboardType: UIKeyboardType = .default
    open var keyboardAppearance: UIKeyboardAppearance = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var enablesReturnKeyAutomatically = false
    open var textContentType: UITextContentType!

    /// Whether the text shows as bullets; copying and cutting are off.
    open var isSecureTextEntry = false {
        didSet {
            editing.isSecure = isSecureTextEntry
            setNeedsLayout()
        }
    }

    /// A view shown instead of the keyboard while editing (stored; Lamina has no keyboard).
    open var inputView: UIView?
    /// A view shown above the keyboard (stored).
    open var inputAccessoryView: UIView?

    // MARK: Border and overlays

    /// The border style (none by default).
    open var borderStyle: BorderStyle = .none {
        didSet {
            applyBorderStyle()
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }

    /// An image behind the text (used with `.none` and `.line` borders).
    open var background: UIImage? { didSet { setNeedsDisplay() } }
    /// The background while disabled.
    open var disabledBackground: UIImage? { didSet { setNeedsDisplay() } }

    /// When the clear button shows.
    open var clearButtonMode: ViewMode = .never { didSet { setNeedsLayout() } }

    /// A view at the field's leading end.
    open var leftView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let leftView { addSubview(leftView) }
            setNeedsLayout()
        }
    }

    /// When `leftView` shows.
    open var leftViewMode: ViewMode = .never { didSet { setNeedsLayout() } }

    /// A view at the field's trailing end.
    open var rightView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let rightView { addSubview(rightView) }
            setNeedsLayout()
        }
    }

    /// When `rightView` shows.
    open var rightViewMode: ViewMode = .never { didSet { setNeedsLayout() } }

    private func applyBorderStyle() {
        let layer = backgroundShape.layer
        switch borderStyle {
        case .roundedRect:
            backgroundShape.backgroundColor = UIColor(dynamicProvider: { traits in
                traits.userInterfaceStyle == .dark ? UIColor(white: 0.11, alpha: 1) : .white
            })
            layer.cornerRadius = 5
            layer.borderWidth = 0.5
            backgroundShape.layer.borderColor = UIColor.separator.resolvedColor(with: traitCollection).cgColor
        case .line:
            backgroundShape.backgroundColor = nil
            layer.cornerRadius = 0
            layer.borderWidth = 1
            layer.borderColor = UIColor.label.resolvedColor(with: traitCollection).cgColor
        case .bezel:
            backgroundShape.backgroundColor = nil
            layer.cornerRadius = 0
            layer.borderWidth = 1
            layer.borderColor = UIColor.systemGray.resolvedColor(with: traitCollection).cgColor
        case .none:
            backgroundShape.backgroundColor = nil
            layer.cornerRadius = 0
            layer.borderWidth = 0
        }
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if adjustsFontForContentSizeCategory,
           previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory {
            adjustFontForContentSize()
        }
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) {
            applyBorderStyle()
            editing.invalidate()
        }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        editing.refreshSelection()
    }

    private func makeClearButton() -> UIButton {
        let button = UIButton(type: .custom)
        let image = UIImage(systemName: "xmark.circle.fill")?.withRenderingMode(.alwaysTemplate)
        button.setImage(image, for: .normal)
        button.tintColor = .tertiaryLabel
        button.addTarget(self, action: UITextField.clearButtonTapped, for: .touchUpInside)
        addSubview(button)
        return button
    }

    private func clearButtonTapped() {
        guard delegate?.textFieldShouldClear(self) ?? true else { return }
        if !isEditing { _ = becomeFirstResponder() }
        editing.editor.replace(NSRange(location: 0, length: editing.editor.length), with: "", kind: .deletion, consulting: false)
    }

    private func shows(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: false
        case .always: true
        case .whileEditing: isEditing
        case .unlessEditing: !isEditing
        }
    }

    private var showsClearButton: Bool { shows(clearButtonMode) && hasText }

    // MARK: Geometry

    /// The horizontal inset of the text from the border.
    private var borderInset: CGFloat {
        switch borderStyle {
        case .roundedRect: 7
        case .line, .bezel: 2
        case .none: 0
        }
    }

    /// The rectangle the border is drawn in: the bounds.
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The rectangle the text is drawn in when not editing: inside the border, beside the
    /// overlay views.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var rect = bounds.insetBy(dx: borderInset, dy: 0)
        if leftView != nil, shows(leftViewMode) {
            let left = leftViewRect(forBounds: bounds)
            rect.size.width -= Swift.max(0, left.maxX - rect.minX)
            rect.origin.x = Swift.max(rect.minX, left.maxX)
        }
        if rightView != nil, shows(rightViewMode) {
            rect.size.width = Swift.min(rect.width, rightViewRect(forBounds: bounds).minX - rect.minX)
        } else if showsClearButton {
            rect.size.width = Swift.min(rect.width, clearButtonRect(forBounds: bounds).minX - rect.minX)
        }
        rect.size.width = Swift.max(0, rect.width)
        return rect
    }

    /// The rectangle the text is edited in (the text rectangle).
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The rectangle the placeholder is drawn in (the text rectangle).
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// Draws the placeholder; override to draw it another way (`super` draws the standard
    /// one). Called whenever the placeholder is drawn.
    ///
    /// - Note: Differs from Apple: `rect` is in the placeholder's own coordinates, its origin
    ///   at the top left of `placeholderRect(forBounds:)`.
    open func drawPlaceholder(in rect: CGRect) {
        placeholderLabel.drawStandard(in: rect)
    }

    /// Draws the field's text; override to draw it another way (`super` draws the standard
    /// text). Called whenever the text is drawn.
    ///
    /// - Note: Differs from Apple: `rect` is in the laid-out text's own coordinates, its
    ///   origin at the first line's top left.
    open func drawText(in rect: CGRect) {
        editing.textView.drawLayout(in: rect)
    }

    /// The clear button's rectangle: 19 points square, 6 points from the trailing edge,
    /// centred vertically.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let side: CGFloat = 19
        return CGRect(x: bounds.maxX - side - 6, y: bounds.midY - side / 2, width: side, height: side)
    }

    /// The left view's rectangle: its own size at the leading edge, centred vertically.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = leftView.map { $0.bounds.size == .zero ? $0.intrinsicContentSize : $0.bounds.size } ?? .zero
        let width = Swift.max(0, size.width), height = Swift.max(0, size.height)
        return CGRect(x: bounds.minX, y: bounds.midY - height / 2, width: width, height: height)
    }

    /// The right view's rectangle: its own size at the trailing edge, centred vertically.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = rightView.map { $0.bounds.size == .zero ? $0.intrinsicContentSize : $0.bounds.size } ?? .zero
        let width = Swift.max(0, size.width), height = Swift.max(0, size.height)
        return CGRect(x: bounds.maxX - width, y: bounds.midY - height / 2, width: width, height: height)
    }

    /// The natural size: the text (or placeholder) on one line plus the border's insets;
    /// a rounded field is 7 points taller than its line above and below, rounded down
    /// (34 points for the 17-point body font, 30 for 14 points, as on iOS). The line is at
    /// least as tall as San Francisco's (1.1934 × the point size), so fields are iOS's
    /// height whatever font stands in for it.
    open override var intrinsicContentSize: CGSize {
        let textWidth = Swift.max(hasText ? editing.usedSize.width : 0, placeholderLabel.intrinsicContentSize.width)
        var width = textWidth + 2 * borderInset + TextLayoutGeometry.caretWidth
        if showsClearButton || clearButtonMode == .always { width += 19 + 6 }
        if let leftView, leftViewMode != .never { width += leftViewRect(forBounds: .zero).width + (leftView.frame.width > 0 ? 0 : 0) }
        if rightView != nil, rightViewMode != .never { width += rightViewRect(forBounds: .zero).width }
        let line = Swift.max(storedFont.lineHeight, storedFont.pointSize * 1.1934)
        let height: CGFloat
        switch borderStyle {
        case .roundedRect: height = (line + 14).rounded(.down)
        case .line, .bezel: height = (line + 4).rounded(.up)
        case .none: height = line.rounded(.up)
        }
        return CGSize(width: width.rounded(.up), height: height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundShape.frame = borderRect(forBounds: bounds)
        sendSubviewToBack(backgroundShape)
        let rect = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        clipView.frame = rect
        if let leftView { leftView.isHidden = !shows(leftViewMode); leftView.frame = leftViewRect(forBounds: bounds) }
        if let rightView { rightView.isHidden = !shows(rightViewMode); rightView.frame = rightViewRect(forBounds: bounds) }
        if clearButtonMode != .never || showsClearButton {
            clearButton.isHidden = !showsClearButton || (rightView != nil && shows(rightViewMode))
            clearButton.frame = clearButtonRect(forBounds: bounds)
        }
        placeholderLabel.isHidden = hasText
        let placeholder = placeholderRect(forBounds: bounds)
        placeholderLabel.frame = CGRect(x: placeholder.minX - rect.minX, y: placeholder.minY - rect.minY,
                                        width: placeholder.width, height: placeholder.height)
        placeTextViews()
    }

    /// Places the text in the clip view: centred vertically, aligned, and scrolled
    /// sideways while editing to keep the caret in view.
    private func placeTextViews() {
        let box = clipView.bounds.size
        editing.truncatesTail = !isEditing
        editing.width = isEditing ? .greatestFiniteMagnitude : box.width
        let used = editing.usedSize
        var x: CGFloat = 0
        let room = box.width - used.width - (isEditing ? TextLayoutGeometry.caretWidth : 0)
        if room > 0 {
            switch textAlignment {
            case .center: x = room / 2
            case .right: x = room
            default: x = 0
            }
            scrollX = 0
        } else if isEditing {
            let caret = editing.caretRect(at: editing.editor.head)
            if caret.maxX - scrollX > box.width { scrollX = caret.maxX - box.width }
            if caret.minX - scrollX < 0 { scrollX = caret.minX }
            scrollX = Swift.min(Swift.max(0, scrollX), Swift.max(0, used.width + TextLayoutGeometry.caretWidth - box.width))
            x = -scrollX
        }
        let height = hasText ? used.height : storedFont.lineHeight
        var y = (box.height - height) / 2
        if contentVerticalAlignment == .top { y = 0 }
        if contentVerticalAlignment == .bottom { y = box.height - height }
        editing.place(at: CGPoint(x: x, y: y), size: CGSize(width: Swift.max(0, box.width - x), height: height))
    }

    // MARK: Editing

    /// Whether the field is being edited (is the first responder).
    open private(set) var isEditing = false

    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil, delegate?.textFieldShouldBeginEditing(self) ?? true else { return false }
        guard super.becomeFirstResponder() else { return false }
        beginEditing()
        SoftwareKeyboard.textInputBegan(self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        if !isForcingResign, !(delegate?.textFieldShouldEndEditing(self) ?? true) { return false }
        guard super.resignFirstResponder() else { return false }
        endEditing(reason: .committed)
        SoftwareKeyboard.textInputEnded(self)
        return true
    }

    private func beginEditing() {
        isEditing = true
        if clearsOnBeginEditing, hasText {
            editing.editor.setContents(NSAttributedString(string: ""))
            textChangedInCode()
        }
        editing.editor.typingAttributes = [:]
        editing.isActive = true
        setNeedsLayout()
        layoutIfNeeded()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        NotificationCenter.default.post(name: UITextField.textDidBeginEditingNotification, object: self)
    }

    private func endEditing(reason: DidEndEditingReason) {
        isEditing = false
        editing.isActive = false
        editing.editor.breakUndoCoalescing()
        editing.editor.unmarkText()
        scrollX = 0
        setNeedsLayout()
        layoutIfNeeded()
        delegate?.textFieldDidEndEditing(self, reason: reason)
        sendActions(for: .editingDidEnd)
        NotificationCenter.default.post(name: UITextField.textDidEndEditingNotification, object: self)
    }

    // MARK: Touches

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard isEditing else { return true }
        editing.pointerDown(at: layoutPoint(touch), tapCount: touch.tapCount, extending: isShiftHeld(event))
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        if isEditing { editing.pointerDragged(to: layoutPoint(touch)) }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        defer { editing.pointerUp() }
        guard let touch, !isEditing, bounds.contains(touch.location(in: self)) else { return }
        // A tap on a field not being edited starts editing with the caret where it landed.
        guard becomeFirstResponder() else { return }
        editing.pointerDown(at: layoutPoint(touch), tapCount: 1, extending: false)
    }

    private func layoutPoint(_ touch: UITouch) -> CGPoint {
        let point = touch.location(in: clipView)
        return CGPoint(x: point.x - editing.origin.x, y: point.y - editing.origin.y)
    }

    private func isShiftHeld(_ event: UIEvent?) -> Bool {
        event?.modifierFlags.contains(.shift) ?? false
    }

    // MARK: Keys

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var unhandled: Set<UIPress> = []
        for press in presses {
            guard isEditing, let key = press.key, editing.handleKey(key, editable: true) else {
                unhandled.insert(press)
                continue
            }
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    // MARK: UIKeyInput

    open var hasText: Bool { editing.editor.length > 0 }

    open func insertText(_ text: String) {
        if text == "\n" || text == "\r" {
            _ = editingReturnPressed()
            return
        }
        editing.insert(text)
    }

    open func deleteBackward() {
        editing.deleteBackward()
    }

    // MARK: UITextInput

    open func text(in range: UITextRange) -> String? { editing.text(in: range) }
    open func replace(_ range: UITextRange, withText text: String) { editing.replace(range, withText: text) }
    open var selectedTextRange: UITextRange? {
        get { editing.selectedTextRange }
        set { editing.selectedTextRange = newValue }
    }
    open var markedTextRange: UITextRange? { editing.markedTextRange }
    open var markedTextStyle: [NSAttributedString.Key: Any]?
    open func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        editing.editor.setMarkedText(markedText, selectedRange: selectedRange)
    }
    open func unmarkText() { editing.editor.unmarkText() }
    open var beginningOfDocument: UITextPosition { IndexedTextPosition(0) }
    open var endOfDocument: UITextPosition { IndexedTextPosition(editing.editor.length) }
    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        editing.textRange(from: fromPosition, to: toPosition)
    }
    open func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        editing.position(from: position, offset: offset)
    }
    open func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        editing.position(from: position, in: direction, offset: offset)
    }
    open func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult { editing.compare(position, to: other) }
    open func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { editing.offset(from: from, to: toPosition) }
    open weak var inputDelegate: (any UITextInputDelegate)?
    open lazy var tokenizer: any UITextInputTokenizer = UITextInputStringTokenizer(textInput: self)
    open func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
        editing.position(within: range, farthestIn: direction)
    }
    open func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        let forward = direction == .right || direction == .down
        guard let other = self.position(from: position, offset: forward ? 1 : -1) else { return nil }
        return forward ? textRange(from: position, to: other) : textRange(from: other, to: position)
    }
    open func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection { .natural }
    open func setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange) {}
    open func firstRect(for range: UITextRange) -> CGRect { convertFromClip(editing.firstRect(for: range)) }
    /// The caret's rectangle for `position`, in the field's coordinates.
    open func caretRect(for position: UITextPosition) -> CGRect {
        convertFromClip(editing.hostRect(editing.caretRect(at: editing.offset(of: position) ?? 0)))
    }
    open func selectionRects(for range: UITextRange) -> [UITextSelectionRect] {
        editing.selectionRects(for: range).map {
            UITextSelectionRect(rect: convertFromClip($0.rect), containsStart: $0.containsStart, containsEnd: $0.containsEnd)
        }
    }
    open func closestPosition(to point: CGPoint) -> UITextPosition? { editing.closestPosition(to: convertToClip(point)) }
    open func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        editing.closestPosition(to: convertToClip(point), within: range)
    }
    open func characterRange(at point: CGPoint) -> UITextRange? { editing.characterRange(at: convertToClip(point)) }

    private func convertFromClip(_ rect: CGRect) -> CGRect {
        rect.isNull ? rect : rect.offsetBy(dx: clipView.frame.minX, dy: clipView.frame.minY)
    }

    private func convertToClip(_ point: CGPoint) -> CGPoint {
        CGPoint(x: point.x - clipView.frame.minX, y: point.y - clipView.frame.minY)
    }

    // MARK: Edit actions

    open override func cut(_ sender: Any?) { editing.cutSelection() }
    open override func copy(_ sender: Any?) { editing.copySelection() }
    open override func paste(_ sender: Any?) { editing.pasteText() }
    open override func selectAll(_ sender: Any?) { editing.selectAllText() }
    open override func delete(_ sender: Any?) {
        let selection = editing.editor.selectedRange
        if selection.length > 0 { editing.editor.delete(selection) }
    }
}

extension UITextField: TextEditingControllerHost {
    func editorShouldChange(_ range: NSRange, replacement: String) -> Bool {
        delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: replacement) ?? true
    }

    func editorDidChangeText() {
        editing.invalidate()
        placeholderLabel.isHidden = hasText
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        layoutIfNeeded()
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: UITextField.textDidChangeNotification, object: self)
    }

    func editorDidChangeSelection() {
        setNeedsLayout()
        layoutIfNeeded()
        editing.refreshSelection()
        delegate?.textFieldDidChangeSelection(self)
    }

    var editorUndoManager: UndoManager? { undoManager }

    func editingReturnPressed() -> Bool {
        guard delegate?.textFieldShouldReturn(self) ?? true else { return true }
        let hasExitTargets = allControlEvents.contains(.editingDidEndOnExit)
        sendActions(for: .editingDidEndOnExit)
        sendActions(for: .primaryActionTriggered)
        if hasExitTargets { _ = resignFirstResponder() }
        return true
    }

    func editingCommand(_ command: TextEditingController.Command) {
        switch command {
        case .cut: cut(nil)
        case .copy: copy(nil)
        case .paste: paste(nil)
        case .selectAll: selectAll(nil)
        case .undo: undoManager?.undo()
        case .redo: undoManager?.redo()
        }
    }

    func editingCaretRect(at offset: Int) -> CGRect {
        // Through the overridable `caretRect(for:)`, back into the layout's coordinates.
        let rect = caretRect(for: IndexedTextPosition(offset))
        return rect.offsetBy(dx: -clipView.frame.minX - editing.origin.x, dy: -clipView.frame.minY - editing.origin.y)
    }
}

extension NSMutableAttributedString {
    /// Sets `key` to `value` on the runs that lack it.
    func enumerateMissing(_ key: NSAttributedString.Key, value: Any) {
        var location = 0
        while location < length {
            var range = NSRange(location: 0, length: 0)
            if attribute(key, at: location, effectiveRange: &range) == nil { addAttribute(key, value: value, range: range) }
            location = range.location + Swift.max(range.length, 1)
        }
    }
}

/// The placeholder's label: its drawing goes through the field's `drawPlaceholder(in:)`.
private final class PlaceholderLabel: UILabel {
    weak var field: UITextField?

    override func drawText(in rect: CGRect) {
        if let field { field.drawPlaceholder(in: rect) } else { super.drawText(in: rect) }
    }

    /// UILabel's own drawing, for the field's default `drawPlaceholder(in:)`.
    func drawStandard(in rect: CGRect) {
        super.drawText(in: rect)
    }
}
