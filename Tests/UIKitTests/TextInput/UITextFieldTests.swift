import Testing
import UIKit

/// UITextField: defaults, the order of delegate calls, control events and notifications as
/// editing begins, changes and ends, typing and deleting from keys, return, the clear
/// button, and `endEditing(_:)`.
@MainActor
@Suite struct UITextFieldTests {
    @Test func defaultsAreIOSs() {
        let field = UITextField()
        #expect(field.text == "")
        #expect(field.font?.pointSize == 17)
        #expect(field.borderStyle == .none && field.clearButtonMode == .never)
        #expect(field.leftViewMode == .never && field.rightViewMode == .never)
        #expect(field.placeholder == nil && field.attributedPlaceholder == nil)
        #expect(field.textAlignment == .natural && field.contentVerticalAlignment == .center)
        #expect(!field.isEditing && !field.isSecureTextEntry && !field.clearsOnBeginEditing)
        #expect(field.keyboardType == .default && field.returnKeyType == .default)
        #expect(field.autocapitalizationType == .sentences && field.autocorrectionType == .default)
        #expect(field.typingAttributes == nil)
        #expect(!field.hasText)
        #expect(field.canBecomeFirstResponder)
    }

    @Test func settingTextInCodeSendsNothing() {
        withField { field, _ in
            let log = EditingEventLog()
            log.watch(field)
            log.observe([UITextField.textDidChangeNotification], of: field)
            field.text = "Lamina"
            field.attributedText = NSAttributedString(string: "UIKit")
            #expect(field.text == "UIKit")
            #expect(log.entries.isEmpty)
            // Setting text puts the caret at its end.
            #expect(field.selectedOffsets == NSRange(location: 5, length: 0))
        }
    }

    @Test func aTapBeginsEditingInIOSOrder() {
        withField(editing: false) { field, window in
            let delegate = FieldDelegateLog()
            field.delegate = delegate
            let log = EditingEventLog()
            log.watch(field) { delegate.entries.append($0) }
            log.observe([UITextField.textDidBeginEditingNotification], of: field) { delegate.entries.append($0) }
            window.tap(at: CGPoint(x: 60, y: 37))
            #expect(field.isFirstResponder && field.isEditing)
            #expect(delegate.entries == ["shouldBegin", "didBegin", "editingDidBegin", "TextDidBeginEditingNotification"])
        }
    }

    @Test func aDelegateCanRefuseToBegin() {
        withField(editing: false) { field, window in
            let delegate = FieldDelegateLog()
            delegate.allowsBegin = false
            field.delegate = delegate
            window.tap(at: CGPoint(x: 60, y: 37))
            #expect(!field.isFirstResponder && !field.isEditing)
            #expect(!field.becomeFirstResponder())
            #expect(delegate.entries == ["shouldBegin", "shouldBegin"])
        }
    }

    @Test func typingAsksThenChangesThenTells() {
        withField { field, window in
            let delegate = FieldDelegateLog()
            field.delegate = delegate
            let log = EditingEventLog()
            log.watch(field) { delegate.entries.append($0) }
            log.observe([UITextField.textDidChangeNotification], of: field) { delegate.entries.append($0) }
            window.typeText("Hi")
            #expect(field.text == "Hi")
            #expect(delegate.entries == ["change 0,0 \"H\"", "editingChanged", "TextDidChangeNotification",
                                         "change 1,0 \"i\"", "editingChanged", "TextDidChangeNotification"])
            #expect(field.selectedOffsets == NSRange(location: 2, length: 0))
        }
    }

    @Test func aRefusedChangeLeavesTheText() {
        withField { field, window in
            let delegate = FieldDelegateLog()
            delegate.refusesCharacters = .decimalDigits
            field.delegate = delegate
            window.typeText("a1b2")
            #expect(field.text == "ab")
            #expect(field.selectedOffsets == NSRange(location: 2, length: 0))
        }
    }

    @Test func backspaceAndForwardDeleteRemoveWholeCharacters() {
        withField { field, window in
            field.text = "ab👍🏽c"
            window.pressKey("\u{8}")
            #expect(field.text == "ab👍🏽")
            // An emoji with its skin-tone modifier (four UTF-16 units) goes in one press.
            window.pressKey("\u{8}")
            #expect(field.text == "ab")
            field.selectOffsets(0)
            window.pressKey(UIKeyCommand.inputDelete)
            #expect(field.text == "b")
            #expect(field.selectedOffsets == NSRange(location: 0, length: 0))
            // Backspace at the start does nothing.
            window.pressKey("\u{8}")
            #expect(field.text == "b")
        }
    }

    @Test func optionBackspaceDeletesAWord() {
        withField { field, window in
            field.text = "hello brave world"
            window.pressKey("\u{8}", modifierFlags: .alternate)
            #expect(field.text == "hello brave ")
            window.pressKey("\u{8}", modifierFlags: .alternate)
            #expect(field.text == "hello ")
            window.pressKey("\u{8}", modifierFlags: .command)
            #expect(field.text == "")
        }
    }

    @Test func typingReplacesTheSelection() {
        withField { field, window in
            field.text = "one two three"
            field.selectOffsets(4, 3)
            window.typeText("2")
            #expect(field.text == "one 2 three")
            #expect(field.selectedOffsets == NSRange(location: 5, length: 0))
        }
    }

    @Test func returnAsksTheDelegateAndEndsEditingWhenSomeoneListens() {
        withField { field, window in
            let delegate = FieldDelegateLog()
            field.delegate = delegate
            field.addAction(UIAction { _ in delegate.entries.append("editingDidEnd") }, for: .editingDidEnd)
            let log = EditingEventLog()
            log.observe([UITextField.textDidEndEditingNotification], of: field) { delegate.entries.append($0) }
            // Nobody listens for editingDidEndOnExit: return does not end editing.
            window.pressKey("\r")
            #expect(field.isEditing)
            #expect(delegate.entries == ["shouldReturn"])
            delegate.entries.removeAll()
            // With a target for it, return resigns.
            field.addAction(UIAction { _ in delegate.entries.append("editingDidEndOnExit") }, for: .editingDidEndOnExit)
            window.pressKey("\r")
            #expect(!field.isEditing && !field.isFirstResponder)
            #expect(delegate.entries == ["shouldReturn", "editingDidEndOnExit", "shouldEnd", "didEnd committed",
                                         "editingDidEnd", "TextDidEndEditingNotification"])
            #expect(field.text == "")
        }
    }

    @Test func aDelegateThatRefusesReturnStopsTheExitEvent() {
        withField { field, window in
            let delegate = FieldDelegateLog()
            delegate.allowsReturn = false
            field.delegate = delegate
            var exits = 0
            field.addAction(UIAction { _ in exits += 1 }, for: .editingDidEndOnExit)
            window.pressKey("\r")
            #expect(exits == 0 && field.isEditing)
        }
    }

    @Test func endEditingAsksUnlessForced() {
        withField { field, window in
            let delegate = FieldDelegateLog()
            delegate.allowsEnd = false
            field.delegate = delegate
            #expect(!window.endEditing(false))
            #expect(field.isEditing)
            #expect(window.endEditing(true))
            #expect(!field.isEditing && !field.isFirstResponder)
            #expect(delegate.entries == ["shouldEnd", "didEnd committed"])
            // Nothing editing: true.
            #expect(window.endEditing(false))
        }
    }

    @Test func leavingTheWindowEndsEditing() {
        withField { field, _ in
            let delegate = FieldDelegateLog()
            delegate.allowsEnd = false
            field.delegate = delegate
            field.removeFromSuperview()
            #expect(!field.isEditing && !field.isFirstResponder)
            #expect(delegate.entries.last == "didEnd committed")
        }
    }

    @Test func anotherFieldTakingOverEndsThisOne() {
        withField { field, window in
            let second = UITextField(frame: CGRect(x: 10, y: 100, width: 180, height: 34))
            window.addSubview(second)
            let log = EditingEventLog()
            log.watch(field)
            #expect(second.becomeFirstResponder())
            #expect(!field.isEditing && second.isEditing)
            #expect(log.entries == ["editingDidEnd"])
            window.typeText("x")
            #expect(second.text == "x" && field.text == "")
        }
    }

    @Test func theClearButtonEmptiesTheFieldWhenAllowed() {
        withField { field, window in
            field.clearButtonMode = .whileEditing
            let delegate = FieldDelegateLog()
            field.delegate = delegate
            window.typeText("abc")
            field.layoutIfNeeded()
            // 19 points square, 6 points from the right edge, centred.
            let button = field.clearButtonRect(forBounds: field.bounds)
            #expect(button == CGRect(x: 155, y: 7.5, width: 19, height: 19))
            // The text stops short of the button.
            #expect(field.textRect(forBounds: field.bounds).maxX <= button.minX)
            delegate.allowsClear = false
            window.tap(at: CGPoint(x: 10 + button.midX, y: 20 + button.midY))
            #expect(field.text == "abc")
            delegate.allowsClear = true
            delegate.entries.removeAll()
            window.tap(at: CGPoint(x: 10 + button.midX, y: 20 + button.midY))
            #expect(field.text == "")
            #expect(delegate.entries == ["shouldClear"])
        }
    }

    @Test func aRoundedFieldInsetsItsTextSevenPoints() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        field.borderStyle = .roundedRect
        #expect(field.textRect(forBounds: field.bounds) == CGRect(x: 7, y: 0, width: 186, height: 34))
        #expect(field.editingRect(forBounds: field.bounds) == CGRect(x: 7, y: 0, width: 186, height: 34))
        field.borderStyle = .none
        #expect(field.textRect(forBounds: field.bounds) == field.bounds)
        // The body font's rounded field is 34 points tall.
        field.borderStyle = .roundedRect
        #expect(field.intrinsicContentSize.height == 34)
        // Left and right views take their room.
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        field.leftView = left
        field.leftViewMode = .always
        #expect(field.leftViewRect(forBounds: field.bounds) == CGRect(x: 0, y: 7, width: 30, height: 20))
        #expect(field.textRect(forBounds: field.bounds).minX == 30)
    }

    @Test func secureEntryShowsBulletsAndKeepsTheTextOffThePasteboard() {
        withField { field, window in
            field.isSecureTextEntry = true
            UIPasteboard.general.string = "before"
            window.typeText("pa55")
            #expect(field.text == "pa55")
            window.pressKey("a", modifierFlags: .command)
            #expect(field.selectedOffsets == NSRange(location: 0, length: 4))
            window.pressKey("c", modifierFlags: .command)
            window.pressKey("x", modifierFlags: .command)
            #expect(UIPasteboard.general.string == "before")
            #expect(field.text == "pa55")
        }
    }

    @Test func clearsOnBeginEditingEmptiesTheField() {
        withField(editing: false) { field, _ in
            field.text = "old"
            field.clearsOnBeginEditing = true
            #expect(field.becomeFirstResponder())
            #expect(field.text == "")
        }
    }
}

extension UITextFieldTests {
    @Test func roundedFieldsAreIOSsHeightAtEachSize() {
        let field = UITextField()
        field.borderStyle = .roundedRect
        field.font = .systemFont(ofSize: 14)
        #expect(field.intrinsicContentSize.height == 30)
        field.font = .systemFont(ofSize: 17)
        #expect(field.intrinsicContentSize.height == 34)
    }
}
