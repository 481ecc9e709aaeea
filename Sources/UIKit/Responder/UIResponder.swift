/// An object that can take part in event handling: the base of views, view controllers,
/// windows and the application. `next` links responders into the responder chain; touches
/// and presses a responder does not handle travel up it (the default implementations pass
/// them to `next`).
@preconcurrency @MainActor
open class UIResponder: NSObject {
    var accessibility = AccessibilityAttributes()
    public override init() {
        super.init()
    }

    /// Creates a responder from an archive; a plain responder reads nothing from it.
    ///
    /// - Note: Differs from Apple: required here (UIView and UIViewController already require
    ///   it), because Swift on Linux creates an object from a class it looks up by name only
    ///   through a required initializer: this is how `UIApplicationMain` and scene manifests make
    ///   the app, scene and delegate classes they name. A direct `UIResponder` subclass that
    ///   declares its own designated initializer must also write `required init?(coder:)`.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// The next responder in the chain: a view's view controller or superview, a view
    /// controller's view's superview (or its presenting controller), a window's application.
    /// nil at the end of the chain.
    open var next: UIResponder? { nil }

    // MARK: First responder

    /// Whether this responder accepts first-responder status (false by default).
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder gives up first-responder status when asked (true by default).
    open var canResignFirstResponder: Bool { true }

    // MARK: Actions

    /// Whether this responder performs `action` for `sender`: by default, whether its class
    /// has a method registered for the selector (`SelectorTable`).
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        responds(to: action)
    }

    /// The responder that performs `action`: this one if it can, else the first up the
    /// responder chain that can (nil when none).
    open func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        if canPerformAction(action, withSender: sender) { return self }
        return next?.target(forAction: action, withSender: sender)
    }

    /// Whether this responder is the first responder of its window.
    open var isFirstResponder: Bool {
        guard let window = responderWindow else { return false }
        return window.storedFirstResponder === self
    }

    /// Makes this responder the first responder of its window: it must accept
    /// (`canBecomeFirstResponder`), be in a window, and the current first responder must
    /// resign. Returns whether it is the first responder afterwards.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard let window = responderWindow else { return false }
        if window.storedFirstResponder === self { return true }
        guard canBecomeFirstResponder else { return false }
        if let current = window.storedFirstResponder {
            // A text responder taking over from another keeps the keyboard up.
            let handsOver = (current is UITextField || current is UITextView) && (self is UITextField || self is UITextView)
            SoftwareKeyboard.isHandingOver = handsOver
            defer { SoftwareKeyboard.isHandingOver = false }
            if !current.resignFirstResponder() { return false }
        }
        window.storedFirstResponder = self
        return true
    }

    /// Gives up first-responder status if `canResignFirstResponder` allows it. Returns whether
    /// this responder is no longer the first responder.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard let window = responderWindow, window.storedFirstResponder === self else { return true }
        guard canResignFirstResponder || isForcingResign else { return false }
        window.storedFirstResponder = nil
        return true
    }

    /// The window whose first responder this can be: a view's window, a controller's view's
    /// window.
    var responderWindow: UIWindow? { nil }

    /// Set while the responder is made to resign whatever it or its delegate says (it left
    /// its window, or `endEditing(true)`).
    var isForcingResign = false

    /// Resigns first responder even when `canResignFirstResponder` or a delegate would
    /// refuse.
    func resignFirstResponderForcibly() {
        isForcingResign = true
        defer { isForcingResign = false }
        if !resignFirstResponder(), let window = responderWindow, window.storedFirstResponder === self {
            window.storedFirstResponder = nil
        }
    }

    /// The undo manager of the nearest responder up the chain that has one (the window's,
    /// by default).
    open var undoManager: UndoManager? { next?.undoManager }

    // MARK: Standard edit actions

    /// Cuts the selection to the general pasteboard (text objects implement it).
    open func cut(_ sender: Any?) {}
    /// Copies the selection to the general pasteboard (text objects implement it).
    open func copy(_ sender: Any?) {}
    /// Pastes the general pasteboard's contents (text objects implement it).
    open func paste(_ sender: Any?) {}
    /// Selects the word at the insertion point (text objects implement it).
    open func select(_ sender: Any?) {}
    /// Selects everything (text objects implement it).
    open func selectAll(_ sender: Any?) {}
    /// Deletes the selection (text objects implement it).
    open func delete(_ sender: Any?) {}

    // MARK: Touches

    /// One or more fingers touched down. The default passes the touches to `next`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    /// Touches moved. The default passes them to `next`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    /// Fingers lifted. The default passes the touches to `next`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    /// The system (a gesture recognizer, the view leaving its window) took the touches away.
    /// The default passes them to `next`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Presses

    /// Physical keys or buttons went down. The default passes the presses to `next`.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesBegan(presses, with: event)
    }

    /// Presses changed (force, for instance). The default passes them to `next`.
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesChanged(presses, with: event)
    }

    /// Keys or buttons went up. The default passes the presses to `next`.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesEnded(presses, with: event)
    }

    /// Presses were cancelled. The default passes them to `next`.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesCancelled(presses, with: event)
    }

    // MARK: Interface Builder

    /// Called on objects loaded from a nib or storyboard once all of them are connected.
    /// Lamina loads no nibs, so it is only called by code that calls it; overrides that call
    /// `super` compile and behave as on iOS.
    open func awakeFromNib() {}

    /// Called by Interface Builder's live rendering before drawing a designable view; never
    /// called by Lamina.
    open func prepareForInterfaceBuilder() {}

    // MARK: Accessibility

    /// Whether assistive technologies treat this object as one element (false for plain
    /// views; controls and labels say true).
    open var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? defaultIsAccessibilityElement }
        set { accessibility.isElement = newValue }
    }

    /// Whether this kind of object is an accessibility element unless told otherwise.
    var defaultIsAccessibilityElement: Bool { false }

    /// A short name of the element, read out by assistive technologies.
    open var accessibilityLabel: String? {
        get { accessibility.label }
        set { accessibility.label = newValue }
    }

    /// What using the element does.
    open var accessibilityHint: String? {
        get { accessibility.hint }
        set { accessibility.hint = newValue }
    }

    /// The element's current value, as text.
    open var accessibilityValue: String? {
        get { accessibility.value }
        set { accessibility.value = newValue }
    }

    /// What kind of element this is and its state.
    open var accessibilityTraits: UIAccessibilityTraits {
        get { accessibility.traits ?? defaultAccessibilityTraits }
        set { accessibility.traits = newValue }
    }

    /// The traits this kind of object has unless told otherwise.
    var defaultAccessibilityTraits: UIAccessibilityTraits { .none }

    /// The element's frame in screen coordinates.
    open var accessibilityFrame: CGRect {
        get { accessibility.frame }
        set { accessibility.frame = newValue }
    }

    /// Whether the element and its descendants are hidden from assistive technologies.
    open var accessibilityElementsHidden: Bool {
        get { accessibility.elementsHidden }
        set { accessibility.elementsHidden = newValue }
    }

    /// Whether assistive technologies ignore the element's siblings while it is shown.
    open var accessibilityViewIsModal: Bool {
        get { accessibility.viewIsModal }
        set { accessibility.viewIsModal = newValue }
    }

    /// Whether the element's children are read as a group.
    open var shouldGroupAccessibilityChildren: Bool {
        get { accessibility.groupsChildren }
        set { accessibility.groupsChildren = newValue }
    }

    /// The elements inside this one, in reading order (nil: the subviews).
    open var accessibilityElements: [Any]? {
        get { accessibility.elements }
        set { accessibility.elements = newValue }
    }

    /// A language code for reading the label, value and hint.
    open var accessibilityLanguage: String? {
        get { accessibility.language }
        set { accessibility.language = newValue }
    }

    /// A string that identifies the element in UI tests.
    open var accessibilityIdentifier: String? {
        get { accessibility.identifier }
        set { accessibility.identifier = newValue }
    }

    /// Assistive technologies ask an adjustable element to go up a step; the default does
    /// nothing (sliders, steppers and page controls move by their step).
    open func accessibilityIncrement() {}

    /// Assistive technologies ask an adjustable element to go down a step.
    open func accessibilityDecrement() {}

    /// Assistive technologies activate the element; true when it handled that (false: the
    /// system taps its activation point).
    open func accessibilityActivate() -> Bool { false }

    /// Assistive technologies ask the element to dismiss itself; true when it did.
    open func accessibilityPerformEscape() -> Bool { false }
}

/// The accessibility properties a responder was given.
struct AccessibilityAttributes {
    var isElement: Bool?
    var label: String?
    var hint: String?
    var value: String?
    var traits: UIAccessibilityTraits?
    var frame: CGRect = .zero
    var elementsHidden = false
    var viewIsModal = false
    var groupsChildren = false
    var elements: [Any]?
    var language: String?
    var identifier: String?
}
