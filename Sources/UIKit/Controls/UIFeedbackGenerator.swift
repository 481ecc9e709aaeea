/// Haptic feedback: taps, selection ticks and notification patterns.
///
/// - Note: Differs from Apple: Linux machines have no Taptic Engine, so the generators accept
///   every call and play nothing.
@preconcurrency @MainActor
open class UIFeedbackGenerator: NSObject {
    public override init() {
        super.init()
    }

    /// Readies the engine to cut the latency of the next feedback.
    open func prepare() {}
}

/// Feedback for a physical impact, such as a view snapping into place.
@preconcurrency @MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    /// How heavy the impact feels.
    public enum FeedbackStyle: Int, Sendable {
        case light = 0
        case medium = 1
        case heavy = 2
        case soft = 3
        case rigid = 4
    }

    /// The style the generator was made with.
    public let style: FeedbackStyle

    /// A generator of `style` impacts.
    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    /// A generator of medium impacts.
    public override convenience init() {
        self.init(style: .medium)
    }

    /// Plays an impact.
    open func impactOccurred() {}

    /// Plays an impact at `intensity` (0…1).
    open func impactOccurred(intensity: CGFloat) {}
}

/// Feedback for a change of selection, such as a picker's wheel ticking.
@preconcurrency @MainActor
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    /// Plays a selection tick.
    open func selectionChanged() {}
}

/// Feedback for an outcome: success, warning or error.
@preconcurrency @MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    /// The kinds of outcome.
    public enum FeedbackType: Int, Sendable {
        case success = 0
        case warning = 1
        case error = 2
    }

    /// Plays the pattern for `notificationType`.
    open func notificationOccurred(_ notificationType: FeedbackType) {}
}
