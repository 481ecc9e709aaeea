/// A drawing destination for AppKit drawing: `current` is the context a view's `draw(_:)`
/// (or an image's drawing handler) draws into, and `cgContext` its Core Graphics context.
open class NSGraphicsContext: NSObject, @unchecked Sendable {
    /// The Core Graphics context drawn into.
    public let cgContext: CGContext
    /// Whether y runs down in the context (a flipped view's drawing).
    public let isFlipped: Bool

    /// A graphics context drawing into `graphicsPort`.
    public init(cgContext graphicsPort: CGContext, flipped initialFlippedState: Bool) {
        cgContext = graphicsPort
        isFlipped = initialFlippedState
        super.init()
    }

    nonisolated(unsafe) private static var stack: [NSGraphicsContext] = []
    nonisolated(unsafe) private static var currentContext: NSGraphicsContext?

    /// The context drawing goes to now (nil outside drawing).
    public class var current: NSGraphicsContext? {
        get { currentContext }
        set { currentContext = newValue }
    }

    /// Saves the current context's graphics state (and which context is current).
    public class func saveGraphicsState() {
        if let current = currentContext {
            stack.append(current)
            current.cgContext.saveGState()
        }
    }

    /// Restores what the matching `saveGraphicsState()` saved.
    public class func restoreGraphicsState() {
        guard let saved = stack.popLast() else { return }
        saved.cgContext.restoreGState()
        currentContext = saved
    }

    open func saveGraphicsState() { cgContext.saveGState() }
    open func restoreGraphicsState() { cgContext.restoreGState() }

    /// Runs `body` with `context` current, then puts the previous one back.
    static func drawing(in context: NSGraphicsContext, _ body: () -> Void) {
        let previous = currentContext
        currentContext = context
        body()
        currentContext = previous
    }
}

/// Fills `rect` with the current fill colour.
public func NSRectFill(_ rect: NSRect) {
    NSGraphicsContext.current?.cgContext.fill(rect)
}

/// Strokes the inside edge of `rect` one point wide in the current colour.
public func NSFrameRect(_ rect: NSRect) {
    rect.frame()
}

extension NSRect {
    /// Fills the rectangle with the current fill colour.
    public func fill() {
        fill(using: .sourceOver)
    }

    /// Fills the rectangle with the current fill colour, combined by `operation`.
    public func fill(using operation: NSCompositingOperation) {
        guard let ctx = NSGraphicsContext.current?.cgContext else { return }
        ctx.saveGState()
        if operation == .copy { ctx.setBlendMode(.copy) } else if operation == .clear { ctx.setBlendMode(.clear) }
        ctx.fill(self)
        ctx.restoreGState()
    }

    /// Strokes the inside edge of the rectangle, `width` points wide, in the current colour.
    public func frame(withWidth width: CGFloat = 1, using operation: NSCompositingOperation = .sourceOver) {
        guard let ctx = NSGraphicsContext.current?.cgContext, width > 0 else { return }
        ctx.stroke(insetBy(dx: width / 2, dy: width / 2), width: width)
    }
}
