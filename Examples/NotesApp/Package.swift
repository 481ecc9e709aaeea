// swift-tools-version:5.9
import PackageDescription

// An iOS app as Xcode's template makes it — `@main` app delegate, scene delegate, `Info.plist`
// with a scene manifest, storyboards, an asset catalogue, a custom font and two languages — built
// by SwiftPM against Lamina. The app's files sit in `Sources/NotesApp/App`, laid out as an iOS
// `.app` (SwiftPM copies the folder into the app's resource bundle, where UIKit finds it).
// `CheckNotesApp` launches the built app headless and compares its first screens with the
// references in `References/`.
let package = Package(
    name: "NotesApp",
    defaultLocalization: "en",
    dependencies: [
        .package(name: "Lamina", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "NotesApp",
            dependencies: [.product(name: "UIKit", package: "Lamina")],
            resources: [.copy("App")]
        ),
        .executableTarget(
            name: "CheckNotesApp",
            dependencies: [.product(name: "UIKit", package: "Lamina")]
        ),
    ],
    swiftLanguageVersions: [.v5]
)
