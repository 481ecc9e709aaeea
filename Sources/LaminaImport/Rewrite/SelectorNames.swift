import Foundation

/// The Objective-C selectors of a target's methods, read from its Swift sources: what
/// `#selector(didTap)` names when it gives no argument labels.
package struct SelectorNames: Sendable {
    /// Each method's selector by its base name (the first declaration's, as overloads
    /// exposed to Objective-C must differ in their selectors anyway).
    private var byBaseName: [String: String] = [:]
    /// The base names of the optional requirements (`@objc optional func`) of the target's
    /// own protocols: calls written `delegate?.name?(…)` lose their second `?`.
    package private(set) var optionalRequirements: Set<String> = []

    package init() {}

    /// The methods the target's files (`sources`) expose to selectors.
    package init(sources: [String]) {
        self.init(registrations: sources.map { SelectorRegistrations(source: $0) })
    }

    /// The selectors of the methods the target's files expose (a selector can only name a
    /// method marked `@objc` or `@IBAction`, or one of an `@objcMembers` class, so these are
    /// all `#selector` can reach), read by the registrations' scans.
    package init(registrations: [SelectorRegistrations]) {
        for file in registrations {
            for method in file.methods where method.kind == .method && byBaseName[method.name] == nil {
                byBaseName[method.name.trimmingCharacters(in: ["`"])] = method.selector
            }
            optionalRequirements.formUnion(file.optionalRequirements)
        }
    }

    /// The selector Objective-C gives a method named `base` with these argument labels
    /// (`_` for none): `didTap` with no arguments, `didTap:` for `didTap(_:)`, `fooWithBar:`
    /// for `foo(bar:)`, `handle:forEvent:` for `handle(_:forEvent:)`.
    package static func selector(base: String, labels: [String]) -> String {
        guard let first = labels.first else { return base }
        var name = base
        if first != "_" { name += "With" + first.prefix(1).uppercased() + first.dropFirst() }
        name += ":"
        for label in labels.dropFirst() { name += (label == "_" ? "" : label) + ":" }
        return name
    }

    /// The selector of the method `base` declared in the sources, or `base` itself (a method
    /// of no arguments, or one declared elsewhere).
    package func selector(forBaseName base: String) -> String {
        byBaseName[base] ?? base
    }
}
