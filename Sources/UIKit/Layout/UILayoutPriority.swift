import Foundation

/// How important a constraint is: 1000 (`required`) must hold, lower ones are met as well as
/// the layout allows, higher before lower.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float

    public init(rawValue: Float) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: Float) {
        self.rawValue = rawValue
    }

    /// A required constraint (1000).
    public static let required = UILayoutPriority(1000)
    /// The priority with which a button resists compressing its content (750).
    public static let defaultHigh = UILayoutPriority(750)
    /// The priority with which a button hugs its content (250).
    public static let defaultLow = UILayoutPriority(250)
    /// The priority at which a view wants to be its fitting size (50).
    public static let fittingSizeLevel = UILayoutPriority(50)
    /// A drag that may resize the window's scene (510).
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// The window's scene staying the same size (500).
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// A drag that cannot resize the window's scene (490).
    public static let dragThatCannotResizeScene = UILayoutPriority(490)

    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }

    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }
}
