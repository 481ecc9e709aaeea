import Foundation

/// A UTF-16 code unit.
public typealias UniChar = UInt16

/// Core Foundation's index type.
public typealias CFIndex = Int

/// A range of a string or array, as Core Foundation counts them.
///
/// - Note: Differs from Apple: Foundation on Linux has no Core Foundation types; Lamina
///   defines `CFRange` here with Apple's fields and `CFRangeMake`.
public struct CFRange: Equatable, Sendable {
    public var location: CFIndex
    public var length: CFIndex

    public init() {
        location = 0
        length = 0
    }

    public init(location: CFIndex, length: CFIndex) {
        self.location = location
        self.length = length
    }
}

/// A range from a location and a length.
public func CFRangeMake(_ loc: CFIndex, _ len: CFIndex) -> CFRange {
    CFRange(location: loc, length: len)
}

/// Core Foundation's attributed string type.
///
/// - Note: Differs from Apple: Lamina names `NSAttributedString`, so `string as CFAttributedString`
///   compiles unchanged.
public typealias CFAttributedString = NSAttributedString
