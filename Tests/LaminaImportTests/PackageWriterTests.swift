import Foundation
import Testing
@testable import LaminaImport

/// The package `lamina package` writes for `Examples/NotesApp/NotesApp.xcodeproj`.
@Suite struct PackageWriterTests {
    private static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/NotesApp")

    @Test func theNotesAppBecomesAPackageWithItsSourcesResourcesAndSettings() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let project = try XcodeProject.load(PackageWriterTests.example.appendingPathComponent("NotesApp.xcodeproj"))
        let report = try PackageWriter.write(project: project, laminaRoot: URL(fileURLWithPath: "/opt/lamina"), output: output)
        #expect(report.module == "NotesApp" && report.target == "NotesApp")
        #expect(report.warnings.isEmpty)
        let sources = output.appendingPathComponent("Sources/NotesApp")
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
        #expect(files == ["App", "AppDelegate.carried.swift", "LaminaSelectors.swift", "NoteStore.carried.swift",
                          "NoteViewController.carried.swift", "NotesViewController.carried.swift", "SceneDelegate.carried.swift",
                          "SettingsViewController.carried.swift"])
        // Outlets and actions carried over and registered.
        let notes = try String(contentsOf: sources.appendingPathComponent("NotesViewController.carried.swift"), encoding: .utf8)
        #expect(notes.hasPrefix("#sourceLocation(file: \"\(PackageWriterTests.example.path)/Sources/NotesApp/NotesViewController.swift\", line: 1)"))
        #expect(!notes.contains("@IBAction"))
        #expect(notes.contains("SelectorTable.register(\"addNote:\", on: NotesViewController.self"))
        #expect(notes.contains("target.addNote(arguments[0] as Any)"))
        let note = try String(contentsOf: sources.appendingPathComponent("NoteViewController.carried.swift"), encoding: .utf8)
        #expect(note.contains("    weak var titleLabel: UILabel!") && !note.contains("@IBOutlet"))
        let hook = try String(contentsOf: sources.appendingPathComponent("LaminaSelectors.swift"), encoding: .utf8)
        #expect(hook.contains("@_cdecl(\"lamina_register_storyboard_actions\")"))
        #expect(hook.contains("NotesViewController.__laminaRegisterSelectors_") && hook.contains("SettingsViewController.__laminaRegisterSelectors_"))
        // The app bundle.
        let app = sources.appendingPathComponent("App")
        for path in ["Info.plist", "Assets.xcassets/AccentColor.colorset/Contents.json", "Base.lproj/Main.storyboard",
                     "Base.lproj/LaunchScreen.storyboard", "zh-Hans.lproj/Main.strings", "en.lproj/Localizable.strings",
                     "zh-Hans.lproj/Localizable.stringsdict", "Fonts/LaminaTestScript-Italic.ttf"] {
            #expect(FileManager.default.fileExists(atPath: app.appendingPathComponent(path).path), "\(path) is in the bundle")
        }
        let info = try #require(PropertyListSerialization.propertyList(from: Data(contentsOf: app.appendingPathComponent("Info.plist")),
                                                                         format: nil) as? [String: Any])
        #expect(info["CFBundleExecutable"] as? String == "NotesApp", "$(EXECUTABLE_NAME) substituted")
        #expect(info["CFBundleName"] as? String == "NotesApp")
        #expect(info["CFBundleDevelopmentRegion"] as? String == "en")
        #expect(info["CFBundlePackageType"] as? String == "APPL")
        #expect(info["UIAppFonts"] as? [String] == ["Fonts/LaminaTestScript-Italic.ttf"])
        let manifest = try String(contentsOf: output.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".package(name: \"Lamina\", path: \"/opt/lamina\")"))
        #expect(manifest.contains(".define(\"DEBUG\")") && manifest.contains(".define(\"NOTES_LOGGING\")"))
        #expect(manifest.contains("swiftLanguageModes: [.v5]"))
        // The unit-test target, carried over beside the app.
        #expect(report.testTargets == ["NotesAppTests"])
        #expect(manifest.contains(".testTarget(name: \"NotesAppTests\", dependencies: [\"NotesApp\"])"))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("Tests/NotesAppTests/NoteStoreTests.carried.swift").path))

        // A second run with nothing changed rewrites nothing.
        let before = try FileManager.default.attributesOfItem(atPath: sources.appendingPathComponent("AppDelegate.carried.swift").path)[.modificationDate] as? Date
        _ = try PackageWriter.write(project: project, laminaRoot: URL(fileURLWithPath: "/opt/lamina"), output: output)
        let after = try FileManager.default.attributesOfItem(atPath: sources.appendingPathComponent("AppDelegate.carried.swift").path)[.modificationDate] as? Date
        #expect(before == after)
    }

    /// An app depending on a framework target of its own project: the framework becomes a
    /// library module the app imports, with its own settings and selector registrations.
    @Test func aFrameworkTargetTheAppDependsOnBecomesAModule() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Legacy/Legacy.xcodeproj")
        let project = try XcodeProject.load(fixture)
        #expect(project.target(named: "Legacy")?.dependencies == ["Kit"])
        #expect(project.target(named: "Kit")?.kind == .framework)
        let report = try PackageWriter.write(project: project, laminaRoot: URL(fileURLWithPath: "/opt/lamina"), output: output)
        #expect(report.module == "Legacy")
        let kit = output.appendingPathComponent("Sources/Kit")
        #expect(try FileManager.default.contentsOfDirectory(atPath: kit.path).sorted() == ["LaminaSelectors.swift", "Pulse.carried.swift"])
        let pulse = try String(contentsOf: kit.appendingPathComponent("Pulse.carried.swift"), encoding: .utf8)
        #expect(pulse.contains("SelectorTable.register(\"pulse:\", on: PulseLabel.self"))
        let kitHook = try String(contentsOf: kit.appendingPathComponent("LaminaSelectors.swift"), encoding: .utf8)
        #expect(kitHook.contains("public func __laminaRegisterSelectors_Kit() {\n    PulseLabel.__laminaRegisterSelectors_0()"))
        let appHook = try String(contentsOf: output.appendingPathComponent("Sources/Legacy/LaminaSelectors.swift"), encoding: .utf8)
        #expect(appHook.contains("import Kit\n") && appHook.contains("    __laminaRegisterSelectors_Kit()"))
        let manifest = try String(contentsOf: output.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("""
                .target(
                    name: "Kit",
        """))
        #expect(manifest.contains(".define(\"KIT_DEBUG\")"), "the framework's own settings")
        #expect(manifest.contains("                \"Kit\",\n"), "the app depends on it")
        #expect(report.warnings.isEmpty, "import Kit is the project's own module: \(report.warnings)")
    }

    @Test func settingsExpandAsXcodeExpandsThem() throws {
        let project = try XcodeProject.load(PackageWriterTests.example.appendingPathComponent("NotesApp.xcodeproj"))
        let app = try #require(project.target(named: "NotesApp"))
        let resolver = SettingsResolver(project: project, target: app, configuration: "Release")
        #expect(resolver["PRODUCT_NAME"] == "NotesApp")
        #expect(resolver.expand("$(PRODUCT_BUNDLE_IDENTIFIER).$(PRODUCT_NAME:lower) ${TARGET_NAME:rfc1034identifier}")
                == "org.lamina.examples.NotesApp.notesapp NotesApp")
        #expect(resolver.expand("$(UNDEFINED)x$(inherited)") == "x")
        #expect(resolver.list("SWIFT_ACTIVE_COMPILATION_CONDITIONS").isEmpty, "Release has no DEBUG")
    }

    @Test func importsAreFoundLineByLine() {
        let text = """
        import UIKit
        @testable import NotesApp
        import struct Foundation.URL
          public import MapKit
        // import Nope
        let importer = 1
        \timport\tAVFoundation
        """
        #expect(PackageWriter.importedModules(text) == ["UIKit", "NotesApp", "Foundation", "MapKit", "AVFoundation"])
    }
}
