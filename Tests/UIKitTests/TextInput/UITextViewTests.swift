import Testing
import UIKit

/// UITextView: defaults, delegate order, multi-line movement (up and down keep their
/// column), wrapping, scrolling to the caret, sizing to the text, and read-only text.
@MainActor
@Suite struct UITextViewTests {
    /// Records a text view delegate's calls in order.
    @MainActor final class Log: NSObject, UITextViewDelegate {
        var entries: [String] = []
        var allowsEnd = true
        func textViewShouldBeginEditing(_ textView: UITextView) -> Bool {
            entries.append("shouldBegin")
            return true
        }
        func textViewDidBeginEditing(_ textView: UITextView) { entries.append("didBegin") }
        func textViewShouldEndEditing(_ textView: UITextView) -> Bool {
            entries.append("shouldEnd")
            return allowsEnd
        }
        func textViewDidEndEditing(_ textView: UITextView) { entries.append("didEnd") }
        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            entries.append("change \(range.location),\(range.length) \(text.debugDescription)")
            return true
        }
        func textViewDidChange(_ textView: UITextView) { entries.append("didChange") }
        func textViewDidChangeSelection(_ textView: UITextView) { entries.append("selection") }
    }

    /// A text view in a window, first responder when `editing`.
    func withTextView(frame: CGRect = CGRect(x: 0, y: 0, width: 200, height: 120), editing: Bool = true,
                      _ body: (UITextView, UIWindow) throws -> Void) rethrows {
        let clock = CAMediaClock(manualTime: 1000)
        try clock.withCurrent {
            CATransaction.flush()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 240))
            window.makeKeyAndVisible()
            let view = UITextView(frame: frame)
            view.font = .systemFont(ofSize: 17)
            window.addSubview(view)
            if editing { #expect(view.becomeFirstResponder()) }
            try body(view, window)
            window.undoManager?.removeAllActions()
            window.isHidden = true
            CATransaction.flush()
        }
    }

    @Test func defaultsAreIOSs() {
        let view = UITextView()
        #expect(view.text == "")
        #expect(view.font == nil && view.textColor == nil)
        #expect(view.textContainerInset == UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
        #expect(view.textContainer.lineFragmentPadding == 5)
        #expect(view.textContainer.widthTracksTextView)
        #expect(view.isEditable && view.isSelectable && view.isScrollEnabled)
        #expect(view.selectedRange == NSRange(location: 0, length: 0))
        #expect(view.dataDetectorTypes == [])
    }

    @Test func editingAndTypingTellTheDelegateInOrder() {
        withTextView(editing: false) { view, _ in
            let log = Log()
            view.delegate = log
            let events = EditingEventLog()
            events.observe([UITextView.textDidBeginEditingNotification, UITextView.textDidChangeNotification,
                            UITextView.textDidEndEditingNotification], of: view) { log.entries.append($0) }
            #expect(view.becomeFirstResponder())
            view.insertText("a")
            #expect(view.resignFirstResponder())
            #expect(log.entries == ["shouldBegin", "didBegin", "TextDidBeginEditingNotification",
                                    "change 0,0 \"a\"", "selection", "didChange", "TextDidChangeNotification",
                                    "shouldEnd", "didEnd", "TextDidEndEditingNotification"])
        }
    }

    @Test func aDelegateCanKeepEditingGoing() {
        withTextView { view, window in
            let log = Log()
            log.allowsEnd = false
            view.delegate = log
            #expect(!view.resignFirstResponder())
            #expect(view.isFirstResponder)
            #expect(window.endEditing(true))
            #expect(!view.isFirstResponder)
        }
    }

    @Test func returnStartsANewLineAndTabTypesATab() {
        withTextView { view, window in
            window.typeText("one\ntwo")
            window.pressKey("\t")
            #expect(view.text == "one\ntwo\t")
        }
    }

    @Test func upAndDownKeepTheirColumn() {
        withTextView { view, window in
            view.text = "abcdef\nab\nabcdef"
            view.selectedRange = NSRange(location: 5, length: 0)
            window.pressKey(UIKeyCommand.inputDownArrow)
            // The short line has no column 5: its end.
            #expect(view.selectedRange == NSRange(location: 9, length: 0))
            window.pressKey(UIKeyCommand.inputDownArrow)
            // Back on a long line, the column comes back.
            #expect(view.selectedRange == NSRange(location: 15, length: 0))
            window.pressKey(UIKeyCommand.inputUpArrow, modifierFlags: .shift)
            #expect(view.selectedRange == NSRange(location: 9, length: 6))
            window.pressKey(UIKeyCommand.inputUpArrow)
            #expect(view.selectedRange == NSRange(location: 5, length: 0))
            // Up on the first line goes to the start; down on the last to the end.
            window.pressKey(UIKeyCommand.inputUpArrow)
            #expect(view.selectedRange.location == 0)
            window.pressKey(UIKeyCommand.inputDownArrow, modifierFlags: .command)
            #expect(view.selectedRange.location == 16)
        }
    }

    @Test func lineEndsAreTheVisualLinesEnds() {
        withTextView { view, window in
            view.text = "first line\nsecond"
            view.selectedRange = NSRange(location: 3, length: 0)
            window.pressKey(UIKeyCommand.inputRightArrow, modifierFlags: .command)
            #expect(view.selectedRange.location == 10)
            window.pressKey(UIKeyCommand.inputDownArrow)
            window.pressKey(UIKeyCommand.inputLeftArrow, modifierFlags: .command)
            #expect(view.selectedRange.location == 11)
        }
    }

    @Test func longTextWrapsAtTheContainerWidth() {
        withTextView { view, _ in
            view.text = String(repeating: "wrap ", count: 20)
            view.layoutIfNeeded()
            let start = view.caretRect(for: view.beginningOfDocument)
            let end = view.caretRect(for: view.endOfDocument)
            // Inset 8 from the top, 5 in from the left (the line padding).
            #expect(start.minY == 8 && start.minX == 5)
            #expect(end.minY > start.minY + 2 * start.height - 1)
            // No line is wider than the container: 200 - 2 × 5.
            for rect in view.selectionRects(for: view.textRange(from: view.beginningOfDocument, to: view.endOfDocument)!) {
                #expect(rect.rect.maxX <= 195.01)
            }
        }
    }

    @Test func typingPastTheBottomScrollsTheCaretIntoView() {
        withTextView { view, window in
            for i in 0..<12 { window.typeText("line \(i)\n") }
            let caret = view.caretRect(for: view.endOfDocument)
            #expect(view.contentOffset.y > 0)
            #expect(caret.maxY <= view.contentOffset.y + view.bounds.height + 0.01)
            #expect(view.contentSize.height >= caret.maxY + 8)
        }
    }

    @Test func withoutScrollingItSizesToItsText() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 10))
        view.font = .systemFont(ofSize: 17)
        view.isScrollEnabled = false
        view.text = "one\ntwo\nthree"
        let line = UIFont.systemFont(ofSize: 17).lineHeight
        let size = view.sizeThatFits(CGSize(width: 200, height: 0))
        #expect(size.width == 200)
        #expect(abs(size.height - (3 * line + 16).rounded(.up)) < 1.01)
        #expect(view.intrinsicContentSize.height == size.height)
    }

    @Test func readOnlyTextCanBeSelectedAndCopiedButNotChanged() {
        withTextView(editing: false) { view, window in
            view.isEditable = false
            view.text = "read only"
            let log = Log()
            view.delegate = log
            #expect(view.becomeFirstResponder())
            window.typeText("x")
            window.pressKey("\u{8}")
            #expect(view.text == "read only")
            window.pressKey("a", modifierFlags: .command)
            window.pressKey("c", modifierFlags: .command)
            #expect(UIPasteboard.general.string == "read only")
            // No editing session: only selection changes reach the delegate.
            #expect(log.entries == ["selection"])
        }
    }

    @Test func aDragSelectsWhileEditing() {
        withTextView { view, window in
            view.text = "drag across these words"
            view.layoutIfNeeded()
            func point(_ offset: Int) -> CGPoint {
                let rect = view.caretRect(for: view.position(from: view.beginningOfDocument, offset: offset)!)
                return view.convert(CGPoint(x: rect.midX, y: rect.midY), to: window)
            }
            window.drag(along: [point(5), point(9), point(12)], duration: 0.2)
            #expect(view.selectedRange == NSRange(location: 5, length: 7))
            #expect(view.contentOffset == .zero)
        }
    }

    @Test func aTapBeginsEditingWithTheCaretThere() {
        withTextView(editing: false) { view, window in
            view.text = "tap here"
            view.layoutIfNeeded()
            let rect = view.caretRect(for: view.position(from: view.beginningOfDocument, offset: 4)!)
            window.tap(at: view.convert(CGPoint(x: rect.midX, y: rect.midY), to: window))
            #expect(view.isFirstResponder)
            #expect(view.selectedRange == NSRange(location: 4, length: 0))
        }
    }

    @Test func pastingKeepsLineBreaksAndTripleClickSelectsAParagraph() {
        withTextView { view, window in
            UIPasteboard.general.string = "a\nb"
            view.paste(nil)
            #expect(view.text == "a\nb")
            let rect = view.caretRect(for: view.position(from: view.beginningOfDocument, offset: 0)!)
            window.tap(at: view.convert(CGPoint(x: rect.midX + 2, y: rect.midY), to: window), tapCount: 3)
            #expect(view.selectedRange == NSRange(location: 0, length: 1))
        }
    }
}
