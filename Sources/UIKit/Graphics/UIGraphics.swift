/// The per-thread stack of current graphics contexts behind `UIGraphicsGetCurrentContext()`.
final class GraphicsContextStack {
    var contexts: [CGContext] = []
    /// Image contexts opened by `UIGraphicsBeginImageContextWithOptions`, with their scale.
    var imageContexts: [(context: CGContext, scale: CGFloat)] = []

    private static let key = "org.lamina.UIGraphicsContextStack"

    static var current: GraphicsContextStack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[key] as? GraphicsContextStack { return stack }
        let stack = GraphicsContextStack()
        dictionary[key] = stack
        return stack
    }
}

/// The context UIKit drawing goes to: the innermost pushed context of this thread, or nil.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.current.contexts.last
}

/// Makes `context` the current context until the matching `UIGraphicsPopContext()`.
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.current.contexts.append(context)
}

/// Restores the context that was current before the last `UIGraphicsPushContext(_:)`.
public func UIGraphicsPopContext() {
    _ = GraphicsContextStack.current.contexts.popLast()
}

/// Fills `rect` in the current context with its fill colour, replacing what was there (copy
/// blend mode). Does nothing without a current context.
public func UIRectFill(_ rect: CGRect) {
    UIRectFillUsingBlendMode(rect, .copy)
}

/// Fills `rect` in the current context with its fill colour using `blendMode`.
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.setBlendMode(blendMode)
    context.fill(rect)
    context.restoreGState()
}

/// Draws a one-point frame just inside `rect` with the current stroke colour (copy blend mode).
public func UIRectFrame(_ rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    guard !r.isNull, r.width > 0, r.height > 0 else { return }
    context.saveGState()
    context.setBlendMode(.copy)
    context.setLineWidth(1)
    context.setLineJoin(.miter)
    // A 1-point line centred half a point inside the edge covers exactly the inner band.
    context.stroke(r.insetBy(dx: 0.5, dy: 0.5))
    context.restoreGState()
}

/// Draws a one-point frame just inside `rect` with the current fill colour using `blendMode`.
public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    guard !r.isNull else { return }
    context.saveGState()
    context.setBlendMode(blendMode)
    let inner = r.insetBy(dx: 1, dy: 1)
    if inner.isNull || inner.isEmpty {
        context.fill(r)
    } else {
        context.addRect(r)
        context.addRect(inner)
        context.fillPath(using: .evenOdd)
    }
    context.restoreGState()
}

/// Opens a bitmap context of `size` points (scale 0 means the main screen's) and makes it
/// current; `UIGraphicsGetImageFromCurrentImageContext()` reads it, and
/// `UIGraphicsEndImageContext()` closes it.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let resolved = scale > 0 ? scale : UIScreen.mainScale
    let context = CGContext.topLeftOrigin(
        bounds: CGRect(origin: .zero, size: size), scale: resolved, opaque: opaque)
        ?? CGContext.topLeftOrigin(bounds: CGRect(x: 0, y: 0, width: 1, height: 1), scale: 1, opaque: opaque)!
    let stack = GraphicsContextStack.current
    stack.imageContexts.append((context, resolved))
    stack.contexts.append(context)
}

/// Like `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// An image of the current image context, or nil if none is open.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let top = GraphicsContextStack.current.imageContexts.last,
          let image = top.context.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: top.scale, orientation: .up)
}

/// Closes the innermost image context.
public func UIGraphicsEndImageContext() {
    let stack = GraphicsContextStack.current
    guard let top = stack.imageContexts.popLast() else { return }
    if let index = stack.contexts.lastIndex(where: { $0 === top.context }) { stack.contexts.remove(at: index) }
}
