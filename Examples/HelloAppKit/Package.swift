// swift-tools-version:6.0
import PackageDescription

// An outside user's macOS-style package: depends on Lamina by path and uses only AppKit's API.
let package = Package(
    name: "HelloAppKit",
    dependencies: [
        .package(name: "Lamina", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "HelloAppKit",
            dependencies: [
                .product(name: "AppKit", package: "Lamina"),
            ]
        ),
    ]
)
