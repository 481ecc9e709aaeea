/// The settings of the animations made now: `runAnimationGroup` opens a group whose
/// `duration` (0.25 s by default) and `timingFunction` apply to the changes made through
/// views' `animator()` proxies — and, with `allowsImplicitAnimation`, to every layer-backed
/// view's changes — and whose completion handler runs when they have all finished.
@preconcurrency @MainActor
open class NSAnimationContext: NSObject {
    private static var stack: [NSAnimationContext] = []
    private static let base = NSAnimationContext()

    /// The context of the group being built (a default one outside any group).
    open class var current: NSAnimationContext { stack.last ?? base }

    /// The length of the group's animations, in seconds (0.25).
    open var duration: TimeInterval = 0.25 {
        didSet { if NSAnimationContext.stack.last === self { CATransaction.setAnimationDuration(duration) } }
    }

    /// The pacing of the group's animations (nil: Core Animation's default curve).
    open var timingFunction: CAMediaTimingFunction? {
        didSet { if NSAnimationContext.stack.last === self { CATransaction.setAnimationTimingFunction(timingFunction) } }
    }

    /// Whether layer-backed views' changes in the group animate without `animator()` (false).
    open var allowsImplicitAnimation = false

    /// Runs when the group's animations have finished.
    open var completionHandler: (() -> Void)? {
        didSet {
            guard NSAnimationContext.stack.last === self, let handler = completionHandler else { return }
            let box = MainActorCompletion(handler)
            CATransaction.setCompletionBlock { box.run() }
        }
    }

    /// The views whose changes are being made through `animator()`.
    var animatingViews: [ObjectIdentifier] = []

    /// Runs `changes` in a new group (configure it through the context passed in), then
    /// `completionHandler` once its animations have finished.
    open class func runAnimationGroup(_ changes: (NSAnimationContext) -> Void, completionHandler: (() -> Void)? = nil) {
        beginGrouping()
        let context = current
        if let completionHandler { context.completionHandler = completionHandler }
        changes(context)
        endGrouping()
    }

    /// Opens a group (inheriting the enclosing group's duration).
    open class func beginGrouping() {
        let context = NSAnimationContext()
        context.duration = current.duration
        CATransaction.begin()
        stack.append(context)
        CATransaction.setAnimationDuration(context.duration)
    }

    /// Closes the group `beginGrouping()` opened.
    open class func endGrouping() {
        guard !stack.isEmpty else { return }
        stack.removeLast()
        CATransaction.commit()
    }
}

/// Carries a main-actor completion through Core Animation's completion block.
private struct MainActorCompletion: @unchecked Sendable {
    let handler: () -> Void
    init(_ handler: @escaping () -> Void) { self.handler = handler }
    func run() {
        if MainQueue.isCurrent {
            MainActor.assumeIsolated { handler() }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { handler() } }
        }
    }
}
