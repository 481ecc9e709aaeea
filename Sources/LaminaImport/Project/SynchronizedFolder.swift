import Foundation

/// What an Xcode 16 synchronized folder gives its target, as Xcode decides from file types:
/// Swift and other source files are compiled; asset catalogues, storyboards, XIBs, strings
/// files, fonts and other files are copied as resources; `Info.plist`, entitlements and
/// `.xcconfig` files are neither (Xcode uses them as settings; other property lists are
/// resources unless the folder's exceptions leave them out).
enum SynchronizedFolder {
    /// Extensions compiled as sources.
    static let sourceExtensions: Set<String> = ["swift", "m", "mm", "c", "cpp", "cc", "metal"]
    /// Folders copied whole, as one resource (bundles Xcode treats as files).
    static let bundleExtensions: Set<String> = ["xcassets", "bundle", "xcdatamodeld", "scnassets", "xcstickers", "rcproject"]
    /// Files that configure the build instead of going into it.
    static let settingsExtensions: Set<String> = ["entitlements", "xcconfig", "xctestplan", "docc"]

    /// The sources and resources under `folder`, in a stable (sorted) order; `excluding` holds
    /// paths relative to the folder (a file, or a folder and everything in it).
    static func contents(of folder: URL, excluding excluded: Set<String>) -> (sources: [URL], resources: [URL]) {
        var sources: [URL] = []
        var resources: [URL] = []
        func walk(_ url: URL, relative: String) {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                if excluded.contains(path) { continue }
                let item = url.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: item.path, isDirectory: &isFolder)
                let ext = item.pathExtension.lowercased()
                if isFolder.boolValue, !bundleExtensions.contains(ext) {
                    walk(item, relative: path)
                } else if sourceExtensions.contains(ext) {
                    sources.append(item)
                } else if name != "Info.plist", !settingsExtensions.contains(ext) {
                    resources.append(item)
                }
            }
        }
        walk(folder, relative: "")
        return (sources, resources)
    }
}
