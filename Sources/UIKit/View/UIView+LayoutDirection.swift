import Foundation

/// The direction a view lays its content out in: leading edges on the left, or on the right.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0
    case rightToLeft = 1
}

/// What a view's content means for its layout direction.
public enum UISemanticContentAttribute: Int, Sendable {
    /// Follows the interface's direction.
    case unspecified = 0
    /// Playback controls: always left to right.
    case playback = 1
    /// Directional controls (arrows, a joystick): always left to right.
    case spatial = 2
    case forceLeftToRight = 3
    case forceRightToLeft = 4
}

extension UIView {
    /// The direction a view with `attribute` lays out in, in an interface running the
    /// application's direction.
    public class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        switch attribute {
        case .forceRightToLeft: return .rightToLeft
        case .forceLeftToRight, .playback, .spatial: return .leftToRight
        case .unspecified: return .leftToRight
        }
    }

    /// The direction the view lays out in: its `semanticContentAttribute` when that forces one,
    /// else its traits' layout direction. Leading and trailing constraints follow it.
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        guard semanticContentAttribute == .unspecified else { return UIView.userInterfaceLayoutDirection(for: semanticContentAttribute) }
        return traitCollection.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
    }
}
