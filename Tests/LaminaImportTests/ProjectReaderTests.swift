import Foundation
import Testing
@testable import LaminaImport

/// Xcode projects read as the `lamina` command reads them: `Examples/NotesApp`'s (Xcode 15's
/// format: groups, variant groups, a unit-test target) and an Xcode 16 project with a
/// synchronized folder and package dependencies.
@Suite struct ProjectReaderTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test func theNotesAppProjectHasItsTargetsFilesAndSettings() throws {
        let url = ProjectReaderTests.repository.appendingPathComponent("Examples/NotesApp/NotesApp.xcodeproj")
        let project = try XcodeProject.load(url)
        #expect(project.name == "NotesApp")
        #expect(project.objectVersion == 60)
        #expect(project.defaultConfiguration == "Release")
        #expect(project.targets.map(\.name) == ["NotesApp", "NotesAppTests"])
        let app = try #require(project.target(named: "NotesApp"))
        #expect(app.kind == .application)
        let folder = url.deletingLastPathComponent().appendingPathComponent("Sources/NotesApp")
        #expect(app.sources.map(\.lastPathComponent) == ["AppDelegate.swift", "SceneDelegate.swift", "NoteStore.swift",
                                                          "NotesViewController.swift", "NoteViewController.swift",
                                                          "SettingsViewController.swift"])
        #expect(app.sources.allSatisfy { $0.deletingLastPathComponent().standardizedFileURL == folder.standardizedFileURL })
        #expect(app.sources.allSatisfy { FileManager.default.fileExists(atPath: $0.path) }, "every path resolves to a file")
        let resources = app.resources.map { $0.path.replacingOccurrences(of: folder.path + "/", with: "") }
        #expect(resources == ["App/Base.lproj/LaunchScreen.storyboard", "App/Assets.xcassets", "App/Base.lproj/Main.storyboard",
                              "App/zh-Hans.lproj/Main.strings", "App/en.lproj/Localizable.strings",
                              "App/zh-Hans.lproj/Localizable.strings", "App/en.lproj/Localizable.stringsdict",
                              "App/zh-Hans.lproj/Localizable.stringsdict", "App/Fonts"])
        #expect(app.resources.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        // The target's settings laid over the project's.
        let debug = try #require(project.settings["Debug"]).overlaid(with: try #require(app.ownSettings["Debug"]))
        #expect(debug["SWIFT_VERSION"] == "5.0")
        #expect(debug["INFOPLIST_FILE"] == "Sources/NotesApp/App/Info.plist")
        #expect(debug.list("SWIFT_ACTIVE_COMPILATION_CONDITIONS") == ["DEBUG", "$(inherited)"])
        #expect(debug.list("OTHER_SWIFT_FLAGS") == ["-D", "NOTES_LOGGING"])
        #expect(app.ownSettings["Release"]?["OTHER_SWIFT_FLAGS"] == nil)
        let tests = try #require(project.target(named: "NotesAppTests"))
        #expect(tests.kind == .unitTests)
        #expect(tests.dependencies == ["NotesApp"])
        #expect(tests.sources.map(\.lastPathComponent) == ["NoteStoreTests.swift"])
    }

    @Test func anXcode16SynchronizedFolderGivesItsFilesLessItsExceptions() throws {
        let url = ProjectReaderTests.fixtures.appendingPathComponent("Synced/Synced.xcodeproj")
        let project = try XcodeProject.load(url)
        #expect(project.objectVersion == 77)
        let app = try #require(project.target(named: "Synced"))
        let folder = url.deletingLastPathComponent().appendingPathComponent("Synced")
        func relative(_ urls: [URL]) -> [String] { urls.map { $0.path.replacingOccurrences(of: folder.path + "/", with: "") } }
        #expect(relative(app.sources) == ["AppDelegate.swift", "ViewController.swift"], "Drafts/ is excepted")
        #expect(relative(app.resources) == ["Assets.xcassets", "Base.lproj/Main.storyboard", "Settings.plist"],
                "Info.plist is excepted; the catalogue is one resource")
        let debug = try #require(project.settings["Debug"]).overlaid(with: try #require(app.ownSettings["Debug"]))
        #expect(debug["SWIFT_VERSION"] == "5.0", "the target's setting wins")
        #expect(debug["SWIFT_DEFAULT_ACTOR_ISOLATION"] == "MainActor")
        #expect(debug["INFOPLIST_KEY_UIMainStoryboardFile"] == "Main")
        #expect(debug.list("OTHER_SWIFT_FLAGS") == ["-D", "SYNCED_BETA", "-enable-upcoming-feature", "ExistentialAny"])
        #expect(project.packages == [
            SwiftPackageReference(location: .remote(url: "https://github.com/apple/swift-algorithms.git"), requirement: .upToNextMajor("1.2.0")),
            SwiftPackageReference(location: .local(path: "../Markdown"), requirement: .none),
        ])
        #expect(app.packageProducts.map(\.productName) == ["Algorithms", "Markdown"])
        #expect(app.packageProducts.first?.package == project.packages.first)
    }

    @Test func anOldFormatProjectResolvesGroupAndSourceRootPaths() throws {
        let url = ProjectReaderTests.fixtures.appendingPathComponent("Legacy/Legacy.xcodeproj")
        let project = try XcodeProject.load(url)
        #expect(project.objectVersion == 46)
        let app = try #require(project.target(named: "Legacy"))
        let root = url.deletingLastPathComponent().path
        #expect(app.sources.map { $0.path.replacingOccurrences(of: root + "/", with: "") }
                == ["Legacy/AppDelegate.swift", "Legacy/Views/BadgeView.swift", "RootViewController.swift"],
                "a group with a path, a file whose path has folders, a SOURCE_ROOT file; the SDK's framework is not a source")
        #expect(app.sources.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        let resolver = SettingsResolver(project: project, target: app, configuration: "Debug")
        #expect(resolver["INFOPLIST_FILE"] == root + "/Legacy/Info.plist")
        #expect(resolver["PRODUCT_MODULE_NAME"] == "Legacy")
        #expect(resolver["SWIFT_VERSION"] == "4.2")
    }

    @Test func workspacesAndSchemesNameTheProjectAndTarget() throws {
        let workspace = ProjectReaderTests.fixtures.appendingPathComponent("Workspace/App.xcworkspace")
        let (project, target) = try ProjectLocator.locate(workspace, scheme: nil)
        #expect(project.name == "Synced" && target == nil, "the Pods project is left out; the app project is chosen")
        let notes = ProjectReaderTests.repository.appendingPathComponent("Examples/NotesApp")
        #expect(try ProjectLocator.locate(notes, scheme: "Notes").target == "NotesApp", "a shared scheme's app target")
        #expect(try ProjectLocator.locate(notes, scheme: "NotesAppTests").target == "NotesAppTests", "a target's name")
        #expect(throws: ProjectError.self) { try ProjectLocator.locate(notes, scheme: "Nope") }
    }

    @Test func brokenProjectsSayWhatIsWrongAndWhere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-project-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        func load(_ text: String?) -> String? {
            let project = folder.appendingPathComponent("Broken.xcodeproj")
            try? FileManager.default.removeItem(at: project)
            try? FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            if let text { try? Data(text.utf8).write(to: project.appendingPathComponent("project.pbxproj")) }
            do {
                _ = try XcodeProject.load(project)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(load(nil)?.contains("no such file") == true)
        #expect(load("{ objects = { ; }")?.contains("line 1") == true)
        #expect(load("{ objects = { }; }")?.contains("no PBXProject root object") == true)
        let dangling = """
        { objects = {
            P = { isa = PBXProject; targets = ( T ); mainGroup = G; };
            G = { isa = PBXGroup; children = ( ); sourceTree = "<group>"; };
            T = { isa = PBXNativeTarget; name = App; buildPhases = ( S ); productType = "com.apple.product-type.application"; };
            S = { isa = PBXSourcesBuildPhase; files = ( B ); };
            B = { isa = PBXBuildFile; fileRef = MISSING; };
          }; rootObject = P; }
        """
        let message = try #require(load(dangling))
        #expect(message.contains("target App") && message.contains("MISSING"))
    }

    /// A package folder dragged into the project is a file reference (`lastKnownFileType =
    /// wrapper`), and the target's product dependency names no package: Xcode links the product
    /// from that folder (marmelroy/PhoneNumberKit's examples at 840ca3a are made so).
    @Test func aPackageFolderDraggedIntoTheProjectProvidesTheProduct() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-folder-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("Formatting")
        let project = folder.appendingPathComponent("Sample/Sample.xcodeproj")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data("// swift-tools-version: 5.9\n".utf8).write(to: package.appendingPathComponent("Package.swift"))
        func load(productName: String, packageFolder: String) throws -> XcodeProject {
            try Data("""
            { objects = {
                P = { isa = PBXProject; targets = ( T ); mainGroup = G; };
                G = { isa = PBXGroup; children = ( F, N ); sourceTree = "<group>"; };
                F = { isa = PBXFileReference; lastKnownFileType = wrapper; name = Formatting; path = \(packageFolder); sourceTree = "<group>"; };
                N = { isa = PBXFileReference; lastKnownFileType = folder; path = Notes; sourceTree = "<group>"; };
                T = { isa = PBXNativeTarget; name = Sample; buildPhases = ( ); packageProductDependencies = ( D );
                      productType = "com.apple.product-type.application"; };
                D = { isa = XCSwiftPackageProductDependency; productName = \(productName); };
              }; rootObject = P; }
            """.utf8).write(to: project.appendingPathComponent("project.pbxproj"))
            return try XcodeProject.load(project)
        }
        let loaded = try load(productName: "Formatting", packageFolder: "../Formatting")
        let expected = SwiftPackageReference(location: .local(path: package.standardizedFileURL.path), requirement: .none)
        #expect(loaded.packages == [expected], "the folder holding a Package.swift, not the plain folder beside it")
        #expect(loaded.targets.first?.packageProducts == [SwiftPackageProduct(productName: "Formatting", package: expected)])
        #expect(ManifestMaker.packageIdentity(expected) == "formatting")

        let missing = try load(productName: "Formatting", packageFolder: "../Elsewhere")
        #expect(missing.packages.isEmpty)
        #expect(missing.targets.first?.packageProducts.first?.package == nil, "no folder package: the product stays unresolved")

        let output = folder.appendingPathComponent("Generated")
        let linked = try PackageWriter.write(project: loaded, laminaRoot: URL(fileURLWithPath: "/opt/lamina"), output: output)
        #expect(linked.warnings.isEmpty, "\(linked.warnings)")
        let manifest = try String(contentsOf: output.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".package(path: \"\(package.standardizedFileURL.path)\")"))
        #expect(manifest.contains(".product(name: \"Formatting\", package: \"formatting\")"))
        let unlinked = try PackageWriter.write(project: missing, laminaRoot: URL(fileURLWithPath: "/opt/lamina"), output: output)
        #expect(unlinked.warnings.contains { $0.hasPrefix("package product Formatting: the project names no package") },
                "said before the build fails on the import: \(unlinked.warnings)")
    }
}

