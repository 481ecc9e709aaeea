// swift-tools-version:5.9
import PackageDescription

// An iOS app as Xcode's template makes it — `NotesApp.xcodeproj` with an `@main` app delegate,
// a scene delegate, `Info.plist` with a scene manifest, storyboards with outlets and actions, an
// asset catalogue, a custom font and two languages — built unmodified by the `lamina` command:
//
//     swift build --package-path ../.. --product lamina
//     ../../.build/debug/lamina run . --headless --screenshot notes.png
//
// This package holds only `CheckNotesApp`, which launches the app the command built
// (`.lamina/NotesApp/.build/debug/NotesApp`, or `--app PATH`) headless and compares its first
// screens with the references in `References/`.
let package = Package(
    name: "NotesApp",
    dependencies: [
        .package(name: "Lamina", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "CheckNotesApp",
            dependencies: [.product(name: "UIKit", package: "Lamina")]
        ),
    ],
    swiftLanguageVersions: [.v5]
)
