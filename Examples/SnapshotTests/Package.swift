// swift-tools-version:6.0
// An iOS team's screens and their snapshot tests, as such a team writes them, running on Linux
// through Lamina: on Apple's platforms the same files build against UIKit and
// pointfreeco/swift-snapshot-testing (see docs/snapshot-testing.md).
import PackageDescription

let package = Package(
    name: "SnapshotTests",
    dependencies: [
        .package(name: "Lamina", path: "../.."),
    ],
    targets: [
        .target(
            name: "SnapshotScreens",
            dependencies: [.product(name: "UIKit", package: "Lamina")]
        ),
        .testTarget(
            name: "SnapshotScreensTests",
            dependencies: [
                "SnapshotScreens",
                .product(name: "UIKit", package: "Lamina"),
                .product(name: "LaminaSnapshotTesting", package: "Lamina"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v5]
)
