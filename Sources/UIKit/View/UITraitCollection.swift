import Foundation

/// Light or dark appearance.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0
    case light = 1
    case dark = 2
}

/// The kind of device an interface is laid out for.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone = 0
    case pad = 1
    case tv = 2
    case carPlay = 3
    case mac = 5
    case vision = 6
}

/// A coarse width or height class.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0
    case compact = 1
    case regular = 2
}

/// Whether content sits on the base level or is raised (sheets, popovers): dark system
/// backgrounds are lighter when raised.
public enum UIUserInterfaceLevel: Int, Sendable {
    case unspecified = -1
    case base = 0
    case elevated = 1
}

/// Whether the user asked for more contrast (Increase Contrast).
public enum UIAccessibilityContrast: Int, Sendable {
    case unspecified = -1
    case normal = 0
    case high = 1
}

/// The direction text and layout run in.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1
    case leftToRight = 0
    case rightToLeft = 1
}

/// Whether the device reports touch pressure (3D Touch).
public enum UIForceTouchCapability: Int, Sendable {
    case unknown = 0
    case unavailable = 1
    case available = 2
}

/// The traits of an interface environment: appearance, idiom, scale and size classes.
///
/// Headless Lamina presents one environment: a portrait iPhone in light mode at scale 3,
/// compact width and regular height. A view's traits are its window's, except where a view
/// or controller sets `overrideUserInterfaceStyle`.
open class UITraitCollection: NSObject, @unchecked Sendable {
    /// Light or dark; `.unspecified` in a collection that does not say.
    public let userInterfaceStyle: UIUserInterfaceStyle
    /// The device kind.
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    /// Pixels per point; 0 where unspecified.
    public let displayScale: CGFloat
    /// The width class.
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    /// The height class.
    public let verticalSizeClass: UIUserInterfaceSizeClass
    /// The layout direction.
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    /// Base or elevated (the content of a sheet).
    public let userInterfaceLevel: UIUserInterfaceLevel
    /// The reader's preferred text size.
    public let preferredContentSizeCategory: UIContentSizeCategory
    /// Normal or high contrast.
    public let accessibilityContrast: UIAccessibilityContrast
    /// Whether touches report pressure; `.unknown` in a collection that does not say (and on
    /// Lamina's screen, which has no pressure).
    public let forceTouchCapability: UIForceTouchCapability

    init(style: UIUserInterfaceStyle = .unspecified, idiom: UIUserInterfaceIdiom = .unspecified, scale: CGFloat = 0,
         horizontal: UIUserInterfaceSizeClass = .unspecified, vertical: UIUserInterfaceSizeClass = .unspecified,
         direction: UITraitEnvironmentLayoutDirection = .unspecified, level: UIUserInterfaceLevel = .unspecified,
         category: UIContentSizeCategory = .unspecified, contrast: UIAccessibilityContrast = .unspecified,
         force: UIForceTouchCapability = .unknown) {
        accessibilityContrast = contrast
        forceTouchCapability = force
        userInterfaceLevel = level
        preferredContentSizeCategory = category
        userInterfaceStyle = style
        userInterfaceIdiom = idiom
        displayScale = scale
        horizontalSizeClass = horizontal
        verticalSizeClass = vertical
        layoutDirection = direction
        super.init()
    }

    /// A collection that specifies nothing.
    public override convenience init() {
        self.init(style: .unspecified)
    }

    /// A collection that specifies only the appearance.
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(style: userInterfaceStyle)
    }

    /// A collection that specifies only the idiom.
    public convenience init(userInterfaceIdiom idiom: UIUserInterfaceIdiom) {
        self.init(idiom: idiom)
    }

    /// A collection that specifies only the scale.
    public convenience init(displayScale scale: CGFloat) {
        self.init(scale: scale)
    }

    /// A collection that specifies only the preferred text size.
    public convenience init(preferredContentSizeCategory category: UIContentSizeCategory) {
        self.init(category: category)
    }

    /// A collection that specifies only the contrast.
    public convenience init(accessibilityContrast contrast: UIAccessibilityContrast) {
        self.init(contrast: contrast)
    }

    /// A collection that specifies only the level.
    public convenience init(userInterfaceLevel level: UIUserInterfaceLevel) {
        self.init(level: level)
    }

    /// A collection that specifies only the layout direction.
    public convenience init(layoutDirection direction: UITraitEnvironmentLayoutDirection) {
        self.init(direction: direction)
    }

    /// A collection that specifies only whether touches report pressure.
    public convenience init(forceTouchCapability capability: UIForceTouchCapability) {
        self.init(force: capability)
    }

    /// A collection that specifies only the width class.
    public convenience init(horizontalSizeClass sizeClass: UIUserInterfaceSizeClass) {
        self.init(horizontal: sizeClass)
    }

    /// A collection that specifies only the height class.
    public convenience init(verticalSizeClass sizeClass: UIUserInterfaceSizeClass) {
        self.init(vertical: sizeClass)
    }

    /// The collections combined: each trait from the last collection that specifies it.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        var style = UIUserInterfaceStyle.unspecified, idiom = UIUserInterfaceIdiom.unspecified
        var scale: CGFloat = 0, horizontal = UIUserInterfaceSizeClass.unspecified
        var vertical = UIUserInterfaceSizeClass.unspecified, direction = UITraitEnvironmentLayoutDirection.unspecified
        var level = UIUserInterfaceLevel.unspecified
        var category = UIContentSizeCategory.unspecified
        var contrast = UIAccessibilityContrast.unspecified
        var force = UIForceTouchCapability.unknown
        for traits in traitCollections {
            if traits.forceTouchCapability != .unknown { force = traits.forceTouchCapability }
            if traits.accessibilityContrast != .unspecified { contrast = traits.accessibilityContrast }
            if traits.preferredContentSizeCategory != .unspecified { category = traits.preferredContentSizeCategory }
            if traits.userInterfaceLevel != .unspecified { level = traits.userInterfaceLevel }
            if traits.userInterfaceStyle != .unspecified { style = traits.userInterfaceStyle }
            if traits.userInterfaceIdiom != .unspecified { idiom = traits.userInterfaceIdiom }
            if traits.displayScale != 0 { scale = traits.displayScale }
            if traits.horizontalSizeClass != .unspecified { horizontal = traits.horizontalSizeClass }
            if traits.verticalSizeClass != .unspecified { vertical = traits.verticalSizeClass }
            if traits.layoutDirection != .unspecified { direction = traits.layoutDirection }
        }
        self.init(style: style, idiom: idiom, scale: scale, horizontal: horizontal, vertical: vertical, direction: direction,
                  level: level, category: category, contrast: contrast, force: force)
    }

    /// The traits of the screen: phone, scale 3, compact × regular, left to right, in the
    /// appearance `appearance(from:)` reads from the environment (light unless asked).
    static let screen = UITraitCollection(style: appearance(from: ProcessInfo.processInfo.environment),
                                          idiom: DeviceProfile.current?.idiom ?? .phone, scale: UIScreen.mainScale,
                                          horizontal: DeviceProfile.current?.idiom == .pad ? .regular : .compact, vertical: .regular,
                                          direction: .leftToRight, level: .base, category: .large,
                                          contrast: ProcessInfo.processInfo.environment["LAMINA_CONTRAST"]?.lowercased() == "high" ? .high : .normal)

    /// The screen's appearance: `LAMINA_APPEARANCE` (`dark` or `light`) when set, else the
    /// desktop's when it says (a GTK theme variant such as `Adwaita:dark`), else light.
    /// - Note: Differs from Apple: Lamina's stand-in for the system appearance setting. The
    ///   GNOME and KDE settings stores are not read.
    static func appearance(from environment: [String: String]) -> UIUserInterfaceStyle {
        switch environment["LAMINA_APPEARANCE"]?.lowercased() {
        case "dark": return .dark
        case "light": return .light
        default: break
        }
        if let theme = environment["GTK_THEME"]?.lowercased(), theme.hasSuffix(":dark") || theme.hasSuffix("-dark") {
            return .dark
        }
        return .light
    }

    /// `self` with the width class replaced.
    func overriding(horizontal: UIUserInterfaceSizeClass) -> UITraitCollection {
        guard horizontal != horizontalSizeClass else { return self }
        return UITraitCollection(style: userInterfaceStyle, idiom: userInterfaceIdiom, scale: displayScale,
                                 horizontal: horizontal, vertical: verticalSizeClass, direction: layoutDirection,
                                 level: userInterfaceLevel, category: preferredContentSizeCategory, contrast: accessibilityContrast, force: forceTouchCapability)
    }

    /// `self` with the level replaced.
    func overriding(level: UIUserInterfaceLevel) -> UITraitCollection {
        guard level != userInterfaceLevel else { return self }
        return UITraitCollection(style: userInterfaceStyle, idiom: userInterfaceIdiom, scale: displayScale,
                                 horizontal: horizontalSizeClass, vertical: verticalSizeClass, direction: layoutDirection,
                                 level: level, category: preferredContentSizeCategory, contrast: accessibilityContrast, force: forceTouchCapability)
    }

    /// `self` with the preferred text size replaced.
    func overriding(category: UIContentSizeCategory) -> UITraitCollection {
        guard category != preferredContentSizeCategory else { return self }
        return UITraitCollection(style: userInterfaceStyle, idiom: userInterfaceIdiom, scale: displayScale,
                                 horizontal: horizontalSizeClass, vertical: verticalSizeClass, direction: layoutDirection,
                                 level: userInterfaceLevel, category: category, contrast: accessibilityContrast, force: forceTouchCapability)
    }

    /// `self` with the appearance replaced (or kept for `.unspecified`).
    func overriding(style: UIUserInterfaceStyle) -> UITraitCollection {
        guard style != .unspecified, style != userInterfaceStyle else { return self }
        return UITraitCollection(style: style, idiom: userInterfaceIdiom, scale: displayScale,
                                 horizontal: horizontalSizeClass, vertical: verticalSizeClass, direction: layoutDirection,
                                 level: userInterfaceLevel, category: preferredContentSizeCategory, contrast: accessibilityContrast, force: forceTouchCapability)
    }

    /// Whether every trait `trait` specifies has the same value here.
    open func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let trait else { return true }
        if trait.userInterfaceStyle != .unspecified && trait.userInterfaceStyle != userInterfaceStyle { return false }
        if trait.userInterfaceIdiom != .unspecified && trait.userInterfaceIdiom != userInterfaceIdiom { return false }
        if trait.displayScale != 0 && trait.displayScale != displayScale { return false }
        if trait.horizontalSizeClass != .unspecified && trait.horizontalSizeClass != horizontalSizeClass { return false }
        if trait.verticalSizeClass != .unspecified && trait.verticalSizeClass != verticalSizeClass { return false }
        if trait.layoutDirection != .unspecified && trait.layoutDirection != layoutDirection { return false }
        if trait.userInterfaceLevel != .unspecified && trait.userInterfaceLevel != userInterfaceLevel { return false }
        if trait.preferredContentSizeCategory != .unspecified && trait.preferredContentSizeCategory != preferredContentSizeCategory { return false }
        if trait.accessibilityContrast != .unspecified && trait.accessibilityContrast != accessibilityContrast { return false }
        if trait.forceTouchCapability != .unknown && trait.forceTouchCapability != forceTouchCapability { return false }
        return true
    }

    /// Whether dynamic colours can resolve differently in `traitCollection` (its appearance,
    /// contrast or level differs).
    open func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
        traitCollection?.userInterfaceStyle != userInterfaceStyle || traitCollection?.userInterfaceLevel != userInterfaceLevel
            || traitCollection?.accessibilityContrast != accessibilityContrast
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UITraitCollection else { return false }
        return other.userInterfaceStyle == userInterfaceStyle && other.userInterfaceIdiom == userInterfaceIdiom
            && other.displayScale == displayScale && other.horizontalSizeClass == horizontalSizeClass
            && other.verticalSizeClass == verticalSizeClass && other.layoutDirection == layoutDirection
            && other.userInterfaceLevel == userInterfaceLevel && other.preferredContentSizeCategory == preferredContentSizeCategory
            && other.accessibilityContrast == accessibilityContrast && other.forceTouchCapability == forceTouchCapability
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(userInterfaceStyle)
        hasher.combine(userInterfaceIdiom)
        hasher.combine(displayScale)
        hasher.combine(horizontalSizeClass)
        hasher.combine(verticalSizeClass)
        return hasher.finalize()
    }

    // MARK: The current collection

    /// Each thread's `current` collection, retained once by the slot (a thread dictionary
    /// would hash a bridged string key on every read, and text layout reads it often).
    private static let currentSlot: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            if let raw { Unmanaged<UITraitCollection>.fromOpaque(raw).release() }
        }
        return key
    }()

    /// The traits of the code running now: those of the view being drawn or laid out, or
    /// the screen's.
    open class var current: UITraitCollection {
        get {
            guard let raw = pthread_getspecific(currentSlot) else { return screen }
            return Unmanaged<UITraitCollection>.fromOpaque(raw).takeUnretainedValue()
        }
        set {
            let old = pthread_getspecific(currentSlot)
            pthread_setspecific(currentSlot, Unmanaged.passRetained(newValue).toOpaque())
            if let old { Unmanaged<UITraitCollection>.fromOpaque(old).release() }
        }
    }

    /// Runs `actions` with this collection as `current`, then restores the previous one.
    open func performAsCurrent(_ actions: () throws -> Void) rethrows {
        let slot = UITraitCollection.currentSlot
        // The slot's retain of the previous collection passes to this call until it is put back.
        let previous = pthread_getspecific(slot)
        pthread_setspecific(slot, Unmanaged.passRetained(self).toOpaque())
        defer {
            if let now = pthread_getspecific(slot) { Unmanaged<UITraitCollection>.fromOpaque(now).release() }
            pthread_setspecific(slot, previous)
        }
        try actions()
    }
}

/// An object with traits: views, view controllers, windows and screens.
@preconcurrency @MainActor
public protocol UITraitEnvironment: NSObjectProtocol {
    /// The object's traits now.
    var traitCollection: UITraitCollection { get }
    /// Called after the traits changed; `previousTraitCollection` is what they were.
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}
