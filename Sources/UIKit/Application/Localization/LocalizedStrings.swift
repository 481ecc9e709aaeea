import Foundation
import ICUSupport

/// An app's localized strings, as iOS finds them: the localization of the bundle that best
/// matches the user's preferred languages (from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG`
/// on Linux; the development region when none matches), then the key in that localization's
/// `<table>.stringsdict` (plurals), `<table>.strings`, or the bundle's `<table>.xcstrings`.
enum LocalizedStrings {
    /// What a lookup found.
    enum Found {
        case string(String)
        case plural(PluralEntry, language: String)
    }

    /// The preferred languages, most preferred first, as BCP 47 tags (`zh-CN`, `en-GB`).
    static var preferredLanguages: [String] {
        if let override = state.withLock({ $0.languagesOverride }) { return override }
        return languages(from: ProcessInfo.processInfo.environment)
    }

    /// Sets the preferred languages (nil: from the environment again) and forgets what was
    /// chosen. Tests and the `lamina` command's `--language` use it.
    static func overridePreferredLanguages(_ languages: [String]?) {
        state.withLock {
            $0.languagesOverride = languages
            $0.chosen = [:]
        }
    }

    /// The languages the environment asks for: GNU `LANGUAGE` (a colon-separated list), then the
    /// first of `LC_ALL`, `LC_MESSAGES` and `LANG` (`C` and `POSIX` ask for none).
    static func languages(from environment: [String: String]) -> [String] {
        var result: [String] = []
        func add(_ value: String) {
            let name = value.split(separator: ".").first.map(String.init) ?? value
            let bare = name.split(separator: "@").first.map(String.init) ?? name
            guard !bare.isEmpty, bare != "C", bare != "POSIX" else { return }
            let tag = bare.replacingOccurrences(of: "_", with: "-")
            if !result.contains(tag) { result.append(tag) }
        }
        if let list = environment["LANGUAGE"], !list.isEmpty { list.split(separator: ":").forEach { add(String($0)) } }
        if let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) {
            add(locale)
        }
        return result
    }

    /// The localization of `available` that best serves `preferred`: the same tag, the same
    /// language and script (Chinese regions name their script), the same language; else the
    /// development region; else English; else the first.
    static func bestLocalization(available: [String], preferred: [String], developmentRegion: String?) -> String? {
        guard !available.isEmpty else { return nil }
        func parts(_ tag: String) -> (language: String, script: String?, region: String?) {
            let pieces = tag.split(separator: "-").map(String.init)
            let language = pieces.first?.lowercased() ?? ""
            var script: String?
            var region: String?
            for piece in pieces.dropFirst() {
                if piece.count == 4 { script = piece.capitalized } else if region == nil { region = piece.uppercased() }
            }
            if language == "zh", script == nil {
                script = ["TW", "HK", "MO"].contains(region ?? "") ? "Hant" : "Hans"
            }
            return (language, script, region)
        }
        for wanted in preferred {
            if let exact = available.first(where: { $0.caseInsensitiveCompare(wanted) == .orderedSame }) { return exact }
            let want = parts(wanted)
            if let scripted = available.first(where: { let have = parts($0); return have.language == want.language && have.script == want.script }) {
                return scripted
            }
            if let language = available.first(where: { parts($0).language == want.language }) { return language }
        }
        if let developmentRegion, let found = available.first(where: { parts($0).language == parts(developmentRegion).language }) {
            return found
        }
        return available.first(where: { $0 == "en" }) ?? available.sorted().first
    }

    // MARK: Tables

    private struct State {
        var languagesOverride: [String]?
        /// The localization chosen per bundle path.
        var chosen: [String: String] = [:]
        var strings: [String: [String: String]] = [:]
        var plurals: [String: [String: PluralEntry]] = [:]
        var catalogs: [String: StringCatalog?] = [:]
    }

    private static let state = Locked(State())

    /// The localizations a bundle has: its `*.lproj` folders (not `Base`) and its catalogues'
    /// languages.
    static func localizations(of bundle: Bundle, table: String) -> [String] {
        var found: [String] = []
        let files = (try? FileManager.default.contentsOfDirectory(atPath: bundle.bundlePath)) ?? []
        for file in files where file.hasSuffix(".lproj") && file != "Base.lproj" {
            found.append(String(file.dropLast(".lproj".count)))
        }
        if let catalog = catalog(bundle: bundle, table: table) {
            for language in catalog.languages where !found.contains(language) { found.append(language) }
        }
        return found.sorted()
    }

    /// The localization lookups in `bundle` use.
    static func language(of bundle: Bundle, table: String = "Localizable") -> String? {
        let key = bundle.bundlePath + "\u{0}" + table
        if let known = state.withLock({ $0.chosen[key] }) { return known }
        let development = AppBundle.infoDictionary(of: bundle)["CFBundleDevelopmentRegion"] as? String
        let chosen = bestLocalization(available: localizations(of: bundle, table: table), preferred: preferredLanguages,
                                      developmentRegion: development)
        if let chosen { state.withLock { $0.chosen[key] = chosen } }
        return chosen
    }

    private static func strings(bundle: Bundle, language: String, table: String) -> [String: String] {
        let path = bundle.bundlePath + "/" + language + ".lproj/" + table + ".strings"
        if let known = state.withLock({ $0.strings[path] }) { return known }
        var loaded: [String: String] = [:]
        if let data = FileManager.default.contents(atPath: path) {
            loaded = StringsFile.strings(data, name: language + ".lproj/" + table + ".strings") ?? [:]
        }
        state.withLock { $0.strings[path] = loaded }
        return loaded
    }

    private static func plurals(bundle: Bundle, language: String, table: String) -> [String: PluralEntry] {
        let path = bundle.bundlePath + "/" + language + ".lproj/" + table + ".stringsdict"
        if let known = state.withLock({ $0.plurals[path] }) { return known }
        var loaded: [String: PluralEntry] = [:]
        if let data = FileManager.default.contents(atPath: path) {
            loaded = StringsFile.pluralEntries(data, name: language + ".lproj/" + table + ".stringsdict") ?? [:]
        }
        state.withLock { $0.plurals[path] = loaded }
        return loaded
    }

    private static func catalog(bundle: Bundle, table: String) -> StringCatalog? {
        let path = bundle.bundlePath + "/" + table + ".xcstrings"
        if let known = state.withLock({ $0.catalogs[path] }) { return known }
        let loaded = FileManager.default.contents(atPath: path).flatMap { StringCatalog($0, name: table + ".xcstrings") }
        state.withLock { $0.catalogs[path] = loaded }
        return loaded
    }

    /// The key's entry in the bundle's chosen localization: its plural rules, its string, or
    /// the catalogue's (the catalogue's source language when the chosen one has none).
    static func lookUp(_ key: String, table: String?, bundle: Bundle) -> Found? {
        let table = table ?? "Localizable"
        guard let language = language(of: bundle, table: table) else { return nil }
        if let plural = plurals(bundle: bundle, language: language, table: table)[key] {
            return .plural(plural, language: language)
        }
        if let string = strings(bundle: bundle, language: language, table: table)[key] { return .string(string) }
        if let catalog = catalog(bundle: bundle, table: table), let byLanguage = catalog.entries[key] {
            switch byLanguage[language] ?? byLanguage[catalog.sourceLanguage] {
            case .string(let text)?: return .string(text)
            case .plural(let forms)?:
                let used = byLanguage[language] != nil ? language : catalog.sourceLanguage
                return .plural(PluralEntry(format: "%#@value@", variables: ["value": forms]), language: used)
            case nil: break
            }
        }
        return nil
    }

    /// The string for `key`: found (a plural entry's format, remembered so formatting it
    /// chooses the form), else `value` when it is not empty, else the key.
    static func localizedString(_ key: String, table: String?, bundle: Bundle, value: String) -> String {
        switch lookUp(key, table: table, bundle: bundle) {
        case .string(let text)?:
            return text
        case .plural(let entry, let language)?:
            return PluralFormat.remember(entry, language: language)
        case nil:
            return value.isEmpty ? key : value
        }
    }

    /// The CLDR plural category of `number` in `language`.
    static func pluralCategory(_ number: Double, language: String) -> String {
        var out = [CChar](repeating: 0, count: 16)
        let locale = language.replacingOccurrences(of: "-", with: "_")
        guard lamina_plural_category(locale, number, &out, 16) > 0 else { return "other" }
        return String(cString: out)
    }
}
