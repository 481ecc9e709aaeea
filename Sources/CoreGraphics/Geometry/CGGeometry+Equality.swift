import Foundation

// The equality methods of Apple's Core Graphics overlay, kept because much existing code
// still calls them; each is `==`.

extension CGPoint {
    /// Whether the two points are equal.
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Whether the two sizes are equal.
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Whether the two rectangles have equal origins and sizes.
    public func equalTo(_ rect2: CGRect) -> Bool { self == rect2 }
}
