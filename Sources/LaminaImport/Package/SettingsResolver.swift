import Foundation

/// A target's build settings for one configuration, with `$(NAME)` and `${NAME}` references
/// expanded as Xcode expands them (recursively; `$(inherited)` is empty, since settings are
/// already laid over their parents'; `:rfc1034identifier`, `:c99extidentifier`, `:lower` and
/// `:upper` applied).
package struct SettingsResolver: Sendable {
    package let settings: BuildSettings

    /// The settings of `target` in `configuration`, over the project's, with the values Xcode
    /// gives every target (`TARGET_NAME`, `PRODUCT_BUNDLE_PACKAGE_TYPE`, …) underneath.
    package init(project: XcodeProject, target: XcodeTarget, configuration: String) {
        var base = BuildSettings([
            "TARGET_NAME": [target.name], "PROJECT_NAME": [project.name], "PRODUCT_NAME": [target.productName],
            "PRODUCT_BUNDLE_PACKAGE_TYPE": [target.kind == .application ? "APPL" : "BNDL"],
            "DEVELOPMENT_LANGUAGE": ["en"], "CONFIGURATION": [configuration], "SRCROOT": [project.sourceRoot.path],
            "PROJECT_DIR": [project.sourceRoot.path], "SOURCE_ROOT": [project.sourceRoot.path],
        ])
        base = base.overlaid(with: project.settings[configuration] ?? BuildSettings())
        base = base.overlaid(with: target.ownSettings[configuration] ?? BuildSettings())
        if base.values["EXECUTABLE_NAME"] == nil { base.values["EXECUTABLE_NAME"] = ["$(PRODUCT_NAME)"] }
        if base.values["PRODUCT_MODULE_NAME"] == nil { base.values["PRODUCT_MODULE_NAME"] = ["$(PRODUCT_NAME:c99extidentifier)"] }
        settings = base
    }

    /// A setting's value, expanded.
    package subscript(key: String) -> String? {
        settings[key].map { expand($0) }
    }

    /// A list setting's items, expanded (`$(inherited)` dropped).
    package func list(_ key: String) -> [String] {
        settings.list(key).filter { $0 != "$(inherited)" && $0 != "${inherited}" }.map { expand($0) }.filter { !$0.isEmpty }
    }

    /// `text` with its references expanded (unknown settings are empty, as in Xcode).
    package func expand(_ text: String, depth: Int = 0) -> String {
        guard depth < 16, text.contains("$") else { return text }
        var out = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{",
                  let close = rest[after...].firstIndex(of: rest[after] == "(" ? ")" : "}") else {
                out += "$"
                rest = rest[after...]
                continue
            }
            let reference = rest[rest.index(after: after)..<close]
            let parts = reference.split(separator: ":", omittingEmptySubsequences: false)
            let name = String(parts[0])
            var value = name == "inherited" ? "" : expand(settings[name] ?? "", depth: depth + 1)
            for modifier in parts.dropFirst() { value = SettingsResolver.apply(String(modifier), to: value) }
            out += value
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    private static func apply(_ modifier: String, to value: String) -> String {
        switch modifier {
        case "rfc1034identifier":
            return String(value.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
        case "c99extidentifier", "identifier":
            var result = String(value.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
            if let first = result.first, first.isNumber { result = "_" + result }
            return result
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        default: return value
        }
    }
}
