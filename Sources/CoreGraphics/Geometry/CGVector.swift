/// A two-dimensional vector (Foundation on Linux has no CGVector, so Core Graphics supplies it).
public struct CGVector: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var dx: CGFloat
    public var dy: CGFloat

    /// The vector of length zero.
    public init() {
        self.init(dx: 0, dy: 0)
    }

    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    public init(dx: Double, dy: Double) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    public init(dx: Int, dy: Int) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    /// The zero vector.
    public static let zero = CGVector()

    public var description: String { "(\(dx), \(dy))" }
}
