import Foundation

/// An Xcode asset catalogue (an `.xcassets` folder) read at run time, with no compile step:
/// its image, colour, data and symbol sets by name (folders that provide a namespace prefix
/// their sets' names with theirs, `Icons/Star`). App icons and other set types are ignored.
/// Each set's `Contents.json` is parsed when first asked for and kept; image files are decoded
/// when first drawn at a scale and kept.
final class AssetCatalog: @unchecked Sendable {
    enum Kind: String {
        case image = "imageset"
        case color = "colorset"
        case data = "dataset"
        case symbol = "symbolset"
    }

    struct Entry {
        let kind: Kind
        let folder: URL
    }

    let url: URL
    /// The sets by name (immutable after init).
    private let entries: [String: Entry]
    private let parsed = Locked<[String: Any]>([:])
    private let decoded = Locked<[String: CGImage]>([:])

    init(url: URL) {
        self.url = url
        var found: [String: Entry] = [:]
        AssetCatalog.index(folder: url, namespace: "", into: &found, depth: 0)
        entries = found
    }

    /// The names of the catalogue's sets of `kind`, sorted.
    func names(of kind: Kind) -> [String] {
        entries.filter { $0.value.kind == kind }.map(\.key).sorted()
    }

    func entry(named name: String, kind: Kind) -> Entry? {
        guard let entry = entries[name], entry.kind == kind else { return nil }
        return entry
    }

    /// Walks a folder: sets are recorded, other folders entered (at most 32 deep; links to
    /// folders are not followed, so a catalogue that links into itself ends).
    private static func index(folder: URL, namespace: String, into found: inout [String: Entry], depth: Int) {
        guard depth < 32,
              let children = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey])
        else { return }
        for child in children.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            let values = try? child.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
            guard values?.isDirectory == true, values?.isSymbolicLink != true else { continue }
            let name = child.deletingPathExtension().lastPathComponent
            if let kind = Kind(rawValue: child.pathExtension) {
                found[namespace + name] = Entry(kind: kind, folder: child)
            } else if child.pathExtension.isEmpty {
                let contents = readContents(of: child)
                let properties = contents?["properties"] as? [String: Any]
                let providesNamespace = properties?["provides-namespace"] as? Bool ?? false
                index(folder: child, namespace: providesNamespace ? namespace + name + "/" : namespace, into: &found, depth: depth + 1)
            }
        }
    }

    /// A folder's `Contents.json`; nil (and a console message) when it is missing or broken.
    static func readContents(of folder: URL, required: Bool = false) -> [String: Any]? {
        let file = folder.appendingPathComponent("Contents.json")
        guard let data = try? Data(contentsOf: file) else {
            if required { ConsoleLog.report("[Assets] \(file.path) is missing.") }
            return nil
        }
        guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            ConsoleLog.report("[Assets] \(file.path) is not a JSON object; the set is skipped.")
            return nil
        }
        return json
    }

    /// A parsed set, made by `parse` the first time and kept.
    func parsedSet<T>(named name: String, kind: Kind, parse: (Entry) -> T?) -> T? {
        let key = kind.rawValue + ":" + name
        if let cached = parsed.withLock({ $0[key] }) { return cached as? T }
        guard let entry = entry(named: name, kind: kind) else { return nil }
        let made: Any = parse(entry) as Any
        parsed.withLock { $0[key] = made }
        return made as? T
    }

    /// The decoded image of a file in the catalogue, decoded once.
    func image(at file: URL) -> CGImage? {
        if let cached = decoded.withLock({ $0[file.path] }) { return cached }
        guard let data = try? Data(contentsOf: file) else {
            ConsoleLog.report("[Assets] \(file.path) is missing.")
            return nil
        }
        guard let image = CGImage.decodeImage(data) else {
            ConsoleLog.report("[Assets] \(file.path) is not an image Lamina can decode.")
            return nil
        }
        decoded.withLock { $0[file.path] = image }
        return image
    }

    // MARK: Catalogues of a bundle

    private static let catalogues = Locked<[String: [AssetCatalog]]>([:])

    /// The catalogues in a bundle: `.xcassets` folders at its top and one folder down, found
    /// once per bundle.
    static func catalogs(in bundle: Bundle) -> [AssetCatalog] {
        let root = bundle.bundleURL.standardizedFileURL
        if let known = catalogues.withLock({ $0[root.path] }) { return known }
        var found: [AssetCatalog] = []
        let fileManager = FileManager.default
        let top = (try? fileManager.contentsOfDirectory(at: root, includingPropertiesForKeys: [.isDirectoryKey])) ?? []
        for child in top.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            if child.pathExtension == "xcassets" {
                found.append(AssetCatalog(url: child))
            } else if (try? child.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true, child.pathExtension.isEmpty {
                let inner = (try? fileManager.contentsOfDirectory(at: child, includingPropertiesForKeys: nil)) ?? []
                for catalog in inner.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) where catalog.pathExtension == "xcassets" {
                    found.append(AssetCatalog(url: catalog))
                }
            }
        }
        catalogues.withLock { $0[root.path] = found }
        return found
    }

    /// The bundle UIKit looks in when none is given: the app's (see `AppBundle`).
    static func bundle(_ bundle: Bundle?) -> Bundle {
        AppBundle.standIn(for: bundle)
    }
}
