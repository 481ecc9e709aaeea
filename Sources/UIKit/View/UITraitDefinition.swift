import Foundation

/// A trait: a kind of value a trait collection carries.
public protocol UITraitDefinition {
    /// The kind of value.
    associatedtype Value
    /// The value where none is given.
    static var defaultValue: Value { get }
    /// A unique name for the trait.
    static var identifier: String { get }
    /// A readable name.
    static var name: String { get }
    /// Whether a change of the trait can change how dynamic colours resolve.
    static var affectsColorAppearance: Bool { get }
}

extension UITraitDefinition {
    public static var identifier: String { String(reflecting: Self.self) }
    public static var name: String { String(describing: Self.self) }
    public static var affectsColorAppearance: Bool { false }
}

/// A trait, as the trait-change registration methods take it: `UITraitUserInterfaceStyle.self`.
public typealias UITrait = any UITraitDefinition.Type

/// Light or dark.
public enum UITraitUserInterfaceStyle: UITraitDefinition {
    public static var defaultValue: UIUserInterfaceStyle { .unspecified }
    public static var affectsColorAppearance: Bool { true }
}
/// Base or elevated.
public enum UITraitUserInterfaceLevel: UITraitDefinition {
    public static var defaultValue: UIUserInterfaceLevel { .unspecified }
    public static var affectsColorAppearance: Bool { true }
}
/// The width class.
public enum UITraitHorizontalSizeClass: UITraitDefinition {
    public static var defaultValue: UIUserInterfaceSizeClass { .unspecified }
}
/// The height class.
public enum UITraitVerticalSizeClass: UITraitDefinition {
    public static var defaultValue: UIUserInterfaceSizeClass { .unspecified }
}
/// Pixels per point.
public enum UITraitDisplayScale: UITraitDefinition {
    public static var defaultValue: CGFloat { 0 }
}
/// The layout direction.
public enum UITraitLayoutDirection: UITraitDefinition {
    public static var defaultValue: UITraitEnvironmentLayoutDirection { .unspecified }
}
/// The device kind.
public enum UITraitUserInterfaceIdiom: UITraitDefinition {
    public static var defaultValue: UIUserInterfaceIdiom { .unspecified }
}
/// The preferred text size.
public enum UITraitPreferredContentSizeCategory: UITraitDefinition {
    public static var defaultValue: UIContentSizeCategory { .unspecified }
}

/// What registering for trait changes returns: give it to `unregisterForTraitChanges(_:)`.
public protocol UITraitChangeRegistration: Sendable {}

/// One registration: the traits it watches and what to run.
struct TraitChangeRegistration: UITraitChangeRegistration, @unchecked Sendable {
    let id = UUID()
    let traits: [ObjectIdentifier]
    let handler: (AnyObject, UITraitCollection) -> Void

    /// Runs `handler` with the environment (as the type it asks for) and the previous traits.
    @MainActor
    static func handler<Environment>(_ traits: [UITrait], _ handler: @escaping (Environment, UITraitCollection) -> Void) -> Self {
        Self(traits: traits.map { ObjectIdentifier($0) }) { object, previous in
            if let environment = object as? Environment { handler(environment, previous) }
        }
    }

    /// Calls `action` on `target` while it lives.
    @MainActor
    static func action<Target: AnyObject>(_ traits: [UITrait], _ target: Target, _ action: @escaping (Target) -> () -> Void) -> Self {
        Self(traits: traits.map { ObjectIdentifier($0) }) { [weak target] _, _ in
            if let target { action(target)() }
        }
    }
}

extension [TraitChangeRegistration] {
    /// Adds `registration` and returns it.
    mutating func adding(_ registration: TraitChangeRegistration) -> any UITraitChangeRegistration {
        append(registration)
        return registration
    }

    /// Takes out `registration` (one of these).
    mutating func remove(_ registration: any UITraitChangeRegistration) {
        guard let registration = registration as? TraitChangeRegistration else { return }
        removeAll { $0.id == registration.id }
    }
}

extension UITraitCollection {
    /// Whether the value of `trait` (a system trait) differs between the collections.
    func differs(from other: UITraitCollection, in trait: ObjectIdentifier) -> Bool {
        switch trait {
        case ObjectIdentifier(UITraitUserInterfaceStyle.self): return userInterfaceStyle != other.userInterfaceStyle
        case ObjectIdentifier(UITraitUserInterfaceLevel.self): return userInterfaceLevel != other.userInterfaceLevel
        case ObjectIdentifier(UITraitHorizontalSizeClass.self): return horizontalSizeClass != other.horizontalSizeClass
        case ObjectIdentifier(UITraitVerticalSizeClass.self): return verticalSizeClass != other.verticalSizeClass
        case ObjectIdentifier(UITraitDisplayScale.self): return displayScale != other.displayScale
        case ObjectIdentifier(UITraitLayoutDirection.self): return layoutDirection != other.layoutDirection
        case ObjectIdentifier(UITraitUserInterfaceIdiom.self): return userInterfaceIdiom != other.userInterfaceIdiom
        case ObjectIdentifier(UITraitPreferredContentSizeCategory.self): return preferredContentSizeCategory != other.preferredContentSizeCategory
        default: return false
        }
    }
}

/// Runs the registrations whose traits changed from `previous` to `now`.
@MainActor
func runTraitRegistrations(_ registrations: [TraitChangeRegistration], of object: AnyObject,
                           from previous: UITraitCollection, to now: UITraitCollection) {
    for registration in registrations where registration.traits.contains(where: { now.differs(from: previous, in: $0) }) {
        registration.handler(object, previous)
    }
}

extension UIView {
    /// Runs `handler` with this view and the previous traits after any of `traits` changes.
    ///
    /// - Note: Differs from Apple: custom traits (your own `UITraitDefinition`s) are not carried
    ///   by trait collections yet, so registering for them never fires.
    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(_ traits: [UITrait],
                                                                         handler: @escaping (Environment, UITraitCollection) -> Void) -> any UITraitChangeRegistration {
        traitRegistrations.adding(.handler(traits, handler))
    }

    /// Calls `action` on `target` after any of `traits` changes (Lamina's stand-in for the
    /// selector form: an unapplied method reference).
    @discardableResult
    public func registerForTraitChanges<Target: AnyObject>(_ traits: [UITrait], target: Target,
                                                           action: @escaping (Target) -> () -> Void) -> any UITraitChangeRegistration {
        traitRegistrations.adding(.action(traits, target, action))
    }

    /// Stops a registration.
    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
        traitRegistrations.remove(registration)
    }
}

extension UIViewController {
    /// Runs `handler` with this controller and the previous traits after any of `traits`
    /// changes.
    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(_ traits: [UITrait],
                                                                         handler: @escaping (Environment, UITraitCollection) -> Void) -> any UITraitChangeRegistration {
        traitRegistrations.adding(.handler(traits, handler))
    }

    /// Calls `action` on `target` after any of `traits` changes.
    @discardableResult
    public func registerForTraitChanges<Target: AnyObject>(_ traits: [UITrait], target: Target,
                                                           action: @escaping (Target) -> () -> Void) -> any UITraitChangeRegistration {
        traitRegistrations.adding(.action(traits, target, action))
    }

    /// Stops a registration.
    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
        traitRegistrations.remove(registration)
    }
}
