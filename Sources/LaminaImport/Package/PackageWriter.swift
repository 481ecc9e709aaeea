import Foundation

/// Writes the SwiftPM package the `lamina` command builds an Xcode app target as: the app's
/// Swift files carried over (`SourceCarryOver`) with their selector registrations, its
/// resources laid out as an iOS `.app` folder (`App/`, copied into the executable's resource
/// bundle, where UIKit finds it), its `Info.plist` with build settings substituted, and a
/// manifest mirroring the target's Swift settings. Files whose content is unchanged are not
/// rewritten, so an unchanged project rebuilds as a no-op.
package struct PackageWriter {
    /// What was written, and what the user should know.
    package struct Report: Sendable {
        package let folder: URL
        package let module: String
        package let target: String
        /// Sources and features Lamina cannot build (Objective-C files, missing frameworks).
        package var warnings: [String] = []
        /// Every carry-over edit, by file (`lamina package --explain`).
        package var changes: [(file: String, change: CarriedSource.Change)] = []
        /// The app's unit-test targets in the package (`lamina test` runs them).
        package var testTargets: [String] = []
    }

    /// Apple frameworks Lamina provides, by module name, and the product that provides them.
    static let laminaModules: [String: String] = [
        "UIKit": "UIKit", "CoreGraphics": "CoreGraphics", "QuartzCore": "QuartzCore", "CoreText": "CoreText",
        "AppKit": "AppKit", "Cocoa": "Cocoa", "ObjectiveC": "ObjectiveC",
    ]

    /// Modules every Linux toolchain has.
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch", "Swift", "XCTest", "Testing",
        "Glibc", "Musl", "RegexBuilder", "Observation", "Synchronization", "_Concurrency", "Distributed", "_StringProcessing",
    ]

    package static func write(project: XcodeProject, targetName: String? = nil, configuration: String? = nil,
                              laminaRoot: URL, output: URL) throws(ProjectError) -> Report {
        let target: XcodeTarget
        if let targetName {
            guard let named = project.target(named: targetName) else {
                let names = project.targets.map(\.name).joined(separator: ", ")
                throw ProjectError("\(project.url.lastPathComponent) has no target \(targetName) (its targets: \(names))")
            }
            target = named
        } else {
            guard let app = project.targets.first(where: { $0.kind == .application }) else {
                throw ProjectError("\(project.url.lastPathComponent) has no iOS app target; name one with --scheme")
            }
            target = app
        }
        let resolver = SettingsResolver(project: project, target: target, configuration: configuration ?? "Debug")
        let module = sanitized(resolver["PRODUCT_MODULE_NAME"] ?? target.name)
        var report = Report(folder: output, module: module, target: target.name)
        let sourceFolder = output.appendingPathComponent("Sources/\(module)")
        let files = FileWriter()
        do {
            try FileManager.default.createDirectory(at: sourceFolder, withIntermediateDirectories: true)
        } catch {
            throw ProjectError("\(output.path): cannot write the package here (\(error.localizedDescription))")
        }

        // Sources.
        var texts: [(url: URL, text: String)] = []
        var foreign: [String] = []
        for url in target.sources {
            guard url.pathExtension == "swift" else {
                foreign.append(url.lastPathComponent)
                continue
            }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw ProjectError("\(url.path): a source file of target \(target.name) is missing")
            }
            texts.append((url, String(decoding: data, as: UTF8.self)))
        }
        if !foreign.isEmpty {
            report.warnings.append("Objective-C and C sources are not built (Lamina builds Swift only): " + foreign.joined(separator: ", "))
        }
        let registrationsByFile = texts.map { SelectorRegistrations(source: $0.text) }
        let moved = ExtensionOverrides.apply(paths: texts.map(\.url.path), texts: texts.map(\.text))
        for index in texts.indices { texts[index].text = moved.texts[index] }
        for move in moved.moves {
            let what = move.member.hasSuffix(")") ? move.member : "var " + move.member
            report.changes.append((move.file, .init(line: move.line, description: "\(what) moved from an extension into class \(move.className)'s body (overridden)")))
        }
        let selectors = SelectorNames(registrations: registrationsByFile)
        var usedNames: Set<String> = ["LaminaSelectors.swift"]
        var calls: [String] = []
        var imports: [String: [String]] = [:]
        for (index, source) in texts.enumerated() {
            let carried = SourceCarryOver.carry(source.text, path: source.url.path, selectors: selectors)
            let registrations = registrationsByFile[index].code(suffix: "_\(index)")
            calls += registrations.calls
            // Named apart from the original (`AppDelegate.carried.swift`): the `#sourceLocation`
            // inside gives the code the original's `#fileID`, which the file's own must not repeat.
            let base = source.url.deletingPathExtension().lastPathComponent
            var name = base + ".carried.swift"
            if usedNames.contains(name) { name = source.url.deletingLastPathComponent().lastPathComponent + "_" + name }
            while usedNames.contains(name) { name = "_" + name }
            usedNames.insert(name)
            let text = carried.text + (registrations.declarations.isEmpty ? "" : "\n" + registrations.declarations)
            try files.write(text, to: sourceFolder.appendingPathComponent(name))
            report.changes += carried.changes.map { (source.url.path, $0) }
            for module in importedModules(source.text) { imports[module, default: []].append(source.url.lastPathComponent) }
        }
        let hook = """
        // Generated by the lamina command: registers the app's methods that selectors name
        // (UIKit calls this once at launch, before any storyboard is read).
        import ObjectiveC

        @_cdecl("lamina_register_storyboard_actions")
        func __laminaRegisterAppSelectors() {
        \(calls.map { "    " + $0 }.joined(separator: "\n"))
        }

        """
        try files.write(hook, to: sourceFolder.appendingPathComponent("LaminaSelectors.swift"))

        // Imports Lamina does not provide.
        let packageModules = Set(target.packageProducts.map(\.productName))
        var products: Set<String> = ["UIKit", "ObjectiveC"]
        for (module, users) in imports.sorted(by: { $0.key < $1.key }) {
            if let product = laminaModules[module] { products.insert(product); continue }
            if toolchainModules.contains(module) || packageModules.contains(module) { continue }
            report.warnings.append("import \(module): Lamina does not provide this framework (used by \(users.sorted().joined(separator: ", ")))")
        }

        // Resources, laid out as the app bundle.
        let app = sourceFolder.appendingPathComponent("App")
        var expected: Set<String> = ["Info.plist"]
        for resource in target.resources {
            let parent = resource.deletingLastPathComponent()
            let relative = parent.pathExtension == "lproj" ? parent.lastPathComponent + "/" + resource.lastPathComponent
                : resource.lastPathComponent
            guard FileManager.default.fileExists(atPath: resource.path) else {
                throw ProjectError("\(resource.path): a resource of target \(target.name) is missing")
            }
            expected.insert(relative)
            try files.copy(resource, to: app.appendingPathComponent(relative))
        }
        let info = try InfoPlistMaker.make(project: project, resolver: resolver)
        do {
            let data = try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
            try files.write(data, to: app.appendingPathComponent("Info.plist"))
        } catch let error as ProjectError {
            throw error
        } catch {
            throw ProjectError("\(target.name)'s Info.plist could not be written: \(error.localizedDescription)")
        }
        files.removeOthers(in: sourceFolder, keeping: usedNames.union(["App"]))
        files.removeOthers(in: app, keeping: Set(expected.map { $0.split(separator: "/").first.map(String.init) ?? $0 }))

        // Unit-test targets of the app (XCTest and Swift Testing), carried over the same way.
        var testTargets: [String] = []
        let testsFolder = output.appendingPathComponent("Tests")
        for tests in project.targets where tests.kind == .unitTests && tests.dependencies.contains(target.name) {
            let name = sanitized(tests.name)
            let folder = testsFolder.appendingPathComponent(name)
            var written: Set<String> = []
            for url in tests.sources where url.pathExtension == "swift" {
                guard let data = FileManager.default.contents(atPath: url.path) else {
                    throw ProjectError("\(url.path): a source file of target \(tests.name) is missing")
                }
                let carried = SourceCarryOver.carry(String(decoding: data, as: UTF8.self), path: url.path, selectors: selectors)
                var file = url.deletingPathExtension().lastPathComponent + ".carried.swift"
                while written.contains(file) { file = "_" + file }
                written.insert(file)
                try files.write(carried.text, to: folder.appendingPathComponent(file))
            }
            files.removeOthers(in: folder, keeping: written)
            if !written.isEmpty { testTargets.append(name) }
        }
        for uiTests in project.targets where uiTests.kind == .uiTests {
            report.warnings.append("UI-test target \(uiTests.name) is not built: XCUIApplication is not supported")
        }
        files.removeOthers(in: testsFolder, keeping: Set(testTargets))
        report.testTargets = testTargets

        let manifest = ManifestMaker.manifest(project: project, target: target, module: module, resolver: resolver,
                                              products: products.sorted(), laminaRoot: laminaRoot, testTargets: testTargets)
        try files.write(manifest, to: output.appendingPathComponent("Package.swift"))
        return report
    }

    /// A module name made of identifier characters.
    static func sanitized(_ name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if result.first?.isNumber ?? true { result = "_" + result }
        return result
    }

    /// The modules a file imports (`import UIKit`, `@testable import X`, `import struct A.B`),
    /// read line by line from the bytes (most lines are rejected at their first word).
    static func importedModules(_ text: String) -> [String] {
        var modules: [String] = []
        let bytes = Array(text.utf8)
        let skipped: Set<String> = ["public", "internal", "private", "fileprivate", "package"]
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            // The line's words (at most five are needed).
            var words: [Range<Int>] = []
            var i = start
            while i < end, words.count < 5 {
                while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
                let wordStart = i
                while i < end, bytes[i] != 0x20, bytes[i] != 0x09 { i += 1 }
                if i > wordStart { words.append(wordStart..<i) }
                // Only lines starting with an attribute, a modifier or `import` can import.
                if words.count == 1, let first = words.first, ![0x40, 0x69, 0x70, 0x66].contains(bytes[first.lowerBound]) { break }
            }
            func word(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
            var k = 0
            while k < words.count, bytes[words[k].lowerBound] == 0x40 || skipped.contains(word(words[k])) { k += 1 }
            if k + 1 < words.count, word(words[k]) == "import" {
                var name = word(words[k + 1])
                if kinds.contains(name), k + 2 < words.count { name = word(words[k + 2]) }
                if let module = name.split(separator: ".").first { modules.append(String(module)) }
            }
            start = end + 1
        }
        return modules
    }
}

/// Writes files only when their content changes, and copies resources only when they differ.
final class FileWriter {
    func write(_ text: String, to url: URL) throws(ProjectError) {
        try write(Data(text.utf8), to: url)
    }

    /// Folders made (or found) already.
    private var folders: Set<String> = []

    func write(_ data: Data, to url: URL) throws(ProjectError) {
        if FileManager.default.contents(atPath: url.path) == data { return }
        do {
            let folder = url.deletingLastPathComponent()
            if !folders.contains(folder.path) {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                folders.insert(folder.path)
            }
            // Not atomic: a write cut short leaves a file whose content differs, which the next
            // run writes again.
            try data.write(to: url)
        } catch {
            throw ProjectError("\(url.path): could not be written (\(error.localizedDescription))")
        }
    }

    /// Copies a file or folder, replacing what is there unless it is the same.
    func copy(_ source: URL, to destination: URL) throws(ProjectError) {
        let manager = FileManager.default
        if same(source, destination) { return }
        do {
            try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            if manager.fileExists(atPath: destination.path) { try manager.removeItem(at: destination) }
            try manager.copyItem(at: source, to: destination)
        } catch {
            throw ProjectError("\(source.path): could not be copied into the package (\(error.localizedDescription))")
        }
    }

    /// Whether two files (or folders, file by file) have the same sizes and modification dates.
    private func same(_ a: URL, _ b: URL) -> Bool {
        let manager = FileManager.default
        guard let attributesA = try? manager.attributesOfItem(atPath: a.path),
              let attributesB = try? manager.attributesOfItem(atPath: b.path) else { return false }
        if attributesA[.type] as? FileAttributeType == .typeDirectory {
            guard attributesB[.type] as? FileAttributeType == .typeDirectory,
                  let namesA = try? manager.contentsOfDirectory(atPath: a.path).sorted(),
                  let namesB = try? manager.contentsOfDirectory(atPath: b.path).sorted(), namesA == namesB else { return false }
            return namesA.allSatisfy { same(a.appendingPathComponent($0), b.appendingPathComponent($0)) }
        }
        return attributesA[.size] as? Int == attributesB[.size] as? Int
            && (attributesB[.modificationDate] as? Date ?? .distantPast) >= (attributesA[.modificationDate] as? Date ?? .distantFuture)
    }

    /// Removes what `folder` holds besides `names` (files a previous run wrote).
    func removeOthers(in folder: URL, keeping names: Set<String>) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where !names.contains(name) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
