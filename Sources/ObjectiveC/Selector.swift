import Foundation

/// The name of a method as Objective-C spells it: `didTap` takes no argument, `didTap:` one,
/// `handle:forEvent:` two — one colon per argument.
///
/// Swift on Linux has no Objective-C runtime, so a selector finds its method through
/// `SelectorTable`, where the `lamina` command registers an app's `@objc` methods (and code
/// written against the package registers its own). `#selector(...)` cannot be written on
/// Linux; the command rewrites it to `Selector("didTap:")`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible, CustomDebugStringConvertible {
    /// The selector's name.
    let name: String

    /// The selector named `str`.
    public init(_ str: String) {
        name = str
    }

    public init(stringLiteral value: String) {
        name = value
    }

    public var description: String { name }
    public var debugDescription: String { name }

    /// How many arguments the method takes: the colons in its name.
    public var argumentCount: Int { name.reduce(0) { $1 == ":" ? $0 + 1 : $0 } }
}

/// The selector named `aSelectorName`.
public func NSSelectorFromString(_ aSelectorName: String) -> Selector {
    Selector(aSelectorName)
}

/// A selector's name.
public func NSStringFromSelector(_ aSelector: Selector) -> String {
    aSelector.name
}

/// The selector named `str` (the runtime's spelling of `NSSelectorFromString`).
public func sel_registerName(_ str: UnsafePointer<CChar>) -> Selector {
    Selector(String(cString: str))
}

/// A selector's name (the runtime's spelling of `NSStringFromSelector`).
public func sel_getName(_ sel: Selector) -> String {
    sel.name
}

/// Whether two selectors name the same method.
public func sel_isEqual(_ lhs: Selector, _ rhs: Selector) -> Bool {
    lhs == rhs
}
