// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for Lamina's decoders and path filler. Not part of the main package so a
// normal build never needs the fuzzer runtime. See docs/fuzzing.md.
let package = Package(
    name: "LaminaFuzz",
    dependencies: [
        .package(name: "Lamina", path: ".."),
    ],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzPNG",
            dependencies: ["FuzzDriver", .product(name: "CoreGraphics", package: "Lamina")]
        ),
        .executableTarget(
            name: "FuzzPathFill",
            dependencies: ["FuzzDriver", .product(name: "CoreGraphics", package: "Lamina")]
        ),
    ]
)
