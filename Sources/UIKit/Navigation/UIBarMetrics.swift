/// The metrics a bar's images are set for: the standard height, the compact height (a phone
/// in landscape), and each with a prompt above.
public enum UIBarMetrics: Int, Sendable {
    case `default` = 0
    case compact = 1
    case defaultPrompt = 101
    case compactPrompt = 102
}

/// Where a bar sits, for images and appearance that depend on it.
public enum UIBarPosition: Int, Sendable {
    case any = 0
    case bottom = 1
    case top = 2
    case topAttached = 3
}
