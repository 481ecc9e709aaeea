import Foundation

/// A class whose instances' look can be set for all of them at once through a proxy:
/// `UINavigationBar.appearance().barTintColor = .systemIndigo`.
@preconcurrency @MainActor
public protocol UIAppearance: AnyObject {
    /// The proxy for every instance.
    static func appearance() -> Self
    /// The proxy for instances inside the given containers (outermost first).
    static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self
    /// The proxy for instances whose traits include `trait`'s.
    static func appearance(for trait: UITraitCollection) -> Self
    /// The proxy for instances with `trait`'s traits inside the given containers.
    static func appearance(for trait: UITraitCollection, whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self
}

/// A class an appearance proxy can be limited to instances inside of: views and controllers.
@preconcurrency @MainActor
public protocol UIAppearanceContainer: AnyObject {}

extension UIViewController: UIAppearanceContainer {}
extension UIView: UIAppearanceContainer {}
extension UIPresentationController: UIAppearanceContainer {}

/// Where a proxy applies: its class, the containers it must be inside and the traits.
struct AppearanceScope {
    let type: AnyClass
    let containers: [AnyClass]
    let traits: UITraitCollection?

    init(_ type: AnyClass, _ containers: [any UIAppearanceContainer.Type], _ traits: UITraitCollection?) {
        self.type = type
        self.containers = containers.map { $0 as AnyClass }
        self.traits = traits
    }
}

/// The settings made on appearance proxies, each a closure that repeats the setter on an
/// instance, applied to views as they enter a window (and to bar items as their bar shows
/// them) for the keys the instance has not set itself.
@MainActor
enum AppearanceRegistry {
    /// A proxy's settings, by property key, in the order made.
    final class Settings {
        let scope: AppearanceScope
        var order: [String] = []
        var setters: [String: (AnyObject) -> Void] = [:]
        init(scope: AppearanceScope) { self.scope = scope }
    }

    private(set) static var all: [Settings] = []
    /// Whether any proxy has been asked for: until then nothing is recorded or applied.
    private(set) static var isActive = false
    /// True while settings are being applied (they do not count as the instance's own).
    static var isApplying = false

    static func settings(for scope: AppearanceScope) -> Settings {
        if let existing = all.first(where: { $0.scope.type === scope.type && $0.scope.containers.count == scope.containers.count
            && zip($0.scope.containers, scope.containers).allSatisfy { $0 === $1 } && $0.scope.traits?.isEqual(scope.traits) ?? (scope.traits == nil) }) {
            return existing
        }
        isActive = true
        let made = Settings(scope: scope)
        all.append(made)
        return made
    }

    /// The proxy objects, one per scope.
    private static var proxies: [ObjectIdentifier: [(Settings, AnyObject)]] = [:]

    static func proxy(_ scope: AppearanceScope, make: () -> AnyObject) -> AnyObject {
        let key = ObjectIdentifier(scope.type)
        let settings = settings(for: scope)
        if let found = proxies[key]?.first(where: { $0.0 === settings }) { return found.1 }
        let made = make()
        proxies[key, default: []].append((settings, made))
        proxySettings[ObjectIdentifier(made)] = settings
        return made
    }

    /// The settings a proxy object records into.
    private static var proxySettings: [ObjectIdentifier: Settings] = [:]

    static func settings(ofProxy object: AnyObject) -> Settings? {
        proxySettings.isEmpty ? nil : proxySettings[ObjectIdentifier(object)]
    }

    /// Applies to `object` (of `chain`, its ancestors' classes and controllers for the
    /// containment test) every setting whose scope matches, general before specific.
    static func apply(to object: AnyObject, traits: UITraitCollection, containers: [AnyObject], explicit: Set<String>) {
        guard isActive, settings(ofProxy: object) == nil else { return }
        let matching = all.filter { settings in
            guard isKind(object, settings.scope.type) else { return false }
            if let wanted = settings.scope.traits, !traits.containsTraits(in: wanted) { return false }
            return contained(containers, settings.scope.containers)
        }
        // Less specific first: a superclass's before a subclass's, uncontained before contained.
        let ordered = matching.sorted { depth($0.scope.type) * 10 + $0.scope.containers.count < depth($1.scope.type) * 10 + $1.scope.containers.count }
        isApplying = true
        defer { isApplying = false }
        for settings in ordered {
            for key in settings.order where !explicit.contains(key) { settings.setters[key]?(object) }
        }
    }

    private static func isKind(_ object: AnyObject, _ type: AnyClass) -> Bool {
        var current: AnyClass? = Swift.type(of: object)
        while let c = current {
            if c === type { return true }
            current = _getSuperclass(c)
        }
        return false
    }

    private static func depth(_ type: AnyClass) -> Int {
        var count = 0
        var current: AnyClass? = type
        while let c = current {
            count += 1
            current = _getSuperclass(c)
        }
        return count
    }

    /// Whether the containers (innermost last) hold the wanted ones in order.
    private static func contained(_ ancestors: [AnyObject], _ wanted: [AnyClass]) -> Bool {
        guard !wanted.isEmpty else { return true }
        var index = wanted.count - 1
        // Walk from the innermost ancestor outwards, matching the wanted list from its end.
        for ancestor in ancestors.reversed() where index >= 0 {
            if isKind(ancestor, wanted[index]) { index -= 1 }
        }
        return index < 0
    }
}

/// A setting on an instance or a proxy: recorded for the proxy's scope, or remembered as the
/// instance's own (so appearance settings leave it alone).
@MainActor
protocol AppearanceRecording: AnyObject {
    var explicitAppearanceKeys: Set<String> { get set }
}

extension AppearanceRecording {
    /// Called by an appearance property's setter with a closure that sets the same value on
    /// another instance.
    func appearanceSet(_ key: String, _ apply: @escaping (Self) -> Void) {
        guard AppearanceRegistry.isActive else { return }
        if let settings = AppearanceRegistry.settings(ofProxy: self) {
            if settings.setters[key] == nil { settings.order.append(key) }
            settings.setters[key] = { object in if let typed = object as? Self { apply(typed) } }
        } else if !AppearanceRegistry.isApplying {
            explicitAppearanceKeys.insert(key)
        }
    }
}

// MARK: - Views

extension UIView: UIAppearance, AppearanceRecording {
    public static func appearance() -> Self { proxy(AppearanceScope(self, [], nil)) }

    public static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self {
        proxy(AppearanceScope(self, containerTypes, nil))
    }

    public static func appearance(for trait: UITraitCollection) -> Self { proxy(AppearanceScope(self, [], trait)) }

    public static func appearance(for trait: UITraitCollection, whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self {
        proxy(AppearanceScope(self, containerTypes, trait))
    }

    private static func proxy(_ scope: AppearanceScope) -> Self {
        AppearanceRegistry.proxy(scope) { makeAppearanceProxy() } as! Self
    }

    /// A throwaway instance of this class for a proxy: UIKit's classes are made with
    /// `init(frame:)`; a subclass of yours with `init(coder:)` given an empty archive.
    ///
    /// - Note: Differs from Apple: Swift on Linux cannot make an instance of an arbitrary
    ///   subclass without a required initializer, so a subclass's proxy comes from its
    ///   `init?(coder:)`; one that returns nil or traps cannot have a proxy of its own (use
    ///   its UIKit superclass's, or `appearance(whenContainedInInstancesOf:)`).
    private static func makeAppearanceProxy() -> Self {
        if let make = UIView.proxyFactories[ObjectIdentifier(self)], let made = make() as? Self { return made }
        guard let made = self.init(coder: AppearanceArchive()) else {
            preconditionFailure("\(self).appearance(): \(self).init(coder:) returned nil, so no proxy can be made")
        }
        return made
    }

    /// How UIKit's own classes make their proxies.
    static let proxyFactories: [ObjectIdentifier: () -> UIView] = [
        ObjectIdentifier(UIView.self): { UIView(frame: .zero) },
        ObjectIdentifier(UILabel.self): { UILabel(frame: .zero) },
        ObjectIdentifier(UIButton.self): { UIButton(frame: .zero) },
        ObjectIdentifier(UISwitch.self): { UISwitch(frame: .zero) },
        ObjectIdentifier(UISlider.self): { UISlider(frame: .zero) },
        ObjectIdentifier(UIStepper.self): { UIStepper(frame: .zero) },
        ObjectIdentifier(UIProgressView.self): { UIProgressView(frame: .zero) },
        ObjectIdentifier(UIPageControl.self): { UIPageControl(frame: .zero) },
        ObjectIdentifier(UISegmentedControl.self): { UISegmentedControl(frame: .zero) },
        ObjectIdentifier(UIActivityIndicatorView.self): { UIActivityIndicatorView(frame: .zero) },
        ObjectIdentifier(UIImageView.self): { UIImageView(frame: .zero) },
        ObjectIdentifier(UINavigationBar.self): { UINavigationBar(frame: .zero) },
        ObjectIdentifier(UITabBar.self): { UITabBar(frame: .zero) },
        ObjectIdentifier(UITableView.self): { UITableView(frame: .zero, style: .plain) },
        ObjectIdentifier(UITableViewCell.self): { UITableViewCell(style: .default, reuseIdentifier: nil) },
        ObjectIdentifier(UICollectionView.self): { UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout()) },
        ObjectIdentifier(UIScrollView.self): { UIScrollView(frame: .zero) },
        ObjectIdentifier(UITextField.self): { UITextField(frame: .zero) },
        ObjectIdentifier(UITextView.self): { UITextView(frame: .zero) },
        ObjectIdentifier(UIDatePicker.self): { UIDatePicker(frame: .zero) },
        ObjectIdentifier(UIWindow.self): { UIWindow(frame: .zero) },
    ]

    /// Applies the appearance settings that reach this view (it entered a window).
    func applyAppearance() {
        guard AppearanceRegistry.isActive else { return }
        // The superviews and their controllers, then the controller owning this view.
        var containers = AppearanceRegistry.containers(from: superview)
        if let controller = owningViewController { containers.append(controller) }
        AppearanceRegistry.apply(to: self, traits: traitCollection, containers: containers, explicit: explicitAppearanceKeys)
    }
}

/// The empty archive a subclass's proxy is made from.
final class AppearanceArchive: NSCoder {
    override var allowsKeyedCoding: Bool { true }
    override func containsValue(forKey key: String) -> Bool { false }
    override func decodeObject(forKey key: String) -> Any? { nil }
}

// MARK: - Bar items

extension AppearanceRecording {
    /// Applies the settings that reach this bar item, shown in `bar`.
    func applyAppearance(in bar: UIView) {
        guard AppearanceRegistry.isActive else { return }
        AppearanceRegistry.apply(to: self, traits: bar.traitCollection, containers: AppearanceRegistry.containers(from: bar),
                                 explicit: explicitAppearanceKeys)
    }
}

extension UIBarButtonItem: UIAppearance, AppearanceRecording {
    public static func appearance() -> Self { proxy(AppearanceScope(self, [], nil)) }
    public static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self {
        proxy(AppearanceScope(self, containerTypes, nil))
    }
    public static func appearance(for trait: UITraitCollection) -> Self { proxy(AppearanceScope(self, [], trait)) }
    public static func appearance(for trait: UITraitCollection, whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self {
        proxy(AppearanceScope(self, containerTypes, trait))
    }

    private static func proxy(_ scope: AppearanceScope) -> Self {
        AppearanceRegistry.itemProxy(scope, of: UIBarButtonItem.self) { UIBarButtonItem() }
    }
}

extension UITabBarItem: UIAppearance, AppearanceRecording {
    public static func appearance() -> Self { proxy(AppearanceScope(self, [], nil)) }
    public static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self {
        proxy(AppearanceScope(self, containerTypes, nil))
    }
    public static func appearance(for trait: UITraitCollection) -> Self { proxy(AppearanceScope(self, [], trait)) }
    public static func appearance(for trait: UITraitCollection, whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]) -> Self {
        proxy(AppearanceScope(self, containerTypes, trait))
    }

    private static func proxy(_ scope: AppearanceScope) -> Self {
        AppearanceRegistry.itemProxy(scope, of: UITabBarItem.self) { UITabBarItem() }
    }
}

extension AppearanceRegistry {
    /// A bar item's proxy: Lamina makes proxies of the UIKit class itself, not of subclasses.
    static func itemProxy<Item: AnyObject, Wanted: AnyObject>(_ scope: AppearanceScope, of base: Item.Type,
                                                              make: () -> Item) -> Wanted {
        proxy(scope) {
            guard scope.type == base else {
                preconditionFailure("\(scope.type).appearance(): Lamina makes proxies of \(base) itself, not of subclasses")
            }
            return make()
        } as! Wanted
    }

    /// The containers around something inside `view` (`view` included), outermost first: each
    /// view, then the controller owning it.
    static func containers(from view: UIView?) -> [AnyObject] {
        var innermostFirst: [AnyObject] = []
        var current = view
        while let step = current {
            innermostFirst.append(step)
            if let controller = step.owningViewController { innermostFirst.append(controller) }
            current = step.superview
        }
        return innermostFirst.reversed()
    }
}
