import Foundation
internal import UIKit

/// A button: a push button with a rounded bezel, a check box or a radio button, with a title.
/// A click (mouse down and up inside) sends the action; a check box toggles its state first, a
/// radio button turns itself on and the radio buttons beside it with the same action off.
///
/// - Note: Differs from Apple: drawn in Lamina's approximation of macOS's light controls.
@preconcurrency @MainActor
open class NSButton: NSControl {
    public enum ButtonType: UInt, Sendable {
        case momentaryLight = 0, pushOnPushOff = 1, toggle = 2, `switch` = 3, radio = 4, momentaryChange = 5, onOff = 6
        case momentaryPushIn = 7, accelerator = 8, multiLevelAccelerator = 9
    }

    public enum BezelStyle: UInt, Sendable {
        case push = 1, flexiblePush = 2, disclosure = 5, circular = 7, helpButton = 9, smallSquare = 10, toolbar = 11
        case accessoryBarAction = 12, accessoryBar = 13, pushDisclosure = 14, badge = 15
        /// The standard rounded push button (`.push`'s older name).
        public static var rounded: BezelStyle { .push }
    }

    /// The text on or beside the button.
    open var title: String = "" { didSet { needsDisplay = true } }
    /// On or off (check boxes and radio buttons).
    open var state: NSControl.StateValue = .off { didSet { needsDisplay = true } }
    open var bezelStyle: BezelStyle = .push { didSet { needsDisplay = true } }
    /// Whether the bezel is drawn (push buttons).
    open var isBordered = true { didSet { needsDisplay = true } }
    /// Whether a check box takes the mixed state between off and on.
    open var allowsMixedState = false
    private(set) var buttonType: ButtonType = .momentaryPushIn
    private var isPressed = false { didSet { needsDisplay = true } }

    public override init(frame frameRect: NSRect) {
        super.init(frame: frameRect)
    }

    public required init?(coder: NSCoder) {
        return nil
    }

    /// A push button titled `title` that sends `action` to `target`.
    public convenience init<Target: AnyObject>(title: String, target: Target?, action: ((Target) -> (Any?) -> Void)?) {
        self.init(frame: .zero)
        self.title = title
        if let target, let action { setAction(target: target, action: action) }
        sizeToFit()
    }

    /// A push button titled `title` sending `action` to `target` (see `NSControl.action`).
    public convenience init(title: String, target: AnyObject?, action: Selector?) {
        self.init(frame: .zero)
        self.title = title
        self.target = target
        self.action = action
        sizeToFit()
    }

    /// A check box titled `title`.
    public convenience init<Target: AnyObject>(checkboxWithTitle title: String, target: Target?, action: ((Target) -> (Any?) -> Void)?) {
        self.init(title: title, target: target, action: action)
        setButtonType(.switch)
    }

    public convenience init(checkboxWithTitle title: String, target: AnyObject?, action: Selector?) {
        self.init(title: title, target: target, action: action)
        setButtonType(.switch)
    }

    /// A radio button titled `title`.
    public convenience init<Target: AnyObject>(radioButtonWithTitle title: String, target: Target?, action: ((Target) -> (Any?) -> Void)?) {
        self.init(title: title, target: target, action: action)
        setButtonType(.radio)
    }

    public convenience init(radioButtonWithTitle title: String, target: AnyObject?, action: Selector?) {
        self.init(title: title, target: target, action: action)
        setButtonType(.radio)
    }

    /// Makes the button a push button, check box, radio button…
    open func setButtonType(_ type: ButtonType) {
        buttonType = type
        sizeToFit()
        needsDisplay = true
    }

    private var isCheckBox: Bool { buttonType == .switch }
    private var isRadio: Bool { buttonType == .radio }
    private var togglesState: Bool { isCheckBox || isRadio || buttonType == .pushOnPushOff || buttonType == .toggle || buttonType == .onOff }

    static let markSide: CGFloat = 14
    static let markGap: CGFloat = 6

    open override var fittingSize: NSSize {
        let text = attributed(title, color: .controlTextColor).size()
        if isCheckBox || isRadio {
            return NSSize(width: NSButton.markSide + NSButton.markGap + text.width.rounded(.up) + 2, height: Swift.max(18, text.height.rounded(.up)))
        }
        return NSSize(width: Swift.max(text.width.rounded(.up) + 28, 60), height: 21)
    }

    // MARK: Drawing

    open override func draw(_ dirtyRect: NSRect) {
        guard let ctx = NSGraphicsContext.current?.cgContext else { return }
        let textColor: NSColor = isEnabled ? .controlTextColor : .disabledControlTextColor
        let text = attributed(title, color: textColor)
        let size = text.size()
        if isCheckBox || isRadio {
            let box = NSRect(x: 1, y: (bounds.height - NSButton.markSide) / 2, width: NSButton.markSide, height: NSButton.markSide)
            let on = state == .on, accent = NSColor.controlAccentColor.cgColor
            let shape = isRadio ? CGPath(ellipseIn: box, transform: nil)
                : CGPath(roundedRect: box, cornerWidth: 3, cornerHeight: 3, transform: nil)
            ctx.addPath(shape)
            ctx.setFillColor(on ? accent : (isPressed ? NSColor.controlShadowColor : NSColor.white).cgColor)
            ctx.fillPath()
            if !on {
                ctx.addPath(shape)
                ctx.setStrokeColor(NSColor(white: 0, alpha: 0.3).cgColor)
                ctx.setLineWidth(1)
                ctx.strokePath()
            }
            ctx.setFillColor(NSColor.white.cgColor)
            ctx.setStrokeColor(NSColor.white.cgColor)
            if on && isRadio {
                ctx.fillEllipse(in: box.insetBy(dx: 4.5, dy: 4.5))
            } else if on {
                ctx.setLineWidth(2)
                ctx.setLineCap(.round)
                ctx.setLineJoin(.round)
                ctx.move(to: CGPoint(x: box.minX + 3.5, y: box.midY))
                ctx.addLine(to: CGPoint(x: box.minX + 6, y: box.maxY - 3.5))
                ctx.addLine(to: CGPoint(x: box.maxX - 3, y: box.minY + 3.5))
                ctx.strokePath()
            } else if state == .mixed {
                ctx.fill(CGRect(x: box.minX + 3.5, y: box.midY - 1, width: box.width - 7, height: 2))
            }
            drawText(text, at: NSPoint(x: box.maxX + NSButton.markGap, y: (bounds.height - size.height) / 2))
            return
        }
        if isBordered {
            let bezel = bounds.insetBy(dx: 0.5, dy: 0.5)
            let path = CGPath(roundedRect: bezel, cornerWidth: 5, cornerHeight: 5, transform: nil)
            let highlighted = isPressed || ((buttonType == .pushOnPushOff || buttonType == .onOff) && state == .on)
            ctx.addPath(path)
            ctx.setFillColor((highlighted ? NSColor(white: 0.85, alpha: 1) : NSColor.white).cgColor)
            ctx.fillPath()
            ctx.addPath(path)
            ctx.setStrokeColor(NSColor(white: 0, alpha: 0.2).cgColor)
            ctx.setLineWidth(1)
            ctx.strokePath()
        }
        drawText(text, at: NSPoint(x: ((bounds.width - size.width) / 2).rounded(), y: ((bounds.height - size.height) / 2).rounded()))
    }

    // MARK: Clicking

    open override func mouseDown(with event: NSEvent) {
        guard isEnabled else { return }
        isPressed = true
    }

    open override func mouseDragged(with event: NSEvent) {
        guard isEnabled else { return }
        isPressed = bounds.contains(convert(event.locationInWindow, from: nil))
    }

    open override func mouseUp(with event: NSEvent) {
        guard isEnabled, isPressed else { return }
        isPressed = false
        guard bounds.contains(convert(event.locationInWindow, from: nil)) else { return }
        performClick(nil)
    }

    /// Clicks the button in code: the state changes as a click's would, then the action is sent.
    open func performClick(_ sender: Any?) {
        guard isEnabled else { return }
        if isRadio {
            state = .on
            // The radio buttons beside this one (same superview, same target) turn off.
            for case let other as NSButton in superview?.subviews ?? [] where other !== self && other.isRadio && other.target === target {
                other.state = .off
            }
        } else if togglesState {
            state = state == .on ? (allowsMixedState ? .mixed : .off) : (state == .mixed ? .off : .on)
        }
        sendAction()
    }
}
