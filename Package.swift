// swift-tools-version:6.0
import PackageDescription

// Lamina: UIKit, Core Animation and Core Graphics for Linux.
// Layering is one way: CoreGraphics ← CoreText ← QuartzCore ← UIKit.
let package = Package(
    name: "Lamina",
    products: [
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "CoreText", targets: ["CoreText"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "AppKit", targets: ["AppKit"]),
        .library(name: "Cocoa", targets: ["Cocoa"]),
        .library(name: "ObjectiveC", targets: ["ObjectiveC"]),
        .library(name: "LaminaPlatform", targets: ["LaminaPlatform"]),
        .library(name: "LaminaSnapshotTesting", targets: ["LaminaSnapshotTesting"]),
        .library(name: "LaminaX11", targets: ["LaminaX11"]),
        .executable(name: "lamina-demo", targets: ["LaminaDemo"]),
        .executable(name: "lamina-bench", targets: ["lamina-bench"]),
        .executable(name: "lamina", targets: ["lamina"]),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),

        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"])]
        ),
        // A thin C wrapper so libjpeg's longjmp error handling never crosses Swift frames.
        .target(
            name: "JPEGDecoder",
            dependencies: ["CJPEG"]
        ),

        // Fonts: FreeType for faces and outlines, fontconfig for the machine's fonts, ICU for
        // bidirectional order, line breaks and scripts (through stable-named inline wrappers).
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        .target(
            name: "ICUSupport",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
        ),

        // Header-only C helpers for the rasterizer's inner loops (cache prefetch).
        .target(name: "RasterSupport"),

        // Empty cross-import overlay targets. Swift Testing looks for modules of these names
        // when `Testing` is imported beside CoreGraphics, UIKit or AppKit.
        .target(name: "_Testing_CoreGraphics"),
        .target(name: "_Testing_UIKit"),
        .target(name: "_Testing_AppKit"),

        // What Swift on Linux lacks from the Objective-C runtime: `Selector` and a method table
        // selectors find methods in, `perform`, selector timers and observers, associated objects.
        .target(name: "ObjectiveC"),

        .target(
            name: "CoreGraphics",
            dependencies: ["CPNG", "CZlib", "JPEGDecoder", "RasterSupport", "CFreeType", "CFontconfig", "_Testing_CoreGraphics"]
        ),
        // Fonts, shaping (HarfBuzz, loaded at run time), bidi and line breaking (ICU), lines and frames.
        .target(
            name: "CoreText",
            dependencies: ["CoreGraphics", "ICUSupport"]
        ),
        .target(
            name: "QuartzCore",
            dependencies: ["CoreGraphics", "CoreText", "ObjectiveC"]
        ),
        // The interface display backends implement (surfaces for windows); headless built in.
        .target(
            name: "LaminaPlatform",
            dependencies: ["CoreGraphics"]
        ),
        // The X11 backend: windows through xcb, frames through MIT-SHM (UIKit never imports it;
        // MIT-SHM's runtime library is opened when first used, see CXCB/shim.h).
        .systemLibrary(
            name: "CXCB",
            pkgConfig: "xcb",
            providers: [.apt(["libxcb1-dev"])]
        ),
        .target(
            name: "LaminaX11",
            dependencies: ["CXCB", "LaminaPlatform", "CoreGraphics"]
        ),
        .target(
            name: "UIKit",
            dependencies: ["QuartzCore", "CoreText", "CoreGraphics", "LaminaPlatform", "ICUSupport", "ObjectiveC", "_Testing_UIKit"],
            exclude: ["Graphics/Symbols/LICENSE-MaterialIcons.txt"],
            // The icon font most system symbols are drawn from (Apache License 2.0).
            resources: [.copy("Graphics/Symbols/MaterialIcons-Regular.ttf")]
        ),
        // AppKit's layer-backed views (the seeds' macOS half), shown through UIKit's windows.
        .target(
            name: "AppKit",
            dependencies: ["UIKit", "QuartzCore", "CoreText", "CoreGraphics", "LaminaPlatform", "_Testing_AppKit"]
        ),
        // `import Cocoa`, as macOS code writes it: AppKit and Foundation re-exported.
        .target(
            name: "Cocoa",
            dependencies: ["AppKit"]
        ),
        // swift-snapshot-testing's API on Lamina: UIKit snapshots on Linux, drawn with the
        // pinned fonts in `Fonts/` (SIL OFL 1.1 and Apache 2.0; licences beside them).
        // Points a test process's fonts at the pinned set as it starts (a C constructor).
        .target(name: "LaminaSnapshotBootstrap"),
        .target(
            name: "LaminaSnapshotTesting",
            dependencies: ["UIKit", "QuartzCore", "CoreGraphics", "LaminaSnapshotBootstrap"],
            exclude: ["Fonts/LICENSE-Inter.txt", "Fonts/LICENSE-JetBrainsMono.txt", "Fonts/LICENSE-DroidSansFallback.txt"],
            resources: [.copy("Fonts")]
        ),
        // The `lamina` command's library: reading Xcode projects and carrying their sources over.
        .target(name: "LaminaImport"),
        .executableTarget(name: "lamina", dependencies: ["LaminaImport"]),
        // The demo gallery's scenes, shared by the executable and the reference-image tests.
        .target(
            name: "LaminaGallery",
            dependencies: ["UIKit", "AppKit"]
        ),
        .executableTarget(
            name: "LaminaDemo",
            dependencies: ["LaminaGallery", "LaminaX11", "LaminaPlatform", "UIKit"]
        ),

        // The shared raster benchmark: workload generation and drawing, and the executable
        // (run it in release: `swift run -c release lamina-bench raster`).
        .target(
            name: "RasterWorkloads",
            dependencies: ["CoreGraphics"],
            path: "Benchmarks/RasterWorkloads"
        ),
        .executableTarget(
            name: "lamina-bench",
            dependencies: ["RasterWorkloads", "CoreGraphics", "CoreText", "QuartzCore", "UIKit", "LaminaImport", "LaminaSnapshotTesting"],
            path: "Benchmarks/lamina-bench"
        ),

        // Reference-image comparison shared by the test targets.
        .target(
            name: "LaminaTestSupport",
            dependencies: ["CoreGraphics"],
            path: "Tests/LaminaTestSupport"
        ),
        .testTarget(
            name: "CoreGraphicsTests",
            dependencies: ["CoreGraphics", "LaminaTestSupport"],
            exclude: ["ReferenceImages", "Fixtures"]
        ),
        .testTarget(
            name: "CoreTextTests",
            dependencies: ["CoreText", "LaminaTestSupport"],
            exclude: ["ReferenceImages", "Fixtures"]
        ),
        .testTarget(
            name: "QuartzCoreTests",
            dependencies: ["QuartzCore", "CoreGraphics", "LaminaTestSupport"],
            exclude: ["ReferenceImages"]
        ),
        .testTarget(
            name: "BenchmarkTests",
            dependencies: ["RasterWorkloads"]
        ),
        .testTarget(
            name: "LaminaX11Tests",
            dependencies: ["LaminaX11", "CXCB", "UIKit", "AppKit", "LaminaPlatform"]
        ),
        .testTarget(
            name: "AppKitTests",
            dependencies: ["AppKit", "Cocoa", "LaminaPlatform", "LaminaGallery", "LaminaTestSupport"],
            exclude: ["ReferenceImages"]
        ),
        .testTarget(
            name: "LaminaImportTests",
            dependencies: ["LaminaImport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "UIKitTests",
            dependencies: ["UIKit", "LaminaPlatform", "LaminaGallery", "LaminaTestSupport"],
            exclude: ["ReferenceImages", "Fixtures"]
        ),
    ]
)
