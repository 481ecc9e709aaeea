import Foundation

/// The `Info.plist` an app target's build would produce: its `INFOPLIST_FILE` with build
/// settings substituted, and — when `GENERATE_INFOPLIST_FILE` is on — the keys Xcode
/// generates (`INFOPLIST_KEY_*` settings and the bundle's identity) merged under it.
package enum InfoPlistMaker {
    package static func make(project: XcodeProject, resolver: SettingsResolver) throws(ProjectError) -> [String: Any] {
        var plist: [String: Any] = [:]
        if resolver.settings["GENERATE_INFOPLIST_FILE"] == "YES" {
            plist = generated(resolver)
        }
        if let path = resolver["INFOPLIST_FILE"], !path.isEmpty {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : project.sourceRoot.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw ProjectError("\(url.path): the target's INFOPLIST_FILE is missing")
            }
            let read: Any
            do {
                read = try PropertyListSerialization.propertyList(from: data, format: nil)
            } catch {
                throw ProjectError("\(url.path): not a property list (\(error.localizedDescription))")
            }
            guard let file = read as? [String: Any] else { throw ProjectError("\(url.path): the property list is not a dictionary") }
            plist.merge(file) { _, fromFile in fromFile }
        }
        return substituted(plist, resolver) as? [String: Any] ?? [:]
    }

    /// The keys Xcode writes for a generated `Info.plist`.
    private static func generated(_ resolver: SettingsResolver) -> [String: Any] {
        var plist: [String: Any] = [
            "CFBundleDevelopmentRegion": "$(DEVELOPMENT_LANGUAGE)", "CFBundleExecutable": "$(EXECUTABLE_NAME)",
            "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleInfoDictionaryVersion": "6.0",
            "CFBundleName": "$(PRODUCT_NAME)", "CFBundlePackageType": "$(PRODUCT_BUNDLE_PACKAGE_TYPE)",
        ]
        if let version = resolver["MARKETING_VERSION"] { plist["CFBundleShortVersionString"] = version }
        if let build = resolver["CURRENT_PROJECT_VERSION"] { plist["CFBundleVersion"] = build }
        for key in resolver.settings.values.keys where key.hasPrefix("INFOPLIST_KEY_") {
            let name = String(key.dropFirst("INFOPLIST_KEY_".count))
            let value = resolver[key] ?? ""
            if name == "UIApplicationSceneManifest_Generation" {
                if value == "YES" { plist["UIApplicationSceneManifest"] = ["UIApplicationSupportsMultipleScenes": false] }
                continue
            }
            if name.hasPrefix("UIStatusBarStyle") || name.hasSuffix("_Generation") { continue }
            if value == "YES" || value == "NO" {
                plist[name] = value == "YES"
            } else if name.hasPrefix("UISupportedInterfaceOrientations") {
                plist[name] = value.split(separator: " ").map(String.init)
            } else if name == "UILaunchScreen_Generation" {
                continue
            } else {
                plist[name] = value
            }
        }
        return plist
    }

    private static func substituted(_ value: Any, _ resolver: SettingsResolver) -> Any {
        switch value {
        case let string as String: return resolver.expand(string)
        case let array as [Any]: return array.map { substituted($0, resolver) }
        case let dictionary as [String: Any]: return dictionary.mapValues { substituted($0, resolver) }
        default: return value
        }
    }
}
