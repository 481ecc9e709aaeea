import CoreText
import Foundation

/// What a text object adds to its editor: the responder side (undo manager, delegate),
/// what the return key does, and edit commands it owns (copy, paste…).
@MainActor
protocol TextEditingControllerHost: TextEditorHost {
    /// Return was pressed; returns whether the press was used.
    func editingReturnPressed() -> Bool
    /// The standard edit commands, as the host implements them (overridable on iOS).
    func editingCommand(_ command: TextEditingController.Command)
    /// The caret rectangle for `offset` in the layout's coordinates, through the host's
    /// `caretRect(for:)` (subclasses may move or hide the caret).
    func editingCaretRect(at offset: Int) -> CGRect
}

/// The editing machinery `UITextField` and `UITextView` share: the editor (text, selection,
/// undo), the laid-out text and its geometry, the views that show text, selection and a
/// blinking caret, and what keys and pointer gestures do.
///
/// The three views are placed by the host in one container, at `origin` (the layout's
/// top-left corner in the container): the selection highlight behind the text, the caret
/// above it.
@MainActor
final class TextEditingController {
    enum Command {
        case cut, copy, paste, selectAll, undo, redo
    }

    let editor = TextEditor()
    weak var host: (any TextEditingControllerHost)?
    unowned let owner: UIView

    let selectionView = TextSelectionView()
    let textView = TextDrawingView()
    let caretView = UIView()

    // Style, set by the host.
    var font: UIFont = .systemFont(ofSize: 17) { didSet { invalidate() } }
    var textColor: UIColor = .label { didSet { invalidate() } }
    var alignment: NSTextAlignment = .natural { didSet { invalidate() } }
    var isSecure = false { didSet { invalidate() } }
    /// Lines wrap at `width`; otherwise the text is one line (per paragraph).
    var wraps = true { didSet { invalidate() } }
    var width: CGFloat = .greatestFiniteMagnitude { didSet { if width != oldValue { invalidate() } } }
    /// Text longer than `width` ends in an ellipsis (a field not being edited).
    var truncatesTail = false { didSet { if truncatesTail != oldValue { invalidate() } } }

    /// Where the layout's top-left corner is in the container.
    private(set) var origin: CGPoint = .zero
    /// Whether the caret and selection show (the host is editing).
    var isActive = false { didSet { if isActive != oldValue { refreshSelection() } } }
    /// Whether a selection shows while not active (selectable, non-editable text views).
    var showsInactiveSelection = false

    private var cachedGeometry: TextLayoutGeometry?
    private var secureBoundaries: [Int] = []
    /// The x a run of up and down moves aims for.
    private var goalX: CGFloat?

    init(owner: UIView) {
        self.owner = owner
        textView.isUserInteractionEnabled = false
        selectionView.isUserInteractionEnabled = false
        caretView.isUserInteractionEnabled = false
        caretView.isHidden = true
        caretView.layer.cornerRadius = 1
        editor.textChanged = { [unowned self] in invalidate() }
    }

    // MARK: Layout

    func invalidate() {
        cachedGeometry = nil
        textView.setNeedsDisplay()
        selectionView.setNeedsDisplay()
    }

    /// The text as drawn: the field's font and colour where the text has none, bullets for
    /// secure entry.
    private func displayText() -> NSAttributedString {
        let source = editor.storage
        if isSecure {
            let text = editor.text
            var boundaries: [Int] = [0]
            var i = 0
            while i < text.length {
                i = TextBoundaries.nextCharacter(text, after: i)
                boundaries.append(i)
            }
            secureBoundaries = boundaries
            return NSAttributedString(string: String(repeating: "\u{2022}", count: boundaries.count - 1),
                                      attributes: [.font: font, .foregroundColor: textColor, .paragraphStyle: paragraphStyle()])
        }
        let styled = NSMutableAttributedString(attributedString: source)
        var location = 0
        while location < styled.length {
            var range = NSRange(location: 0, length: 0)
            let attributes = styled.attributes(at: location, effectiveRange: &range)
            if attributes[.font] == nil { styled.addAttribute(.font, value: font, range: range) }
            if attributes[.foregroundColor] == nil { styled.addAttribute(.foregroundColor, value: textColor, range: range) }
            if attributes[.paragraphStyle] == nil { styled.addAttribute(.paragraphStyle, value: paragraphStyle(), range: range) }
            location = range.location + Swift.max(range.length, 1)
        }
        return styled
    }

    private func paragraphStyle() -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = alignment
        style.lineBreakMode = truncatesTail ? .byTruncatingTail : (wraps ? .byWordWrapping : .byClipping)
        return style
    }

    /// The laid-out text and its geometry (made when something changed).
    var geometry: TextLayoutGeometry {
        if let cachedGeometry { return cachedGeometry }
        var made: TextLayoutGeometry?
        owner.traitCollection.performAsCurrent {
            let display = displayText()
            let layoutWidth = wraps || truncatesTail ? width : .greatestFiniteMagnitude
            let layout = StringLayout.layout(display, width: layoutWidth, maximumLines: truncatesTail ? 1 : 0,
                                             lineBreakMode: truncatesTail ? 4 : nil)
            made = TextLayoutGeometry(layout: layout, length: display.length, text: display.string as NSString,
                                      emptyLineHeight: font.lineHeight, alignment: alignment, alignmentWidth: wraps ? width : .greatestFiniteMagnitude)
        }
        cachedGeometry = made
        textView.layout = made!.layout
        return made!
    }

    /// Display offsets for text offsets (they differ only for secure entry, one bullet per
    /// composed character).
    func displayOffset(_ offset: Int) -> Int {
        guard isSecure else { return offset }
        _ = geometry
        var low = 0, high = secureBoundaries.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if secureBoundaries[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func textOffset(_ display: Int) -> Int {
        guard isSecure else { return display }
        _ = geometry
        return secureBoundaries[Swift.min(Swift.max(0, display), secureBoundaries.count - 1)]
    }

    // MARK: Geometry in text offsets

    /// The caret's rectangle at a text offset, in the layout's coordinates.
    func caretRect(at offset: Int) -> CGRect { geometry.caretRect(at: displayOffset(offset)) }

    /// The text offset nearest a point in the layout's coordinates.
    func offset(at point: CGPoint) -> Int { textOffset(geometry.index(at: point)) }

    /// The highlight rectangles of a text range, in the layout's coordinates.
    func selectionRects(for range: NSRange) -> [CGRect] {
        let lower = displayOffset(range.location), upper = displayOffset(range.location + range.length)
        return geometry.selectionRects(for: NSRange(location: lower, length: upper - lower), lineWidth: wraps ? width : .greatestFiniteMagnitude)
    }

    var usedSize: CGSize { geometry.usedSize }

    // MARK: Views

    /// Places the views with the layout's top-left corner at `newOrigin` in the container.
    func place(at newOrigin: CGPoint, size: CGSize) {
        origin = newOrigin
        let box = CGRect(origin: newOrigin, size: CGSize(width: Swift.max(size.width, usedSize.width), height: Swift.max(size.height, usedSize.height)))
        _ = geometry
        if textView.frame != box { textView.frame = box }
        if selectionView.frame != box { selectionView.frame = box }
        refreshSelection()
    }

    /// Shows the selection: the caret for an empty one (blinking from now), the highlight
    /// otherwise.
    func refreshSelection() {
        let selection = editor.selectedRange
        let tint = owner.tintColor ?? .systemBlue
        selectionView.color = tint.withAlphaComponent(0.2)
        let showsHighlight = (isActive || showsInactiveSelection) && selection.length > 0
        selectionView.rects = showsHighlight ? selectionRects(for: selection) : []
        let showsCaret = isActive && selection.length == 0
        caretView.isHidden = !showsCaret
        guard showsCaret, let host else {
            caretView.layer.removeAnimation(forKey: "blink")
            return
        }
        var rect = host.editingCaretRect(at: editor.head)
        rect.origin.x += origin.x
        rect.origin.y += origin.y
        LayerTransaction.immediate {
            caretView.frame = rect
            caretView.backgroundColor = tint
        }
        restartBlink()
    }

    /// The caret shows steadily for half a second after it moves, then blinks once a second.
    func restartBlink() {
        let blink = CAKeyframeAnimation(keyPath: "opacity")
        blink.values = [1, 0]
        blink.keyTimes = [0, 0.5, 1]
        blink.calculationMode = .discrete
        blink.duration = 1
        blink.repeatCount = .infinity
        blink.beginTime = CACurrentMediaTime() + 0.5
        caretView.layer.add(blink, forKey: "blink")
    }

    // MARK: Movement

    private var text: NSString { editor.text }

    /// Moves the caret (or extends the selection) one step in `direction`.
    func move(_ direction: UITextLayoutDirection, by granularity: UITextGranularity, extending: Bool) {
        let selection = editor.selectedRange
        let head = editor.head
        var target: Int
        let vertical = direction == .up || direction == .down
        if !vertical { goalX = nil }
        switch (direction, granularity) {
        case (.left, .character), (.right, .character):
            if !extending, selection.length > 0 {
                // An arrow collapses a selection to its side.
                target = direction == .left ? selection.location : selection.location + selection.length
            } else {
                target = direction == .left ? TextBoundaries.previousCharacter(text, before: head) : TextBoundaries.nextCharacter(text, after: head)
            }
        case (.left, .word):
            target = isSecure ? 0 : TextBoundaries.wordStart(text, before: head)
        case (.right, .word):
            target = isSecure ? text.length : TextBoundaries.wordEnd(text, from: head)
        case (.left, .line):
            target = textOffset(geometry.lineBounds(at: displayOffset(head)).start)
        case (.right, .line):
            target = textOffset(geometry.lineBounds(at: displayOffset(head)).end)
        case (.up, .document), (.left, .document):
            target = 0
        case (.down, .document), (.right, .document):
            target = text.length
        case (.up, _), (.down, _):
            let from = !extending && selection.length > 0 ? (direction == .up ? selection.location : selection.location + selection.length) : head
            let x = goalX ?? caretRect(at: from).minX + TextLayoutGeometry.caretWidth / 2
            goalX = x
            target = textOffset(geometry.index(from: displayOffset(from), lines: direction == .up ? -1 : 1, goalX: x))
        default:
            target = head
        }
        let keep = goalX
        editor.moveHead(to: target, extending: extending)
        goalX = vertical ? keep : nil
        editor.breakUndoCoalescing()
    }

    // MARK: Keys

    /// Does what a key press means while editing; returns whether the key was used.
    func handleKey(_ key: UIKey, editable: Bool) -> Bool {
        let flags = key.modifierFlags
        let shift = flags.contains(.shift)
        let command = flags.contains(.command) || flags.contains(.control)
        let option = flags.contains(.alternate)
        let characters = key.characters
        let code = key.keyCode.rawValue
        func arrow(_ name: String, _ usage: Int) -> Bool { characters == name || code == usage }

        if arrow(UIKeyCommand.inputLeftArrow, 0x50) || arrow(UIKeyCommand.inputRightArrow, 0x4F) {
            let direction: UITextLayoutDirection = arrow(UIKeyCommand.inputLeftArrow, 0x50) ? .left : .right
            // Option (or Control on Linux) moves by words, Command by lines.
            let unit: UITextGranularity = flags.contains(.command) ? .line : (option || flags.contains(.control) ? .word : .character)
            move(direction, by: unit, extending: shift)
            return true
        }
        if arrow(UIKeyCommand.inputUpArrow, 0x52) || arrow(UIKeyCommand.inputDownArrow, 0x51) {
            let direction: UITextLayoutDirection = arrow(UIKeyCommand.inputUpArrow, 0x52) ? .up : .down
            move(direction, by: command ? .document : .line, extending: shift)
            return true
        }
        if arrow(UIKeyCommand.inputHome, 0x4A) || arrow(UIKeyCommand.inputEnd, 0x4D) {
            let start = arrow(UIKeyCommand.inputHome, 0x4A)
            move(start ? .left : .right, by: command ? .document : .line, extending: shift)
            return true
        }
        if command, editable, characters == "\u{8}" || code == 0x2A {
            // Command-delete removes to the line's start; Control-delete (Linux) the word.
            deleteBackward(by: flags.contains(.command) ? .line : .word)
            return true
        }
        if command, let letter = key.charactersIgnoringModifiers.lowercased().first {
            switch letter {
            case "a": host?.editingCommand(.selectAll)
            case "c": host?.editingCommand(.copy)
            case "x": host?.editingCommand(.cut)
            case "v": host?.editingCommand(.paste)
            case "z": host?.editingCommand(shift ? .redo : .undo)
            case "y": host?.editingCommand(.redo)
            default: return false
            }
            return true
        }
        guard editable else { return false }
        if characters == "\u{8}" || code == 0x2A {
            deleteBackward(by: option ? .word : .character)
            return true
        }
        if characters == "\u{7F}" || code == 0x4C {
            deleteForward(by: option ? .word : .character)
            return true
        }
        if characters == "\r" || characters == "\n" || code == 0x28 || code == 0x58 {
            return host?.editingReturnPressed() ?? false
        }
        if characters == "\u{1B}" || characters.isEmpty || characters.hasPrefix("UIKeyInput") { return false }
        if characters == "\t" { return false }
        // Other control characters type nothing.
        if characters.unicodeScalars.allSatisfy({ $0.value < 0x20 || $0.value == 0x7F }) { return false }
        insert(characters)
        return true
    }

    // MARK: Editing

    /// Types `string` in place of the selection (or marked text).
    func insert(_ string: String) {
        let target = editor.markedRange ?? editor.selectedRange
        editor.replace(target, with: string, kind: .typing)
    }

    /// Deletes the selection, or the character (word, line) before the caret.
    func deleteBackward(by unit: UITextGranularity = .character) {
        let selection = editor.selectedRange
        if selection.length > 0 {
            editor.delete(selection)
            return
        }
        let head = editor.head
        let start: Int
        switch unit {
        case .word: start = isSecure ? 0 : TextBoundaries.wordStart(text, before: head)
        case .line: start = textOffset(geometry.lineBounds(at: displayOffset(head)).start)
        default: start = backspaceStart(head)
        }
        if start < head { editor.delete(NSRange(location: start, length: head - start)) }
    }

    /// Backspace removes a whole emoji sequence but only the last scalar of a letter with a
    /// combining accent, as iOS does for decomposed text.
    private func backspaceStart(_ head: Int) -> Int {
        TextBoundaries.previousCharacter(text, before: head)
    }

    /// Deletes the selection, or the character (word) after the caret.
    func deleteForward(by unit: UITextGranularity = .character) {
        let selection = editor.selectedRange
        if selection.length > 0 {
            editor.delete(selection)
            return
        }
        let head = editor.head
        let end = unit == .word ? (isSecure ? text.length : TextBoundaries.wordEnd(text, from: head)) : TextBoundaries.nextCharacter(text, after: head)
        if end > head { editor.delete(NSRange(location: head, length: end - head)) }
    }

    // MARK: Pointer

    private var dragAnchor: NSRange?
    private var dragUnit: UITextGranularity = .character

    /// A press at `point` (layout coordinates): places the caret, or with `extending` moves
    /// the selection's end there; two presses select a word, three a paragraph (or the whole
    /// one-line text).
    func pointerDown(at point: CGPoint, tapCount: Int, extending: Bool) {
        let offset = self.offset(at: point)
        goalX = nil
        editor.breakUndoCoalescing()
        switch tapCount {
        case 2 where !isSecure:
            let word = TextBoundaries.wordRange(text, at: offset)
            dragAnchor = word
            dragUnit = .word
            editor.select(word)
        case 2, 3...:
            let paragraph = wraps ? TextBoundaries.paragraphRange(text, at: offset) : NSRange(location: 0, length: text.length)
            var trimmed = paragraph
            if trimmed.length > 0, TextBoundaries.isNewline(text, at: trimmed.location + trimmed.length - 1) { trimmed.length -= 1 }
            dragAnchor = trimmed
            dragUnit = .paragraph
            editor.select(trimmed)
        default:
            dragUnit = .character
            if extending {
                editor.moveHead(to: offset, extending: true)
                dragAnchor = NSRange(location: editor.anchor, length: 0)
            } else {
                dragAnchor = NSRange(location: offset, length: 0)
                editor.moveHead(to: offset, extending: false)
            }
        }
    }

    /// The pointer moved while down: the selection runs from where it went down to here (by
    /// whole words or paragraphs after a double or triple press).
    func pointerDragged(to point: CGPoint) {
        guard let anchor = dragAnchor else { return }
        let offset = self.offset(at: point)
        var unit = NSRange(location: offset, length: 0)
        if dragUnit == .word { unit = TextBoundaries.wordRange(text, at: offset) }
        if dragUnit == .paragraph { unit = TextBoundaries.paragraphRange(text, at: offset) }
        if unit.location < anchor.location {
            editor.setSelection(anchor: anchor.location + anchor.length, head: unit.location)
        } else {
            editor.setSelection(anchor: anchor.location, head: Swift.max(unit.location + unit.length, anchor.location + anchor.length))
        }
    }

    func pointerUp() {
        dragAnchor = nil
    }
}

/// Draws laid-out text with its first line's top-left corner at the view's origin.
final class TextDrawingView: UIView {
    var layout: FrameLayout? {
        didSet { setNeedsDisplay() }
    }
    /// Where drawing goes first (a text field's overridable `drawText(in:)`), which comes
    /// back to `drawLayout(in:)` for the built-in drawing.
    var drawHook: ((CGRect) -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        if let drawHook { drawHook(bounds) } else { drawLayout(in: bounds) }
    }

    /// The laid-out text, its first line's top-left corner at `rect`'s origin.
    func drawLayout(in rect: CGRect) {
        guard let layout, let context = UIGraphicsGetCurrentContext() else { return }
        StringLayout.draw(layout, at: rect.origin, in: context)
    }
}

/// Draws a selection's highlight rectangles.
final class TextSelectionView: UIView {
    var rects: [CGRect] = [] {
        didSet { if rects != oldValue { setNeedsDisplay() } }
    }

    var color: UIColor = .clear {
        didSet { if color != oldValue { setNeedsDisplay() } }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        guard !rects.isEmpty, let context = UIGraphicsGetCurrentContext() else { return }
        context.setFillColor(color.cgColor)
        for box in rects { context.fill(box) }
    }
}
