import Foundation

/// What a text object hears from its editor: whether a change may happen (its delegate's
/// answer), that text or selection changed, and where undo steps go.
@MainActor
protocol TextEditorHost: AnyObject {
    func editorShouldChange(_ range: NSRange, replacement: String) -> Bool
    func editorDidChangeText()
    func editorDidChangeSelection()
    var editorUndoManager: UndoManager? { get }
}

/// The text and selection of an editable text object and every change to them: typing,
/// deleting, replacing, with undo steps.
///
/// Invariants: `anchor` and `head` lie in `0...text.length` and on composed-character
/// boundaries; the selection runs between them (`head` is where the caret is, the end that
/// moves when a selection is extended). Consecutive typing (or deleting) at the caret
/// extends one undo step, as iOS groups typing into one "Undo Typing".
@MainActor
final class TextEditor {
    /// How a change came about: it decides undo grouping and naming.
    enum EditKind {
        case typing, deletion, paste, cut, replacement, marking
    }

    /// One undo step's change: `length` units at `location` replaced `old`; `selection` is
    /// what was selected before.
    private final class EditRecord {
        var location: Int
        var length: Int
        var old: NSAttributedString
        let selection: NSRange
        let kind: EditKind
        init(location: Int, length: Int, old: NSAttributedString, selection: NSRange, kind: EditKind) {
            self.location = location
            self.length = length
            self.old = old
            self.selection = selection
            self.kind = kind
        }
    }

    weak var host: TextEditorHost?
    /// Called as soon as the text changed, before the host hears of it (layout caches go).
    var textChanged: (() -> Void)?
    private(set) var storage = NSMutableAttributedString(string: "")
    /// The plain text (kept with `storage`).
    private(set) var text: NSString = ""
    private(set) var anchor = 0
    private(set) var head = 0
    /// The range of marked (composing) text, if any.
    private(set) var markedRange: NSRange?
    /// Attributes for typed text.
    var typingAttributes: [NSAttributedString.Key: Any] = [:]
    private var openRecord: EditRecord?

    var length: Int { text.length }

    /// The selection, from its lower to its upper end.
    var selectedRange: NSRange {
        NSRange(location: Swift.min(anchor, head), length: abs(head - anchor))
    }

    // MARK: Setting

    /// Replaces all text without consulting anyone or recording an undo step (setting
    /// `text` in code); the caret goes to the end. Undo steps of this editor are dropped, as
    /// they no longer apply.
    func setContents(_ contents: NSAttributedString) {
        storage = NSMutableAttributedString(attributedString: contents)
        text = storage.string as NSString
        anchor = text.length
        head = text.length
        markedRange = nil
        openRecord = nil
        textChanged?()
        host?.editorUndoManager?.removeAllActions(withTarget: self)
    }

    /// Selects `range` (clamped to the text); the caret (head) goes to its end, or to its
    /// start with `headAtStart`.
    func select(_ range: NSRange, headAtStart: Bool = false) {
        let lower = Swift.min(Swift.max(0, range.location), text.length)
        let upper = Swift.min(Swift.max(lower, range.location + Swift.max(0, range.length)), text.length)
        setSelection(anchor: headAtStart ? upper : lower, head: headAtStart ? lower : upper)
    }

    /// Moves the caret to `index`; with `extending`, the anchor stays and the selection grows
    /// or shrinks.
    func moveHead(to index: Int, extending: Bool) {
        let clamped = Swift.min(Swift.max(0, index), text.length)
        setSelection(anchor: extending ? anchor : clamped, head: clamped)
    }

    func setSelection(anchor newAnchor: Int, head newHead: Int) {
        let a = Swift.min(Swift.max(0, newAnchor), text.length), h = Swift.min(Swift.max(0, newHead), text.length)
        guard a != anchor || h != head else { return }
        anchor = a
        head = h
        openRecord = nil
        host?.editorDidChangeSelection()
    }

    // MARK: Changing

    /// Replaces `range` with `string` in the typing attributes, if the host agrees (unless
    /// `consulting` is false); the caret lands after the new text. Returns whether the text
    /// changed.
    @discardableResult
    func replace(_ range: NSRange, with string: String, kind: EditKind, consulting: Bool = true) -> Bool {
        let lower = Swift.min(Swift.max(0, range.location), text.length)
        let upper = Swift.min(Swift.max(lower, range.location + range.length), text.length)
        let range = NSRange(location: lower, length: upper - lower)
        if consulting, let host, !host.editorShouldChange(range, replacement: string) { return false }
        let inserted = NSAttributedString(string: string, attributes: attributes(forInsertionAt: range.location))
        let old = storage.attributedSubstring(from: range)
        record(range, insertedLength: inserted.length, old: old, kind: kind)
        storage.replaceCharacters(in: range, with: inserted)
        text = storage.string as NSString
        let caret = range.location + inserted.length
        anchor = caret
        head = caret
        if kind != .marking { markedRange = nil }
        textChanged?()
        // As on iOS, the selection's change is told before the text's.
        host?.editorDidChangeSelection()
        host?.editorDidChangeText()
        return true
    }

    /// Typed text takes the typing attributes, or failing those the attributes of the text
    /// before it.
    private func attributes(forInsertionAt location: Int) -> [NSAttributedString.Key: Any] {
        if !typingAttributes.isEmpty || storage.length == 0 { return typingAttributes }
        return storage.attributes(at: Swift.max(0, Swift.min(location, storage.length) - 1), effectiveRange: nil)
    }

    /// Deletes `range` (the selection, or what a delete key reaches).
    @discardableResult
    func delete(_ range: NSRange) -> Bool {
        guard range.length > 0 else { return false }
        return replace(range, with: "", kind: .deletion)
    }

    // MARK: Marked text

    /// Puts `marked` in place of the marked text (or the selection) and selects
    /// `selectedRange` within it; nil or empty text removes the marked text.
    func setMarkedText(_ marked: String?, selectedRange: NSRange) {
        let target = markedRange ?? self.selectedRange
        let string = marked ?? ""
        guard replace(target, with: string, kind: .marking) else { return }
        let length = (string as NSString).length
        markedRange = length > 0 ? NSRange(location: target.location, length: length) : nil
        let start = target.location + Swift.min(Swift.max(0, selectedRange.location), length)
        let end = Swift.min(start + Swift.max(0, selectedRange.length), target.location + length)
        setSelection(anchor: start, head: end)
    }

    /// Accepts the marked text as typed.
    func unmarkText() {
        markedRange = nil
    }

    // MARK: Undo

    private func record(_ range: NSRange, insertedLength: Int, old: NSAttributedString, kind: EditKind) {
        guard let manager = host?.editorUndoManager, manager.isUndoRegistrationEnabled else { return }
        if let open = openRecord, open.kind == kind, !manager.isUndoing, !manager.isRedoing {
            // Typing on at the end of the last typing, or deleting on just before (or at)
            // the last deletion, extends its step.
            if kind == .typing, range.length == 0, open.location + open.length == range.location {
                open.length += insertedLength
                return
            }
            if kind == .deletion, insertedLength == 0, open.length == 0 {
                if range.location + range.length == open.location {
                    let joined = NSMutableAttributedString(attributedString: old)
                    joined.append(open.old)
                    open.old = joined
                    open.location = range.location
                    return
                }
                if range.location == open.location {
                    let joined = NSMutableAttributedString(attributedString: open.old)
                    joined.append(old)
                    open.old = joined
                    return
                }
            }
        }
        let step = EditRecord(location: range.location, length: insertedLength, old: old, selection: selectedRange, kind: kind)
        manager.registerUndo(withTarget: self) { editor in editor.revert(step) }
        manager.setActionName(Self.actionName(kind))
        openRecord = kind == .typing || kind == .deletion ? step : nil
    }

    private static func actionName(_ kind: EditKind) -> String {
        switch kind {
        case .typing, .marking: "Typing"
        case .deletion: "Delete"
        case .paste: "Paste"
        case .cut: "Cut"
        case .replacement: "Replace"
        }
    }

    /// Undoes (or redoes) one step: puts the old text back, registers the opposite step, and
    /// selects what was selected before the step.
    private func revert(_ step: EditRecord) {
        let range = NSRange(location: step.location, length: Swift.min(step.length, text.length - step.location))
        guard range.location <= text.length, range.length >= 0 else { return }
        let current = storage.attributedSubstring(from: range)
        openRecord = nil
        if let manager = host?.editorUndoManager {
            let inverse = EditRecord(location: step.location, length: step.old.length, old: current, selection: selectedRange, kind: step.kind)
            manager.registerUndo(withTarget: self) { editor in editor.revert(inverse) }
            manager.setActionName(Self.actionName(step.kind))
        }
        storage.replaceCharacters(in: range, with: step.old)
        text = storage.string as NSString
        markedRange = nil
        let selection = step.selection
        anchor = Swift.min(selection.location, text.length)
        head = Swift.min(selection.location + selection.length, text.length)
        textChanged?()
        host?.editorDidChangeSelection()
        host?.editorDidChangeText()
    }

    /// Ends the typing step in progress, so the next change is a step of its own.
    func breakUndoCoalescing() {
        openRecord = nil
    }
}
