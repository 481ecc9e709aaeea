import Foundation
import LaminaImport

/// `lamina-bench import [--quick] [--files N]`: what the `lamina` command costs before the
/// compiler runs.
///
/// - `import_cold`: reading a synthetic Xcode project of 500 Swift files (each a view controller
///   with outlets, actions, `#selector`s, strings and comments, in nested groups) and writing its
///   package the first time: every file carried over and its registrations written.
/// - `import_unchanged`: the same when nothing changed (what `lamina run` adds to SwiftPM's own
///   no-op build): the project read and every file carried over again, nothing written.
func runImport(_ arguments: [String]) {
    var quick = false
    var count = 500
    var rest = arguments
    while let flag = rest.first {
        rest.removeFirst()
        switch flag {
        case "--quick": quick = true
        case "--files": count = Int(value(of: flag, from: &rest)) ?? 500
        default: fail("usage: lamina-bench import [--quick] [--files N]")
        }
    }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-bench-import-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: root) }
    do {
        try ImportBenchmarkProject.write(files: count, to: root)
    } catch {
        fail("could not write the synthetic project: \(error)")
    }
    let project = root.appendingPathComponent("Big.xcodeproj")
    let clock = ContinuousClock()
    func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = clock.now
        try body()
        let d = clock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
    var cold: [Double] = [], unchanged: [Double] = []
    for round in 0..<(quick ? 2 : 5) {
        let output = root.appendingPathComponent("out\(round)")
        do {
            cold.append(try seconds {
                let read = try XcodeProject.load(project)
                _ = try PackageWriter.write(project: read, laminaRoot: URL(fileURLWithPath: "/opt/lamina"), output: output)
            })
            unchanged.append(try seconds {
                let read = try XcodeProject.load(project)
                _ = try PackageWriter.write(project: read, laminaRoot: URL(fileURLWithPath: "/opt/lamina"), output: output)
            })
        } catch {
            fail("the import failed: \(error)")
        }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    print(String(format: "import_cold (%d files)       median %8.1f ms  (%d samples)", count, median(cold) * 1000, cold.count))
    print(String(format: "import_unchanged (%d files)  median %8.1f ms  (%d samples)", count, median(unchanged) * 1000, unchanged.count))
}

/// A synthetic Xcode project: `files` view controllers in groups of 25.
enum ImportBenchmarkProject {
    static func write(files: Int, to root: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("Big.xcodeproj"), withIntermediateDirectories: true)
        var fileReferences = "", buildFiles = "", groups = "", groupChildren: [String] = [], sourcesList = ""
        func id(_ kind: Int, _ n: Int) -> String { String(format: "%02X%022X", kind, n) }
        let groupCount = (files + 24) / 25
        for g in 0..<groupCount {
            let folder = root.appendingPathComponent("Big/Feature\(g)")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            var children: [String] = []
            for f in (g * 25)..<min(files, (g + 1) * 25) {
                let name = "Screen\(f)ViewController.swift"
                try source(f).write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
                fileReferences += "\t\t\(id(1, f)) /* \(name) */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \(name); sourceTree = \"<group>\"; };\n"
                buildFiles += "\t\t\(id(2, f)) /* \(name) in Sources */ = {isa = PBXBuildFile; fileRef = \(id(1, f)) /* \(name) */; };\n"
                sourcesList += "\t\t\t\t\(id(2, f)) /* \(name) in Sources */,\n"
                children.append("\t\t\t\t\(id(1, f)) /* \(name) */,")
            }
            groups += "\t\t\(id(3, g)) /* Feature\(g) */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\(children.joined(separator: "\n"))\n\t\t\t);\n\t\t\tpath = Feature\(g);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
            groupChildren.append("\t\t\t\t\(id(3, g)) /* Feature\(g) */,")
        }
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>CFBundleExecutable</key><string>$(EXECUTABLE_NAME)</string></dict></plist>
        """
        try plist.write(to: root.appendingPathComponent("Big/Info.plist"), atomically: false, encoding: .utf8)
        let text = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 60;
        \tobjects = {
        \(buildFiles)\(fileReferences)\(groups)\t\t\(id(4, 0)) /* Big */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \(groupChildren.joined(separator: "\n"))
        \t\t\t);
        \t\t\tpath = Big;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\t\(id(4, 1)) = {isa = PBXGroup; children = ( \(id(4, 0)) ); sourceTree = "<group>"; };
        \t\t\(id(5, 0)) /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tfiles = (
        \(sourcesList)\t\t\t);
        \t\t};
        \t\t\(id(6, 0)) /* Big */ = {isa = PBXNativeTarget; buildConfigurationList = \(id(7, 0)); buildPhases = ( \(id(5, 0)) ); name = Big; productName = Big; productType = "com.apple.product-type.application"; };
        \t\t\(id(7, 0)) = {isa = XCConfigurationList; buildConfigurations = ( \(id(8, 0)) ); defaultConfigurationName = Debug; };
        \t\t\(id(8, 0)) = {isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = Big/Info.plist; PRODUCT_NAME = "$(TARGET_NAME)"; SWIFT_VERSION = 5.0; }; name = Debug; };
        \t\t\(id(9, 0)) /* Project object */ = {isa = PBXProject; mainGroup = \(id(4, 1)); targets = ( \(id(6, 0)) ); };
        \t};
        \trootObject = \(id(9, 0));
        }

        """
        try text.write(to: root.appendingPathComponent("Big.xcodeproj/project.pbxproj"), atomically: false, encoding: .utf8)
    }

    /// One screen's source: about 90 lines of what the carry-over rewrites and what it leaves.
    static func source(_ n: Int) -> String {
        var body = """
        import UIKit

        /// Screen \(n): a view controller as Xcode's template grows one.
        class Screen\(n)ViewController: UIViewController {
            @IBOutlet weak var titleLabel: UILabel!
            @IBOutlet weak var saveButton: UIButton!
            @IBInspectable var cornerRadius: CGFloat = 8

            override func viewDidLoad() {
                super.viewDidLoad()
                // #selector(notThis) in a comment, "and @objc in a string"
                saveButton.addTarget(self, action: #selector(save(_:)), for: .touchUpInside)
                NotificationCenter.default.addObserver(self, selector: #selector(refresh), name: nil, object: nil)
                titleLabel.text = "Screen \\(\(n)) — \\(title ?? "")"
            }

            @IBAction func save(_ sender: UIButton) {
                print("saved \(n)")
            }

            @objc private func refresh() {
                titleLabel.text = \"\"\"
                    refreshed \\(Date())
                    \"\"\"
            }

        """
        for k in 0..<12 {
            body += """
                func helper\(k)(_ value: Int, label: String) -> String {
                    let values = [value, value * 2, value + \(k)].map { String($0) }
                    return label + values.joined(separator: ",") // helper \(k)
                }

            """
        }
        return body + "}\n"
    }
}
