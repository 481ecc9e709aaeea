import Foundation

extension XcodeProject {
    /// Reads the project at `url` (an `.xcodeproj` folder, or its `project.pbxproj`).
    package static func load(_ url: URL) throws(ProjectError) -> XcodeProject {
        let project = url.lastPathComponent == "project.pbxproj" ? url.deletingLastPathComponent() : url
        let file = project.appendingPathComponent("project.pbxproj")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw ProjectError("\(file.path): no such file (is \(project.lastPathComponent) an Xcode project?)")
        }
        let root: PropertyListValue
        do {
            root = try OpenStepParser.parse(data)
        } catch {
            throw ProjectError("\(file.path) \(error.description) — the project file is damaged; open and save it in Xcode, or restore it")
        }
        return try ProjectReader(root: root, file: file, project: project).read()
    }
}

/// Walks a parsed `project.pbxproj`'s object graph.
private struct ProjectReader {
    let file: URL
    let project: URL
    let objects: PropertyListValue.OrderedDictionary
    let rootDictionary: PropertyListValue.OrderedDictionary
    /// Each object's parent group, for resolving `<group>`-relative paths.
    var parents: [String: String] = [:]

    init(root: PropertyListValue, file: URL, project: URL) throws(ProjectError) {
        self.file = file
        self.project = project
        guard let top = root.dictionary else { throw ProjectError("\(file.path): the file does not hold a dictionary") }
        guard let objects = top["objects"]?.dictionary else { throw ProjectError("\(file.path): no \"objects\" dictionary") }
        self.objects = objects
        self.rootDictionary = top
        for id in objects.keys {
            guard let children = objects[id]?.dictionary?["children"]?.strings else { continue }
            for child in children { parents[child] = id }
        }
    }

    func object(_ id: String) -> PropertyListValue.OrderedDictionary? {
        objects[id]?.dictionary
    }

    func isa(_ id: String) -> String? {
        object(id)?["isa"]?.string
    }

    func read() throws(ProjectError) -> XcodeProject {
        guard let rootID = rootDictionary["rootObject"]?.string, let root = object(rootID), root["isa"]?.string == "PBXProject" else {
            throw ProjectError("\(file.path): no PBXProject root object")
        }
        let version = Int(rootDictionary["objectVersion"]?.string ?? "") ?? 0
        var sourceRoot = project.deletingLastPathComponent()
        if let dir = root["projectDirPath"]?.string, !dir.isEmpty { sourceRoot = sourceRoot.appendingPathComponent(dir) }
        if let rootPath = root["projectRoot"]?.string, !rootPath.isEmpty { sourceRoot = sourceRoot.appendingPathComponent(rootPath) }
        let (settings, defaultConfiguration) = try configurations(root["buildConfigurationList"]?.string, owner: "the project")
        var packages: [String: SwiftPackageReference] = [:]
        for id in root["packageReferences"]?.strings ?? [] {
            if let reference = package(id) { packages[id] = reference }
        }
        // A package folder dragged into the project (a file reference, not a package reference):
        // Xcode resolves the product dependencies that name no package against these.
        var folderPackages: [SwiftPackageReference] = []
        for id in objects.keys where isa(id) == "PBXFileReference" {
            guard let folder = path(of: id, sourceRoot: sourceRoot),
                  FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) else { continue }
            let reference = SwiftPackageReference(location: .local(path: folder.standardizedFileURL.path), requirement: .none)
            if !folderPackages.contains(reference) { folderPackages.append(reference) }
        }
        var targets: [XcodeTarget] = []
        for id in root["targets"]?.strings ?? [] {
            guard let target = object(id) else { throw ProjectError("\(file.path): the project lists a target \(id) it does not define") }
            guard target["isa"]?.string == "PBXNativeTarget" else { continue }
            targets.append(try readTarget(id, target, sourceRoot: sourceRoot, packages: packages, folderPackages: folderPackages))
        }
        let linkedFolders = folderPackages.filter { folder in targets.contains { $0.packageProducts.contains { $0.package == folder } } }
        return XcodeProject(url: project, sourceRoot: sourceRoot, objectVersion: version, targets: targets, settings: settings,
                            packages: (root["packageReferences"]?.strings ?? []).compactMap { packages[$0] } + linkedFolders,
                            defaultConfiguration: defaultConfiguration)
    }

    func configurations(_ listID: String?, owner: String) throws(ProjectError) -> ([String: BuildSettings], String) {
        guard let listID, let list = object(listID) else { return ([:], "Release") }
        var result: [String: BuildSettings] = [:]
        for id in list["buildConfigurations"]?.strings ?? [] {
            guard let configuration = object(id), let name = configuration["name"]?.string else {
                throw ProjectError("\(file.path): \(owner) names a build configuration \(id) it does not define")
            }
            var settings = BuildSettings()
            if let values = configuration["buildSettings"]?.dictionary {
                for key in values.keys {
                    if let strings = values[key]?.strings { settings.values[key] = strings }
                }
            }
            result[name] = settings
        }
        return (result, list["defaultConfigurationName"]?.string ?? "Release")
    }

    func package(_ id: String) -> SwiftPackageReference? {
        guard let reference = object(id) else { return nil }
        switch reference["isa"]?.string {
        case "XCRemoteSwiftPackageReference":
            guard let url = reference["repositoryURL"]?.string else { return nil }
            let requirement = reference["requirement"]?.dictionary
            let kind = requirement?["kind"]?.string
            func value(_ key: String) -> String { requirement?[key]?.string ?? "" }
            let parsed: SwiftPackageReference.Requirement
            switch kind {
            case "upToNextMajorVersion": parsed = .upToNextMajor(value("minimumVersion"))
            case "upToNextMinorVersion": parsed = .upToNextMinor(value("minimumVersion"))
            case "exactVersion": parsed = .exact(value("version"))
            case "versionRange": parsed = .range(from: value("minimumVersion"), to: value("maximumVersion"))
            case "branch": parsed = .branch(value("branch"))
            case "revision": parsed = .revision(value("revision"))
            default: parsed = .none
            }
            return SwiftPackageReference(location: .remote(url: url), requirement: parsed)
        case "XCLocalSwiftPackageReference":
            guard var path = reference["relativePath"]?.string else { return nil }
            if [".", ".."].contains(path.split(separator: "/").last.map(String.init) ?? ".") {
                // `..` names the package by its folder's own name: keep the folder, not the dots.
                path = project.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL.path
            }
            return SwiftPackageReference(location: .local(path: path), requirement: .none)
        default:
            return nil
        }
    }

    /// The dragged-in package folder that provides `product`: the only one, or the one whose
    /// manifest names it.
    func folderPackage(providing product: String, among folders: [SwiftPackageReference]) -> SwiftPackageReference? {
        if folders.count == 1 { return folders[0] }
        return folders.first { folder in
            guard case .local(let path) = folder.location,
                  let manifest = try? String(contentsOfFile: path + "/Package.swift", encoding: .utf8) else { return false }
            return manifest.contains("\"\(product)\"")
        }
    }

    /// Where a file or group object is on disk, nil for files outside the project (the SDK's,
    /// built products).
    func path(of id: String, sourceRoot: URL) -> URL? {
        guard let item = object(id) else { return nil }
        let own = item["path"]?.string
        switch item["sourceTree"]?.string ?? "<group>" {
        case "<absolute>":
            return own.map { URL(fileURLWithPath: $0) }
        case "SOURCE_ROOT":
            return own.map { sourceRoot.appendingPathComponent($0) } ?? sourceRoot
        case "<group>":
            let base: URL
            if let parent = parents[id] {
                guard let parentPath = path(of: parent, sourceRoot: sourceRoot) else { return nil }
                base = parentPath
            } else {
                base = sourceRoot
            }
            return own.map { base.appendingPathComponent($0) } ?? base
        default:
            return nil
        }
    }

    func readTarget(_ id: String, _ target: PropertyListValue.OrderedDictionary, sourceRoot: URL,
                    packages: [String: SwiftPackageReference], folderPackages: [SwiftPackageReference]) throws(ProjectError) -> XcodeTarget {
        let name = target["name"]?.string ?? id
        var sources: [URL] = []
        var resources: [URL] = []
        for phaseID in target["buildPhases"]?.strings ?? [] {
            guard let phase = object(phaseID) else {
                throw ProjectError("\(file.path): target \(name) lists a build phase \(phaseID) the project does not define")
            }
            let kind = phase["isa"]?.string
            guard kind == "PBXSourcesBuildPhase" || kind == "PBXResourcesBuildPhase" else { continue }
            for buildFileID in phase["files"]?.strings ?? [] {
                guard let buildFile = object(buildFileID) else {
                    throw ProjectError("\(file.path): target \(name)'s build phase lists a file \(buildFileID) the project does not define")
                }
                guard let reference = buildFile["fileRef"]?.string else { continue }
                guard object(reference) != nil else {
                    throw ProjectError("\(file.path): target \(name)'s build file \(buildFileID) names \(reference), which the project does not define")
                }
                let urls: [URL]
                if isa(reference) == "PBXVariantGroup" {
                    // A localized resource: one file per language.
                    urls = (object(reference)?["children"]?.strings ?? []).compactMap { path(of: $0, sourceRoot: sourceRoot) }
                } else {
                    urls = path(of: reference, sourceRoot: sourceRoot).map { [$0] } ?? []
                }
                if kind == "PBXSourcesBuildPhase" { sources += urls } else { resources += urls }
            }
        }
        // Xcode 16's synchronized folders: everything inside belongs to the target, except the
        // files its exception sets name.
        for groupID in target["fileSystemSynchronizedGroups"]?.strings ?? [] {
            guard let group = object(groupID), let folder = path(of: groupID, sourceRoot: sourceRoot) else { continue }
            var excluded = Set<String>()
            for exceptionID in group["exceptions"]?.strings ?? [] {
                guard let exception = object(exceptionID), exception["target"]?.string == id else { continue }
                excluded.formUnion(exception["membershipExceptions"]?.strings ?? [])
            }
            let found = SynchronizedFolder.contents(of: folder, excluding: excluded)
            sources += found.sources
            resources += found.resources
        }
        let (settings, _) = try configurations(target["buildConfigurationList"]?.string, owner: "target \(name)")
        var products: [SwiftPackageProduct] = []
        for dependencyID in target["packageProductDependencies"]?.strings ?? [] {
            guard let dependency = object(dependencyID), let product = dependency["productName"]?.string else { continue }
            var package = dependency["package"]?.string.flatMap { packages[$0] }
            if package == nil { package = folderPackage(providing: product, among: folderPackages) }
            products.append(SwiftPackageProduct(productName: product, package: package))
        }
        var dependencies: [String] = []
        for dependencyID in target["dependencies"]?.strings ?? [] {
            guard let dependency = object(dependencyID), let targetID = dependency["target"]?.string,
                  let other = object(targetID)?["name"]?.string else { continue }
            dependencies.append(other)
        }
        return XcodeTarget(name: name, kind: XcodeTarget.Kind(productType: target["productType"]?.string ?? ""),
                           productName: target["productName"]?.string ?? name, sources: sources, resources: resources,
                           ownSettings: settings, packageProducts: products, dependencies: dependencies)
    }
}
