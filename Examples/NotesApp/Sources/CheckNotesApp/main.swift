import Foundation
import UIKit

// Launches NotesApp — built unmodified from NotesApp.xcodeproj by the lamina command — headless,
// as CI runs an app: each run starts the process with `LAMINA_EXIT_AFTER_LAUNCH=1` and writes
// its first frame (`LAMINA_SCREENSHOT`) or its views (`LAMINA_VIEW_DUMP`). Frames are compared with `References/` (2/255 per channel);
// `--record` rewrites them; a mismatch writes the actual frame and a difference image to
// `.build/notes-failures/` and exits with status 1.

let packageDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let referenceDirectory = packageDirectory.appendingPathComponent("References")
let failureDirectory = packageDirectory.appendingPathComponent(".build/notes-failures")
let record = CommandLine.arguments.contains("--record")
let tolerance = 2
// The app the lamina command built from NotesApp.xcodeproj (`--app PATH` names another build).
let app: URL = {
    if let index = CommandLine.arguments.firstIndex(of: "--app"), index + 1 < CommandLine.arguments.count {
        return URL(fileURLWithPath: CommandLine.arguments[index + 1])
    }
    return packageDirectory.appendingPathComponent(".lamina/NotesApp/.build/debug/NotesApp")
}()
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("notes-app-\(ProcessInfo.processInfo.processIdentifier)")
try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

/// Runs the app once; nil when it failed.
func launch(arguments: [String], environment extra: [String: String]) -> String? {
    let process = Process()
    process.executableURL = app
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "DISPLAY")
    environment["LAMINA_EXIT_AFTER_LAUNCH"] = "1"
    environment["LAMINA_SCALE"] = "2"
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    do { try process.run() } catch { return "could not start \(app.path): \(error)" }
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        return "NotesApp exited with \(process.terminationStatus): \(String(decoding: stderr, as: UTF8.self))"
    }
    return nil
}

/// The RGBA bytes of `image`, drawn into a plain bitmap.
func rgba(_ image: CGImage) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: image.width * image.height * 4)
    bytes.withUnsafeMutableBytes { raw in
        let context = CGContext(data: raw.baseAddress, width: image.width, height: image.height, bitsPerComponent: 8,
                                bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        context?.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
    }
    return bytes
}

/// Nil when the frame at `url` matches the reference `name`, else what differs.
func compare(_ url: URL, name: String) -> String? {
    let referenceURL = referenceDirectory.appendingPathComponent(name + ".png")
    guard let actualData = FileManager.default.contents(atPath: url.path) else { return "no frame was written for \(name)" }
    if record {
        try? FileManager.default.createDirectory(at: referenceDirectory, withIntermediateDirectories: true)
        try? actualData.write(to: referenceURL)
        return nil
    }
    func writeFailure(_ data: Data?, _ suffix: String) -> String {
        try? FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
        let failure = failureDirectory.appendingPathComponent(name + suffix)
        try? data?.write(to: failure)
        return failure.path
    }
    guard let referenceData = FileManager.default.contents(atPath: referenceURL.path),
          let reference = UIImage(data: referenceData)?.cgImage,
          let actual = UIImage(data: actualData)?.cgImage else {
        return "missing reference \(referenceURL.path); actual: \(writeFailure(actualData, "-actual.png"))"
    }
    guard reference.width == actual.width, reference.height == actual.height else {
        return "size \(actual.width)×\(actual.height) differs from \(reference.width)×\(reference.height); actual: "
            + writeFailure(actualData, "-actual.png")
    }
    let a = rgba(actual), r = rgba(reference)
    var differing = 0, worst = 0
    var diff = [UInt8](repeating: 255, count: a.count)
    for i in stride(from: 0, to: a.count, by: 4) {
        var pixelWorst = 0
        for c in 0..<4 { pixelWorst = max(pixelWorst, abs(Int(a[i + c]) - Int(r[i + c]))) }
        worst = max(worst, pixelWorst)
        if pixelWorst > tolerance { differing += 1 }
        diff[i] = UInt8(min(255, pixelWorst * 8)); diff[i + 1] = 0; diff[i + 2] = 0
    }
    guard differing > 0 else { return nil }
    let diffImage = diff.withUnsafeMutableBytes { raw -> CGImage? in
        CGContext(data: raw.baseAddress, width: actual.width, height: actual.height, bitsPerComponent: 8,
                  bytesPerRow: actual.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)?.makeImage()
    }
    let actualPath = writeFailure(actualData, "-actual.png")
    let diffPath = writeFailure(diffImage.flatMap { UIImage(cgImage: $0).pngData() }, "-diff.png")
    return "\(differing) pixels differ (worst \(worst)/255); actual: \(actualPath), difference: \(diffPath)"
}

var failures: [String] = []

// The first two screens — the list, and the first note opened from it — light and dark.
let screens: [(name: String, arguments: [String])] = [("list", ["-UITesting"]), ("note", ["-UITesting", "-OpenFirstNote"])]
for screen in screens {
    for appearance in ["light", "dark"] {
        let name = "\(screen.name)-\(appearance)"
        let frame = scratch.appendingPathComponent(name + ".png")
        if let problem = launch(arguments: screen.arguments,
                                environment: ["LAMINA_APPEARANCE": appearance, "LANG": "en_US.UTF-8", "LAMINA_SCREENSHOT": frame.path]) {
            failures.append("\(name): \(problem)")
            continue
        }
        if let problem = compare(frame, name: name) { failures.append("\(name): \(problem)") }
        print("\(name): \(record ? "recorded" : "checked")")
    }
}

// Scripted input: the first note tapped in the list (animations on), the frame taken after the
// push has settled — the note screen the launch argument opens, reached as a user reaches it.
let script = scratch.appendingPathComponent("open-note.json")
try? Data(#"[{"at": 0.3, "tap": "Groceries"}]"#.utf8).write(to: script)
let tapped = scratch.appendingPathComponent("note-tapped.png")
if let problem = launch(arguments: [], environment: ["LAMINA_APPEARANCE": "light", "LANG": "en_US.UTF-8", "LAMINA_SCRIPT": script.path,
                                                     "LAMINA_AT": "1.2", "LAMINA_SCREENSHOT": tapped.path]) {
    failures.append("note-tapped: \(problem)")
} else {
    if !record, let problem = compare(tapped, name: "note-light") { failures.append("note-tapped: \(problem)") }
    print("note-tapped: checked")
}

// As an iPhone SE shows it: its screen, and the navigation bar below its 20-point status bar.
let small = scratch.appendingPathComponent("list-se.txt")
if let problem = launch(arguments: ["-UITesting"], environment: ["LAMINA_DEVICE": "iPhoneSe", "LANG": "en_US.UTF-8",
                                                                 "LAMINA_VIEW_DUMP": small.path]) {
    failures.append("list-se: \(problem)")
} else {
    let text = (try? String(contentsOf: small, encoding: .utf8)) ?? ""
    for expected in ["UIWindow (0.0 0.0; 320.0 568.0)", "UINavigationBar (0.0 20.0; 320.0 44.0)"] where !text.contains(expected) {
        failures.append("list-se: the views show no \(expected)")
    }
    print("list-se: checked")
}

// In Chinese (this machine may have no Chinese font to draw it with): the views' texts.
let dump = scratch.appendingPathComponent("list-zh.txt")
if let problem = launch(arguments: ["-UITesting"], environment: ["LANG": "zh_CN.UTF-8", "LAMINA_VIEW_DUMP": dump.path]) {
    failures.append("list-zh: \(problem)")
} else {
    let text = (try? String(contentsOf: dump, encoding: .utf8)) ?? ""
    for expected in ["text=\"笔记\"", "text=\"4 条笔记\"", "text=\"Groceries\""] where !text.contains(expected) {
        failures.append("list-zh: the views show no \(expected)")
    }
    print("list-zh: checked")
}

if failures.isEmpty {
    print("NotesApp: every screen matches")
} else {
    failures.forEach { FileHandle.standardError.write(Data(("CheckNotesApp: " + $0 + "\n").utf8)) }
    exit(1)
}
