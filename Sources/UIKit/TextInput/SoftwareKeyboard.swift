import Foundation

extension UIResponder {
    /// Posted before the keyboard shows (a text field or view became first responder).
    public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    /// Posted after the keyboard showed.
    public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    /// Posted before the keyboard hides (text editing ended).
    public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    /// Posted after the keyboard hid.
    public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    /// Posted before the keyboard's frame changes (with each show and hide).
    public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    /// Posted after the keyboard's frame changed.
    public static let keyboardDidChangeFrameNotification = Notification.Name("UIKeyboardDidChangeFrameNotification")

    /// The keyboard's frame before the change, in screen coordinates (an `NSValue` of a `CGRect`).
    public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    /// The keyboard's frame after the change, in screen coordinates (an `NSValue` of a `CGRect`).
    public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// The animation's duration in seconds (an `NSNumber` of a `Double`).
    public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// The animation's curve (an `NSNumber` of a `UIView.AnimationCurve` raw value).
    public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    /// Whether the keyboard belongs to this app (an `NSNumber` of a `Bool`).
    public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}

/// The on-screen keyboard's notifications. A desktop has a hardware keyboard, so the keyboard
/// iOS would slide up has no height here: its frame is a zero-height strip at the bottom of
/// the screen, and code that insets content by it insets by nothing.
///
/// - Note: Differs from Apple: iOS's software keyboard is about 300 points high; Lamina's
///   notifications say 0, as iOS says when a hardware keyboard is attached.
@MainActor
enum SoftwareKeyboard {
    /// The text responder the keyboard was last shown for (weak: a field that went away takes
    /// the keyboard with it).
    private static weak var activeInput: UIResponder?
    /// Set while a text responder takes over from another: the one resigning posts no hide.
    static var isHandingOver = false

    private static var frame: CGRect {
        let screen = UIScreen.main.bounds
        return CGRect(x: 0, y: screen.maxY, width: screen.width, height: 0)
    }

    private static func userInfo() -> [AnyHashable: Any] {
        [UIResponder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: frame),
         UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: frame),
         UIResponder.keyboardAnimationDurationUserInfoKey: NSNumber(value: 0.25),
         UIResponder.keyboardAnimationCurveUserInfoKey: NSNumber(value: 7),
         UIResponder.keyboardIsLocalUserInfoKey: NSNumber(value: true)]
    }

    private static func post(_ names: [Notification.Name]) {
        let info = userInfo()
        for name in names { NotificationCenter.default.post(name: name, object: nil, userInfo: info) }
    }

    /// A text field or view began editing.
    static func textInputBegan(_ input: UIResponder) {
        // Shown already: for a field of the same window that handed over to this one. (A field
        // left editing in another window, now behind, does not keep this window's keyboard up.)
        let wasShown = activeInput != nil && activeInput?.responderWindow === input.responderWindow
        activeInput = input
        guard !wasShown else { return }
        post([UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardWillShowNotification,
              UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidShowNotification])
    }

    /// A text field or view ended editing (unless another takes over at once).
    static func textInputEnded(_ input: UIResponder) {
        guard activeInput === input, !isHandingOver else { return }
        activeInput = nil
        post([UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardWillHideNotification,
              UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidHideNotification])
    }
}
