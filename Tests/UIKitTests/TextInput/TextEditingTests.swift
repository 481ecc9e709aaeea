import Testing
import UIKit

/// Editing operations and selection arithmetic in a field: arrows with and without shift,
/// by words and to the line's ends, pointer selection (click, shift-click, drag, double
/// click), cut/copy/paste through the general pasteboard, undo and redo.
@MainActor
@Suite struct TextEditingTests {
    @Test func arrowsMoveByCharactersAndCollapseSelections() {
        withField { field, window in
            field.text = "abcdef"
            window.pressKey(UIKeyCommand.inputLeftArrow)
            #expect(field.selectedOffsets == NSRange(location: 5, length: 0))
            window.pressKey(UIKeyCommand.inputLeftArrow, modifierFlags: .shift)
            window.pressKey(UIKeyCommand.inputLeftArrow, modifierFlags: .shift)
            #expect(field.selectedOffsets == NSRange(location: 3, length: 2))
            // Shift-right from there shrinks the selection from its moving end.
            window.pressKey(UIKeyCommand.inputRightArrow, modifierFlags: .shift)
            #expect(field.selectedOffsets == NSRange(location: 4, length: 1))
            // Past the anchor, the selection grows the other way.
            window.pressKey(UIKeyCommand.inputLeftArrow, modifierFlags: .shift)
            window.pressKey(UIKeyCommand.inputLeftArrow, modifierFlags: .shift)
            #expect(field.selectedOffsets == NSRange(location: 2, length: 3))
            // A plain arrow collapses to the selection's side without moving further.
            window.pressKey(UIKeyCommand.inputRightArrow)
            #expect(field.selectedOffsets == NSRange(location: 5, length: 0))
            window.pressKey(UIKeyCommand.inputLeftArrow, modifierFlags: .shift)
            window.pressKey(UIKeyCommand.inputLeftArrow)
            #expect(field.selectedOffsets == NSRange(location: 4, length: 0))
            // The ends stop the caret.
            for _ in 0..<10 { window.pressKey(UIKeyCommand.inputLeftArrow) }
            #expect(field.selectedOffsets == NSRange(location: 0, length: 0))
        }
    }

    @Test func optionArrowsMoveByWords() {
        withField { field, window in
            field.text = "The quick, brown fox"
            field.selectOffsets(0)
            window.pressKey(UIKeyCommand.inputRightArrow, modifierFlags: .alternate)
            #expect(field.selectedOffsets?.location == 3)
            window.pressKey(UIKeyCommand.inputRightArrow, modifierFlags: .alternate)
            #expect(field.selectedOffsets?.location == 9)
            window.pressKey(UIKeyCommand.inputRightArrow, modifierFlags: .alternate)
            #expect(field.selectedOffsets?.location == 16)
            window.pressKey(UIKeyCommand.inputLeftArrow, modifierFlags: .alternate)
            #expect(field.selectedOffsets?.location == 11)
            window.pressKey(UIKeyCommand.inputLeftArrow, modifierFlags: [.alternate, .shift])
            #expect(field.selectedOffsets == NSRange(location: 4, length: 7))
            // Control stands in for Option on Linux keyboards.
            field.selectOffsets(0)
            window.pressKey(UIKeyCommand.inputRightArrow, modifierFlags: .control)
            #expect(field.selectedOffsets?.location == 3)
        }
    }

    @Test func anApostropheInsideAWordKeepsItWhole() {
        withField { field, window in
            field.text = "don't stop"
            field.selectOffsets(0)
            window.pressKey(UIKeyCommand.inputRightArrow, modifierFlags: .alternate)
            #expect(field.selectedOffsets?.location == 5)
        }
    }

    @Test func commandArrowsAndHomeEndGoToTheEnds() {
        withField { field, window in
            field.text = "hello world"
            field.selectOffsets(5)
            window.pressKey(UIKeyCommand.inputLeftArrow, modifierFlags: .command)
            #expect(field.selectedOffsets?.location == 0)
            window.pressKey(UIKeyCommand.inputRightArrow, modifierFlags: [.command, .shift])
            #expect(field.selectedOffsets == NSRange(location: 0, length: 11))
            window.pressKey(UIKeyCommand.inputHome)
            #expect(field.selectedOffsets == NSRange(location: 0, length: 0))
            window.pressKey(UIKeyCommand.inputEnd)
            #expect(field.selectedOffsets == NSRange(location: 11, length: 0))
            // Up and down in one line go to its ends.
            window.pressKey(UIKeyCommand.inputUpArrow)
            #expect(field.selectedOffsets?.location == 0)
            window.pressKey(UIKeyCommand.inputDownArrow)
            #expect(field.selectedOffsets?.location == 11)
        }
    }

    @Test func clickingPlacesTheCaretAndDraggingSelects() {
        withField { field, window in
            field.text = "abcdefghij"
            // Where the caret for each offset is drawn, in window coordinates.
            func x(_ offset: Int) -> CGFloat {
                let rect = field.caretRect(for: field.position(from: field.beginningOfDocument, offset: offset)!)
                return field.convert(rect, to: window).midX
            }
            let y = field.convert(CGPoint(x: 0, y: field.bounds.midY), to: window).y
            window.tap(at: CGPoint(x: x(3) + 1, y: y))
            #expect(field.selectedOffsets == NSRange(location: 3, length: 0))
            // A shift-click (not soon enough to be a double click) extends the selection.
            CAMediaClock.current.advance(by: 1)
            window.sendTouches([.init(location: CGPoint(x: x(7) - 1, y: y), phase: .began)], modifierFlags: .shift)
            window.sendTouches([.init(location: CGPoint(x: x(7) - 1, y: y), phase: .ended)], modifierFlags: .shift)
            #expect(field.selectedOffsets == NSRange(location: 3, length: 4))
            // A drag selects from where it went down (later: after the double-click interval).
            CAMediaClock.current.advance(by: 1)
            window.drag(along: [CGPoint(x: x(8), y: y), CGPoint(x: x(5), y: y), CGPoint(x: x(2), y: y)], duration: 0.2)
            #expect(field.selectedOffsets == NSRange(location: 2, length: 6))
        }
    }

    @Test func aDoubleClickSelectsAWord() {
        withField { field, window in
            field.text = "select this word"
            let rect = field.caretRect(for: field.position(from: field.beginningOfDocument, offset: 9)!)
            let point = field.convert(CGPoint(x: rect.midX, y: rect.midY), to: window)
            window.tap(at: point, tapCount: 2)
            #expect(field.selectedOffsets == NSRange(location: 7, length: 4))
            CAMediaClock.current.advance(by: 1)
            window.tap(at: point, tapCount: 3)
            #expect(field.selectedOffsets == NSRange(location: 0, length: 16))
        }
    }

    @Test func copyCutAndPasteGoThroughTheGeneralPasteboard() {
        withField { field, window in
            field.text = "copy me"
            field.selectOffsets(0, 4)
            window.pressKey("c", modifierFlags: .command)
            #expect(UIPasteboard.general.string == "copy")
            #expect(field.text == "copy me")
            field.selectOffsets(7)
            window.pressKey("v", modifierFlags: .command)
            #expect(field.text == "copy mecopy")
            field.selectOffsets(4, 3)
            window.pressKey("x", modifierFlags: .control)
            #expect(field.text == "copycopy" && UIPasteboard.general.string == " me")
            // A one-line field pastes line breaks as spaces.
            UIPasteboard.general.string = "a\nb"
            field.selectOffsets(0)
            field.paste(nil)
            #expect(field.text == "a bcopycopy")
        }
    }

    @Test func pastingAsksTheDelegateWithTheWholeString() {
        withField { field, _ in
            let delegate = FieldDelegateLog()
            field.delegate = delegate
            UIPasteboard.general.string = "pasted"
            field.paste(nil)
            #expect(delegate.entries == ["change 0,0 \"pasted\""])
        }
    }

    @Test func typingIsOneUndoStepUntilTheCaretMoves() {
        withField { field, window in
            window.typeText("hello")
            window.pressKey(UIKeyCommand.inputLeftArrow)
            window.typeText("X")
            #expect(field.text == "hellXo")
            #expect(field.undoManager?.canUndo == true)
            window.pressKey("z", modifierFlags: .command)
            #expect(field.text == "hello")
            #expect(field.selectedOffsets == NSRange(location: 4, length: 0))
            window.pressKey("z", modifierFlags: .command)
            #expect(field.text == "")
            #expect(field.undoManager?.canUndo == false)
            window.pressKey("z", modifierFlags: [.command, .shift])
            #expect(field.text == "hello")
            window.pressKey("z", modifierFlags: [.command, .shift])
            #expect(field.text == "hellXo")
            #expect(field.undoManager?.canRedo == false)
        }
    }

    @Test func undoRestoresDeletedAndReplacedText() {
        withField { field, window in
            window.typeText("abc def")
            field.selectOffsets(4, 3)
            window.typeText("X")
            #expect(field.text == "abc X")
            window.pressKey("\u{8}")
            window.pressKey("\u{8}")
            #expect(field.text == "abc")
            // The two backspaces are one step; so is the typing that replaced the selection.
            field.undoManager?.undo()
            #expect(field.text == "abc X")
            field.undoManager?.undo()
            #expect(field.text == "abc def")
            #expect(field.selectedOffsets == NSRange(location: 4, length: 3))
            #expect(field.undoManager?.redoActionName == "Typing")
            field.undoManager?.redo()
            #expect(field.text == "abc X")
        }
    }

    @Test func undoIsOnlyForTheUsersEdits() {
        withField { field, _ in
            field.insertText("typed")
            field.text = "set in code"
            #expect(field.undoManager?.canUndo == false)
        }
    }

    @Test func textInputPositionsAreUTF16Offsets() {
        withField { field, _ in
            field.text = "añ👍z"
            let start = field.beginningOfDocument
            #expect(field.offset(from: start, to: field.endOfDocument) == 5)
            let two = field.position(from: start, offset: 2)!
            #expect(field.offset(from: start, to: two) == 2)
            #expect(field.position(from: start, offset: 6) == nil)
            #expect(field.position(from: start, offset: -1) == nil)
            #expect(field.compare(two, to: start) == .orderedDescending)
            #expect(field.compare(start, to: two) == .orderedAscending)
            #expect(field.compare(two, to: field.position(from: start, offset: 2)!) == .orderedSame)
            let emoji = field.textRange(from: two, to: field.position(from: two, offset: 2)!)!
            #expect(field.text(in: emoji) == "👍")
            field.replace(emoji, withText: "!")
            #expect(field.text == "añ!z")
            #expect(field.selectedOffsets == NSRange(location: 3, length: 0))
            // Layout directions step over whole characters.
            field.text = "a👍b"
            let afterA = field.position(from: start, in: .right, offset: 1)!
            #expect(field.offset(from: start, to: field.position(from: afterA, in: .right, offset: 1)!) == 3)
            #expect(field.position(within: field.textRange(from: start, to: field.endOfDocument)!, farthestIn: .right)
                .map { field.offset(from: start, to: $0) } == 4)
        }
    }

    @Test func keyInputTypesAndDeletes() {
        withField { field, _ in
            #expect(!field.hasText)
            field.insertText("ab")
            #expect(field.hasText && field.text == "ab")
            field.deleteBackward()
            #expect(field.text == "a")
        }
    }

    @Test func markedTextIsReplacedUntilUnmarked() throws {
        try withField { field, _ in
            field.insertText("x")
            field.setMarkedText("k", selectedRange: NSRange(location: 1, length: 0))
            field.setMarkedText("ka", selectedRange: NSRange(location: 2, length: 0))
            #expect(field.text == "xka")
            let marked = try #require(field.markedTextRange)
            #expect(field.offset(from: field.beginningOfDocument, to: marked.start) == 1)
            #expect(field.offset(from: marked.start, to: marked.end) == 2)
            field.setMarkedText("か", selectedRange: NSRange(location: 1, length: 0))
            field.unmarkText()
            #expect(field.text == "xか" && field.markedTextRange == nil)
            #expect(field.selectedOffsets == NSRange(location: 2, length: 0))
        }
    }

    @Test func theCaretSitsAfterTheTextAndLineHigh() {
        withField { field, window in
            let font = field.font!
            let empty = field.caretRect(for: field.beginningOfDocument)
            #expect(empty.width == 2)
            #expect(empty.minX == 7)
            window.typeText("Wide")
            let width = ("Wide" as NSString).size(withAttributes: [.font: font]).width
            let caret = field.caretRect(for: field.endOfDocument)
            #expect(abs(caret.midX - (7 + width)) < 0.01)
            #expect(abs(caret.height - font.lineHeight) < 1)
            // Centred vertically in the field.
            #expect(abs(caret.midY - field.bounds.midY) < 1)
        }
    }

    @Test func longTextScrollsToKeepTheCaretInView() {
        withField { field, window in
            window.typeText(String(repeating: "scroll ", count: 8))
            let caret = field.caretRect(for: field.endOfDocument)
            let rect = field.editingRect(forBounds: field.bounds)
            #expect(caret.maxX <= rect.maxX + 0.01 && caret.minX >= rect.minX)
            window.pressKey(UIKeyCommand.inputHome)
            let start = field.caretRect(for: field.beginningOfDocument)
            #expect(abs(start.minX - rect.minX) < 0.01)
        }
    }
}
