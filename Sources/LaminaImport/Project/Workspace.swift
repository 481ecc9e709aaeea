import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What `lamina` is pointed at, made into a project and an app target: an `.xcodeproj`, an
/// `.xcworkspace` (its projects, from `contents.xcworkspacedata`, the first with an app
/// target unless a scheme says which), or a folder holding either.
package enum ProjectLocator {
    /// The project and target named by `url` and `scheme` (a shared scheme's name, or a
    /// target's).
    package static func locate(_ url: URL, scheme: String?) throws(ProjectError) -> (project: XcodeProject, target: String?) {
        var given = url
        if given.pathExtension != "xcodeproj", given.pathExtension != "xcworkspace" {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: given.path)) ?? []).sorted()
            if let workspace = names.first(where: { $0.hasSuffix(".xcworkspace") }) {
                given = given.appendingPathComponent(workspace)
            } else if let project = names.first(where: { $0.hasSuffix(".xcodeproj") }) {
                given = given.appendingPathComponent(project)
            } else {
                throw ProjectError("\(given.path) holds no .xcodeproj or .xcworkspace; name the project: lamina run App.xcodeproj")
            }
        }
        let projects: [URL] = given.pathExtension == "xcworkspace" ? try workspaceProjects(given) : [given]
        var loaded: [XcodeProject] = []
        for projectURL in projects {
            let project = try XcodeProject.load(projectURL)
            if let scheme, let target = schemeTarget(scheme, in: project) { return (project, target) }
            loaded.append(project)
        }
        if let scheme {
            throw ProjectError("no scheme or target named \(scheme) in \(given.lastPathComponent)")
        }
        guard let app = loaded.first(where: { $0.targets.contains { $0.kind == .application } }) ?? loaded.first else {
            throw ProjectError("\(given.lastPathComponent) lists no projects")
        }
        return (app, nil)
    }

    /// The projects a workspace lists (`group:`, `container:` and `absolute:` locations; the
    /// CocoaPods `Pods` project is left out).
    static func workspaceProjects(_ workspace: URL) throws(ProjectError) -> [URL] {
        let file = workspace.appendingPathComponent("contents.xcworkspacedata")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw ProjectError("\(file.path): no such file (is \(workspace.lastPathComponent) a workspace?)")
        }
        final class Reader: NSObject, XMLParserDelegate {
            var locations: [String] = []
            var groups: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                if name == "Group" { groups.append(attributes["location"] ?? "") }
                if name == "FileRef", let location = attributes["location"] { locations.append((groups + [location]).joined(separator: "\u{0}")) }
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                if name == "Group" { _ = groups.popLast() }
            }
        }
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else {
            throw ProjectError("\(file.path) line \(parser.lineNumber): not a workspace file (\(parser.parserError?.localizedDescription ?? "malformed XML"))")
        }
        let base = workspace.deletingLastPathComponent()
        return reader.locations.compactMap { chain -> URL? in
            var url = base
            for location in chain.split(separator: "\u{0}").map(String.init) {
                let parts = location.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                switch parts[0] {
                case "absolute": url = URL(fileURLWithPath: parts[1])
                case "group", "container": url = parts[1].isEmpty ? url : url.appendingPathComponent(parts[1])
                default: continue
                }
            }
            guard url.pathExtension == "xcodeproj", url.lastPathComponent != "Pods.xcodeproj" else { return nil }
            return url
        }
    }

    /// The app target a scheme builds (`xcshareddata/xcschemes/<scheme>.xcscheme`'s first
    /// buildable reference), or the target named `scheme` itself.
    static func schemeTarget(_ scheme: String, in project: XcodeProject) -> String? {
        let file = project.url.appendingPathComponent("xcshareddata/xcschemes/\(scheme).xcscheme")
        if let data = FileManager.default.contents(atPath: file.path) {
            final class Reader: NSObject, XMLParserDelegate {
                var targets: [String] = []
                func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                            attributes: [String: String] = [:]) {
                    if name == "BuildableReference", let target = attributes["BlueprintName"] { targets.append(target) }
                }
            }
            let reader = Reader()
            let parser = XMLParser(data: data)
            parser.delegate = reader
            if parser.parse(), let target = reader.targets.first(where: { name in project.target(named: name)?.kind == .application })
                ?? reader.targets.first {
                return target
            }
        }
        return project.target(named: scheme) != nil ? scheme : nil
    }
}
