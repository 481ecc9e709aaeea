import Foundation

/// Recognizes a pointer moving over its view without a button held: it begins when the
/// pointer comes over the view, changes as it moves, and ends when the pointer leaves the
/// view (or the window), as iPadOS reports a mouse or trackpad pointer.
///
/// - Note: Differs from Apple: the pencil properties (`zOffset`, `altitudeAngle`, azimuth)
///   are not provided; pointers on Linux have none.
@preconcurrency @MainActor
open class UIHoverGestureRecognizer: UIGestureRecognizer {
    /// Where the pointer is, in the window's coordinates.
    var pointerLocation = CGPoint.zero

    /// The pointer's location in `view`'s coordinate system (nil: the window's).
    open override func location(in view: UIView?) -> CGPoint {
        guard let view, let window = self.view?.window else { return pointerLocation }
        return view.convert(pointerLocation, from: window)
    }

    /// Follows the pointer: begins over the view, then changes.
    func pointerMoved(to location: CGPoint) {
        pointerLocation = location
        state = state == .possible ? .began : .changed
    }

    /// The pointer left the view: ends, then is ready for the next hover.
    func pointerLeft(at location: CGPoint?) {
        if let location { pointerLocation = location }
        if state == .began || state == .changed { state = .ended }
        state = .possible
    }
}

/// The kinds of scrolling a pointer device makes.
public enum UIScrollType: Int, Sendable {
    /// Steps, as a mouse wheel's notches.
    case discrete = 0
    /// A smooth movement, as two fingers on a trackpad.
    case continuous = 1
}

/// A set of scroll types (a pan recognizer's `allowedScrollTypesMask`).
public struct UIScrollTypeMask: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let discrete = UIScrollTypeMask(rawValue: 1 << 0)
    public static let continuous = UIScrollTypeMask(rawValue: 1 << 1)
    public static let all: UIScrollTypeMask = [.discrete, .continuous]
}
