import Foundation
import Testing
@testable import LaminaImport

/// Overrides declared in extensions, which Swift without an Objective-C runtime rejects, moved
/// into the class body across files.
@Suite struct ExtensionOverridesTests {
    /// Two files as an app splits them: the classes in one, their extensions in another.
    private static let classes = """
    class Screen {
        func viewDidLoad() {}
        var title: String { "" }
    }

    class BaseViewController: Screen {
        let name = "base"
    }

    final class ListViewController: BaseViewController {
        override func setupViews() { super.setupViews() }
    }
    """

    private static let extensions = """
    import Foundation

    extension BaseViewController {
        /// Overridden by ListViewController.
        @objc func setupViews() {}

        private func helper() -> Int { 1 }
        static var count = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            setupViews()
        }
    }

    extension ListViewController {
        override var title: String { "List" }
        fileprivate(set) var unrelated: Int { get { 0 } set {} }
    }
    """

    @Test func overridesAndOverriddenMembersMoveIntoTheClassBody() {
        let result = ExtensionOverrides.apply(paths: ["/App/Classes.swift", "/App/Extensions.swift"], texts: [Self.classes, Self.extensions])
        #expect(result.moves.map(\.member) == ["setupViews()", "viewDidLoad()", "title"])
        #expect(result.moves.map(\.line) == [5, 10, 17])
        #expect(result.moves.map(\.className) == ["BaseViewController", "BaseViewController", "ListViewController"])
        let classes = result.texts[0]
        #expect(classes.contains("""
            let name = "base"

        #sourceLocation(file: "/App/Extensions.swift", line: 5)
            @objc func setupViews() {}

        #sourceLocation(file: "/App/Extensions.swift", line: 10)
            override func viewDidLoad() {
                super.viewDidLoad()
                setupViews()
            }
        #sourceLocation(file: "/App/Classes.swift", line: 8)
        }
        """))
        // The extension's file keeps its line count; what stays, stays.
        let extensions = result.texts[1]
        #expect(extensions.components(separatedBy: "\n").count == Self.extensions.components(separatedBy: "\n").count)
        #expect(extensions.contains("    private func helper() -> Int { 1 }\n    static var count = 0\n"))
        #expect(extensions.contains("fileprivate(set) var unrelated"))
        #expect(!extensions.contains("viewDidLoad"))
        #expect(extensions.contains("/// Overridden by ListViewController.\n\n"), "a comment stays where it was")
    }

    @Test func onlyMembersASubclassOverridesMove() {
        let classes = """
        class Base {}
        class Other { func configure() {} }
        class Sub: Other { override func configure() {} }
        class Root {}
        class Leaf<T: Equatable>: Root {}
        """
        let extensions = """
        extension Base {
            func configure() {}
        }
        extension Root {
            func setup() {}
        }
        extension Leaf {
            override func setup() {}
        }
        """
        let result = ExtensionOverrides.apply(paths: ["/a.swift", "/b.swift"], texts: [classes, extensions])
        #expect(result.moves.map { "\($0.className).\($0.member)" } == ["Root.setup()", "Leaf.setup()"],
                "Base.configure() stays: only Other's subclass overrides a configure()")
    }

    @Test func aFileWithNothingToMoveIsReturnedAsItWas() {
        let source = "class A {}\nextension A { func f() {} }\n"
        let result = ExtensionOverrides.apply(paths: ["/a.swift"], texts: [source])
        #expect(result.moves.isEmpty)
        #expect(result.texts == [source])
    }

    /// The moved text compiles where the original does not, and an error inside a moved member
    /// is reported at the extension's file and line.
    @Test func theCompilerAcceptsTheMoveAndReportsTheOriginalLocation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("extension-overrides-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func typecheck(_ texts: [String]) throws -> String {
            var paths: [String] = []
            for (index, text) in texts.enumerated() {
                let url = folder.appendingPathComponent("file\(index).swift")
                try text.replacingOccurrences(of: "@objc ", with: "").write(to: url, atomically: true, encoding: .utf8)
                paths.append(url.path)
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swiftc", "-typecheck"] + paths
            let pipe = Pipe()
            process.standardError = pipe
            process.standardOutput = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: output, as: UTF8.self)
        }
        let original = try typecheck([Self.classes, Self.extensions])
        #expect(original.contains("cannot be overridden"))
        let moved = ExtensionOverrides.apply(paths: ["/App/Classes.swift", "/App/Extensions.swift"], texts: [Self.classes, Self.extensions])
        #expect(try typecheck(moved.texts) == "")
        let broken = Self.extensions.replacingOccurrences(of: "setupViews()\n    }", with: "setupViews()\n        let n: Int = \"x\"\n    }")
        #expect(broken != Self.extensions)
        let movedBroken = ExtensionOverrides.apply(paths: ["/App/Classes.swift", "/App/Extensions.swift"], texts: [Self.classes, broken])
        let diagnostics = try typecheck(movedBroken.texts)
        #expect(diagnostics.contains("/App/Extensions.swift:13:"), "\(diagnostics)")
    }
}
