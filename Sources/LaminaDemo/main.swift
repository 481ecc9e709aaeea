import Foundation
import LaminaGallery
import LaminaPlatform
import LaminaX11
import UIKit

// lamina-demo [output-directory] [--time HH:MM:SS]
//   Builds the gallery scenes with UIKit and writes one PNG per scene. Headless: no display.
// lamina-demo --window
//   Opens the gallery as an app in an X11 window ($DISPLAY): every page live, ← → to move
//   between pages, F for the frame-time overlay.

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--window") {
    guard let x11 = X11Backend() else {
        FileHandle.standardError.write(Data("lamina-demo: --window needs an X server (set DISPLAY); without one, run lamina-demo to write PNGs\n".utf8))
        exit(2)
    }
    Platform.install(x11)
    MainActor.assumeIsolated {
        _ = UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, delegate: GalleryAppDelegate())
    }
    exit(0)
}
var time = (hour: 10, minute: 10, second: 30)
if let index = arguments.firstIndex(of: "--time") {
    guard index + 1 < arguments.count else {
        FileHandle.standardError.write(Data("lamina-demo: --time needs HH:MM:SS\n".utf8))
        exit(2)
    }
    let parts = arguments[index + 1].split(separator: ":").compactMap { Int($0) }
    guard parts.count == 3, (0..<24).contains(parts[0]), (0..<60).contains(parts[1]), (0..<60).contains(parts[2]) else {
        FileHandle.standardError.write(Data("lamina-demo: bad time '\(arguments[index + 1])', expected HH:MM:SS\n".utf8))
        exit(2)
    }
    time = (parts[0], parts[1], parts[2])
    arguments.removeSubrange(index...(index + 1))
}
let output = URL(fileURLWithPath: arguments.first ?? "lamina-demo-output", isDirectory: true)
do {
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
} catch {
    FileHandle.standardError.write(Data("lamina-demo: cannot create \(output.path): \(error)\n".utf8))
    exit(1)
}
for scene in GalleryScene.all(time: time) {
    let file = output.appendingPathComponent(scene.name + ".png")
    guard let data = scene.render().pngData() else {
        FileHandle.standardError.write(Data("lamina-demo: could not encode \(scene.name)\n".utf8))
        exit(1)
    }
    do {
        try data.write(to: file)
    } catch {
        FileHandle.standardError.write(Data("lamina-demo: cannot write \(file.path): \(error)\n".utf8))
        exit(1)
    }
    print(file.path)
}
