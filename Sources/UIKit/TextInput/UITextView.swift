import CoreText
import Foundation

/// A scrolling, multi-line text region, editable by default: the same editing as
/// `UITextField` (caret, selection by keys and pointer, `UITextInput`, pasteboard, undo)
/// over wrapped lines, with up and down moving between lines and return starting a new one.
///
/// The text sits `textContainerInset` inside the view (8 points above and below) and
/// `textContainer.lineFragmentPadding` (5 points) in from each side; the content size
/// follows the text, and the view scrolls to keep the caret in sight.
///
/// - Note: Differs from Apple: while the view is editing (or selectable and first
///   responder), a drag selects text, as a pointer does on iPad, rather than scrolling; the
///   wheel and a drag that begins before editing still scroll. `font` nil draws the system
///   font at 12 points, as iOS does.
@preconcurrency @MainActor
open class UITextView: UIScrollView, UITextInput {
    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    lazy var editing: TextEditingController = {
        let controller = TextEditingController(owner: self)
        controller.host = self
        controller.editor.host = self
        controller.wraps = true
        controller.font = UITextView.defaultFont
        controller.showsInactiveSelection = true
        return controller
    }()

    private static let defaultFont = UIFont.systemFont(ofSize: 12)

    /// The region the text is laid out in.
    public let textContainer = NSTextContainer(size: CGSize(width: 0, height: CGFloat.greatestFiniteMagnitude))

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// A text view with its text laid out in `textContainer` (nil: a new one).
    public init(frame: CGRect, textContainer: NSTextContainer?) {
        super.init(frame: frame)
        if let textContainer {
            self.textContainer.lineFragmentPadding = textContainer.lineFragmentPadding
            self.textContainer.maximumNumberOfLines = textContainer.maximumNumberOfLines
            self.textContainer.lineBreakMode = textContainer.lineBreakMode
        }
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
        (coder as? IBCoder)?.decodeTextView(self)
    }

    private func setUp() {
        backgroundColor = .systemBackground
        alwaysBounceVertical = false
        textContainer.widthTracksTextView = true
        textContainer.changed = { [weak self] in
            MainActor.assumeIsolated { self?.setNeedsLayout() }
        }
        addSubview(editing.selectionView)
        addSubview(editing.textView)
        addSubview(editing.caretView)
    }

    // MARK: Text

    /// The text ("" when empty). Setting it drops the undo steps and sends nothing.
    open var text: String! {
        get { editing.editor.text as String }
        set {
            editing.editor.setContents(NSAttributedString(string: newValue ?? ""))
            textChangedInCode()
        }
    }

    /// The text with its attributes; runs without a font or colour take the view's.
    open var attributedText: NSAttributedString! {
        get {
            let result = NSMutableAttributedString(attributedString: editing.editor.storage)
            result.enumerateMissing(.font, value: storedFont ?? UITextView.defaultFont)
            result.enumerateMissing(.foregroundColor, value: storedTextColor ?? .label)
            return result
        }
        set {
            editing.editor.setContents(newValue ?? NSAttributedString(string: ""))
            textChangedInCode()
        }
    }

    private func textChangedInCode() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private var storedFont: UIFont?
    private var storedTextColor: UIColor?

    /// The font of text without one (nil: 12-point system font).
    open var font: UIFont? {
        get { storedFont }
        set {
            storedFont = newValue
            editing.font = newValue ?? UITextView.defaultFont
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }

    /// The colour of text without one (nil: `label`).
    open var textColor: UIColor? {
        get { storedTextColor }
        set {
            storedTextColor = newValue
            editing.textColor = newValue ?? .label
        }
    }

    /// How lines line up.
    open var textAlignment: NSTextAlignment = .natural {
        didSet { editing.alignment = textAlignment }
    }

    /// The selected characters (an empty range is the caret).
    open var selectedRange: NSRange {
        get { editing.editor.selectedRange }
        set { editing.editor.select(newValue) }
    }

    /// Attributes for typed text.
    open var typingAttributes: [NSAttributedString.Key: Any] {
        get { editing.editor.typingAttributes }
        set { editing.editor.typingAttributes = newValue }
    }

    /// Whether the user may change the text.
    open var isEditable = true {
        didSet { if !isEditable, isEditing { _ = resignFirstResponder() } }
    }

    /// Whether the user may select (and copy) the text.
    open var isSelectable = true

    /// Whether the user may change text attributes (stored).
    open var allowsEditingTextAttributes = false
    /// Kinds of data shown as links (stored).
    open var dataDetectorTypes: UIDataDetectorTypes = []
    /// Attributes of links (stored).
    open var linkTextAttributes: [NSAttributedString.Key: Any]! = [:]
    /// Whether typing replaces the whole text (stored).
    open var clearsOnInsertion = false

    /// Space between the view's edges and the text container (8 points above and below).
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet {
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }

    /// A view shown instead of the keyboard (stored).
    open var inputView: UIView?
    /// A view shown above the keyboard (stored).
    open var inputAccessoryView: UIView?

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
    open var isSecureTextEntry = false
    open var textContentType: UITextContentType!

    // MARK: Layout

    /// Where the text's first line starts: inside the inset and the line padding.
    private var textOrigin: CGPoint {
        CGPoint(x: textContainerInset.left + textContainer.lineFragmentPadding, y: textContainerInset.top)
    }

    /// The width lines wrap at for a view `width` wide.
    private func lineWidth(forViewWidth width: CGFloat) -> CGFloat {
        Swift.max(0, width - textContainerInset.left - textContainerInset.right - 2 * textContainer.lineFragmentPadding)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if textContainer.widthTracksTextView { textContainer.size.width = bounds.width - textContainerInset.left - textContainerInset.right }
        editing.width = lineWidth(forViewWidth: bounds.width)
        let used = editing.usedSize
        editing.place(at: textOrigin, size: CGSize(width: editing.width, height: used.height))
        let height = used.height + textContainerInset.top + textContainerInset.bottom
        let size = CGSize(width: bounds.width, height: isScrollEnabled ? height : Swift.max(height, bounds.height))
        if contentSize != size { contentSize = size }
    }

    /// With scrolling off, the text's size at the current width (so constraints can size
    /// the view to its text); with scrolling on, none.
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        return sizeThatFits(CGSize(width: bounds.width > 0 ? bounds.width : CGFloat.greatestFiniteMagnitude, height: 0))
    }

    /// The size that shows all the text at `size.width` (unbounded when that is not positive).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let probe = TextEditingController(owner: self)
        probe.editor.setContents(editing.editor.storage)
        probe.font = editing.font
        probe.textColor = editing.textColor
        probe.alignment = editing.alignment
        let unbounded = !(size.width > 0) || size.width >= .greatestFiniteMagnitude / 2
        probe.width = unbounded ? .greatestFiniteMagnitude : lineWidth(forViewWidth: size.width)
        let used = probe.usedSize
        let padding = textContainerInset.left + textContainerInset.right + 2 * textContainer.lineFragmentPadding
        let width = unbounded ? (used.width + padding).rounded(.up) : size.width
        return CGSize(width: width, height: (used.height + textContainerInset.top + textContainerInset.bottom).rounded(.up))
    }

    /// Scrolls so `range` is in view.
    open func scrollRangeToVisible(_ range: NSRange) {
        layoutIfNeeded()
        let rects = editing.selectionRects(for: range)
        var target = rects.reduce(CGRect.null) { $0.union($1) }
        if target.isNull { target = editing.caretRect(at: range.location) }
        scrollRectToVisible(editing.hostRect(target).insetBy(dx: 0, dy: -textContainerInset.bottom), animated: false)
    }

    /// Whether a Dynamic Type font follows the traits' content size category (false by default).
    open var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory { adjustFontForContentSize() } }
    }

    private func adjustFontForContentSize() {
        guard let current = storedFont, let adjusted = current.adjusted(for: traitCollection),
              adjusted.pointSize != current.pointSize else { return }
        font = adjusted
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if adjustsFontForContentSizeCategory,
           previousTraitCollection?.preferredContentSizeCategory != traitCollection.preferredContentSizeCategory {
            adjustFontForContentSize()
        }
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) { editing.invalidate() }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        editing.refreshSelection()
    }

    // MARK: Editing

    /// Whether the text is being edited (the view is first responder and editable).
    var isEditing: Bool { editing.isActive }

    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil else { return false }
        if isEditable, !(textViewDelegate?.textViewShouldBeginEditing(self) ?? true) { return false }
        guard super.becomeFirstResponder() else { return false }
        if isEditable {
            editing.isActive = true
            layoutIfNeeded()
            textViewDelegate?.textViewDidBeginEditing(self)
            NotificationCenter.default.post(name: UITextView.textDidBeginEditingNotification, object: self)
            SoftwareKeyboard.textInputBegan(self)
        }
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        if isEditing, !isForcingResign, !(textViewDelegate?.textViewShouldEndEditing(self) ?? true) { return false }
        guard super.resignFirstResponder() else { return false }
        let wasEditing = isEditing
        editing.isActive = false
        editing.editor.breakUndoCoalescing()
        editing.editor.unmarkText()
        if wasEditing {
            textViewDelegate?.textViewDidEndEditing(self)
            NotificationCenter.default.post(name: UITextView.textDidEndEditingNotification, object: self)
            SoftwareKeyboard.textInputEnded(self)
        }
        return true
    }

    var textViewDelegate: (any UITextViewDelegate)? { delegate as? any UITextViewDelegate }

    // MARK: Touches

    /// Whether a touch is selecting text (the pan does not scroll meanwhile).
    private var selecting = false

    private func layoutPoint(_ touch: UITouch) -> CGPoint {
        let point = touch.location(in: self)
        return CGPoint(x: point.x - editing.origin.x, y: point.y - editing.origin.y)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, isFirstResponder, isSelectable || isEditable else {
            super.touchesBegan(touches, with: event)
            return
        }
        selecting = true
        editing.pointerDown(at: layoutPoint(touch), tapCount: touch.tapCount, extending: event?.modifierFlags.contains(.shift) ?? false)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard selecting, let touch = touches.first else {
            super.touchesMoved(touches, with: event)
            return
        }
        editing.pointerDragged(to: layoutPoint(touch))
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if selecting {
            selecting = false
            editing.pointerUp()
            return
        }
        guard let touch = touches.first, isEditable || isSelectable, bounds.contains(touch.location(in: self)) else {
            super.touchesEnded(touches, with: event)
            return
        }
        // A tap on a view not yet first responder starts editing with the caret there.
        guard becomeFirstResponder() else { return }
        editing.pointerDown(at: layoutPoint(touch), tapCount: 1, extending: false)
        editing.pointerUp()
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        selecting = false
        editing.pointerUp()
        super.touchesCancelled(touches, with: event)
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if selecting, gestureRecognizer === panGestureRecognizer { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    // MARK: Keys

    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var unhandled: Set<UIPress> = []
        for press in presses {
            guard isFirstResponder, let key = press.key else {
                unhandled.insert(press)
                continue
            }
            if isEditable, key.characters == "\t", key.modifierFlags.isDisjoint(with: [.command, .control, .alternate]) {
                insertText("\t")
                continue
            }
            if !editing.handleKey(key, editable: isEditable) { unhandled.insert(press) }
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    // MARK: UIKeyInput

    open var hasText: Bool { editing.editor.length > 0 }

    open func insertText(_ text: String) {
        guard isEditable else { return }
        editing.insert(text)
    }

    open func deleteBackward() {
        guard isEditable else { return }
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
    open func firstRect(for range: UITextRange) -> CGRect { editing.firstRect(for: range) }
    /// The caret's rectangle for `position`, in the view's (content) coordinates.
    open func caretRect(for position: UITextPosition) -> CGRect {
        editing.hostRect(editing.caretRect(at: editing.offset(of: position) ?? 0))
    }
    open func selectionRects(for range: UITextRange) -> [UITextSelectionRect] { editing.selectionRects(for: range) }
    open func closestPosition(to point: CGPoint) -> UITextPosition? { editing.closestPosition(to: point) }
    open func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        editing.closestPosition(to: point, within: range)
    }
    open func characterRange(at point: CGPoint) -> UITextRange? { editing.characterRange(at: point) }

    // MARK: Edit actions

    open override func cut(_ sender: Any?) { if isEditable { editing.cutSelection() } }
    open override func copy(_ sender: Any?) { editing.copySelection() }
    open override func paste(_ sender: Any?) { if isEditable { editing.pasteText() } }
    open override func selectAll(_ sender: Any?) { editing.selectAllText() }
    open override func delete(_ sender: Any?) {
        let selection = editing.editor.selectedRange
        if isEditable, selection.length > 0 { editing.editor.delete(selection) }
    }
}

extension UITextView: TextEditingControllerHost {
    func editorShouldChange(_ range: NSRange, replacement: String) -> Bool {
        textViewDelegate?.textView(self, shouldChangeTextIn: range, replacementText: replacement) ?? true
    }

    func editorDidChangeText() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        layoutIfNeeded()
        textViewDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: UITextView.textDidChangeNotification, object: self)
    }

    func editorDidChangeSelection() {
        setNeedsLayout()
        layoutIfNeeded()
        editing.refreshSelection()
        if isEditing { scrollRangeToVisible(NSRange(location: editing.editor.head, length: 0)) }
        textViewDelegate?.textViewDidChangeSelection(self)
    }

    var editorUndoManager: UndoManager? { undoManager }

    func editingReturnPressed() -> Bool {
        insertText("\n")
        return true
    }

    func editingCommand(_ command: TextEditingController.Command) {
        switch command {
        case .cut: cut(nil)
        case .copy: copy(nil)
        case .paste: paste(nil)
        case .selectAll: selectAll(nil)
        case .undo: if isEditable { undoManager?.undo() }
        case .redo: if isEditable { undoManager?.redo() }
        }
    }

    func editingCaretRect(at offset: Int) -> CGRect {
        caretRect(for: IndexedTextPosition(offset)).offsetBy(dx: -editing.origin.x, dy: -editing.origin.y)
    }
}
