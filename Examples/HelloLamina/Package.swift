// swift-tools-version:6.0
import PackageDescription

// An outside user's package: depends on Lamina by path and uses only Apple's API.
let package = Package(
    name: "HelloLamina",
    dependencies: [
        .package(name: "Lamina", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "HelloLamina",
            dependencies: [
                .product(name: "UIKit", package: "Lamina"),
            ]
        ),
    ]
)
