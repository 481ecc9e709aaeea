// swift-tools-version:5.9
import PackageDescription

// Components written the way iOS code is written (Swift 5 language mode, as most iOS
// projects still build), compiled against Lamina as an outside package, and a harness that
// renders them on a manual clock and compares the frames with committed references.
let package = Package(
    name: "iOSComponents",
    dependencies: [
        .package(name: "Lamina", path: "../.."),
    ],
    targets: [
        .target(
            name: "iOSComponents",
            dependencies: [.product(name: "UIKit", package: "Lamina")]
        ),
        .executableTarget(
            name: "RenderComponents",
            dependencies: ["iOSComponents", .product(name: "UIKit", package: "Lamina")]
        ),
    ],
    swiftLanguageVersions: [.v5]
)
