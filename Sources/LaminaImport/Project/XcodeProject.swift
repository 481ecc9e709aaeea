import Foundation

/// An Xcode project read from its `project.pbxproj`: its targets with their files, build
/// settings per configuration, and Swift package dependencies — what the `lamina` command needs
/// to build the app as a SwiftPM package.
package struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder.
    package let url: URL
    /// The project's name (the `.xcodeproj` folder's, without the extension).
    package var name: String { url.deletingPathExtension().lastPathComponent }
    /// The folder paths in the project are relative to (`SOURCE_ROOT`): the one holding the
    /// `.xcodeproj`, unless the project says otherwise.
    package let sourceRoot: URL
    /// The file format's version (46 for Xcode 3.2–13, 50–56 Xcode 9.3–14, 60 Xcode 15,
    /// 70/77 Xcode 16).
    package let objectVersion: Int
    package let targets: [XcodeTarget]
    /// The project's build settings by configuration name (`Debug`, `Release`); targets'
    /// settings are laid over them.
    package let settings: [String: BuildSettings]
    /// The Swift packages the project depends on.
    package let packages: [SwiftPackageReference]
    /// The configuration command-line builds use (the project's default).
    package let defaultConfiguration: String

    /// The target named `name`.
    package func target(named name: String) -> XcodeTarget? {
        targets.first { $0.name == name }
    }
}

/// One target of a project.
package struct XcodeTarget: Sendable {
    package enum Kind: Sendable, Equatable {
        case application, unitTests, uiTests, framework, staticLibrary, appExtension, other(String)

        init(productType: String) {
            switch productType {
            case "com.apple.product-type.application": self = .application
            case "com.apple.product-type.bundle.unit-test": self = .unitTests
            case "com.apple.product-type.bundle.ui-testing": self = .uiTests
            case "com.apple.product-type.framework": self = .framework
            case "com.apple.product-type.library.static": self = .staticLibrary
            case "com.apple.product-type.app-extension": self = .appExtension
            default: self = .other(productType)
            }
        }
    }

    package let name: String
    package let kind: Kind
    /// The product's name (the module's unless `PRODUCT_MODULE_NAME` says otherwise).
    package let productName: String
    /// Swift (and other) files the target compiles, in build-phase order.
    package let sources: [URL]
    /// Files and folders the target copies into its bundle (asset catalogues, storyboards,
    /// localized files, fonts…).
    package let resources: [URL]
    /// The target's own build settings by configuration (not yet laid over the project's).
    package let ownSettings: [String: BuildSettings]
    /// Swift package products the target links.
    package let packageProducts: [SwiftPackageProduct]
    /// The names of the targets this one depends on (a test target's host app).
    package let dependencies: [String]
}

/// A target's use of a Swift package product.
package struct SwiftPackageProduct: Sendable, Equatable {
    package let productName: String
    /// The package, nil for a product of a package the project does not list (a local package
    /// added to the workspace).
    package let package: SwiftPackageReference?
}

/// A Swift package the project depends on.
package struct SwiftPackageReference: Sendable, Equatable {
    package enum Location: Sendable, Equatable {
        case remote(url: String)
        case local(path: String)
    }

    /// What versions a remote package may have, as Xcode records it.
    package enum Requirement: Sendable, Equatable {
        case upToNextMajor(String)
        case upToNextMinor(String)
        case exact(String)
        case range(from: String, to: String)
        case branch(String)
        case revision(String)
        case none
    }

    package let location: Location
    package let requirement: Requirement
}

/// A configuration's build settings. A setting's value is a string or a list of strings, as
/// Xcode writes it.
package struct BuildSettings: Sendable, Equatable {
    package var values: [String: [String]] = [:]

    package init(_ values: [String: [String]] = [:]) {
        self.values = values
    }

    /// A single-valued setting (a list's items joined by spaces).
    package subscript(key: String) -> String? {
        values[key].map { $0.joined(separator: " ") }
    }

    /// These settings with `other`'s laid over them (a target's over its project's).
    package func overlaid(with other: BuildSettings) -> BuildSettings {
        BuildSettings(values.merging(other.values) { _, new in new })
    }

    /// A list setting split as Xcode splits it (`-D A -D B`, `DEBUG $(inherited)`).
    package func list(_ key: String) -> [String] {
        (values[key] ?? []).flatMap { $0.split(separator: " ").map(String.init) }
    }
}

/// Why a project could not be read: one sentence naming the file and the object.
package struct ProjectError: Error, CustomStringConvertible, Equatable {
    package let message: String
    package var description: String { message }
    package init(_ message: String) { self.message = message }
}
