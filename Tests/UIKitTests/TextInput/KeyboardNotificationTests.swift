import Foundation
import Testing
import UIKit

/// The keyboard notifications code uses to move content out of the keyboard's way: posted
/// as editing begins and ends, with a frame of no height (a desktop's keyboard is hardware).
@MainActor
@Suite(.serialized) struct KeyboardNotificationTests {
    @Test func editingPostsShowAndHideWithAZeroHeightFrame() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let first = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 34))
        let second = UITextField(frame: CGRect(x: 20, y: 150, width: 200, height: 34))
        window.addSubview(first)
        window.addSubview(second)
        window.makeKeyAndVisible()
        final class Log: @unchecked Sendable {
            var names: [Notification.Name] = []
            var endFrames: [CGRect] = []
            var durations: [Double] = []
        }
        let log = Log()
        let center = NotificationCenter.default
        let watched: [Notification.Name] = [UIResponder.keyboardWillShowNotification, UIResponder.keyboardDidShowNotification,
                                            UIResponder.keyboardWillHideNotification, UIResponder.keyboardDidHideNotification]
        let tokens = watched.map { name in
            center.addObserver(forName: name, object: nil, queue: nil) { note in
                log.names.append(note.name)
                if let value = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue { log.endFrames.append(value.cgRectValue) }
                if let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber { log.durations.append(duration.doubleValue) }
            }
        }
        defer { tokens.forEach(center.removeObserver) }
        #expect(first.becomeFirstResponder())
        #expect(log.names == [UIResponder.keyboardWillShowNotification, UIResponder.keyboardDidShowNotification])
        // Moving to another field keeps the keyboard up: nothing more is posted.
        #expect(second.becomeFirstResponder())
        #expect(log.names.count == 2)
        #expect(second.resignFirstResponder())
        #expect(log.names.suffix(2) == [UIResponder.keyboardWillHideNotification, UIResponder.keyboardDidHideNotification])
        let frame = try #require(log.endFrames.first)
        #expect(frame.height == 0 && frame.width == UIScreen.main.bounds.width)
        #expect(log.durations.allSatisfy { $0 == 0.25 })
        window.isHidden = true
    }

    /// A field left editing in another window (now behind) does not keep this window's keyboard
    /// up: editing here posts the keyboard's show.
    @Test func anotherWindowsEditingDoesNotHideThisWindowsShow() throws {
        let behind = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let left = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 34))
        behind.addSubview(left)
        behind.makeKeyAndVisible()
        #expect(left.becomeFirstResponder())
        let front = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 34))
        front.addSubview(field)
        front.makeKeyAndVisible()
        final class Log: @unchecked Sendable { var names: [Notification.Name] = [] }
        let log = Log()
        let token = NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil,
                                                           queue: nil) { note in log.names.append(note.name) }
        defer { NotificationCenter.default.removeObserver(token) }
        #expect(field.becomeFirstResponder())
        #expect(log.names == [UIResponder.keyboardWillShowNotification])
        _ = field.resignFirstResponder()
        front.isHidden = true
        behind.isHidden = true
    }
}
