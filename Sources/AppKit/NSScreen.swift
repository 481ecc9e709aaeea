import Foundation
internal import UIKit

/// A display. Lamina has one: the main screen UIKit windows are shown on.
///
/// - Note: Differs from Apple: the frame is UIKit's main screen (390 × 844 points headless,
///   following the app's main window on a desktop), with no menu bar or Dock, so
///   `visibleFrame` is the whole frame.
@MainActor
open class NSScreen: NSObject {
    private static let single = NSScreen()

    /// The screen with the key window (the only one).
    open class var main: NSScreen? { single }
    /// Every screen (the one).
    open class var screens: [NSScreen] { [single] }
    /// The screen with the menu bar (the one).
    open class var deepest: NSScreen? { single }

    /// The screen's rectangle in points, origin at the bottom left.
    open var frame: NSRect { UIScreen.main.bounds }
    /// The part windows should use (all of it).
    open var visibleFrame: NSRect { frame }
    /// Pixels per point.
    open var backingScaleFactor: CGFloat { UIScreen.main.scale }
    /// The screen's name.
    open var localizedName: String { "Lamina Display" }
    /// The screen's refresh rate, frames a second.
    open var maximumFramesPerSecond: Int { UIScreen.main.maximumFramesPerSecond }
    /// The insets of areas windows should avoid (none).
    open var safeAreaInsets: NSEdgeInsets { NSEdgeInsets(top: 0, left: 0, bottom: 0, right: 0) }

    /// A rectangle in points as pixels on this screen.
    open func convertRectToBacking(_ rect: NSRect) -> NSRect {
        let scale = backingScaleFactor
        return NSRect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
    }

    /// A rectangle in pixels as points on this screen.
    open func convertRectFromBacking(_ rect: NSRect) -> NSRect {
        let scale = backingScaleFactor
        return NSRect(x: rect.minX / scale, y: rect.minY / scale, width: rect.width / scale, height: rect.height / scale)
    }
}
