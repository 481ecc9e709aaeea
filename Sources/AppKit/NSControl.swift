import Foundation
internal import UIKit

/// A view that shows a value and sends an action when the user changes it: buttons and text
/// fields. The action is a method of the target, given as an unapplied method reference
/// (`button.setAction(target: self, action: Controller.clicked)`), or a closure.
///
/// - Note: Differs from Apple: Swift on Linux has no selectors, so `action` is not a `Selector`;
///   `sendAction(on:)` masks are not honoured (actions are sent on mouse up, or on Return).
@preconcurrency @MainActor
open class NSControl: NSView {
    /// A control's size.
    public enum ControlSize: UInt, Sendable {
        case regular = 0
        case small = 1
        case mini = 2
        case large = 3
    }

    /// A button's state.
    public struct StateValue: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let on = StateValue(rawValue: 1)
        public static let off = StateValue(rawValue: 0)
        public static let mixed = StateValue(rawValue: -1)
    }

    /// The object the action is sent to.
    open weak var target: AnyObject?
    /// What runs when the control sends its action.
    private var actionHandler: ((NSControl) -> Void)?

    /// Whether the control reacts to the user (true by default).
    open var isEnabled = true { didSet { needsDisplay = true } }
    open var controlSize: ControlSize = .regular { didSet { needsDisplay = true } }
    open var font: NSFont? { didSet { needsDisplay = true } }

    /// The value as text.
    open var stringValue: String = "" { didSet { needsDisplay = true } }
    open var integerValue: Int {
        get { Int(doubleValue.isFinite ? doubleValue.rounded(.towardZero) : 0) }
        set { stringValue = String(newValue) }
    }
    open var intValue: Int32 {
        get { Int32(clamping: integerValue) }
        set { integerValue = Int(newValue) }
    }
    open var doubleValue: Double {
        get { Double(stringValue.trimmingCharacters(in: .whitespaces)) ?? 0 }
        set { stringValue = String(newValue) }
    }
    open var floatValue: Float {
        get { Float(doubleValue) }
        set { doubleValue = Double(newValue) }
    }
    open var objectValue: Any? {
        get { stringValue }
        set { stringValue = newValue.map { "\($0)" } ?? "" }
    }

    /// Controls draw from the top left, as AppKit's do.
    open override var isFlipped: Bool { true }

    /// Sends the action to `target`'s method `action` (taking the sender).
    public func setAction<Target: AnyObject, Sender: NSControl>(target: Target, action: @escaping (Target) -> (Sender) -> Void) {
        self.target = target
        actionHandler = { [weak target] control in
            guard let target, let sender = control as? Sender else { return }
            action(target)(sender)
        }
    }

    /// Sends the action to `target`'s method `action` (taking `Any?`, as `@IBAction`s do).
    public func setAction<Target: AnyObject>(target: Target, action: @escaping (Target) -> (Any?) -> Void) {
        self.target = target
        actionHandler = { [weak target] control in
            guard let target else { return }
            action(target)(control)
        }
    }

    /// Runs `handler` as the action.
    public func setAction(_ handler: @escaping (NSControl) -> Void) {
        actionHandler = handler
    }

    /// The selector sent to `target` (nil target: the key window's first responder and up the
    /// responder chain) when the control acts; the method is found through `SelectorTable`.
    open var action: Selector?

    /// Sends the action now (as a click or Return does); false when there is none.
    @discardableResult
    open func sendAction() -> Bool {
        guard isEnabled else { return false }
        if let actionHandler {
            actionHandler(self)
            return true
        }
        guard let action else { return false }
        return sendAction(action, to: target)
    }

    /// Sends `action` to `target` with this control as the sender; a nil target is the first
    /// responder up the chain from the key window's first responder (else this control) whose
    /// class answers the selector. Returns whether one did.
    @discardableResult
    open func sendAction(_ action: Selector?, to target: Any?) -> Bool {
        guard let action else { return false }
        if let target {
            SelectorTable.send(action, to: target as AnyObject, with: [self])
            return true
        }
        var responder: NSResponder? = NSApplication.shared.keyWindow?.firstResponder ?? self
        while let current = responder {
            if current.responds(to: action) {
                SelectorTable.send(action, to: current, with: [self])
                return true
            }
            responder = current.nextResponder
        }
        return false
    }

    /// The size that fits the control's content.
    open var fittingSize: NSSize { NSSize(width: 0, height: 0) }

    /// Resizes the control to fit its content.
    open func sizeToFit() {
        setFrameSize(fittingSize)
    }

    /// The font in use: the control's, else the system font at the control size.
    var effectiveFont: NSFont {
        font ?? NSFont.systemFont(ofSize: controlSize == .small ? 11 : controlSize == .mini ? 9 : controlSize == .large ? 15 : 13)
    }

    /// `text` in the control's font and `color`.
    func attributed(_ text: String, color: NSColor) -> NSAttributedString {
        NSAttributedString(string: text, attributes: [.font: effectiveFont, .foregroundColor: UIColor(cgColor: color.cgColor)])
    }

    /// Draws `text` in the current context at `origin` (top left, flipped coordinates).
    func drawText(_ text: NSAttributedString, at origin: NSPoint) {
        guard let ctx = NSGraphicsContext.current?.cgContext else { return }
        UIGraphicsPushContext(ctx)
        text.draw(at: origin)
        UIGraphicsPopContext()
    }
}
