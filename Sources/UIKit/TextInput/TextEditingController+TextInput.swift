import CoreText
import Foundation

/// `UITextInput` in terms of the editor: what `UITextField` and `UITextView` forward their
/// text-input methods to. Positions are UTF-16 offsets; geometry is in the host's
/// coordinates (the layout's plus `origin`).
extension TextEditingController {
    func offset(of position: UITextPosition) -> Int? {
        guard let indexed = position as? IndexedTextPosition else { return nil }
        return indexed.offset
    }

    func range(of textRange: UITextRange) -> NSRange? {
        if let indexed = textRange as? IndexedTextRange { return indexed.range }
        guard let start = offset(of: textRange.start), let end = offset(of: textRange.end) else { return nil }
        return NSRange(location: Swift.min(start, end), length: abs(end - start))
    }

    func text(in textRange: UITextRange) -> String? {
        guard let range = range(of: textRange), range.location >= 0, range.location + range.length <= editor.length else { return nil }
        return editor.text.substring(with: range)
    }

    func replace(_ textRange: UITextRange, withText text: String) {
        guard let range = range(of: textRange), range.location + range.length <= editor.length else { return }
        editor.replace(range, with: text, kind: .replacement, consulting: false)
    }

    var selectedTextRange: UITextRange? {
        get { IndexedTextRange(editor.selectedRange) }
        set {
            guard let newValue, let range = range(of: newValue) else { return }
            editor.select(range)
            editor.breakUndoCoalescing()
        }
    }

    var markedTextRange: UITextRange? { editor.markedRange.map(IndexedTextRange.init) }

    func textRange(from: UITextPosition, to: UITextPosition) -> UITextRange? {
        guard let a = offset(of: from), let b = offset(of: to), (0...editor.length).contains(a), (0...editor.length).contains(b) else { return nil }
        return IndexedTextRange(NSRange(location: Swift.min(a, b), length: abs(b - a)))
    }

    func position(from position: UITextPosition, offset delta: Int) -> UITextPosition? {
        guard let start = offset(of: position) else { return nil }
        let target = start + delta
        return (0...editor.length).contains(target) ? IndexedTextPosition(target) : nil
    }

    func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset delta: Int) -> UITextPosition? {
        guard var index = offset(of: position), (0...editor.length).contains(index) else { return nil }
        for _ in 0..<Swift.max(0, delta) {
            switch direction {
            case .left: index = TextBoundaries.previousCharacter(editor.text, before: index)
            case .right: index = TextBoundaries.nextCharacter(editor.text, after: index)
            case .up, .down:
                let x = caretRect(at: index).midX
                index = textOffset(geometry.index(from: displayOffset(index), lines: direction == .up ? -1 : 1, goalX: x))
            }
        }
        return IndexedTextPosition(index)
    }

    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        let a = offset(of: position) ?? 0, b = offset(of: other) ?? 0
        return a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
    }

    func offset(from: UITextPosition, to: UITextPosition) -> Int {
        (offset(of: to) ?? 0) - (offset(of: from) ?? 0)
    }

    func position(within textRange: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
        guard let range = range(of: textRange) else { return nil }
        return IndexedTextPosition(direction == .left || direction == .up ? range.location : range.location + range.length)
    }

    /// The first line's part of a range, in the host's coordinates.
    func firstRect(for textRange: UITextRange) -> CGRect {
        guard let range = range(of: textRange) else { return .null }
        if range.length == 0 { return hostRect(caretRect(at: range.location)) }
        return selectionRects(for: range).first.map(hostRect) ?? .null
    }

    func hostRect(_ rect: CGRect) -> CGRect {
        rect.offsetBy(dx: origin.x, dy: origin.y)
    }

    func selectionRects(for textRange: UITextRange) -> [UITextSelectionRect] {
        guard let range = range(of: textRange) else { return [] }
        let rects = selectionRects(for: range)
        return rects.enumerated().map { i, rect in
            UITextSelectionRect(rect: hostRect(rect), containsStart: i == 0, containsEnd: i == rects.count - 1)
        }
    }

    func closestPosition(to point: CGPoint) -> UITextPosition? {
        IndexedTextPosition(offset(at: CGPoint(x: point.x - origin.x, y: point.y - origin.y)))
    }

    func closestPosition(to point: CGPoint, within textRange: UITextRange) -> UITextPosition? {
        guard let range = range(of: textRange), let found = closestPosition(to: point).flatMap({ offset(of: $0) }) else { return nil }
        return IndexedTextPosition(Swift.min(Swift.max(found, range.location), range.location + range.length))
    }

    func characterRange(at point: CGPoint) -> UITextRange? {
        let local = CGPoint(x: point.x - origin.x, y: point.y - origin.y)
        guard editor.length > 0, local.y >= 0, local.y < usedSize.height else { return nil }
        let index = offset(at: local)
        let caret = caretRect(at: index)
        let before = index > 0 ? TextBoundaries.previousCharacter(editor.text, before: index) : index
        // The character whose box holds the point: the one after the nearest caret position
        // when the point is right of it, the one before otherwise.
        if local.x >= caret.midX, index < editor.length {
            return IndexedTextRange(editor.text.rangeOfComposedCharacterSequence(at: index))
        }
        return IndexedTextRange(NSRange(location: before, length: index - before))
    }

    // MARK: Edit commands

    /// Copies the selection's text to the general pasteboard.
    func copySelection() {
        let selection = editor.selectedRange
        guard selection.length > 0, !isSecure else { return }
        UIPasteboard.general.string = editor.text.substring(with: selection)
    }

    /// Copies the selection and deletes it.
    func cutSelection() {
        let selection = editor.selectedRange
        guard selection.length > 0, !isSecure else { return }
        UIPasteboard.general.string = editor.text.substring(with: selection)
        editor.replace(selection, with: "", kind: .cut)
    }

    /// Replaces the selection with the general pasteboard's text (line breaks become spaces
    /// in one-line text).
    func pasteText() {
        guard var string = UIPasteboard.general.string, !string.isEmpty else { return }
        if !wraps {
            string = string.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
        }
        editor.replace(editor.markedRange ?? editor.selectedRange, with: string, kind: .paste)
    }

    func selectAllText() {
        editor.select(NSRange(location: 0, length: editor.length))
        editor.breakUndoCoalescing()
    }
}
