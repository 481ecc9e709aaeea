import Foundation
internal import UIKit

/// Text on a window: a label (not editable, no border) or an editable field with a bezel.
/// An editable field takes the keyboard when clicked: typed characters go to the end of its
/// text, Delete removes the last character, Return sends the action.
///
/// - Note: Differs from Apple: editing appends and deletes at the end (no caret placement,
///   selection or field editor); the caret is not drawn.
@preconcurrency @MainActor
open class NSTextField: NSControl {
    open var isEditable = true { didSet { needsDisplay = true } }
    open var isSelectable = true
    open var isBordered = false { didSet { needsDisplay = true } }
    open var isBezeled = true { didSet { needsDisplay = true } }
    open var drawsBackground = true { didSet { needsDisplay = true } }
    open var backgroundColor: NSColor? = .textBackgroundColor { didSet { needsDisplay = true } }
    open var textColor: NSColor? = .controlTextColor { didSet { needsDisplay = true } }
    open var placeholderString: String? { didSet { needsDisplay = true } }
    /// The longest line a wrapping label breaks its text to (0: its width).
    open var preferredMaxLayoutWidth: CGFloat = 0
    /// How many lines the text may take (0: as many as it needs; 1 for a field).
    open var maximumNumberOfLines = 1

    public override init(frame frameRect: NSRect) {
        super.init(frame: frameRect)
    }

    public required init?(coder: NSCoder) {
        return nil
    }

    /// A label: not editable or selectable, no bezel or background.
    public convenience init(labelWithString stringValue: String) {
        self.init(frame: .zero)
        configureAsLabel(stringValue)
        sizeToFit()
    }

    /// A label that wraps its text onto as many lines as it needs.
    public convenience init(wrappingLabelWithString stringValue: String) {
        self.init(frame: .zero)
        configureAsLabel(stringValue)
        maximumNumberOfLines = 0
        isSelectable = true
        sizeToFit()
    }

    /// An editable field holding `stringValue`.
    public convenience init(string stringValue: String) {
        self.init(frame: .zero)
        self.stringValue = stringValue
        setFrameSize(NSSize(width: Swift.max(96, fittingSize.width), height: fittingSize.height))
    }

    private func configureAsLabel(_ text: String) {
        stringValue = text
        isEditable = false
        isSelectable = false
        isBezeled = false
        isBordered = false
        drawsBackground = false
    }

    private var insets: NSSize { isBezeled || isBordered ? NSSize(width: 4, height: 3) : NSSize(width: 2, height: 0) }

    open override var fittingSize: NSSize {
        let shown = stringValue.isEmpty ? (placeholderString ?? " ") : stringValue
        let width = maximumNumberOfLines == 1 ? CGFloat.greatestFiniteMagnitude : (preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : 300)
        let text = attributed(shown, color: .controlTextColor).boundingRect(with: CGSize(width: width, height: .greatestFiniteMagnitude),
                                                                            options: [.usesLineFragmentOrigin], context: nil)
        return NSSize(width: text.width.rounded(.up) + 2 * insets.width, height: text.height.rounded(.up) + 2 * insets.height)
    }

    open override var acceptsFirstResponder: Bool { isEnabled && (isEditable || isSelectable) }

    open override func draw(_ dirtyRect: NSRect) {
        guard let ctx = NSGraphicsContext.current?.cgContext else { return }
        if drawsBackground, let backgroundColor {
            ctx.setFillColor(backgroundColor.cgColor)
            ctx.fill(bounds)
        }
        if isBezeled || isBordered {
            ctx.setStrokeColor(NSColor(white: 0, alpha: window?.firstResponder === self ? 0.5 : 0.25).cgColor)
            ctx.setLineWidth(1)
            ctx.stroke(bounds.insetBy(dx: 0.5, dy: 0.5))
        }
        let showsPlaceholder = stringValue.isEmpty && placeholderString != nil
        let color: NSColor = showsPlaceholder ? .placeholderTextColor : (isEnabled ? textColor ?? .controlTextColor : .disabledControlTextColor)
        let text = attributed(showsPlaceholder ? placeholderString ?? "" : stringValue, color: color)
        guard let cg = NSGraphicsContext.current?.cgContext else { return }
        UIGraphicsPushContext(cg)
        text.draw(in: bounds.insetBy(dx: insets.width, dy: insets.height))
        UIGraphicsPopContext()
    }

    // MARK: Editing

    open override func keyDown(with event: NSEvent) {
        guard isEditable, isEnabled, let characters = event.characters else {
            super.keyDown(with: event)
            return
        }
        for character in characters {
            switch character {
            case "\r", "\n", "\u{3}":
                sendAction()
            case "\u{7F}", "\u{8}":
                if !stringValue.isEmpty { stringValue.removeLast() }
            case "\t", "\u{1B}":
                continue
            default:
                if let scalar = character.unicodeScalars.first, scalar.value >= 0x20, !(0xF700...0xF8FF).contains(scalar.value) {
                    stringValue.append(character)
                }
            }
        }
    }
}
