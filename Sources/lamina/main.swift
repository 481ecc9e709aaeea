import Foundation
import LaminaImport

// `lamina`: builds and runs an unmodified iOS Xcode project on Linux against Lamina.
// Subcommands: package, run, doctor (see `lamina --help`).

let usage = """
usage: lamina <command> [options]

commands:
  package <App.xcodeproj | folder>   write the SwiftPM package the app builds as
  run <App.xcodeproj | folder>       build the app against Lamina and run it
  test <App.xcodeproj | folder>      build and run the app's unit tests
  doctor                             check this machine for what Lamina needs

`lamina <command> --help` describes a command's options.
"""

/// The Lamina checkout the generated packages depend on: `LAMINA_ROOT`, else the one this
/// command was built from.
let laminaRoot: URL = {
    if let root = ProcessInfo.processInfo.environment["LAMINA_ROOT"], !root.isEmpty { return URL(fileURLWithPath: root) }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}()

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data(("lamina: " + message + "\n").utf8))
    exit(status)
}

/// Options shared by `package` and `run`.
struct ProjectOptions {
    var project: URL?
    var scheme: String?
    var configuration = "Debug"
    var output: URL?
    var explain = false
    var headless = false
    var screenshot: String?
    var dark = false
    var locale: String?
    var at: Double?
    var device: String?
    var script: String?
    var rest: [String] = []

    init(_ arguments: [String], help: String) {
        var list = arguments
        func value(_ flag: String) -> String {
            guard !list.isEmpty else { fail("\(flag) needs a value\n\n\(help)") }
            return list.removeFirst()
        }
        while !list.isEmpty {
            let argument = list.removeFirst()
            switch argument {
            case "--help", "-h":
                print(help)
                exit(0)
            case "--scheme": scheme = value(argument)
            case "--configuration", "-c": configuration = value(argument)
            case "--output", "-o": output = URL(fileURLWithPath: value(argument))
            case "--explain": explain = true
            case "--headless": headless = true
            case "--screenshot": screenshot = value(argument)
            case "--":
                // What follows goes to the app as its arguments.
                rest += list
                list = []
            case "--dark": dark = true
            case "--locale": locale = value(argument)
            case "--at":
                let text = value(argument)
                guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else { fail("--at takes seconds after launch (0 or more), not \(text)") }
                at = seconds
            case "--device": device = value(argument)
            case "--script":
                let path = value(argument)
                guard FileManager.default.isReadableFile(atPath: path) else { fail("--script \(path): no such file") }
                script = URL(fileURLWithPath: path).path
            default:
                if argument.hasPrefix("-") { fail("unknown option \(argument)\n\n\(help)") }
                if project == nil { project = URL(fileURLWithPath: argument) } else { rest.append(argument) }
            }
        }
    }
}

/// Reads the project and writes its package; exits with the reason when it cannot.
func writePackage(_ options: ProjectOptions) -> PackageWriter.Report {
    let given = options.project ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    do {
        let (project, target) = try ProjectLocator.locate(given, scheme: options.scheme)
        let output = options.output ?? project.url.deletingLastPathComponent().appendingPathComponent(".lamina/\(project.name)")
        let report = try PackageWriter.write(project: project, targetName: target, configuration: options.configuration,
                                             laminaRoot: laminaRoot, output: output)
        for warning in report.warnings { FileHandle.standardError.write(Data("lamina: warning: \(warning)\n".utf8)) }
        if options.explain {
            for (file, change) in report.changes { print("\(file):\(change.line): \(change.description)") }
        }
        return report
    } catch {
        fail(error.message)
    }
}

/// SwiftPM keeps a package's build plan between runs and misses files added to a path
/// dependency since ("cannot find 'X' in scope" in Lamina's own sources): when a folder of
/// Lamina's sources changed after the plan was written, the plan is removed and made again.
func forgetStalePlan(of package: URL, configuration: String) {
    let build = package.appendingPathComponent(".build")
    let plan = build.appendingPathComponent("\(configuration)/description.json")
    guard let planned = (try? FileManager.default.attributesOfItem(atPath: plan.path))?[.modificationDate] as? Date else { return }
    let sources = laminaRoot.appendingPathComponent("Sources")
    var folders = [sources]
    if let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: [.isDirectoryKey]) {
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
            folders.append(url)
        }
    }
    let changed = folders.contains { folder in
        ((try? FileManager.default.attributesOfItem(atPath: folder.path))?[.modificationDate] as? Date ?? .distantPast) > planned
    }
    guard changed else { return }
    try? FileManager.default.removeItem(at: plan)
    try? FileManager.default.removeItem(at: build.appendingPathComponent("\(configuration).yaml"))
}

/// Runs a program, passing its output through; its exit status.
@discardableResult
func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    if let environment { process.environment = environment }
    do { try process.run() } catch { fail("could not start \(executable): \(error.localizedDescription)") }
    process.waitUntilExit()
    return process.terminationStatus
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    print(usage)
    exit(0)
}
arguments.removeFirst()

switch command {
case "--help", "-h", "help":
    print(usage)

case "package":
    let help = """
    usage: lamina package [App.xcodeproj | App.xcworkspace | folder] [--scheme NAME] [--configuration Debug|Release] [--output DIR] [--explain]

    Writes the SwiftPM package the app target builds as (by default into .lamina/<Project> beside the
    project; the folder can be ignored by version control): its Swift files carried over for Swift
    without an Objective-C runtime, its resources laid out as the app bundle, its Info.plist, and a
    manifest with the target's Swift settings. --explain lists every edit made to a source file.
    """
    let options = ProjectOptions(arguments, help: help)
    let report = writePackage(options)
    print(report.folder.path)

case "run":
    let help = """
    usage: lamina run [App.xcodeproj | App.xcworkspace | folder] [--scheme NAME] [--configuration Debug|Release]
                      [--headless [--screenshot FILE.png] [--at SECONDS] [--device NAME] [--script INPUT.json]]
                      [--dark] [--locale LANGUAGE] [-- APP ARGUMENTS…]

    Builds the app against Lamina and runs it in an X11 window; with --headless it launches without
    a display, and with --screenshot writes the first frame as a PNG and exits.
      --at SECONDS        run on to that time after launch before the screenshot
      --device NAME       the screen of iPhoneSe, iPhone8, iPhoneX, iPhone13, iPhone13ProMax, iPhone15,
                          iPadMini, iPadPro11, iPadPro12_9 … (size, scale, safe area, idiom)
      --script FILE.json  play taps, drags and typing at their times, e.g.
                          [{"at": 0.5, "tap": "Add"}, {"at": 1, "type": "Milk"}, {"at": 1.5, "screenshot": "b.png"}]
    """
    let options = ProjectOptions(arguments, help: help)
    let report = writePackage(options)
    let release = options.configuration.lowercased() == "release"
    forgetStalePlan(of: report.folder, configuration: release ? "release" : "debug")
    let status = run("swift", ["build", "--package-path", report.folder.path, "-c", release ? "release" : "debug", "--product", report.module])
    guard status == 0 else { fail("the app did not build (the compiler's messages above name your files and lines)", status: status) }
    let binary = report.folder.appendingPathComponent(".build/\(release ? "release" : "debug")/\(report.module)")
    var environment = ProcessInfo.processInfo.environment
    let scripted = options.at != nil || options.script != nil
    if scripted || options.device != nil, !options.headless {
        fail("--at, --script and --device need --headless\n\n\(help)")
    }
    if options.headless || options.screenshot != nil { environment.removeValue(forKey: "DISPLAY") }
    if let screenshot = options.screenshot {
        environment["LAMINA_SCREENSHOT"] = URL(fileURLWithPath: screenshot).path
        environment["LAMINA_EXIT_AFTER_LAUNCH"] = "1"
    }
    if let at = options.at { environment["LAMINA_AT"] = String(at) }
    if let script = options.script { environment["LAMINA_SCRIPT"] = script }
    if let device = options.device { environment["LAMINA_DEVICE"] = device }
    if options.dark { environment["LAMINA_APPEARANCE"] = "dark" }
    if let locale = options.locale { environment["LANGUAGE"] = locale }
    let appStatus = run(binary.path, options.rest, environment: environment)
    if appStatus != 0 { fail("the app ended with status \(appStatus)", status: appStatus) }

case "test":
    let help = """
    usage: lamina test [App.xcodeproj | App.xcworkspace | folder] [--scheme NAME] [--filter PATTERN]

    Builds the app's unit-test targets (XCTest and Swift Testing) with the app's module available to
    `@testable import`, and runs them with `swift test`. UI-test targets (XCUIApplication) are
    reported as not supported.
    """
    var list = arguments
    var filter: [String] = []
    if let index = list.firstIndex(of: "--filter") {
        guard index + 1 < list.count else { fail("--filter needs a pattern\n\n\(help)") }
        filter = ["--filter", list[index + 1]]
        list.removeSubrange(index...(index + 1))
    }
    let options = ProjectOptions(list, help: help)
    let report = writePackage(options)
    guard !report.testTargets.isEmpty else { fail("\(report.target) has no unit-test target to run") }
    forgetStalePlan(of: report.folder, configuration: "debug")
    let status = run("swift", ["test", "--package-path", report.folder.path] + filter)
    if status != 0 { fail("tests failed (status \(status))", status: status) }

case "doctor":
    if arguments.contains("--help") {
        print("usage: lamina doctor\n\nChecks the Swift toolchain, the display and the system libraries Lamina uses, and says what to install.")
        exit(0)
    }
    var problems = 0
    func check(_ name: String, _ ok: Bool, _ fix: String) {
        print((ok ? "ok      " : "missing ") + name + (ok ? "" : " — " + fix))
        if !ok { problems += 1 }
    }
    let quiet: [String: String] = ProcessInfo.processInfo.environment
    func succeeds(_ program: String, _ args: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + args
        process.environment = quiet
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
    check("Swift toolchain (swift)", succeeds("swift", ["--version"]), "install Swift 6 from swift.org")
    check("pkg-config", succeeds("pkg-config", ["--version"]), "apt install pkg-config")
    for (module, package) in [("libpng", "libpng-dev"), ("libjpeg", "libjpeg-turbo8-dev or libjpeg62-turbo-dev"), ("zlib", "zlib1g-dev"),
                              ("freetype2", "libfreetype-dev"), ("fontconfig", "libfontconfig-dev"), ("icu-uc", "libicu-dev"),
                              ("xcb", "libxcb1-dev")] {
        check(module, succeeds("pkg-config", ["--exists", module]), "apt install \(package)")
    }
    for (library, package) in [("libharfbuzz.so.0", "libharfbuzz0b (complex scripts are shaped without it otherwise)")] {
        check(library, dlopen(library, RTLD_LAZY) != nil, "apt install \(package)")
    }
    let display = ProcessInfo.processInfo.environment["DISPLAY"]
    check("X11 display (DISPLAY)", display != nil && !(display ?? "").isEmpty,
          "run under an X server (or Xvfb), or use lamina run --headless")
    print(problems == 0 ? "Everything Lamina needs is here." : "\(problems) thing(s) to install or set up.")
    exit(problems == 0 ? 0 : 1)

default:
    fail("unknown command \(command)\n\n\(usage)")
}
