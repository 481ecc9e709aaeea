import Foundation

extension UIApplication {
    /// The status bar's rectangle in screen coordinates: the screen's width and no height.
    ///
    /// - Note: Differs from Apple: a Linux window or headless screen has no status bar (an
    ///   iPhone's is 47 to 59 points high); code that insets by this height insets by 0.
    @available(*, deprecated, message: "Use the statusBarManager property of the window scene instead.")
    public var statusBarFrame: CGRect {
        CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: 0)
    }

    /// The status bar's style: the one last set, else what the key window's root controller
    /// (or the child it names) prefers.
    @available(*, deprecated, message: "Use -[UIViewController preferredStatusBarStyle]")
    public var statusBarStyle: UIStatusBarStyle {
        get {
            if let chosen = StatusBarState.style { return chosen }
            guard let root = UIWindow.keyWindow?.rootViewController else { return .default }
            return (root.childForStatusBarStyle ?? root).preferredStatusBarStyle
        }
        set { StatusBarState.style = newValue }
    }

    /// Sets the status bar's style (the animation has nothing to show on Linux).
    @available(*, deprecated, message: "Use -[UIViewController preferredStatusBarStyle]")
    public func setStatusBarStyle(_ statusBarStyle: UIStatusBarStyle, animated: Bool) {
        StatusBarState.style = statusBarStyle
    }

    /// Whether the status bar is hidden: what the key window's root controller prefers.
    @available(*, deprecated, message: "Use -[UIViewController prefersStatusBarHidden]")
    public var isStatusBarHidden: Bool {
        guard let root = UIWindow.keyWindow?.rootViewController else { return false }
        return (root.childForStatusBarHidden ?? root).prefersStatusBarHidden
    }
}

/// The status bar style an app set through the deprecated setters.
@MainActor
enum StatusBarState {
    static var style: UIStatusBarStyle?
}
