import Foundation

/// Where an app's `Info.plist` and resources are: what iOS calls the app's main bundle.
///
/// In order: the folder `LAMINA_APP_BUNDLE` names (the `lamina` command and tests set it); the
/// executable's folder when it holds an `Info.plist` (an app laid out as an iOS `.app`, which is
/// Foundation's `Bundle.main` on Linux, so `NSLocalizedString` finds its strings too); else a
/// SwiftPM resource bundle beside the executable (`<Package>_<Target>.resources`) holding the
/// app's `Info.plist` at its top or in a folder at its top (SwiftPM refuses a top-level
/// `Info.plist` resource, so an app copies a folder: `resources: [.copy("App")]`), the one named
/// after the executable first. Without any, `Bundle.main` with an empty dictionary.
enum AppBundle {
    private static let found = Locked<Bundle?>(nil)

    /// The app's bundle: found when the app launched, or when first asked for before that.
    static var current: Bundle {
        found.withLock { known in
            if let known { return known }
            let bundle = locate()
            known = bundle
            return bundle
        }
    }

    /// The bundle to search for `bundle`: the app's for nil, `Bundle.main` or a bundle at its
    /// path (`Bundle(for: SomeAppClass.self)`, which on iOS is the app's bundle too; on Linux
    /// SwiftPM puts an app's resources in a bundle beside the executable).
    static func standIn(for bundle: Bundle?) -> Bundle {
        guard let bundle else { return current }
        return bundle.bundleURL.standardizedFileURL == Bundle.main.bundleURL.standardizedFileURL ? current : bundle
    }

    /// Finds the app's bundle again (at launch) and keeps it as `current`.
    @discardableResult
    static func relocate() -> Bundle {
        let bundle = locate()
        found.withLock { $0 = bundle }
        NamedImageCache.removeAll()
        AccentColor.forget()
        return bundle
    }

    /// Finds the app's bundle now (the environment and the files may have changed).
    static func locate() -> Bundle {
        if let path = ProcessInfo.processInfo.environment["LAMINA_APP_BUNDLE"], !path.isEmpty,
           let bundle = Bundle(path: path) {
            return bundle
        }
        let main = Bundle.main
        if hasInfo(main.bundleURL) { return main }
        let fileManager = FileManager.default
        let folder = main.bundleURL
        guard let entries = try? fileManager.contentsOfDirectory(atPath: folder.path) else { return main }
        let executable = ProcessInfo.processInfo.processName
        let resourceBundles = entries.filter { $0.hasSuffix(".resources") || $0.hasSuffix(".bundle") }.sorted {
            ($0.hasSuffix("_\(executable).resources") ? 0 : 1, $0) < ($1.hasSuffix("_\(executable).resources") ? 0 : 1, $1)
        }
        for name in resourceBundles {
            let root = folder.appendingPathComponent(name)
            if hasAppInfo(root) { return Bundle(url: root) ?? main }
            guard let inner = try? fileManager.contentsOfDirectory(atPath: root.path) else { continue }
            for child in inner.sorted() {
                let candidate = root.appendingPathComponent(child)
                if hasInfo(candidate) { return Bundle(url: candidate) ?? main }
            }
        }
        return main
    }

    /// The bundle's `Info.plist` as a dictionary (empty when there is none or it is unreadable).
    static func infoDictionary(of bundle: Bundle) -> [String: Any] {
        let url = bundle.bundleURL.appendingPathComponent("Info.plist")
        guard let data = try? Data(contentsOf: url),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        else { return [:] }
        return plist
    }

    private static func hasInfo(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("Info.plist").path)
    }

    /// Whether a resource bundle's own `Info.plist` is an app's: SwiftPM writes one holding
    /// only the development region.
    private static func hasAppInfo(_ folder: URL) -> Bool {
        guard hasInfo(folder), let bundle = Bundle(url: folder) else { return false }
        return infoDictionary(of: bundle).keys.contains { $0 != "CFBundleDevelopmentRegion" }
    }

    /// A class named in `Info.plist`, with Xcode's `$(PRODUCT_MODULE_NAME)` (or `${…}`) taken
    /// to be `module`, looked up with Swift's runtime: top-level classes only (Swift on Linux
    /// finds no nested class by name).
    static func lookUpClass(named name: String, module: String?) -> AnyClass? {
        var resolved = name
        if let module {
            resolved = resolved.replacingOccurrences(of: "$(PRODUCT_MODULE_NAME)", with: module)
                .replacingOccurrences(of: "${PRODUCT_MODULE_NAME}", with: module)
        }
        if let found = _typeByName(resolved) as? AnyClass { return found }
        // A bare name: UIKit's own classes, then the app's module.
        guard !resolved.contains(".") else { return nil }
        if let found = _typeByName("UIKit." + resolved) as? AnyClass { return found }
        if let module, let found = _typeByName(module + "." + resolved) as? AnyClass { return found }
        return nil
    }

    /// The module a class is declared in.
    static func module(of type: AnyClass) -> String? {
        String(reflecting: type).split(separator: ".").first.map(String.init)
    }
}
